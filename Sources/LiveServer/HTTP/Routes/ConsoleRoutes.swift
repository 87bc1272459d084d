import Hummingbird
import NIOCore

/// The web console: `GET /` and its script and style sheet, all compiled into the binary (nothing is
/// fetched from elsewhere, so it works offline).
struct ConsoleRoutes {
    static let scriptPath = "/console.js"
    static let stylePath = "/console.css"

    func add(to router: Router<LiveRequestContext>) {
        router.get("/") { _, _ in ConsoleRoutes.asset(ConsoleAssets.html, type: "text/html; charset=utf-8") }
        router.get(RouterPath(stringLiteral: ConsoleRoutes.scriptPath)) { _, _ in
            ConsoleRoutes.asset(ConsoleAssets.script, type: "text/javascript; charset=utf-8")
        }
        router.get(RouterPath(stringLiteral: ConsoleRoutes.stylePath)) { _, _ in
            ConsoleRoutes.asset(ConsoleAssets.style, type: "text/css; charset=utf-8")
        }
    }

    static func asset(_ text: String, type: String) -> Response {
        Response(
            status: .ok, headers: [.contentType: type, .cacheControl: "no-cache"],
            body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }
}
