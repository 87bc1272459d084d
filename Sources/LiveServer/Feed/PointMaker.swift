import Formats
import Location
import NIOCore
import Navigation
import Playback
import Signals

/// What the playback thread makes of the next tick, decided under the feed's lock.
struct PointPlan: Sendable {
    enum Kind: Sendable {
        /// A held accelerometer on a source that is not a trajectory: gravity = the vector, user
        /// acceleration and rotation rate zero.
        case hold(Acceleration)
        /// The spec's signal (if it has one), rendered at the tick's global sample index.
        case spec(AnySignal?)
        /// The point read from the file.
        case file
        /// A trajectory's points, from its start at the first tick of the generation, with what
        /// `POST /update` holds over them.
        case trajectory(Trajectory, TrajectoryHolds)
    }

    var kind: Kind
    /// Bumped by every spec: the renderer starts again from the current index when it changes.
    var generation: Int
    /// The spec's route, sampled at the tick's global sample index (also under a held accelerometer).
    var route: RouteSampler?
    /// A location held by `POST /update`: it replaces the route's position and is served in `/data`.
    var heldLocation: GeoCoordinate?
}

/// The newest point, in the shapes `/data` and `/v1/point` serve.
struct LatestPoint: Sendable {
    var index: Int
    var timestamp: Double
    /// What `CMAccelerometerData` would report: user acceleration + gravity (g) for a motion.
    var accelerometer: Acceleration
    /// How the accelerometer's numbers are written (rendered samples in `Float` precision).
    var precision: PointPrecision
    /// The `signals play` line without its newline (a slice of the SSE event).
    var json: ByteBuffer
    var location: GeoCoordinate?
    /// The point of a trajectory (holds applied), whose sensors `/data` adds beside the original keys.
    var trajectory: TrajectoryPoint?
}

/// Makes points on the playback thread (and only there): renders the signal a block at a time at the
/// timeline's global sample indices, samples the route at the same indices, re-starting both from the
/// current index when the spec changes, and encodes each point once. Not thread-safe; owned by one run's
/// handler.
// confined to the playback thread: captured by the @Sendable handler, which runs only there
final class PointMaker: @unchecked Sendable {  // confined to the playback thread
    /// Frames rendered at once.
    static let blockFrames = 64

    let rate: Double
    let allocator = ByteBufferAllocator()
    private let options = RenderOptions(parallelism: .serial)
    private var generation = -1
    private var channels = 0
    private var block: [Float] = []
    private var blockStart = 0
    private var blockCount = 0
    private var routeCursor: RouteSampler.Cursor?
    /// A trajectory's generation, the tick index it started at, its block of points and the last fix.
    private var trajectoryGeneration = -1
    private var trajectoryStart = 0
    private var trajectoryBlock: [TrajectoryPoint] = []
    private var trajectoryBlockStart = 0
    private var lastFix: LocationPoint?
    private var routeGeneration = -1

    init(rate: Double) {
        self.rate = rate
    }

    /// Makes the point of `tick` as `plan` says.
    /// - Throws: ``LiveServerError`` when the index is past what the engine renders (2⁶², or 2⁴⁸ for a
    ///   route's GNSS error).
    func make(_ tick: Tick, _ plan: PointPlan) throws(LiveServerError) -> (FeedEntry, LatestPoint) {
        let location = try sampleRoute(plan, tick)
        var line: String
        var accelerometer = Acceleration(x: 0, y: 0, z: 0)
        var precision = PointPrecision.single
        switch plan.kind {
        case .hold(let v):
            let point = MotionPoint(timestamp: tick.timestamp, gravity: Acceleration(x: v.x, y: v.y, z: v.z))
            line = try PointMaker.finite { () throws(SignalError) in
                guard let location else { return try PointLineCodec.write(point, precision: .double) }
                return try PointLineCodec.write(
                    MotionLocationPoint(motion: point, location: location), precision: .double)
            }
            accelerometer = v
            precision = .double
        case .file:
            let point = tick.filePoint ?? MotionPoint(timestamp: tick.timestamp)
            line = try PointMaker.finite { () throws(SignalError) in try PointLineCodec.write(point, precision: .double)
            }
            accelerometer = PointMaker.accelerometer(point)
            precision = .double
        case .spec(let signal?):
            try prepare(signal, generation: plan.generation, index: tick.index)
            (line, accelerometer) = try PointMaker.finite { () throws(SignalError) in
                try sample(at: tick.index - blockStart, timestamp: tick.timestamp, location: location)
            }
        case .trajectory(let trajectory, let holds):
            let point = holds.applied(to: try trajectoryPoint(trajectory, plan.generation, tick))
            line = try PointMaker.finite { () throws(SignalError) in try PointLineCodec.write(point) }
            accelerometer = PointMaker.accelerometer(point.motion)
            precision = .double
            if let fix = point.location { lastFix = fix }
            let entry = FeedEntry(index: tick.index, timestamp: tick.timestamp, line: line, allocator: allocator)
            let latest = LatestPoint(
                index: tick.index, timestamp: tick.timestamp, accelerometer: accelerometer,
                precision: precision, json: entry.json, location: plan.heldLocation ?? lastFix?.coordinate,
                trajectory: point)
            return (entry, latest)
        case .spec(nil):
            // A spec without a signal is a route: its fix is the point.
            line = try PointMaker.finite { () throws(SignalError) in
                guard let location else {
                    return try PointLineCodec.write(channels: [Float](), timestamp: tick.timestamp)
                }
                return try PointLineCodec.write(location)
            }
        }
        let entry = FeedEntry(index: tick.index, timestamp: tick.timestamp, line: line, allocator: allocator)
        let latest = LatestPoint(
            index: tick.index, timestamp: tick.timestamp, accelerometer: accelerometer,
            precision: precision, json: entry.json,
            location: location?.coordinate ?? plan.heldLocation)
        return (entry, latest)
    }

    /// The trajectory's point for `tick`: point `tick.index − start` of the trajectory (it plays from its
    /// start when it is set), stamped with the tick's timestamp.
    private func trajectoryPoint(
        _ trajectory: Trajectory, _ generation: Int, _ tick: Tick
    ) throws(LiveServerError) -> TrajectoryPoint {
        if generation != trajectoryGeneration {
            trajectoryGeneration = generation
            trajectoryStart = tick.index
            trajectoryBlock = []
            lastFix = nil
        }
        let n = tick.index - trajectoryStart
        if n < trajectoryBlockStart || n >= trajectoryBlockStart + trajectoryBlock.count {
            do {
                trajectoryBlock = try trajectory.points(first: n, count: PointMaker.blockFrames, rate: rate)
            } catch {
                throw LiveServerError(.unavailable, "the trajectory reached point \(n): \(error.message)")
            }
            trajectoryBlockStart = n
        }
        var point = trajectoryBlock[n - trajectoryBlockStart]
        point.motion.timestamp = tick.timestamp
        point.location?.timestamp = tick.timestamp
        return point
    }

    /// Runs a finite check of a point about to be served (the point-line codec's writer makes it): a number
    /// that is not finite ends the run with an error (its status says why) instead of reaching a client,
    /// since JSON has no NaN or infinity. Every spec is range-checked when it is set (`PUT /v1/spec` answers
    /// 400), so this is the last line.
    static func finite<T>(_ check: () throws(SignalError) -> T) throws(LiveServerError) -> T {
        do {
            return try check()
        } catch {
            throw LiveServerError(.internalError, "no point is served: \(error.message)")
        }
    }

    /// `userAcceleration + gravity`.
    static func accelerometer(_ p: MotionPoint) -> Acceleration {
        Acceleration(
            x: p.userAcceleration.x + p.gravity.x, y: p.userAcceleration.y + p.gravity.y,
            z: p.userAcceleration.z + p.gravity.z)
    }

    /// The route's reported fix at the tick's global sample index (its position replaced by a held
    /// location), stamped with the tick's timestamp; `nil` without a route.
    private func sampleRoute(_ plan: PointPlan, _ tick: Tick) throws(LiveServerError) -> LocationPoint? {
        guard let sampler = plan.route else { return nil }
        var point: LocationPoint
        if let held = plan.heldLocation {
            point = LocationPoint(timestamp: tick.timestamp, latitude: held.latitude, longitude: held.longitude)
        } else {
            if routeGeneration != plan.generation || routeCursor?.index != tick.index {
                do {
                    routeCursor = try sampler.cursor(at: tick.index)
                } catch {
                    throw LiveServerError(
                        .unavailable,
                        "the timeline reached sample index \(tick.index), past what the route is sampled at: \(error.message)"
                    )
                }
                routeGeneration = plan.generation
            }
            guard var cursor = routeCursor else { return nil }
            point = cursor.next().measured
            routeCursor = cursor
        }
        point.timestamp = tick.timestamp
        return point
    }

    /// Makes sure the block holds `index` rendered by the signal of `generation`.
    private func prepare(_ signal: AnySignal, generation: Int, index: Int) throws(LiveServerError) {
        if generation == self.generation, index >= blockStart, index < blockStart + blockCount { return }
        let frames = PointMaker.blockFrames
        let request: RenderRequest
        do {
            request = try RenderRequest(sampleRate: rate, startIndex: index, frameCount: frames)
        } catch {
            throw LiveServerError(
                .unavailable,
                "the timeline reached sample index \(index), past what the engine renders: \(error.message)")
        }
        if generation != self.generation {
            channels = signal.channelCount
            block = [Float](repeating: 0, count: frames * channels)
            self.generation = generation
        }
        let channelCount = channels
        let options = self.options
        block.withUnsafeMutableBufferPointer { all in
            guard let base = all.baseAddress else { return }
            signal.renderFrames(
                into: base, channelStride: frames, channelCount: channelCount, frames: 0..<frames,
                request: request, options: options)
        }
        let rendered = block
        try PointMaker.finite { () throws(SignalError) in
            try FiniteOutput.check(rendered, what: "the signal's samples \(index) ..< \(index + frames)")
        }
        blockStart = index
        blockCount = frames
    }

    /// The line and accelerometer of frame `frame` of the block (a motion with a route carries its location).
    private func sample(
        at frame: Int, timestamp: Double, location: LocationPoint?
    ) throws(SignalError) -> (String, Acceleration) {
        let stride = PointMaker.blockFrames
        let channelCount = channels
        return try block.withUnsafeBufferPointer { all throws(SignalError) -> (String, Acceleration) in
            guard let base = all.baseAddress else {
                return (
                    try PointLineCodec.write(channels: [Float](), timestamp: timestamp), Acceleration(x: 0, y: 0, z: 0)
                )
            }
            let f = base + frame
            switch channelCount {
            case MotionPoint.channelCount, 13:
                // Nine motion channels, or 13 with an attitude (its quaternion rides along in the point).
                let p = MotionPoint(timestamp: timestamp, frame: f, channelStride: stride, channelCount: channelCount)
                let line =
                    if let location {
                        try PointLineCodec.write(MotionLocationPoint(motion: p, location: location), precision: .single)
                    } else {
                        try PointLineCodec.write(p, precision: .single)
                    }
                return (line, PointMaker.accelerometer(p))
            case AxesPoint.channelCount:
                let p = AxesPoint(timestamp: timestamp, frame: f, channelStride: stride)
                return (try PointLineCodec.write(p), Acceleration(x: p.x, y: p.y, z: p.z))
            case ScalarPoint.channelCount:
                let p = ScalarPoint(timestamp: timestamp, frame: f, channelStride: stride)
                return (try PointLineCodec.write(p), Acceleration(x: p.value, y: 0, z: 0))
            default:
                let values = (0..<channelCount).map { f[$0 * stride] }
                func channel(_ c: Int) -> Double { c < values.count ? Double(values[c]) : 0 }
                return (
                    try PointLineCodec.write(channels: values, timestamp: timestamp),
                    Acceleration(x: channel(0), y: channel(1), z: channel(2))
                )
            }
        }
    }
}
