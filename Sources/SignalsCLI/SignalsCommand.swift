import ArgumentParser
import CommandSupport
import Foundation
import Playback
import Signals

/// `signals`: render, verify, plot and play signal specs.
@main
struct SignalsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "signals",
        abstract:
            "Render, verify, plot and play sensor signals described as JSON specs; analyse and import sensor recordings.",
        discussion:
            "Exit status: 0 on success, 1 when a verification check fails or compared recordings are not similar, 2 for bad input (spec, file, flag or parameter).",
        subcommands: [
            RenderCommand.self, VerifyCommand.self, PlotCommand.self, PlayCommand.self, RouteCommand.self,
            ServeCommand.self, AllanCommand.self, ImportCommand.self, CompareCommand.self, FitCommand.self,
            DatasetCommand.self,
        ]
    )

    /// Runs the command; every failure is reported on stderr with a non-zero status, never a crash:
    /// bad input exits 2, a failed verification exits 1.
    static func main() async {
        // SIGINT, SIGTERM, SIGHUP and SIGPIPE are caught from the start: temporary files are removed, `play`
        // stops cleanly on the first two; a closed pipe (`signals render ... | head`) ends the process quietly
        // (exit 141), as for any Unix filter.
        SignalTrap.install()
        await parseAndRun(
            before: {
                // `signals serve ...` hands every argument (--help included) to signals-serve unparsed.
                let all = CommandLine.arguments
                if all.count > 1, all[1] == "serve" { try ServeLauncher.exec(Array(all.dropFirst(2))) }
            },
            described: { ($0 as? SignalError)?.description ?? ($0 as? CLIError)?.message },
            fail: CLIError.fail)
    }
}
