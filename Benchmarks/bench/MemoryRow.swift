import Foundation
import Playback
import Signals

/// Child mode: stream a 1-hour, 1 kHz, 9-channel render to `path` as interleaved float32, block by block.
func streamToFile(path: String, seconds: Double) throws {
    guard FileManager.default.createFile(atPath: path, contents: nil),
        let handle = FileHandle(forWritingAtPath: path)
    else { throw BenchError("cannot create \(path)") }
    defer { try? handle.close() }
    for block in try benchMotion().blocks(sampleRate: 1000, duration: seconds, blockFrames: 16_384) {
        let interleaved = block.interleaved()
        try interleaved.withUnsafeBytes { try handle.write(contentsOf: Data($0)) }
    }
    print(peakResidentKiB())
}

/// This process's peak resident set size in KiB: `VmHWM` of /proc/self/status on Linux (the high-water
/// mark of this program's own address space; `getrusage` would also count the parent's memory at
/// `posix_spawn`), `ru_maxrss` elsewhere.
func peakResidentKiB() -> Int {
    #if os(Linux)
    if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
        let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
        let kib = Int(line.split(separator: " ").dropFirst().first ?? "")
    {
        return kib
    }
    #endif
    var usage = rusage()
    #if os(Linux)
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Int(usage.ru_maxrss)
    #else
    getrusage(RUSAGE_SELF, &usage)
    return Int(usage.ru_maxrss) / 1024
    #endif
}

struct BenchError: Error, CustomStringConvertible {
    var description: String
    init(_ d: String) { description = d }
}

/// Runs the streaming render in a child process (this executable with `--memory-probe`) and reads its
/// peak resident set size from `wait4`.
func memoryRow(quick: Bool) throws -> Row {
    let seconds = quick ? 600.0 : 3600.0
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("signalrunner-bench-\(getpid()).f32").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let executable = URL(fileURLWithPath: CommandLine.arguments[0]).path
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = ["--memory-probe", path, "--memory-seconds", "\(seconds)"]
    let pipe = Pipe()
    process.standardOutput = pipe
    let t0 = now()
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let elapsed = now() - t0
    guard process.terminationStatus == 0,
        let kib = Int(String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    else {
        throw BenchError("memory probe failed (status \(process.terminationStatus))")
    }
    let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    let expected = Int(seconds * 1000) * 9 * 4
    guard size == expected else { throw BenchError("memory probe wrote \(size) bytes, expected \(expected)") }
    let peakMiB = Double(kib) / 1024
    return Row(
        name: "stream \(Int(seconds / 60)) min, 1 kHz, 9 channels to a file: peak RSS", unit: "MiB", value: peakMiB,
        baseline: "whole buffer in memory", baselineValue: Double(expected) / 1_048_576,
        ratio: nil, spread: "\(formatted(Double(size) / 1_048_576)) MiB written in \(formatted(elapsed, digits: 2)) s")
}
