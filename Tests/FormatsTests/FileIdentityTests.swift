import Foundation
import Testing

@testable import Formats

/// Which file a path names (links followed), and whether a user may write a file, decided from made-up
/// `stat` fields so that the tests hold when they run as root.
@Suite struct FileIdentityTests {
    func temporaryPath(_ name: String) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("file-identity-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir.appendingPathComponent(UUID().uuidString + "-" + name).path
    }

    @Test("a symbolic link and a hard link name the same file; a copy is another file")
    func links() throws {
        let file = try temporaryPath("walk.csv")
        try Data("timestamp\n".utf8).write(to: URL(fileURLWithPath: file))
        let symbolic = try temporaryPath("symbolic.csv")
        let hard = try temporaryPath("hard.csv")
        let copy = try temporaryPath("copy.csv")
        try FileManager.default.createSymbolicLink(atPath: symbolic, withDestinationPath: file)
        try FileManager.default.linkItem(atPath: file, toPath: hard)
        try FileManager.default.copyItem(atPath: file, toPath: copy)
        let original = try #require(FileIdentity.of(file))
        #expect(try #require(FileIdentity.of(symbolic)).isSameFile(as: original))
        #expect(try #require(FileIdentity.of(hard)).isSameFile(as: original))
        #expect(try !#require(FileIdentity.of(copy)).isSameFile(as: original))
        #expect(original.isRegularFile)
    }

    @Test("nothing there (or a dangling link) has no identity; /dev/null is a device")
    func missing() throws {
        let dangling = try temporaryPath("dangling")
        try FileManager.default.createSymbolicLink(atPath: dangling, withDestinationPath: try temporaryPath("nowhere"))
        #expect(FileIdentity.of(dangling) == nil)
        #expect(try #require(FileIdentity.of("/dev/null")).isDevice)
    }

    /// (mode, owner, group, user, user's groups, allowed).
    static let cases: [(UInt32, UInt32, UInt32, UInt32, Set<UInt32>, Bool)] = [
        (0o100644, 1000, 1000, 1000, [1000], true),  // the owner, u+w
        (0o100444, 1000, 1000, 1000, [1000], false),  // the owner, read-only
        (0o100444, 1000, 1000, 0, [0], false),  // root, but no write bit for anyone: chmod 444 is kept
        (0o100644, 1000, 1000, 0, [0], true),  // root, someone may write
        (0o100644, 1000, 1000, 1001, [1001], false),  // another user, no o+w
        (0o100664, 1000, 50, 1001, [1001, 50], true),  // another user in the file's group, g+w
        (0o100644, 1000, 50, 1001, [1001, 50], false),  // in the group, no g+w
        (0o100646, 1000, 50, 1001, [1001], true),  // anyone, o+w
        (0o100464, 1000, 50, 1000, [50], false),  // the owner's bits decide for the owner, even in the group
    ]

    @Test(
        "write permission follows access(2): owner, then group, then others; no write bit refuses root too",
        arguments: cases.indices)
    func writeAccess(_ i: Int) {
        let (mode, owner, group, user, groups, allowed) = Self.cases[i]
        #expect(WriteAccess.allows(mode: mode, owner: owner, group: group, user: user, groups: groups) == allowed)
    }

    @Test("this process may write a file it made, not one with no write bit, and may create a missing one")
    func currentUser() throws {
        let file = try temporaryPath("out.csv")
        try Data("old\n".utf8).write(to: URL(fileURLWithPath: file))
        #expect(WriteAccess.currentUserMayWrite(file))
        #expect(chmod(file, 0o444) == 0)
        #expect(!WriteAccess.currentUserMayWrite(file))
        #expect(WriteAccess.currentUserMayWrite(try temporaryPath("missing.csv")))
    }
}
