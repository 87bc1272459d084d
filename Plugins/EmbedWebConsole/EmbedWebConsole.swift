import Foundation
import PackagePlugin

/// Compiles the web console's files (`Sources/LiveServer/Console/Web/`: `console.html`, the script's
/// `console-*.js`, `console.css`) into the `LiveServer` module as string constants, so that the console is
/// edited, linted and diffed as HTML, JavaScript and CSS, and is still served from the binary alone
/// (nothing beside it to install, nothing fetched at run time).
@main
struct EmbedWebConsole: BuildToolPlugin {
    /// The constants of `enum EmbeddedConsole`, and the files each is made of. The script is several
    /// files served as one (`/console.js`): concatenated in this order, a newline between each. The
    /// order matters: the first declares the `SignalConsole` namespace the others fill, and the last
    /// starts the console. `make lint-web` and `EmbeddedConsoleTests` list the same order.
    static let constants: [(name: String, files: [String])] = [
        ("html", ["console.html"]),
        (
            "script",
            [
                "console-store.js", "console-plot.js", "console-phone.js", "console-map.js", "console-nav.js",
                "console-spec.js", "console-controls.js",
            ]
        ),
        ("style", ["console.css"]),
    ]

    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let folder = target.directoryURL.appending(path: "Console").appending(path: "Web")
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedConsole.swift")
        var arguments = [output.path]
        var inputs: [URL] = []
        for (name, files) in Self.constants {
            let urls = files.map { folder.appending(path: $0) }
            arguments += ["--constant", name] + urls.map(\.path)
            inputs += urls
        }
        return [
            .buildCommand(
                displayName: "Embedding the web console into \(target.name)",
                executable: try context.tool(named: "EmbedFiles").url,
                arguments: arguments, inputFiles: inputs, outputFiles: [output])
        ]
    }
}
