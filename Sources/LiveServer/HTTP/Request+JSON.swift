import Formats
import Foundation
import Hummingbird
import InternalUtilities
import NIOCore
import Signals

extension Request {
    /// The body as a JSON value read by the package's strict reader: at most 1 MiB, sent as JSON.
    ///
    /// The body must be sent with `Content-Type: application/json` (or `application/…+json`): any other
    /// type, or none, is refused with 415. A page of another web site can send a form, `text/plain` or a
    /// body without a type with no preflight (`fetch(url, {mode: 'no-cors', …})`); it cannot send JSON.
    /// - Throws: ``LiveServerError``: 415 for another media type or none, 413 over the limit, 400 for JSON
    ///   that is malformed (with line, column and path).
    func jsonBody(limit: Int = LiveServerConfiguration.bodyLimit) async throws -> JSONValue {
        guard let type = headers[.contentType] else {
            throw LiveServerError(
                .unsupportedMediaType,
                "the body must be JSON sent with Content-Type: application/json; the request has no Content-Type")
        }
        let media = type.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
        guard media == "application/json" || (media.hasPrefix("application/") && media.hasSuffix("+json")) else {
            throw LiveServerError(
                .unsupportedMediaType,
                "the body must be JSON sent with Content-Type: application/json, got '\(SignalError.quoted(type, limit: 60))'"
            )
        }
        if let length = headers[.contentLength].flatMap({ Int($0) }), length > limit {
            throw LiveServerError(.tooLarge, "the body is \(length) bytes; the limit is \(limit) bytes (1 MiB)")
        }
        let buffer: ByteBuffer
        do {
            buffer = try await body.collect(upTo: limit)
        } catch is NIOTooManyBytesError {
            throw LiveServerError(.tooLarge, "the body is larger than the limit of \(limit) bytes (1 MiB)")
        }
        return try JSONValue.parse(Data(buffer.readableBytesView))
    }

    /// A query parameter given at most once; unknown parameters are refused.
    /// - Parameters:
    ///   - name: The parameter read.
    ///   - allowed: Every parameter the endpoint knows.
    /// - Throws: ``LiveServerError`` (400) for an unknown or repeated parameter.
    func queryValue(_ name: String, allowed: [String]) throws(LiveServerError) -> String? {
        let parameters = uri.queryParameters
        for (key, _) in parameters where !allowed.contains(String(key)) {
            throw LiveServerError(
                .badRequest,
                "unknown query parameter '\(SignalError.quoted(key, limit: 40))'; this endpoint takes \(allowed.joined(separator: ", "))"
            )
        }
        let values = parameters[values: name[...]]
        guard values.count <= 1 else {
            throw LiveServerError(.badRequest, "give the query parameter '\(name)' once, got \(values.count) values")
        }
        return values.first.map(String.init)
    }

    /// `?rate=R`: points per second to keep, a finite number > 0 (`nil` when absent).
    /// - Throws: ``LiveServerError`` (400) naming the value.
    func decimationRate(allowed: [String] = ["rate"]) throws(LiveServerError) -> Double? {
        guard let text = try queryValue("rate", allowed: allowed) else { return nil }
        guard let rate = Double(text), rate.isFinite, rate > 0, rate <= 1e9 else {
            throw LiveServerError(
                .badRequest,
                "'rate' must be a number of points per second, > 0 and at most 1e9, got '\(SignalError.quoted(text, limit: 40))'"
            )
        }
        return rate
    }
}
