import Dispatch
import Foundation
import Playback
import SensorFeeds
import Signals

// Rows for the app-side managers (SensorFeeds): the end-to-end latency from a point's deadline on a
// `signals-serve` child to the call of a `SimulatedMotionManager` handler in this process (SSE and
// WebSocket over loopback, the client's own POSIX-socket reader), and the handler-call rate of the manager in process.

/// Handler-call latencies, in nanoseconds from each point's deadline.
final class LatencyLog: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Int64] = []
    private var count = 0
    private var errorCount = 0
    let origin: Int64
    let skipBefore: Double

    init(origin: Int64, skipBefore: Double) {
        self.origin = origin
        self.skipBefore = skipBefore
        values.reserveCapacity(1 << 16)
    }

    func add(_ timestamp: Double) {
        let t = monotonicNanos()
        lock.withLock {
            count += 1
            if timestamp >= skipBefore { values.append(t - origin - Int64((timestamp * 1e9).rounded())) }
        }
    }

    func fail() { lock.withLock { errorCount += 1 } }

    var sorted: [Int64] { lock.withLock { values.sorted() } }
    var errors: Int { lock.withLock { errorCount } }

    /// The `p50` and `p99` rows (µs) of the latencies logged for the bench `name`, those `wanted`; each
    /// row's spread gives the count of updates then `updates`, the largest latency, the errors, and `path`
    /// (what was timed).
    /// - Throws: ``BenchError`` when no update reached `handler` ("the handler", "a handler").
    func percentileRows(
        _ name: String, handler: String, updates: String, path: String, wanted: (String) -> Bool
    ) throws -> [Row] {
        let all = sorted
        guard !all.isEmpty else { throw BenchError("\(name): no update reached \(handler) (\(errors) errors)") }
        return [("p50", 0.5), ("p99", 0.99)].filter { wanted("\(name) \($0.0)") }.map { stat, p in
            Row(
                name: "\(name) \(stat)", unit: "µs", value: Double(percentile(all, p)) / 1000,
                spread:
                    "\(formatted(Double(all.count))) updates\(updates), max \(formatted(Double(all.last ?? 0) / 1000)) µs, \(errors) errors; \(path)"
            )
        }
    }
}

/// A row of handler calls per second: the median of `rates` over the runs, their range then `detail` as
/// its spread.
func callRateRow(_ name: String, rates: [Double], detail: String) -> Row {
    let t = Timing(seconds: rates)
    return Row(
        name: name, unit: "calls/s", value: t.median, spread: "\(formatted(t.min)) … \(formatted(t.max)); \(detail)")
}

/// The `feeds` rows.
func feedRows(quick: Bool, wanted: (String) -> Bool) throws -> [Row] {
    var rows: [Row] = []
    let spec = "Examples/specs/shake-motion.json"
    for (transport, scheme) in [("SSE", "http"), ("WebSocket", "ws")] {
        for (label, rate) in [("100 Hz", 100.0), ("1 kHz", 1000.0)] {
            let name = "feeds \(transport) deadline-to-handler \(label)"
            guard wanted(name + " p50") || wanted(name + " p99") else { continue }
            let server = try ServeProcess(spec: spec, rate: rate)
            defer { server.stop() }
            let origin = try server.origin()
            let seconds = quick ? 2.0 : 10.0
            // Skip the first half second of the timeline the client sees (connection set-up).
            let startAt = Double(monotonicNanos() - origin) / 1e9 + 0.5
            let log = LatencyLog(origin: origin, skipBefore: startAt)
            let manager = SimulatedMotionManager(source: .server(URL(string: "\(scheme)://127.0.0.1:\(server.port)")!))
            manager.deviceMotionUpdateInterval = 1 / rate
            let queue = OperationQueue()
            queue.maxConcurrentOperationCount = 1
            manager.startDeviceMotionUpdates(to: queue) { m, e in
                if let m { log.add(m.timestamp) } else if e != nil { log.fail() }
            }
            Thread.sleep(forTimeInterval: 0.5 + seconds)
            manager.stopDeviceMotionUpdates()
            rows += try log.percentileRows(
                name, handler: "the handler", updates: "",
                path: "server deadline to handler call on an OperationQueue (target p99 < 5 ms)", wanted: wanted)
        }
    }
    let name = "feeds manager handler calls in process"
    if wanted(name) {
        // A 1 MHz motion at a 1 µs interval on a clock that jumps to each deadline: the rate is the
        // manager's own (Runner, exact-tick decimation, delivery gate, OperationQueue), not the clock's.
        let count = quick ? 200_000 : 1_000_000
        var rates: [Double] = []
        var dropped = 0
        for _ in 0..<(quick ? 2 : 5) {
            let manager = SimulatedMotionManager(
                source: .signal(benchMotion(), sampleRate: 1e6, duration: Double(count) / 1e6),
                clock: ManualClock(autoAdvance: true))
            manager.deviceMotionUpdateInterval = 1e-6
            let queue = OperationQueue()
            queue.maxConcurrentOperationCount = 1
            let calls = CallCounter()
            let done = DispatchSemaphore(value: 0)
            let t0 = now()
            manager.startDeviceMotionUpdates(to: queue) { _, _ in calls.add() }
            // The source ends after `count` updates; wait for the queue to drain.
            while calls.value + manager.droppedUpdates < count, now() - t0 < 60 {
                _ = done.wait(timeout: .now() + 0.001)
            }
            let elapsed = now() - t0
            queue.waitUntilAllOperationsAreFinished()
            rates.append(Double(calls.value) / elapsed)
            dropped += manager.droppedUpdates
            manager.stopDeviceMotionUpdates()
        }
        rows.append(
            callRateRow(
                name, rates: rates,
                detail:
                    "empty handler on a serial OperationQueue, \(dropped) dropped (queue > 1024 behind) (target ≥ 100 k/s)"
            ))
    }
    return rows
}

/// Counts handler calls.
final class CallCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var n = 0
    func add() { lock.withLock { n += 1 } }
    var value: Int { lock.withLock { n } }
}
