import Foundation
import SensorData
import Testing

@testable import Formats

/// The files a command reads: a folder stands for every file beneath it, and a reader's expansion of a
/// folder lists only files that are registered.
@Suite struct InputFilesTests {
    /// A fresh folder holding `files` (names may hold subfolders: `meta/device.csv`).
    func folder(_ files: [String: String]) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("input-files-\(UUID().uuidString)")
        for (name, text) in files {
            let url = dir.appendingPathComponent(name)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir.path
    }

    static let export = [
        "Accelerometer.csv": "a\n", "Metadata.csv": "m\n", "meta/device.csv": "d\n", ".hidden.csv": "h\n",
        "notes.txt": "n\n",
    ]

    @Test("a folder registers every file beneath it, subfolders' and hidden ones included, named by their paths")
    func folderRegistersEveryFile() throws {
        let dir = try folder(Self.export)
        let inputs = try InputFiles([dir])
        for name in Self.export.keys {
            let identity = try #require(FileIdentity.of(dir + "/" + name))
            #expect(inputs.input(sameAs: identity) == dir + "/" + name, "\(name)")
            #expect(inputs.entry(sameAs: identity)?.folder == dir, "\(name)")
        }
        #expect(inputs.files.count == Self.export.count)
    }

    @Test("a file given is registered by itself, with no folder; a file outside the folder is not an input")
    func fileAndOutsider() throws {
        let dir = try folder(["Gyroscope.csv": "g\n"])
        let outside = try folder(["other.csv": "o\n"]) + "/other.csv"
        let inputs = try InputFiles([dir + "/Gyroscope.csv", nil, ""])
        let identity = try #require(FileIdentity.of(dir + "/Gyroscope.csv"))
        #expect(inputs.entry(sameAs: identity)?.folder == nil)
        #expect(inputs.input(sameAs: try #require(FileIdentity.of(outside))) == nil)
        #expect(inputs.files.count == 1)
    }

    @Test("a file a folder links to (a symbolic link out of it) is registered as the file it is")
    func linkOutOfFolder() throws {
        let target = try folder(["real.csv": "r\n"]) + "/real.csv"
        let dir = try folder([:])
        try FileManager.default.createSymbolicLink(atPath: dir + "/Accelerometer.csv", withDestinationPath: target)
        let inputs = try InputFiles([dir])
        #expect(inputs.input(sameAs: try #require(FileIdentity.of(target))) == dir + "/Accelerometer.csv")
    }

    @Test("a folder linking to itself is walked once")
    func cycle() throws {
        let dir = try folder(["a.csv": "a\n"])
        try FileManager.default.createSymbolicLink(atPath: dir + "/loop", withDestinationPath: dir)
        #expect(try InputFiles([dir]).files.count == 1)
    }

    @Test("expand lists a folder's own .csv files, not hidden, sorted, each one registered; files given pass through")
    func expandIsRegistered() throws {
        let dir = try folder(Self.export.merging(["B.CSV": "b\n"]) { a, _ in a })
        let files = try InputFiles.expand([dir, "-", "x.csv"], extensions: ["csv"])
        #expect(files == [dir + "/Accelerometer.csv", dir + "/B.CSV", dir + "/Metadata.csv", "-", "x.csv"])
        let inputs = try InputFiles([dir])
        for file in files.prefix(3) {
            #expect(inputs.input(sameAs: try #require(FileIdentity.of(file))) != nil, "\(file)")
        }
    }

    @Test("a folder with no file of the extensions is refused naming it")
    func expandEmpty() throws {
        let dir = try folder(["notes.txt": "n\n"])
        let error = try #require(throws: SignalError.self) { try InputFiles.expand([dir], extensions: ["csv"]) }
        #expect(error.code == .unreadable)
        #expect(error.location.file == dir)
        #expect(error.message.contains("holds no .csv file"), "\(error.message)")
    }

    @Test("more files beneath a folder than can be checked is refused, never checked in part")
    func tooMany() throws {
        var files: [String: String] = [:]
        for i in 0...20 { files["sub\(i % 7)/f\(i).csv"] = "" }
        let dir = try folder(files)
        let error = try #require(throws: SignalError.self) { try InputFiles([dir], limit: 20) }
        #expect(error.code == .tooLarge)
        #expect(error.location.file == dir)
        #expect(error.message.hasPrefix("a folder of more than 20 files"), "\(error.message)")
        // One file fewer is registered in full.
        try FileManager.default.removeItem(atPath: dir + "/sub0/f0.csv")
        #expect(try InputFiles([dir], limit: 20).files.count == 20)
        #expect(InputFiles.folderLimit == 10_000)
    }
}
