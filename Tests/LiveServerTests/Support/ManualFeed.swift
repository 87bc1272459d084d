import Formats
import Foundation
import InternalUtilities
import Playback
import SignalRunnerTesting
import Signals
import Specs
import Testing

@testable import LiveServer

/// A feed on a manual clock: it plays only as far as the test advances the clock, so every point lands
/// at a known index without sleeping.
struct ManualFeed {
    let clock = ManualClock()
    let feed: LiveFeed
    let rate: Double

    /// A feed of a spec given as JSON text.
    init(_ spec: String, rate: Double = 100, replaySeconds: Double = 10, batchLimit: Int = 512) throws {
        self.rate = rate
        let options = FeedOptions(sampleRate: rate, replaySeconds: replaySeconds, batchLimit: batchLimit)
        feed = try LiveFeed(
            source: LiveSource.spec(json: Data(spec.utf8), sampleRate: rate), options: options, clock: clock)
    }

    /// A feed of a spec on an epoch's timeline, its wall clock read from `now` (Unix seconds).
    init(_ spec: String, rate: Double = 100, epoch: Double, now: @escaping @Sendable () -> Double) throws {
        self.rate = rate
        let options = FeedOptions(sampleRate: rate, epoch: epoch)
        feed = try LiveFeed(
            source: LiveSource.spec(json: Data(spec.utf8), sampleRate: rate), options: options, clock: clock,
            wallClock: now)
    }

    /// A feed of a point file (text in a temporary file with the given extension).
    init(points text: String, extension ext: String = "csv", rate: Double = 100, loop: Bool = false) throws {
        self.rate = rate
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("live-\(UUID().uuidString).\(ext)")
        try Data(text.utf8).write(to: url)
        let options = FeedOptions(sampleRate: rate, loop: loop)
        feed = try LiveFeed(source: LiveSource.load(url.path, options: options), options: options, clock: clock)
    }

    /// A started feed of a spec given as JSON text that has made points 0 through `last`.
    static func started(
        _ spec: String, through last: Int = 0, rate: Double = 100,
        replaySeconds: Double = 10
    ) async throws -> ManualFeed {
        let f = try ManualFeed(spec, rate: rate, replaySeconds: replaySeconds)
        try await f.start()
        if last > 0 { try await f.advance(points: last) }
        return f
    }

    /// A started feed of `first` (JSON text) that has made points 0 through `index - 1`, then switched to
    /// `second` from point `index` and advanced as many points again: the feed, and its lines from point 0
    /// through point `2 * index - 1`, whose indexes must be those, one each.
    static func switched(
        from first: String, to second: String, at index: Int
    ) async throws -> (feed: ManualFeed, lines: [(index: Int, line: String)]) {
        let f = try await started(first, through: index - 1)
        try await f.switchSpec(to: second, thenAdvance: index)
        let lines = await f.lines(from: 0, through: 2 * index - 1)
        #expect(lines.map(\.index) == Array(0..<(2 * index)))
        return (f, lines)
    }

    /// The first batch of an SSE subscription from after point `index` (at the feed's own rate), which is
    /// then closed; it must come.
    func firstBatch(after index: Int) async throws -> FeedBatch {
        let subscription = feed.subscribe(.sse, from: .after(index), rate: nil)
        defer { subscription.close() }
        return try #require(await subscription.next())
    }

    /// Opens `GET /v1/stream` (it must be 200) on a live server over a feed of `spec` that has made points 0
    /// through 5, makes 20 more points and reads the events through point 25 (their ids must be 5 through
    /// 25); `body` gets the feed, the stream (closed when it returns), the events and the comments.
    static func testStream(
        _ spec: String,
        _ body:
            @Sendable (ManualFeed, AsyncSSEClient, [(id: Int, data: String)], _ comments: [String]) async throws ->
            Void
    ) async throws {
        try await testLive(spec, through: 5) { f, port in
            let sse = try await AsyncSSEClient.open(port: port, path: "/v1/stream")
            #expect(sse.status == 200)
            // The head goes out before the stream subscribes (Hummingbird writes it, then runs the body), so
            // the first event, the newest point, is what says the stream is on; then the timeline moves.
            var comments: [String] = []
            var events = try await sse.events(through: 5, comments: &comments)
            try await f.advance(points: 20)
            events += try await sse.events(through: 25, comments: &comments)
            #expect(events.map(\.id) == Array(5...25))
            try await body(f, sse, events, comments)
            await sse.close()
        }
    }

    /// A started feed of a point file (text in a temporary file with the given extension).
    static func started(
        points text: String, extension ext: String = "csv", loop: Bool = false
    ) async throws -> ManualFeed {
        let f = try ManualFeed(points: text, extension: ext, loop: loop)
        try await f.start()
        return f
    }

    /// Starts playing and waits until point 0 is made (the Runner then waits for point 1).
    func start() async throws {
        try feed.start()
        try await clock.awaitSleepers()
    }

    /// Nanoseconds between two points.
    var step: Int64 { Int64((1e9 / rate).rounded()) }

    /// Moves the clock on by `count` points and waits until they are made.
    func advance(points count: Int) async throws {
        clock.advance(by: .nanoseconds(Int64(count) * step))
        try await clock.awaitSleepers()
    }

    /// Replaces the spec (JSON text) from the next index, then moves the clock on by `count` points.
    func switchSpec(to spec: String, thenAdvance count: Int) async throws {
        try feed.replaceSpec(json: Data(spec.utf8))
        try await advance(points: count)
    }

    /// Moves the clock on by `seconds` and waits until the points due are made.
    func advance(seconds: Double) async throws {
        clock.advance(by: .nanoseconds(Int64((seconds * 1e9).rounded())))
        try await clock.awaitSleepers()
    }

    /// Moves the clock far on and waits until a point file's run has finished (the feed has no event for
    /// it: a poll, bounded for a failing test, not a timing the test relies on).
    func finish() async throws {
        clock.advance(by: .seconds(3600))
        try await ConnectionLimiterTests.waitUntil("the point file's run has finished") { feed.summary != nil }
    }

    /// Every point a fresh stream reads from index `first` through `last` (all must be in the ring).
    func lines(from first: Int, through last: Int) async -> [(index: Int, line: String)] {
        let subscription = feed.subscribe(.sse, from: .after(first - 1), rate: nil)  // -1: from index 0
        defer { subscription.close() }
        var out: [(index: Int, line: String)] = []
        while out.last.map({ $0.index < last }) ?? true, let batch = await subscription.next() {
            for entry in batch.entries where entry.index <= last {
                out.append((entry.index, String(buffer: entry.json)))
            }
        }
        return out
    }
}

/// The `signals play` line of `spec` at sample `index` and `rate`, from an independent render.
func expectedLine(_ spec: String, rate: Double, index: Int) throws -> String {
    let signal = try AnySignal(json: Data(spec.utf8))
    let buffer = try signal.render(sampleRate: rate, startIndex: index, frameCount: 1)
    let t = Double(index) / rate
    let s = buffer.samples.map(Double.init)
    switch signal.channelCount {
    case 9:
        return try PointLine.motion(
            MotionPoint(
                timestamp: t, userAcceleration: Acceleration(x: s[0], y: s[1], z: s[2]),
                gravity: Acceleration(x: s[3], y: s[4], z: s[5]),
                rotationRate: RotationRate(x: s[6], y: s[7], z: s[8])), precision: .single)
    case 3: return try PointLine.axes(AxesPoint(timestamp: t, x: s[0], y: s[1], z: s[2]))
    case 1: return try PointLine.scalar(ScalarPoint(timestamp: t, value: s[0]))
    default: return try PointLine.channels(timestamp: t, buffer.samples)
    }
}

/// A JSON object from text, read by the package's strict reader (numbers exact: Foundation's reader on
/// Linux does not always give the nearest `Double`).
func object(_ text: String) throws -> [String: Any] {
    func plain(_ value: JSONValue) -> Any {
        switch value {
        case .object(let o):
            return Dictionary(o.members.map { ($0.key, plain($0.value)) }, uniquingKeysWith: { a, _ in a })
        case .array(let a): return a.map(plain)
        case .string(let s): return s
        case .number(let n): return n.value
        case .bool(let b): return b
        case .null: return NSNull()
        }
    }
    guard let value = plain(try JSONValue.parse(Data(text.utf8))) as? [String: Any] else {
        throw TestingError.failure("not an object: \(text)")
    }
    return value
}

/// `x`, `y`, `z` of a vector object.
func xyz(_ value: Any?) -> [Double]? {
    guard let v = value as? [String: Any], Set(v.keys) == ["x", "y", "z"] else { return nil }
    return ["x", "y", "z"].compactMap { v[$0] as? Double }
}

enum TestSpecs {
    static let sine = #"{"sine": {"amplitude": 2, "frequency": 1, "phase": 0.2, "offset": 0.5}}"#
    static let square = #"{"square": {"amplitude": 0.5, "frequency": 5}}"#
    static let gravity =
        #"{"axes": {"x": {"sine": {"amplitude": 0.2, "frequency": 0.5}}, "z": {"offset": {"by": -0.98, "signal": {"noise": {"amplitude": 0.01, "seed": 3}}}}}}"#
    static func motion(ua: String) -> String {
        #"{"motion": {"userAcceleration": \#(ua), "gravity": \#(gravity)}}"#
    }
    static let shake = motion(
        ua:
            #"{"axes": {"x": {"sine": {"amplitude": 1.5, "frequency": 4}}, "z": {"noise": {"amplitude": 0.02, "seed": 1}}}}"#
    )
    static let calm = motion(ua: #"{"axes": {"y": {"triangle": {"amplitude": 0.3, "frequency": 2}}}}"#)
}
