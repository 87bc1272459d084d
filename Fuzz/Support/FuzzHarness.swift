import CFuzzDriver
import Foundation
import Playback
import Signals

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What every fuzz harness shares: turning libFuzzer's bytes into `Data`, checking an invariant (a
/// failed check stops the process, so libFuzzer records the input as a crash), and running a harness
/// over files when it is built without libFuzzer, to reproduce a crash.
///
/// Each harness is an executable target whose `@main` calls ``main(_:)`` with the harness: built by
/// `make fuzz` (`-sanitize=fuzzer,address -DFUZZING`) it runs libFuzzer's loop, which calls
/// `LLVMFuzzerTestOneInput` (defined once, here) with each input; built plainly it runs the harness over
/// the files (or folders of files) named on its command line, to reproduce a crash:
/// `swift run FuzzSpec .build-fuzz/artifacts/FuzzSpec/crash-…`. (SwiftPM renames an executable's entry
/// point on Linux, so libFuzzer's own `main` cannot be used.)
///
/// ```swift
/// @main enum Main {
///     static func main() { FuzzHarness.main(SpecHarness.run) }
/// }
/// ```
public enum FuzzHarness {
    /// The longest error message a harness accepts (without its JSON path), in UTF-8 bytes: user input
    /// is quoted cut to about 100 characters, so a longer message echoes input.
    public static let longestMessage = 2048

    /// The longest component of a JSON path or field a harness accepts, in characters: JSON keys are cut
    /// to 60 characters, CSV column names to 100.
    public static let longestPathComponent = 104

    /// Copies libFuzzer's input into `Data` (libFuzzer may pass a null pointer for an empty input).
    /// - Parameters:
    ///   - bytes: The input's first byte, or `nil`.
    ///   - count: Its length in bytes.
    public static func data(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Data {
        guard let bytes, count > 0 else { return Data() }
        return Data(bytes: bytes, count: count)
    }

    /// Stops the process with `message` when `condition` is false: libFuzzer saves the input as a crash.
    /// - Parameters:
    ///   - condition: The invariant.
    ///   - message: What broke, with the values involved.
    public static func require(
        _ condition: Bool, _ message: @autoclosure () -> String,
        file: StaticString = #fileID, line: UInt = #line
    ) {
        guard !condition else { return }
        fail(message(), file: file, line: line)
    }

    /// Stops the process with `message` (an invariant broke): libFuzzer saves the input as a crash.
    public static func fail(_ message: String, file: StaticString = #fileID, line: UInt = #line) -> Never {
        FileHandle.standardError.write(Data("\n==fuzz invariant== \(file):\(line): \(message)\n".utf8))
        abort()
    }

    /// Checks that an error message is bounded (see ``longestMessage``) and says something.
    /// - Parameter message: The error's message.
    public static func requireBoundedMessage(_ message: String, file: StaticString = #fileID, line: UInt = #line) {
        require(!message.isEmpty, "an error has an empty message", file: file, line: line)
        require(
            message.utf8.count <= longestMessage,
            "an error message is \(message.utf8.count) bytes (limit \(longestMessage)); it echoes input: \(message.prefix(300))…",
            file: file, line: line)
    }

    /// Checks that no component of a JSON path (`.key`, `[3]`, `["key"]`) is longer than
    /// ``longestPathComponent`` characters.
    /// - Parameter path: The path (`$.sum[1].sine`), or a field path without its `$.`.
    public static func requireBoundedPath(_ path: String, file: StaticString = #fileID, line: UInt = #line) {
        var components: [Substring] = []
        var rest = Substring(path)
        while !rest.isEmpty {
            let end: String.Index
            if rest.hasPrefix("[\""), let close = rest.dropFirst(2).range(of: "\"]") {
                end = close.upperBound
            } else {
                end = rest.dropFirst().firstIndex { $0 == "." || $0 == "[" } ?? rest.endIndex
            }
            components.append(rest[..<end])
            rest = rest[end...]
        }
        if let long = components.first(where: { $0.count > longestPathComponent }) {
            fail(
                "a JSON path component is \(long.count) characters (limit \(longestPathComponent)); it echoes input: \(long.prefix(120))…",
                file: file, line: line)
        }
    }

    /// Checks a ``SignalError``: a bounded message, path and field.
    public static func requireBounded(_ error: SignalError, file: StaticString = #fileID, line: UInt = #line) {
        requireBoundedMessage(error.message, file: file, line: line)
        if let path = error.path { requireBoundedPath(path, file: file, line: line) }
        if let field = error.field { requireBoundedPath(field, file: file, line: line) }
    }

    /// The harness `LLVMFuzzerTestOneInput` runs: set once by ``main(_:)`` before libFuzzer starts, and
    /// only read after (libFuzzer calls it on the thread that started it).
    nonisolated(unsafe) static var harness: (Data) -> Void = { _ in
        fail("LLVMFuzzerTestOneInput was called before FuzzHarness.main set the harness")
    }

    /// The entry point of a harness: libFuzzer's loop over `body` in a `-DFUZZING` build, else `body`
    /// over the files named on the command line (see ``reproduce(_:_:)``).
    /// - Parameter body: The harness, over one input.
    public static func main(_ body: @escaping (Data) -> Void) -> Never {
        #if FUZZING
        harness = body
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzOneInput))
        #else
        exit(reproduce(CommandLine.arguments, body))
        #endif
    }

    /// Runs `body` over every file named in `arguments` (a folder: every file in it, sorted), printing
    /// each name first; the entry point of a harness built without libFuzzer.
    /// - Parameters:
    ///   - arguments: The command line, program name first.
    ///   - body: The harness.
    /// - Returns: The exit status: 0, or 2 when a file cannot be read or none is named.
    public static func reproduce(_ arguments: [String], _ body: (Data) -> Void) -> Int32 {
        let program = arguments.first.map { ($0 as NSString).lastPathComponent } ?? "harness"
        guard arguments.count > 1 else {
            FileHandle.standardError.write(
                Data(
                    "usage: \(program) FILE|FOLDER...\n  runs the harness over each input (built without libFuzzer; `make fuzz` builds the fuzzer)\n"
                        .utf8))
            return 2
        }
        var status: Int32 = 0
        for argument in arguments.dropFirst() {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: argument, isDirectory: &isFolder) else {
                FileHandle.standardError.write(Data("\(program): \(argument): no such file\n".utf8))
                status = 2
                continue
            }
            var files = [argument]
            if isFolder.boolValue {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: argument)) ?? []
                files = names.sorted().map { (argument as NSString).appendingPathComponent($0) }
            }
            for file in files {
                guard let data = FileManager.default.contents(atPath: file) else {
                    FileHandle.standardError.write(Data("\(program): \(file): cannot read\n".utf8))
                    status = 2
                    continue
                }
                print("\(program): \(file) (\(data.count) bytes)")
                body(data)
            }
        }
        print("\(program): done, no invariant broke")
        return status
    }
}

/// libFuzzer's entry point for one input: runs the harness that ``FuzzHarness/main(_:)`` set.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    FuzzHarness.harness(FuzzHarness.data(bytes, count))
    return 0
}
