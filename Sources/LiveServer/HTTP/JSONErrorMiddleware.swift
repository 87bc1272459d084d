import Hummingbird
import NIOCore
import Signals

/// Turns every error into a JSON response `{"error": "…", "path": "$.…"}` with its status, and a request
/// for a known path with a method it does not take into 405 with an `Allow` header (the router itself
/// answers 404 for both).
struct JSONErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as LiveServerError {
            return error.response()
        } catch let error as HTTPError {
            let path = request.uri.path
            if error.status == .notFound {
                if let methods = LiveRoutes.methods[path] {
                    let allow = methods.map(\.rawValue).joined(separator: ", ")
                    return LiveServerError(.methodNotAllowed, "\(path) does not take \(request.method.rawValue); it takes \(allow)")
                        .response(headers: [.allow: allow])
                }
                return LiveServerError(.notFound, "no endpoint \(LiveServerError.clip(path)); the endpoints are \(LiveRoutes.methods.keys.sorted().joined(separator: ", "))").response()
            }
            switch error.status {
            case .contentTooLarge:
                return LiveServerError(.tooLarge, "the body is larger than the limit of \(LiveServerConfiguration.bodyLimit) bytes (1 MiB)").response()
            case .unsupportedMediaType:
                return LiveServerError(.unsupportedMediaType, error.body ?? "unsupported media type").response()
            case .methodNotAllowed:
                return LiveServerError(.methodNotAllowed, error.body ?? "method not allowed").response()
            case .notFound:
                return LiveServerError(.notFound, error.body ?? "not found").response()
            default:
                let code: LiveServerError.Code = (400 ..< 500).contains(error.status.code) ? .badRequest : .internalError
                var converted = LiveServerError(code, error.body ?? error.status.reasonPhrase).response()
                converted.status = error.status
                return converted
            }
        } catch {
            return LiveServerError(.internalError, "internal error: \(error)").response()
        }
    }
}

extension LiveServerError {
    /// The error as a JSON response with its status.
    /// - Parameter headers: Extra headers (`Allow` for 405).
    func response(headers: HTTPFields = [:]) -> Response {
        var fields: HTTPFields = [.contentType: "application/json; charset=utf-8"]
        fields.append(contentsOf: headers)
        if code == .unavailable { fields[.retryAfter] = "1" }
        return Response(status: HTTPResponse.Status(code: status), headers: fields,
                        body: ResponseBody(byteBuffer: ByteBuffer(string: json + "\n")))
    }

    /// A path cut for a message.
    static func clip(_ text: String) -> String { SignalError.quoted(text, limit: 100) }
}
