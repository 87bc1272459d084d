import Foundation
import HummingbirdTesting
import Hummingbird
@testable import LiveServer
import Testing

/// The web console's files come from the binary with their content types.
@Suite struct ConsoleRoutesTests {
    @Test("/, /console.js and /console.css are served with their types, and link only to each other", arguments: [
        ("/", "text/html; charset=utf-8"), ("/console.js", "text/javascript; charset=utf-8"), ("/console.css", "text/css; charset=utf-8"),
    ])
    func assets(path: String, type: String) async throws {
        let f = try ManualFeed(TestSpecs.sine)
        try await f.test { client in
            let response = try await client.execute(uri: path, method: .get)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == type)
            #expect(response.body.readableBytes > 100)
            #expect(!response.text.contains("http://"), "nothing is fetched from elsewhere")
            #expect(!response.text.contains("https://"), "nothing is fetched from elsewhere")
        }
    }

    @Test("the page loads the script and the style sheet from this server")
    func page() {
        #expect(ConsoleAssets.html.contains("src=\"/console.js\""))
        #expect(ConsoleAssets.html.contains("href=\"/console.css\""))
    }
}

/// The console is written as files (`Sources/LiveServer/Console/Web/`) and compiled in by a build plugin:
/// what the server sends is each file, byte for byte.
@Suite struct EmbeddedConsoleTests {
    static let web = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Sources/LiveServer/Console/Web").standardized

    @Test("each served asset is its file, byte for byte", arguments: [
        ("console.html", ConsoleAssets.html), ("console.js", ConsoleAssets.script), ("console.css", ConsoleAssets.style),
    ])
    func verbatim(file: String, served: String) throws {
        let onDisk = try Data(contentsOf: Self.web.appendingPathComponent(file))
        #expect(Data(served.utf8) == onDisk)
    }
}
