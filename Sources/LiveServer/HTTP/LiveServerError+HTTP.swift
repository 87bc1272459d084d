import HTTPTypes
import Hummingbird
import NIOCore
import NIOHTTP1
import Signals

/// A ``LiveServerError`` answers a request by itself: Hummingbird turns any error that is an
/// `HTTPResponseError` into its response, so a handler just throws it.
extension LiveServerError: HTTPResponseError {
    /// The status this error answers with (400, 401, 403, 404, 405, 413, 415, 421, 500 or 503).
    public var status: HTTPResponse.Status { HTTPResponse.Status(code: statusCode) }

    /// The error as a JSON response, `{"error": "…", "path": "$.…"}`, with its status; a 401 carries
    /// `WWW-Authenticate: Bearer`, a 405 the `Allow` header and a 503 `Retry-After: 1`.
    /// - Parameters:
    ///   - request: The request answered.
    ///   - context: Its context.
    public func response(from request: Request, context: some RequestContext) throws -> Response {
        var fields: HTTPFields = [.contentType: "application/json; charset=utf-8"]
        if code == .unavailable { fields[.retryAfter] = "1" }
        if code == .unauthorized { fields[.wwwAuthenticate] = "Bearer realm=\"signals-serve\"" }
        if code == .methodNotAllowed, let methods = LiveRoutes.methods[request.uri.path] {
            fields[.allow] = methods.map(\.rawValue).joined(separator: ", ")
        }
        return Response(
            status: status, headers: fields, body: ResponseBody(byteBuffer: ByteBuffer(string: json + "\n")))
    }

    /// A path cut for a message.
    static func clip(_ text: String) -> String { SignalError.quoted(text, limit: 100) }
}

/// A `SignalError` thrown while answering a request is a problem with what the request sent (a spec, a
/// speed, an update): it answers with a 400 and `{"error": "…", "path": "$.…"}`, the line and column
/// of a JSON syntax error leading the message.
extension SignalError: HTTPResponseError {
    /// 400 Bad Request.
    public var status: HTTPResponse.Status { .badRequest }

    /// The error as a 400 JSON response.
    /// - Parameters:
    ///   - request: The request answered.
    ///   - context: Its context.
    public func response(from request: Request, context: some RequestContext) throws -> Response {
        var inBody = location
        inBody.path = nil
        inBody.file = nil
        let body = LiveServerError.json(message: inBody.prefixing(message), path: location.path)
        return Response(
            status: status, headers: [.contentType: "application/json; charset=utf-8"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: body + "\n")))
    }
}

/// What Hummingbird itself throws, said as the server says everything: the router's 404 for a known path
/// with a method it does not take becomes a 405 naming the methods, an unknown path a 404 naming the
/// endpoints, and Hummingbird's other errors their JSON form. Any other error is a fault of the server:
/// it is logged, and the client gets a 500 with no internal detail.
struct JSONErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        if let header = request.headers[.transferEncoding] {
            let codings = header.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            if codings.last != "chunked" {
                // The decoder cannot tell where such a body ends, and fails it: read it here, so that this
                // answer is the only one, and close (RFC 9112, section 6.3).
                _ = try? await request.body.collect(upTo: LiveServerConfiguration.bodyLimit)
                return try Self.closing(
                    LiveServerError(
                        .badRequest, "Transfer-Encoding '\(LiveServerError.clip(header))' must end with chunked"),
                    request: request, context: context)
            }
            if codings.contains(where: { $0 != "chunked" }) {
                throw LiveServerError(
                    .badRequest,
                    "Transfer-Encoding '\(LiveServerError.clip(header))' is not implemented: send the body with Content-Length, or chunked alone",
                    statusCode: 501)
            }
        }
        if LiveRoutes.withoutParameters.contains(request.uri.path),
            let (key, _) = request.uri.queryParameters.first
        {
            throw LiveServerError(
                .badRequest,
                "unknown query parameter '\(SignalError.quoted(key, limit: 40))'; \(request.uri.path) takes no query parameters"
            )
        }
        do {
            return try await next(request, context)
        } catch let error as HTTPParserError {
            // The body broke off as malformed HTTP (a bad chunk size, a Transfer-Encoding not ending in
            // chunked): a 400 naming the problem, and the connection closes.
            return try Self.closing(
                MalformedRequest.refusal(for: error) ?? MalformedRequest.notHTTP, request: request, context: context)
        } catch let error as LiveServerError {
            throw error
        } catch let error as SignalError {
            throw error
        } catch let error as HTTPError {
            throw Self.converted(error, request: request)
        } catch {
            context.logger.error("internal error answering \(request.method) \(request.uri.path): \(error)")
            throw LiveServerError(.internalError, "internal error")
        }
    }

    /// `error`'s response with `Connection: close`: the connection ends after it.
    static func closing(_ error: LiveServerError, request: Request, context: Context) throws -> Response {
        var response = try error.response(from: request, context: context)
        response.headers[.connection] = "close"
        return response
    }

    /// Hummingbird's `error` for `request`, as a ``LiveServerError``.
    static func converted(_ error: HTTPError, request: Request) -> LiveServerError {
        let path = request.uri.path
        switch error.status {
        case .notFound:
            if let methods = LiveRoutes.methods[path] {
                let allow = methods.map(\.rawValue).joined(separator: ", ")
                return LiveServerError(
                    .methodNotAllowed, "\(path) does not take \(request.method.rawValue); it takes \(allow)")
            }
            return LiveServerError(
                .notFound,
                "no endpoint \(LiveServerError.clip(path)); the endpoints are \(LiveRoutes.methods.keys.sorted().joined(separator: ", "))"
            )
        case .contentTooLarge:
            return LiveServerError(
                .tooLarge, "the body is larger than the limit of \(LiveServerConfiguration.bodyLimit) bytes (1 MiB)")
        case .unsupportedMediaType:
            return LiveServerError(.unsupportedMediaType, error.body ?? "unsupported media type")
        case .methodNotAllowed:
            return LiveServerError(.methodNotAllowed, error.body ?? "method not allowed")
        default:
            let code: LiveServerError.Code = (400..<500).contains(error.status.code) ? .badRequest : .internalError
            return LiveServerError(code, error.body ?? error.status.reasonPhrase, statusCode: error.status.code)
        }
    }
}
