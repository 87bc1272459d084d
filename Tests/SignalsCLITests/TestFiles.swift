import Foundation
import Testing

/// Every file beneath `dir` (hidden ones too) and its bytes, keyed by the path below `dir`: what the
/// refusal tests compare before and after a command to show that it changed nothing.
func directoryContents(_ dir: URL) throws -> [String: Data] {
    var all: [String: Data] = [:]
    for name in try FileManager.default.subpathsOfDirectory(atPath: dir.path) {
        var isFolder: ObjCBool = false
        let url = dir.appendingPathComponent(name)
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue {
            all[name] = try Data(contentsOf: url)
        }
    }
    return all
}

/// The non-empty lines of the UTF-8 text file at `url`.
func textLines(_ url: URL) throws -> [String] {
    try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map(String.init)
}

/// The temporary files (`.NAME.partial-XXXXXX`) in `dir`, sorted; none when `dir` cannot be read.
func partialFiles(in dir: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).filter {
        $0.hasPrefix(".") && $0.contains(".partial-")
    }.sorted()
}

/// Writes `torn` into each of `names` in `dir` (the temporary files a killed run leaves) and runs `body`
/// while this process holds an exclusive lock on `held`, as a live run holds its own.
func withTornPartials(_ names: [String], in dir: URL, held: String, _ body: () throws -> Void) throws {
    for name in names { try Data("torn".utf8).write(to: dir.appendingPathComponent(name)) }
    let fd = open(dir.appendingPathComponent(held).path, O_RDONLY)
    #expect(fd >= 0)
    defer { close(fd) }
    #expect(flock(fd, LOCK_EX) == 0)
    try body()
}
