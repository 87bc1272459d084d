import Foundation
import InternalUtilities
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("The temporary-file registry a terminating signal cleans up")
struct TemporaryFileRegistryTests {
    /// Creates a real file in a fresh folder, as `OutputSink` does, through `registry`.
    private func create(in folder: URL, _ name: String, through registry: TemporaryFileRegistry) -> (Int32?, String) {
        let path = folder.appendingPathComponent(name).path
        var ran = false
        let fd = registry.creating {
            ran = true
            let fd = open(path, O_CREAT | O_EXCL | O_WRONLY, 0o600)
            return (fd, fd >= 0 ? path : nil)
        }
        if let fd, fd >= 0 { close(fd) }
        #expect(ran == (fd != nil))
        return (fd, path)
    }

    /// Runs `body` on a fresh registry and a fresh folder, removed afterwards.
    private func withRegistry(_ body: (URL, TemporaryFileRegistry) throws -> Void) throws {
        let dir = try Executables.temporaryFolder("registry")
        defer { try? FileManager.default.removeItem(at: dir) }
        try body(dir, TemporaryFileRegistry())
    }

    @Test("a created file is registered, and the cleanup removes it")
    func removesRegistered() throws {
        try withRegistry { dir, registry in
            let (fd, path) = create(in: dir, "truth.csv.partial", through: registry)
            #expect((fd ?? -1) >= 0)
            #expect(registry.registered == [path])
            registry.closeAndRemoveAll()
            #expect(!FileManager.default.fileExists(atPath: path))
            #expect(registry.registered.isEmpty)
        }
    }

    @Test("a file unregistered (renamed into place) is left alone by the cleanup")
    func unregisteredStays() throws {
        try withRegistry { dir, registry in
            let (_, path) = create(in: dir, "imu.csv.partial", through: registry)
            registry.unregister(path)
            registry.closeAndRemoveAll()
            #expect(FileManager.default.fileExists(atPath: path))
        }
    }

    /// The race CI met: SIGPIPE's cleanup ran between two of a render's streams, and the second stream's
    /// temporary file, created after it, stayed behind.
    @Test("once the cleanup has begun, no temporary file is created: the next stream's creation does not run")
    func closedCreatesNothing() throws {
        try withRegistry { dir, registry throws in
            let (first, firstPath) = create(in: dir, "truth.csv.partial", through: registry)
            #expect(first != nil)
            #expect(!registry.isClosed)
            registry.closeAndRemoveAll()
            #expect(registry.isClosed)
            let (second, secondPath) = create(in: dir, "imu.csv.partial", through: registry)
            #expect(second == nil)
            #expect(!FileManager.default.fileExists(atPath: firstPath))
            #expect(!FileManager.default.fileExists(atPath: secondPath))
            #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
        }
    }
}
