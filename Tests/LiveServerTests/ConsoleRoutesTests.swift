import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import LiveServer

/// The web console's files come from the binary with their content types.
@Suite struct ConsoleRoutesTests {
    @Test(
        "/, /console.js and /console.css are served with their types, and link only to each other",
        arguments: [
            ("/", "text/html; charset=utf-8"), ("/console.js", "text/javascript; charset=utf-8"),
            ("/console.css", "text/css; charset=utf-8"),
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
/// what the server sends is each file, byte for byte, and the script is its files concatenated.
@Suite struct EmbeddedConsoleTests {
    static let web = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Sources/LiveServer/Console/Web").standardized

    /// The script's files in the order `Plugins/EmbedWebConsole` concatenates them (the first declares the
    /// namespace the others fill; the last starts the console).
    static let scriptFiles = [
        "console-store.js", "console-plot.js", "console-phone.js", "console-map.js", "console-nav.js",
        "console-spec.js", "console-controls.js",
    ]

    @Test(
        "each served asset is its file, byte for byte",
        arguments: [
            ("console.html", ConsoleAssets.html), ("console.css", ConsoleAssets.style),
        ])
    func verbatim(file: String, served: String) throws {
        let onDisk = try Data(contentsOf: Self.web.appendingPathComponent(file))
        #expect(Data(served.utf8) == onDisk)
    }

    @Test("the served script is the listed files, byte for byte, in their order with a newline between each")
    func script() throws {
        var joined = Data()
        for (i, file) in Self.scriptFiles.enumerated() {
            if i > 0 { joined.append(UInt8(ascii: "\n")) }
            joined.append(try Data(contentsOf: Self.web.appendingPathComponent(file)))
        }
        #expect(Data(ConsoleAssets.script.utf8) == joined)
    }

    @Test("every script in the folder is one of the listed files")
    func everyScriptListed() throws {
        let scripts = try FileManager.default.contentsOfDirectory(atPath: Self.web.path).filter { $0.hasSuffix(".js") }
        #expect(scripts.sorted() == Self.scriptFiles.sorted())
    }
}
