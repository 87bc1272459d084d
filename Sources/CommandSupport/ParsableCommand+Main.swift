import ArgumentParser
import Foundation

extension ParsableCommand {
    /// Parses the process's arguments as this root command and runs the command they name (awaited when it
    /// is async); every failure ends the process through `fail`, never a crash.
    ///
    /// `--help` and `--version` print their text and exit 0; an `ExitCode` a command throws is the process's
    /// status. An error `described` knows is reported with its message; any other (a usage error) with
    /// ArgumentParser's message without its `Error: ` prefix, since `fail` prints `error: ...`.
    ///
    /// ```swift
    /// static func main() async {
    ///     await parseAndRun(described: { ($0 as? SignalError)?.description }, fail: { fail($0, status: 2) })
    /// }
    /// ```
    /// - Parameters:
    ///   - before: Work done first, under the same reporting (default: none).
    ///   - described: The message of an error the caller's own types describe, or `nil` for any other.
    ///   - fail: Prints `error: message` on standard error and exits with the status for bad input.
    package static func parseAndRun(
        before: @Sendable () throws -> Void = {}, described: @Sendable (any Error) -> String?,
        fail: @Sendable (String) -> Never
    ) async {
        do {
            try before()
            var command = try parseAsRoot()
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch let code as ExitCode {
            Foundation.exit(code.rawValue)
        } catch {
            if let message = described(error) { fail(message) }
            if exitCode(for: error) == .success { exit(withError: error) }
            var message = fullMessage(for: error)
            if message.hasPrefix("Error: ") { message.removeFirst("Error: ".count) }
            fail(message)
        }
    }
}
