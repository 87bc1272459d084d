import ArgumentParser
import Signals

/// `signals play` (being written; replaced by its issue's work).
struct PlayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "play", abstract: "(not available yet)")
    func run() throws { throw CLIError("signals play is not available yet") }
}
