import Dispatch
import Foundation
import InternalUtilities

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("signals-serve")
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            throw BenchError(
                "no signals-serve beside the bench (\(executable.path)); build it first: swift build -c release --product signals-serve (make bench does)"
            )
        }
        process.executableURL = executable
        // BENCH_SERVE_ARGS adds options to the server's command line (`BENCH_SERVE_ARGS="--write-window 3"`).
        let extra =
            ProcessInfo.processInfo.environment["BENCH_SERVE_ARGS"].map { $0.split(separator: " ").map(String.init) }
            ?? []
        process.arguments = [spec, "--port", "0", "--rate", "\(rate)", "--print-origin"] + extra
        let out = Pipe()
        let err = Pipe()
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
            let close = stat.lastIndex(of: ")")
        else { return 0 }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        // After the command: state is field 3, utime field 14, stime field 15 (1-based over the whole line).
        guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// The server's open file descriptors (/proc/PID/fd).
    var openDescriptors: Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(process.processIdentifier)/fd").count) ?? -1
    }

    /// The server's resident memory in KiB (VmRSS).
    var residentKiB: Int {
        guard let status = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") })
        else { return 0 }
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
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
    }
    guard result == 0 else {
        close(fd)
        return nil
    }
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
        all += chunk[0..<n]
    }
    let text = String(decoding: all, as: UTF8.self)
    return text.components(separatedBy: "\r\n\r\n").dropFirst().first
}

/// Percentile (nearest rank) of sorted values.
func percentile(_ sorted: [Int64], _ p: Double) -> Int64 {
    guard !sorted.isEmpty else { return 0 }
    return sorted[min(sorted.count - 1, max(0, Int((p * Double(sorted.count)).rounded(.up)) - 1))]
}

/// The names of the `serve` rows, for `--filter` (every one contains "serve"; the fan-out ones "fleet").
let serveRowNames: [String] = {
    var names: [String] = []
    for scenario in FanOutScenario.all {
        names += [
            "missed", "deadline-to-receipt p50", "deadline-to-receipt p99", "deadline-to-receipt max", "CPU per client",
        ].map { "\(scenario.name) \($0)" }
    }
    return names + ["serve GET /data (wrk)", "serve soak RSS growth", "serve soak file descriptor growth"]
}()

/// One fan-out measurement: `clients` streams (plus `stalled` that never read) of a feed at `rate`.
struct FanOutScenario {
    var name: String
    var kind: FleetClients.Kind
    var clients: Int
    var stalled = 0
    var rate: Double
    /// The p99 target, in ms.
    var target: Double

    static let all = [
        FanOutScenario(name: "serve fleet 100 SSE × 1 kHz", kind: .sse, clients: 100, rate: 1000, target: 5),
        FanOutScenario(name: "serve fleet 100 WebSocket × 1 kHz", kind: .ws, clients: 100, rate: 1000, target: 5),
        FanOutScenario(name: "serve fleet 1000 SSE × 100 Hz", kind: .sse, clients: 1000, rate: 100, target: 20),
        FanOutScenario(
            name: "serve fleet 99 SSE × 1 kHz + 1 stalled", kind: .sse, clients: 99, stalled: 1, rate: 1000, target: 5),
    ]

    /// The CI-sized version: a fifth of the clients.
    var quick: FanOutScenario {
        var q = self
        q.clients = max(1, clients / 5)
        return q
    }
}

/// What one fan-out run measured.
struct FanOutResult {
    var received: Int
    var missed: Int
    var expected: Int
    /// Nanoseconds, sorted.
    var lateness: [Int64]
    /// Server CPU, fraction of a core, with the clients and playing alone.
    var serverCPU: Double
    var idleCPU: Double
}

/// Runs a fan-out scenario for `seconds` of points against a fresh `signals-serve`.
func runFanOut(_ scenario: FanOutScenario, spec: String, seconds: Double, idleSeconds: Double) throws -> FanOutResult {
    let server = try ServeProcess(spec: spec, rate: scenario.rate)
    defer { server.stop() }
    let origin = try server.origin()
    let idle0 = server.cpuSeconds
    let idleT0 = now()
    Thread.sleep(forTimeInterval: idleSeconds)
    let idleCPU = (server.cpuSeconds - idle0) / (now() - idleT0)
    let clients = try FleetClients(
        kind: scenario.kind, port: server.port, count: scenario.clients, stalled: scenario.stalled)
    let stop = StopFlag()
    let finished = DispatchSemaphore(value: 0)
    let reader = Thread {
        clients.run(shouldStop: { stop.value })
        finished.signal()
    }
    reader.start()
    defer {
        stop.set()
        finished.wait()
    }
    // Every client reads; then a window of `seconds` of points starting 0.5 s ahead.
    let connectDeadline = now() + 30
    while clients.progress.slowestFirst < 0, clients.failure == nil, now() < connectDeadline { usleep(2000) }
    if let failure = clients.failure { throw BenchError("\(scenario.name): a client failed: \(failure)") }
    let newest = clients.progress.newest
    guard newest >= 0, clients.progress.slowestFirst >= 0 else {
        throw BenchError("\(scenario.name): not every client got a point within 30 s")
    }
    let lead = Int(0.5 * scenario.rate)
    let window = (newest + lead)..<(newest + lead + Int(seconds * scenario.rate))
    clients.measure(window: window, origin: origin)
    while clients.progress.slowestLast < window.lowerBound, clients.failure == nil, now() < connectDeadline + 30 {
        usleep(1000)
    }
    let cpu0 = server.cpuSeconds
    let t0 = now()
    let waitDeadline = now() + seconds + 30
    while clients.progress.slowestLast < window.upperBound - 1, clients.failure == nil, now() < waitDeadline {
        usleep(5000)
    }
    let serverCPU = (server.cpuSeconds - cpu0) / (now() - t0)
    if let failure = clients.failure { throw BenchError("\(scenario.name): a client failed: \(failure)") }
    let (received, missed, lateness) = clients.results()
    return FanOutResult(
        received: received, missed: missed, expected: window.count * scenario.clients, lateness: lateness,
        serverCPU: serverCPU, idleCPU: idleCPU)
}

/// The `serve` rows: the fan-out scenarios (order, deadline-to-receipt, CPU per client), `GET /data` under
/// wrk, and the resident memory and descriptors of a soak with clients connecting and disconnecting.
func serverRows(quick: Bool, soakSeconds: Double, wanted: (String) -> Bool) throws -> [Row] {
    let spec = "Examples/specs/shake-motion.json"
    var rows: [Row] = []
    let seconds = quick ? 2.0 : 10.0
    var readingP99: [String: Double] = [:]
    for full in FanOutScenario.all {
        let scenario = quick ? full.quick : full
        let names = serveRowNames.filter { $0.hasPrefix(full.name + " ") }
        guard names.contains(where: wanted) else { continue }
        let result = try runFanOut(scenario, spec: spec, seconds: seconds, idleSeconds: quick ? 1 : 3)
        let stalled = scenario.stalled > 0 ? " (\(scenario.stalled) more connected and never read)" : ""
        let perClient = max(0, result.serverCPU - result.idleCPU) / Double(scenario.clients) * 100
        let p99 = Double(percentile(result.lateness, 0.99)) / 1000
        readingP99[full.name] = p99
        if wanted("\(full.name) missed") {
            rows.append(
                Row(
                    name: "\(full.name) missed", unit: "points", value: Double(result.missed),
                    spread:
                        "\(scenario.clients) clients\(stalled) × \(formatted(seconds, digits: 0)) s at \(formatted(scenario.rate, digits: 0)) Hz: \(formatted(Double(result.received))) of \(formatted(Double(result.expected))) points read, in order (target 0)"
                ))
        }
        for (stat, p) in [("p50", 0.5), ("p99", 0.99), ("max", 1.0)]
        where wanted("\(full.name) deadline-to-receipt \(stat)") {
            var spread =
                "\(formatted(Double(result.lateness.count))) points, from each point's deadline to a client's read (target p99 < \(formatted(scenario.target, digits: 0)) ms)"
            if scenario.stalled > 0, stat == "p99", let reference = readingP99[FanOutScenario.all[0].name] {
                spread +=
                    "; \(formatted(p99 / reference * 100 - 100, digits: 0)) % against the 100 readers' \(formatted(reference, digits: 0)) µs (target within 20 %)"
            }
            rows.append(
                Row(
                    name: "\(full.name) deadline-to-receipt \(stat)", unit: "µs",
                    value: Double(percentile(result.lateness, p)) / 1000, spread: spread))
        }
        if wanted("\(full.name) CPU per client") {
            rows.append(
                Row(
                    name: "\(full.name) CPU per client", unit: "% of a core", value: perClient,
                    spread:
                        "server \(formatted(result.serverCPU * 100, digits: 0)) % of a core with \(scenario.clients + scenario.stalled) clients, \(formatted(result.idleCPU * 100, digits: 1)) % playing alone (target ≤ 0.3 % at 1 kHz)"
                ))
        }
    }
    if wanted("serve GET /data (wrk)") {
        rows.append(try wrkRow(spec: spec, seconds: quick ? 3 : 10))
    }
    if wanted("serve soak RSS growth") || wanted("serve soak file descriptor growth") {
        rows += try soakRows(
            spec: spec, seconds: soakSeconds > 0 ? soakSeconds : (quick ? 10 : 30), clients: quick ? 20 : 100)
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
    guard
        let wrk = ["/usr/bin/wrk", "/usr/local/bin/wrk"].first(where: {
            FileManager.default.isExecutableFile(atPath: $0)
        })
    else {
        throw BenchError("the GET /data row needs wrk: apt-get install wrk")
    }
    let server = try ServeProcess(spec: spec, rate: 1000)
    defer { server.stop() }
    guard httpGet(port: server.port, path: "/data")?.contains("accelerometer") == true else {
        throw BenchError("GET /data failed")
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: wrk)
    process.arguments = ["-t2", "-c50", "-d\(Int(seconds))s", "http://127.0.0.1:\(server.port)/data"]
    let out = Pipe()
    process.standardOutput = out
    try process.run()
    let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard let line = text.split(separator: "\n").first(where: { $0.contains("Requests/sec:") }),
        let value = Double(line.split(separator: " ").last ?? "")
    else { throw BenchError("cannot read wrk's output: \(text)") }
    let errors =
        text.split(separator: "\n").first { $0.contains("Non-2xx") || $0.contains("Socket errors") }.map {
            ", \($0.trimmingCharacters(in: .whitespaces))"
        } ?? ""
    return Row(
        name: "serve GET /data (wrk)", unit: "req/s", value: value,
        spread: "wrk -t2 -c50 -d\(Int(seconds))s on loopback, 1 kHz feed (target ≥ 10,000)\(errors)")
}

/// Server memory and descriptors over a soak: `clients` threads connect to /v1/stream, read for 0.2 to 2 s,
/// disconnect and connect again, for `seconds`; the rows are the growth of VmRSS and of open file
/// descriptors from the end of the first 20 % (the warm-up) to the end.
func soakRows(spec: String, seconds: Double, clients: Int) throws -> [Row] {
    let server = try ServeProcess(spec: spec, rate: 1000)
    defer { server.stop() }
    guard httpGet(port: server.port, path: "/v1/status") != nil else {
        throw BenchError("the soak's server does not answer")
    }
    let idleFDs = server.openDescriptors
    let stop = StopFlag()
    let connections = Counter()
    let group = DispatchGroup()
    for k in 0..<clients {
        group.enter()
        Thread.detachNewThread {
            var seed = UInt64(k + 1) &* 0x9E37_79B9_7F4A_7C15
            while !stop.value {
                guard let fd = connectLoopback(port: server.port) else {
                    usleep(10_000)
                    continue
                }
                connections.add()
                let request = Array("GET /v1/stream HTTP/1.1\r\nHost: localhost\r\n\r\n".utf8)
                _ = request.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
                seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let until = now() + 0.2 + Double(seed >> 40) / Double(1 << 24) * 1.8
                var buffer = [UInt8](repeating: 0, count: 1 << 16)
                while now() < until, !stop.value, read(fd, &buffer, buffer.count) > 0 {}
                close(fd)
            }
            group.leave()
        }
    }
    var samples: [(t: Double, kib: Int, fds: Int)] = []
    let t0 = now()
    while now() - t0 < seconds {
        Thread.sleep(forTimeInterval: 1)
        samples.append((now() - t0, server.residentKiB, server.openDescriptors))
    }
    stop.set()
    _ = group.wait(timeout: .now() + 10)
    // Every client has closed: the descriptors the server still holds are its own, not connections.
    Thread.sleep(forTimeInterval: 1)
    let settledFDs = server.openDescriptors
    guard let last = samples.last, let warm = samples.first(where: { $0.t >= seconds * 0.2 }) else {
        throw BenchError("no memory samples")
    }
    let peak = samples.map(\.kib).max() ?? 0
    let mib = { (kib: Int) in Double(kib) / 1024 }
    let what =
        "\(formatted(seconds, digits: 0)) s, \(clients) clients reconnecting (\(formatted(Double(connections.value))) connections)"
    return [
        Row(
            name: "serve soak RSS growth", unit: "MiB", value: mib(last.kib - warm.kib),
            spread:
                "\(what): RSS \(formatted(mib(warm.kib), digits: 1)) MiB after warm-up, \(formatted(mib(last.kib), digits: 1)) MiB at the end, peak \(formatted(mib(peak), digits: 1)) MiB (target < 5 MiB)"
        ),
        Row(
            name: "serve soak file descriptor growth", unit: "descriptors", value: Double(settledFDs - idleFDs),
            spread:
                "\(what): \(idleFDs) open before the clients came, \(warm.fds) after warm-up and \(last.fds) at the end with clients connected, \(settledFDs) once they all left (target 0)"
        ),
    ]
}

/// A thread-safe counter.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func add() { lock.withLock { count += 1 } }
}
