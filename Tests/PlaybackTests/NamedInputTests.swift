import Formats
import Foundation
import Testing

@testable import Playback
@testable import Signals

@Suite struct NamedInputTests {
    static let dir: URL = {
        let d = FileManager.default.temporaryDirectory.appendingPathComponent("input-tests-\(getpid())")
        try? FileManager.default.createDirectory(at: d, withIntermediateDirectories: true)
        return d
    }()

    func write(_ name: String, _ data: Data) throws -> String {
        let url = Self.dir.appendingPathComponent(name)
        try data.write(to: url)
        return url.path
    }

    /// A named pipe fed by a writer thread (as `<(cat file)` or `mkfifo` would be).
    func fifo(_ name: String, _ contents: Data) throws -> String {
        let path = Self.dir.appendingPathComponent(name).path
        signal(SIGPIPE, SIG_IGN)  // the reader may stop early: the writer gets EPIPE, not a signal
        unlink(path)
        #expect(mkfifo(path, 0o600) == 0)
        let bytes = contents
        Thread.detachNewThread {
            let fd = open(path, O_WRONLY)
            guard fd >= 0 else { return }
            _ = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            close(fd)
        }
        return path
    }

    @Test("a named pipe is read once, whole, and plays twice (validate, then play)")
    func pipeReadOnce() throws {
        let text = "timestamp,x,y,z\n0,1,0,0\n0.5,2,0,0\n"
        let file = try PointFile(path: try fifo("walk-pipe", Data(text.utf8)))
        #expect(file.format == .csv)
        #expect(try file.validate() == 2)
        var cursor = try file.makeCursor()
        #expect(try cursor.next()?.point.userAcceleration.x == 1)
        #expect(try cursor.next()?.point.userAcceleration.x == 2)
        #expect(try cursor.next() == nil)
        #expect({ if case .bytes = file.source.storage { true } else { false } }(), "a pipe must be kept in memory")
    }

    @Test("binary data and endless lines from a pipe fail fast instead of filling memory")
    func pipeLimits() throws {
        let zeros = #expect(throws: SignalError.self) {
            _ = try NamedInput.open(try fifo("zeros", Data(count: 200_000)))
        }
        #expect(zeros?.message.contains("NUL byte") == true)
        let line = #expect(throws: SignalError.self) {
            _ = try NamedInput.open(
                try fifo("line", Data(repeating: UInt8(ascii: "1"), count: 300_000)), lineLimit: 100_000)
        }
        #expect(line?.message.contains("longer than 100000 bytes") == true)
        let big = #expect(throws: SignalError.self) {
            _ = try NamedInput.open(try fifo("big", Data(repeating: 0x0A, count: 300_000)), spoolLimit: 100_000)
        }
        #expect(big?.message.contains("save it to a regular file") == true)
    }

    @Test("a regular file with an over-long line is an error, not unbounded memory")
    func longLine() throws {
        var data = Data("timestamp,x,y,z\n".utf8)
        data.append(Data(repeating: UInt8(ascii: "9"), count: 2 << 20))
        let e = #expect(throws: SignalError.self) { _ = try PointFile(path: try write("long.csv", data)).validate() }
        #expect(e?.message.contains("longer than 1048576 bytes") == true)
        let json = #expect(throws: SignalError.self) {
            _ = try PointFile(
                path: try write(
                    "long.json", Data("[{\"timestamp\": 0, \"x\": \"".utf8) + Data(repeating: 0x61, count: 2 << 20))
            ).validate()
        }
        #expect(json?.message.contains("longer than 1048576 bytes") == true)
        let dir = #expect(throws: SignalError.self) { _ = try NamedInput.open(Self.dir.path) }
        #expect(dir?.message.contains("directory") == true)
    }

    @Test("a UTF-8 byte order mark before a CSV header or a JSON point is skipped")
    func byteOrderMark() throws {
        let bom = Data([0xEF, 0xBB, 0xBF])
        let csv = try PointFile(path: try write("bom.csv", bom + Data("timestamp,x,y,z\n0,1,2,3\n".utf8)))
        #expect(try PointFile.load(URL(fileURLWithPath: csv.path)).first?.userAcceleration.z == 3)
        let lines = try PointFile(path: try write("bom.jsonl", bom + Data("{\"timestamp\": 1}\n".utf8)))
        #expect(lines.format == .jsonLines)
        #expect(try lines.validate() == 1)
    }

    @Test(
        "points are read strictly: duplicate keys, trailing commas and nulls are errors",
        arguments: [
            ("{\"timestamp\": 0, \"timestamp\": 1}\n", "duplicate key 'timestamp'"),
            ("{\"timestamp\": 0, \"gravity\": null}\n", "'gravity' is null"),
            ("{\"timestamp\": 0, \"gravity\": {\"x\": 0, \"y\": 0, \"z\": -1,}}\n", "trailing comma"),
            ("{\"timestamp\": 0, \"x\": 1e400, \"y\": 0, \"z\": 0}\n", "too large for a Double"),
        ])
    func strictPoints(text: String, message: String) {
        let e = #expect(throws: SignalError.self) { _ = try PointFile.decode(Data(text.utf8), format: .jsonLines) }
        #expect(e?.message.contains(message) == true, "\(e?.description ?? "")")
        #expect(e?.line == 1)
        #expect(e?.index == 0)
        let array = #expect(throws: SignalError.self) {
            _ = try PointFile.decode(Data("[{\"timestamp\": 0},]".utf8), format: .json)
        }
        #expect(array?.message.contains("trailing comma") == true)
    }

    @Test("CSV numbers are decimal in every locale: a comma decimal, hex or nan is refused")
    func csvNumbers() throws {
        #expect(CSVReader.number("1.5e3") == 1500)
        #expect(CSVReader.number("-.5") == -0.5)
        #expect(CSVReader.number("+2.") == 2)
        for bad in ["0x1p3", "nan", "inf", "1.5.2", "", "1e", "--1", " 1"] {
            #expect(CSVReader.number(bad) == nil, "\(bad)")
        }
        let e = #expect(throws: SignalError.self) {
            _ = try PointFile.decode(Data("timestamp,x,y,z\n0,inf,0,0\n".utf8), format: .csv)
        }
        #expect(e?.code == .nonFinite)
        #expect(e?.field == "x")
        #expect(e?.line == 2)
    }

    @Test("a schedule sums up the timing a player checks before it starts")
    func schedule() throws {
        let file = try PointFile(
            path: try write("gap.csv", Data("timestamp,x,y,z\n1,0,0,0\n2,0,0,0\n1000000001,0,0,0\n".utf8)))
        let s = try file.schedule()
        #expect(s.count == 3)
        #expect(s.first == 1)
        #expect(s.last == 1_000_000_001)
        #expect(s.largestGap == 999_999_999)
        #expect(s.longestWait(speed: 1, loop: false) == 999_999_999)
        #expect(
            s.longestWait(speed: 1e-300, loop: false).isInfinite || s.longestWait(speed: 1e-300, loop: false) > 1e300)
        var one = PointSchedule()
        one.add(5)
        #expect(one.loopPeriod == nil)
        var same = PointSchedule()
        same.add(0)
        same.add(0)
        #expect(same.loopPeriod == nil)
    }

    @Test("formats are told in one place, by extension or first bytes")
    func detection() {
        func kind(_ name: String, _ text: String) -> InputKind? { InputKind.detect(name: name, head: Data(text.utf8)) }
        #expect(kind("a.csv", "anything") == .points(.csv))
        #expect(kind("a.jsonl", "") == .points(.jsonLines))
        #expect(kind("a.json", "  [") == .points(.json))
        #expect(kind("a.json", "{\"timestamp\": 0}\n{\"timestamp\": 1}") == .points(.jsonLines))
        #expect(kind("a.json", "{\n  \"sine\": {}\n}") == .spec)
        #expect(kind("/dev/fd/63", "{\"sine\": {\"frequency\": 1}}") == .spec)
        #expect(kind("/dev/fd/63", "timestamp,x,y,z\n") == .points(.csv))
        #expect(kind("-", "\u{FEFF}t,x\n") == .points(.csv))
        #expect(InputKind.detect(name: "-", head: Data([0x93]) + Data("NUMPY".utf8)) == .npy)
        #expect(kind("-", "<?xml version=\"1.0\"?><gpx>") == .gpx)
        #expect(kind("mystery", "hello") == nil)
        #expect(InputKind.detect(name: "zeros", head: Data(count: 64)) == nil)
    }
}
