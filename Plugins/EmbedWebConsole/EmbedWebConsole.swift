import Foundation
import PackagePlugin

/// Compiles the web console's files (`Sources/LiveServer/Console/Web/`: `console.html`, `console.js`,
/// `console.css`) into the `LiveServer` module as string constants, so that the console is edited, linted
/// and diffed as HTML, JavaScript and CSS, and is still served from the binary alone (nothing beside it to
/// install, nothing fetched at run time).
@main
struct EmbedWebConsole: BuildToolPlugin {
    /// The files, and the name of the constant each becomes in `enum EmbeddedConsole`.
    static let files = [("html", "console.html"), ("script", "console.js"), ("style", "console.css")]

    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let folder = target.directoryURL.appending(path: "Console").appending(path: "Web")
        let inputs = Self.files.map { folder.appending(path: $0.1) }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedConsole.swift")
        var arguments = [output.path]
        for ((name, _), url) in zip(Self.files, inputs) { arguments += [name, url.path] }
        return [
            .buildCommand(displayName: "Embedding the web console into \(target.name)",
                          executable: try context.tool(named: "EmbedFiles").url,
                          arguments: arguments, inputFiles: inputs, outputFiles: [output]),
        ]
    }
}
