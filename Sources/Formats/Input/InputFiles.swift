import Foundation
import SensorData

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The files a command reads, by identity (``FileIdentity``), registered before it writes anything so
/// that no output lands on one; and the one expansion of a folder named as an input.
///
/// A folder stands for every file beneath it: registering one registers each regular file in it and in
/// its subfolders (symbolic links followed, each folder once), so an output is refused on any file a
/// reader given that folder can open: an export's own recordings, its `Metadata.csv`, phyphox's
/// `meta/device.csv`, a render directory's `truth.csv`. Readers that take a folder list its files with
/// ``expand(_:extensions:)``, which lists from the same walk, so what they read is always registered.
///
/// ```swift
/// var inputs = try InputFiles(["Recording-2024-05-01", "plan.json"])
/// inputs.input(sameAs: FileIdentity.of("Recording-2024-05-01/Accelerometer.csv")!)   // "Recording-…/Accelerometer.csv"
/// ```
package struct InputFiles: Sendable {
    /// One file read.
    package struct Entry: Sendable {
        /// The name to show: the path as given (`standard input` for `-`), or its path under the folder given.
        package var name: String
        /// The file it is (links followed).
        package var identity: FileIdentity
        /// The folder given that holds it, when it was registered as part of one.
        package var folder: String?
    }

    /// Every file registered, in order.
    package private(set) var files: [Entry] = []

    /// Most files registered for one folder (10,000): more cannot be checked in reasonable time, and is
    /// not a recording's folder.
    package static let folderLimit = 10_000

    /// Most files beneath one folder this registers (``folderLimit``; smaller in tests).
    let limit: Int

    /// No inputs yet.
    package init() { limit = InputFiles.folderLimit }

    /// Registers the inputs named (see ``add(_:)``).
    /// - Parameters:
    ///   - paths: Files and folders (`nil` is skipped).
    ///   - limit: Most files beneath one folder (default ``folderLimit``).
    /// - Throws: `SignalError` `.tooLarge` for a folder of more than `limit` files.
    package init(_ paths: [String?], limit: Int = InputFiles.folderLimit) throws(SignalError) {
        self.limit = limit
        for path in paths { try add(path) }
    }

    /// Registers one more input: a file (`-` is standard input), or every file beneath a folder. `nil`, an
    /// empty path, a device and a path with nothing there are skipped (reading them fails anyway, and
    /// writing to a device replaces nothing).
    /// - Throws: `SignalError` `.tooLarge` for a folder of more than ``folderLimit`` files.
    package mutating func add(_ path: String?) throws(SignalError) {
        guard let path, !path.isEmpty else { return }
        if path != "-", InputFiles.isFolder(path) {
            for file in try InputFiles.walk(path, limit: limit) {
                register(Entry(name: file.path, identity: file.identity, folder: path))
            }
            return
        }
        let identity = path == "-" ? FileIdentity.of(descriptor: STDIN_FILENO) : FileIdentity.of(path)
        guard let identity else { return }
        register(Entry(name: path == "-" ? "standard input" : path, identity: identity, folder: nil))
    }

    /// Appends a file unless it is a device or registered already.
    private mutating func register(_ new: Entry) {
        guard !new.identity.isDevice, entry(sameAs: new.identity) == nil else { return }
        files.append(new)
    }

    /// The input that is the file `identity`, if any: its name as registered.
    package func input(sameAs identity: FileIdentity) -> String? {
        entry(sameAs: identity)?.name
    }

    /// The registered file that is `identity`, if any.
    package func entry(sameAs identity: FileIdentity) -> Entry? {
        files.first { $0.identity.isSameFile(as: identity) }
    }

    /// Whether `path` names a folder (symbolic links followed).
    package static func isFolder(_ path: String) -> Bool {
        FileIdentity.of(path).map { $0.mode & UInt32(S_IFMT) == UInt32(S_IFDIR) } ?? false
    }

    /// The files a reader given `paths` reads: each file as it is, and for each folder the regular files
    /// directly in it whose names end in one of `extensions` (compared in lowercase, without the dot), not
    /// hidden (`.name`), sorted by name. Every file listed is one ``add(_:)`` registers for that folder.
    ///
    /// ```swift
    /// try InputFiles.expand(["export", "extra/Gyroscope.csv"], extensions: ["csv"])
    /// // ["export/Accelerometer.csv", "export/Metadata.csv", "extra/Gyroscope.csv"]
    /// ```
    /// - Parameters:
    ///   - paths: Files (`-` is standard input) and folders.
    ///   - extensions: The extensions read from a folder (`["csv"]`).
    /// - Returns: The files, folders expanded in place.
    /// - Throws: `SignalError` naming the folder: `.unreadable` when it holds no such file, `.tooLarge`
    ///   for more than ``folderLimit`` files beneath it.
    package static func expand(_ paths: [String], extensions: Set<String>) throws(SignalError) -> [String] {
        var out: [String] = []
        for path in paths {
            guard path != "-", isFolder(path) else {
                out.append(path)
                continue
            }
            let prefix = path.hasSuffix("/") ? path : path + "/"
            let names = try walk(path).map { String($0.path.dropFirst(prefix.count)) }.filter { name in
                !name.contains("/") && !name.hasPrefix(".")
                    && extensions.contains((name as NSString).pathExtension.lowercased())
            }.sorted()
            guard !names.isEmpty else {
                let list = extensions.sorted().map { "." + $0 }.joined(separator: ", ")
                throw SignalError(
                    .unreadable,
                    "the folder holds no \(list) file; give the files themselves, or the folder of an unzipped export",
                    file: path)
            }
            out += names.map { prefix + $0 }
        }
        return out
    }

    /// Every regular file beneath `folder` (any depth; links followed, each folder once), as
    /// `folder/relative/path`, in no particular order.
    /// - Throws: `SignalError` `.tooLarge` naming the folder past `limit` files.
    static func walk(
        _ folder: String, limit: Int = folderLimit
    ) throws(SignalError) -> [(path: String, identity: FileIdentity)] {
        var found: [(path: String, identity: FileIdentity)] = []
        var visited: Set<String> = []
        var pending = [folder.hasSuffix("/") ? String(folder.dropLast()) : folder]
        while let current = pending.popLast() {
            guard let identity = FileIdentity.of(current),
                visited.insert("\(identity.device):\(identity.inode)").inserted,
                let names = try? FileManager.default.contentsOfDirectory(atPath: current.isEmpty ? "/" : current)
            else { continue }
            for name in names {
                let path = current + "/" + name
                guard let identity = FileIdentity.of(path) else { continue }
                if identity.mode & UInt32(S_IFMT) == UInt32(S_IFDIR) {
                    pending.append(path)
                } else if identity.isRegularFile {
                    found.append((path, identity))
                    guard found.count <= limit else {
                        throw SignalError(
                            .tooLarge,
                            "a folder of more than \(limit) files (counting its subfolders'), too many to check every output against; give the files to read, or a folder of fewer files",
                            file: folder)
                    }
                }
            }
        }
        return found
    }
}
