import ArgumentParser
import Signals

/// `signals plot` (being written; replaced by its issue's work).
struct PlotCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "plot", abstract: "(not available yet)")
    func run() throws { throw CLIError("signals plot is not available yet") }
}
