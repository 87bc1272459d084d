#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Foundation
import InternalUtilities

// Rows for `signals serve`: a `signals-serve` child process (built next to this bench) read by clients on
// raw sockets in this process, so the bench links no HTTP library and the clients never share the server's
// threads. Deadlines come from the server itself (`--print-origin`: the CLOCK_MONOTONIC instant at which
// timeline time 0 was due), so lateness is measured from each point's deadline to the moment a client has
// read its bytes.

/// Nanoseconds on the monotonic clock the server's Runner schedules on (CLOCK_MONOTONIC on Linux).
@inline(__always)
func monotonicNanos() -> Int64 { Monotonic.now() }

/// A `signals-serve` child on a free loopback port.
final class ServeProcess: @unchecked Sendable {
    let process = Process()
    let port: Int
    private let lock = NSLock()
    private var originNanos: Int64?

    /// Starts `signals-serve spec --port 0 --rate rate --print-origin` and reads its port.
    init(spec: String, rate: Double) throws {
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("signals-serve")
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            throw BenchError("no signals-serve beside the bench (\(executable.path)); build it first: swift build -c release --product signals-serve (make bench does)")
        }
        process.executableURL = executable
        process.arguments = [spec, "--port", "0", "--rate", "\(rate)", "--print-origin"]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        var line: [UInt8] = []
        while true {
            var byte: UInt8 = 0
            guard read(out.fileHandleForReading.fileDescriptor, &byte, 1) == 1 else { break }
            if byte == UInt8(ascii: "\n") { break }
            line.append(byte)
        }
        let first = String(decoding: line, as: UTF8.self)
        guard first.hasPrefix("listening on "), let port = Int(first.split(separator: ":").last ?? "") else {
            throw BenchError("signals-serve did not start: \(first)")
        }
        self.port = port
        let handle = err.fileHandleForReading
        Thread.detachNewThread { [self] in
            var text = ""
            while case let data = handle.availableData, !data.isEmpty {
                text += String(decoding: data, as: UTF8.self)
                for line in text.split(separator: "\n") where line.hasPrefix("origin-ns ") {
                    if let value = Int64(line.dropFirst("origin-ns ".count)) { lock.withLock { originNanos = value } }
                }
            }
        }
    }

    /// When timeline time 0 was due (waits for the server to say).
    func origin() throws -> Int64 {
        let deadline = now() + 10
        while now() < deadline {
            if let origin = lock.withLock({ originNanos }) { return origin }
            usleep(1000)
        }
        throw BenchError("signals-serve did not print its origin")
    }

    /// User + system CPU seconds the server has used (from /proc).
    var cpuSeconds: Double {
        guard let stat = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return 0 }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        // After the command: state is field 3, utime field 14, stime field 15 (1-based over the whole line).
        guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// The server's resident memory in KiB (VmRSS).
    var residentKiB: Int {
        guard let status = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }) else { return 0 }
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }

    func stop() {
        process.terminate()
        process.waitUntilExit()
    }
}

/// A blocking loopback TCP connection.
func connectLoopback(port: Int) -> Int32? {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { return nil }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let result = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard result == 0 else { close(fd); return nil }
    return fd
}

/// One `GET path` (JSON body) on its own connection.
func httpGet(port: Int, path: String) -> String? {
    guard let fd = connectLoopback(port: port) else { return nil }
    defer { close(fd) }
    // HTTP/1.1 with Connection: close: the server keeps even an HTTP/1.0 connection open, so reading to the end would wait forever.
    let request = Array("GET \(path) HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n".utf8)
    _ = request.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    var all: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = read(fd, &chunk, chunk.count)
        if n <= 0 { break }
        all += chunk[0 ..< n]
    }
    let text = String(decoding: all, as: UTF8.self)
    return text.components(separatedBy: "\r\n\r\n").dropFirst().first
}

/// An SSE client on its own thread: records, for the points with ids in its window, whether they came in
/// order and how late each was read (from its deadline `origin + timestamp`).
final class SSEBenchClient: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var firstID = -1
    private(set) var lastID = -1
    /// Points with ids in the window that were skipped, or came out of order.
    private(set) var missed = 0
    private(set) var received = 0
    private(set) var failed: String?
    var lateness: [Int64] = []
    private var window = Int.max ..< Int.max
    private var origin: Int64 = 0

    var snapshot: (first: Int, last: Int) { lock.withLock { (firstID, lastID) } }

    func measure(window: Range<Int>, origin: Int64) {
        lock.withLock {
            self.window = window
            self.origin = origin
            lateness.reserveCapacity(window.count)
        }
    }

    /// Reads the stream until `shouldStop()` or the window is complete.
    func run(port: Int, shouldStop: @escaping @Sendable () -> Bool) {
        guard let fd = connectLoopback(port: port) else {
            lock.withLock { failed = "cannot connect" }
            return
        }
        defer { close(fd) }
        let request = Array("GET /v1/stream HTTP/1.1\r\nHost: localhost\r\n\r\n".utf8)
        _ = request.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var pending: [UInt8] = []
        var currentID = -1
        while !shouldStop() {
            let n = read(fd, &buffer, buffer.count)
            if n <= 0 {
                lock.withLock { failed = "the server closed the stream" }
                return
            }
            let arrival = monotonicNanos()
            pending += buffer[0 ..< n]
            var start = 0
            var done = false
            lock.lock()
            for i in 0 ..< pending.count where pending[i] == UInt8(ascii: "\n") {
                let line = pending[start ..< i]
                start = i + 1
                if line.starts(with: Array("id: ".utf8)) {
                    currentID = Int(String(decoding: line.dropFirst(4), as: UTF8.self)) ?? -1
                } else if line.starts(with: Array("data: {\"timestamp\":".utf8)) {
                    let numberStart = line.startIndex + 19
                    let numberEnd = line[numberStart...].firstIndex(of: UInt8(ascii: ",")) ?? line.endIndex
                    let timestamp = Double(String(decoding: line[numberStart ..< numberEnd], as: UTF8.self)) ?? .nan
                    if firstID < 0 { firstID = currentID }
                    if window.contains(currentID) {
                        if lastID >= window.lowerBound - 1, currentID != lastID + 1 { missed += 1 }
                        received += 1
                        lateness.append(arrival - (origin + Int64((timestamp * 1e9).rounded())))
                    }
                    lastID = currentID
                    if currentID >= window.upperBound - 1 { done = true }
                }
            }
            lock.unlock()
            pending.removeFirst(start)
            if done { return }
        }
    }
}

/// Percentile (nearest rank) of sorted values.
func percentile(_ sorted: [Int64], _ p: Double) -> Int64 {
    guard !sorted.isEmpty else { return 0 }
    return sorted[min(sorted.count - 1, max(0, Int((p * Double(sorted.count)).rounded(.up)) - 1))]
}

/// The `serve` rows: 100 SSE clients at 1 kHz (order, deadline-to-receipt, CPU per client), `GET /data`
/// under wrk, and the resident memory of a soak with clients connecting and disconnecting.
func serverRows(quick: Bool, soakSeconds: Double, wanted: (String) -> Bool) throws -> [Row] {
    let spec = "Examples/specs/shake-motion.json"
    var rows: [Row] = []
    let clientCount = quick ? 20 : 100
    let seconds = quick ? 2.0 : 10.0
    let rate = 1000.0
    let fanOut = ["missed", "deadline-to-receipt", "CPU per client"].map { "serve SSE \($0)" }
    if fanOut.contains(where: { name in ["", " p50", " p99", " max"].contains { wanted(name + $0) } }) {
        let server = try ServeProcess(spec: spec, rate: rate)
        defer { server.stop() }
        let origin = try server.origin()
        // The playback alone, for the CPU baseline.
        let idle0 = server.cpuSeconds, idleT0 = now()
        Thread.sleep(forTimeInterval: quick ? 1 : 3)
        let idleRate = (server.cpuSeconds - idle0) / (now() - idleT0)
        let clients = (0 ..< clientCount).map { _ in SSEBenchClient() }
        let stop = StopFlag()
        let group = DispatchGroup()
        for client in clients {
            group.enter()
            let thread = Thread { client.run(port: server.port, shouldStop: { stop.value }); group.leave() }
            thread.stackSize = 1 << 18
            thread.start()
        }
        // Every client reads; then a window of `seconds` of points starting 0.3 s ahead.
        let connectDeadline = now() + 30
        while clients.contains(where: { $0.snapshot.first < 0 }), now() < connectDeadline { usleep(2000) }
        guard let newest = clients.map(\.snapshot.last).max(), newest >= 0 else { throw BenchError("the SSE clients got no point") }
        let window = (newest + Int(0.3 * rate)) ..< (newest + Int(0.3 * rate) + Int(seconds * rate))
        for client in clients { client.measure(window: window, origin: origin) }
        while clients.contains(where: { $0.snapshot.last < window.lowerBound }) { usleep(1000) }
        let cpu0 = server.cpuSeconds, t0 = now()
        let waitDeadline = now() + seconds + 30
        while clients.contains(where: { $0.snapshot.last < window.upperBound - 1 && $0.failed == nil }), now() < waitDeadline { usleep(5000) }
        let cpu = server.cpuSeconds - cpu0, elapsed = now() - t0
        stop.set()
        _ = group.wait(timeout: .now() + 5)
        if let failure = clients.compactMap(\.failed).first { throw BenchError("an SSE client failed: \(failure)") }
        let expected = window.count * clientCount
        let got = clients.map(\.received).reduce(0, +)
        let missed = clients.map(\.missed).reduce(0, +) + (expected - got)
        let spread = "\(clientCount) clients × \(formatted(seconds, digits: 0)) s at \(Int(rate)) Hz: \(formatted(Double(got))) of \(formatted(Double(expected))) points read, in order"
        if wanted("serve SSE missed") {
            rows.append(Row(name: "serve SSE missed or out-of-order points", unit: "points", value: Double(missed), spread: spread))
        }
        let all = clients.flatMap(\.lateness).sorted()
        for (stat, p) in [("p50", 0.5), ("p99", 0.99), ("max", 1.0)] where wanted("serve SSE deadline-to-receipt \(stat)") {
            rows.append(Row(name: "serve SSE deadline-to-receipt \(stat)", unit: "µs", value: Double(percentile(all, p)) / 1000,
                            spread: "\(formatted(Double(all.count))) points, from each point's deadline to a client's read (target p99 < 5 ms)"))
        }
        if wanted("serve SSE CPU per client") {
            let perClient = max(0, cpu / elapsed - idleRate) / Double(clientCount) * 100
            rows.append(Row(name: "serve SSE CPU per client at 1 kHz", unit: "% of a core", value: perClient,
                            spread: "server \(formatted(cpu / elapsed * 100, digits: 0)) % of a core with \(clientCount) clients, \(formatted(idleRate * 100, digits: 1)) % playing alone"))
        }
    }
    if wanted("serve GET /data") {
        rows.append(try wrkRow(spec: spec, seconds: quick ? 3 : 10))
    }
    if wanted("serve soak") {
        rows.append(try soakRow(spec: spec, seconds: soakSeconds > 0 ? soakSeconds : (quick ? 10 : 30), clients: clientCount))
    }
    return rows
}

/// A flag set by the main thread, read by client threads.
final class StopFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var flag = false
    var value: Bool { lock.withLock { flag } }
    func set() { lock.withLock { flag = true } }
}

/// `GET /data` under wrk (Debian's package), 2 threads and 50 connections, against a 1 kHz feed.
func wrkRow(spec: String, seconds: Double) throws -> Row {
    guard let wrk = ["/usr/bin/wrk", "/usr/local/bin/wrk"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
        throw BenchError("the GET /data row needs wrk: apt-get install wrk")
    }
    let server = try ServeProcess(spec: spec, rate: 1000)
    defer { server.stop() }
    guard httpGet(port: server.port, path: "/data")?.contains("accelerometer") == true else { throw BenchError("GET /data failed") }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: wrk)
    process.arguments = ["-t2", "-c50", "-d\(Int(seconds))s", "http://127.0.0.1:\(server.port)/data"]
    let out = Pipe()
    process.standardOutput = out
    try process.run()
    let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard let line = text.split(separator: "\n").first(where: { $0.contains("Requests/sec:") }),
          let value = Double(line.split(separator: " ").last ?? "") else { throw BenchError("cannot read wrk's output: \(text)") }
    let errors = text.split(separator: "\n").first { $0.contains("Non-2xx") || $0.contains("Socket errors") }.map { ", \($0.trimmingCharacters(in: .whitespaces))" } ?? ""
    return Row(name: "serve GET /data (wrk)", unit: "req/s", value: value,
               spread: "wrk -t2 -c50 -d\(Int(seconds))s on loopback, 1 kHz feed (target ≥ 10,000)\(errors)")
}

/// Server memory over a soak: `clients` threads connect to /v1/stream, read for 0.2 to 2 s, disconnect
/// and connect again, for `seconds`; the row is the growth of VmRSS from the end of the first 20 % to the end.
func soakRow(spec: String, seconds: Double, clients: Int) throws -> Row {
    let server = try ServeProcess(spec: spec, rate: 1000)
    defer { server.stop() }
    let stop = StopFlag()
    let connections = Counter()
    let group = DispatchGroup()
    for k in 0 ..< clients {
        group.enter()
        Thread.detachNewThread {
            var seed = UInt64(k + 1) &* 0x9E37_79B9_7F4A_7C15
            while !stop.value {
                guard let fd = connectLoopback(port: server.port) else { usleep(10_000); continue }
                connections.add()
                let request = Array("GET /v1/stream HTTP/1.1\r\nHost: localhost\r\n\r\n".utf8)
                _ = request.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
                seed = seed &* 6364136223846793005 &+ 1442695040888963407
                let until = now() + 0.2 + Double(seed >> 40) / Double(1 << 24) * 1.8
                var buffer = [UInt8](repeating: 0, count: 1 << 16)
                while now() < until, !stop.value, read(fd, &buffer, buffer.count) > 0 {}
                close(fd)
            }
            group.leave()
        }
    }
    var samples: [(t: Double, kib: Int)] = []
    let t0 = now()
    while now() - t0 < seconds {
        Thread.sleep(forTimeInterval: 1)
        samples.append((now() - t0, server.residentKiB))
    }
    stop.set()
    _ = group.wait(timeout: .now() + 10)
    guard let last = samples.last, let warm = samples.first(where: { $0.t >= seconds * 0.2 }) else { throw BenchError("no memory samples") }
    let peak = samples.map(\.kib).max() ?? 0
    let mib = { (kib: Int) in Double(kib) / 1024 }
    return Row(name: "serve soak RSS growth", unit: "MiB", value: mib(last.kib - warm.kib),
               spread: "\(formatted(seconds, digits: 0)) s, \(clients) clients reconnecting (\(formatted(Double(connections.value))) connections): RSS \(formatted(mib(warm.kib), digits: 1)) MiB after warm-up, \(formatted(mib(last.kib), digits: 1)) MiB at the end, peak \(formatted(mib(peak), digits: 1)) MiB")
}

/// A thread-safe counter.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func add() { lock.withLock { count += 1 } }
}
