import ArgumentParser
import Signals

/// `signals verify` (being written; replaced by its issue's work).
struct VerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "verify", abstract: "(not available yet)")
    func run() throws { throw CLIError("signals verify is not available yet") }
}
