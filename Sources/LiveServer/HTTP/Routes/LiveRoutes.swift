import Hummingbird
import NIOCore

/// The endpoints of the live server and the methods each takes (for 405 and `Allow`).
enum LiveRoutes {
    static let methods: [String: [HTTPRequest.Method]] = [
        "/": [.get, .head],
        ConsoleRoutes.scriptPath: [.get, .head],
        ConsoleRoutes.stylePath: [.get, .head],
        "/data": [.get, .head],
        "/update": [.post],
        "/v1/point": [.get, .head],
        "/v1/stream": [.get, .head],
        "/v1/ws": [.get],
        "/v1/spec": [.get, .head, .put],
        "/v1/control": [.post],
        "/v1/status": [.get, .head],
    ]

    /// The `/v1` endpoints that take no query parameter: one given (`/v1/point?at=5`) is refused with a 400
    /// instead of being answered as if it were not there. `/v1/stream` and `/v1/ws` check their own;
    /// `/data` and `/update` keep the original SimulatorEnhancements server's leniency (a client's cache
    /// buster such as `/data?_=1700000000` still works).
    static let withoutParameters: Set<String> = ["/v1/point", "/v1/spec", "/v1/control", "/v1/status"]

    /// A `200 OK` JSON response.
    /// - Parameters:
    ///   - body: The JSON text (a newline is part of it).
    ///   - shared: Whether pages of other origins may read it (`Access-Control-Allow-Origin: *`): only the
    ///     points are (`/data`, `/v1/point`, and `/v1/stream`, which writes its own headers); the spec,
    ///     the status and every change are readable by the server's own pages only.
    static func json(_ body: ByteBuffer, shared: Bool = false) -> Response {
        var headers: HTTPFields = [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"]
        if shared { headers[.accessControlAllowOrigin] = "*" }
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: body))
    }

    /// A `200 OK` JSON response from text (a newline is added).
    static func json(_ text: String, shared: Bool = false) -> Response {
        json(ByteBuffer(string: text + "\n"), shared: shared)
    }
}
