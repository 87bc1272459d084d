import Foundation
import Location
import Sensors
import Signals

extension Trajectory {
    /// The streams this trajectory produces at render rate `rate` (Hz): the truth, then each sensor present
    /// (the IMU, magnetometer and barometer at `rate` unless their spec sets one; GNSS at its own rate).
    /// - Throws: `SignalError` `.outOfRange` for a rate outside 0.001 Hz … 1 MHz.
    public func streams(rate: Double) throws(SignalError) -> [TrajectoryStream] {
        try ParameterCheck(path: "--rate").check(rate, "rate", unit: "Hz", in: 1e-3 ... 1e6)
        var list = [TrajectoryStream(kind: .truth, rate: rate)]
        if sensors.imu != nil { list.append(TrajectoryStream(kind: .imu, rate: sensors.imuRate ?? rate)) }
        if sensors.magnetometer != nil { list.append(TrajectoryStream(kind: .magnetometer, rate: sensors.magnetometerRate ?? rate)) }
        if sensors.barometer != nil { list.append(TrajectoryStream(kind: .barometer, rate: sensors.barometerRate ?? rate)) }
        if let gnss = sensors.gnss { list.append(TrajectoryStream(kind: .gnss, rate: gnss.rate)) }
        return list
    }

    /// The largest sample index plus one a stream renders (the GNSS error's span, 2⁴⁸).
    public static let sampleLimit = 1 << 48

    /// The rows of samples `samples` of `stream`, each `t` then the stream's columns, row after row.
    ///
    /// A pure function of the sample indices: bit-identical however a run is split into blocks or spread
    /// over threads. GNSS fixes inside an outage are left out (so a GNSS block may have fewer rows).
    /// Cost per block start: two WMM syntheses for the magnetic grid, the IMU's bridge knots (O(55) draws per
    /// random process), the vibration filter's 62 samples before the block, the GNSS error's O(log n) tree.
    /// - Parameters:
    ///   - stream: One of ``streams(rate:)``.
    ///   - samples: Sample indices, within `0 ..< 2⁴⁸`.
    /// - Returns: The rows, flattened: `(1 + columns.count)` numbers each.
    /// - Throws: `SignalError` `.invalidRender` for samples outside `0 ..< 2⁴⁸`, or a sensor's error.
    public func render(_ stream: TrajectoryStream, samples: Range<Int>) throws(SignalError) -> [Double] {
        try render([stream], samples: samples)[0]
    }

    /// The rows of samples `samples` of each of `streams`, as ``render(_:samples:)-(TrajectoryStream,_)`` gives
    /// them one by one (bit-identical), computing the truth once for all the streams that share a rate.
    ///
    /// Every stream renders the same sample indices, so this suits streams at one rate (a GNSS stream at
    /// its own rate is rendered alone). Sharing saves a truth state per sample per extra stream: about
    /// 0.2 µs each (the truth, the IMU, the magnetometer and the barometer at 100 Hz compute one state per
    /// sample instead of four).
    ///
    /// ```swift
    /// let streams = try drive.streams(rate: 100).filter { $0.rate == 100 }
    /// let blocks = try drive.render(streams, samples: 0 ..< 16_384)   // one array of rows per stream
    /// ```
    /// - Parameters:
    ///   - streams: Some of ``streams(rate:)``.
    ///   - samples: Sample indices, within `0 ..< 2⁴⁸`.
    /// - Returns: One array per stream, in order: its rows flattened, `(1 + columns.count)` numbers each.
    /// - Throws: `SignalError` `.invalidRender` for samples outside `0 ..< 2⁴⁸`, or a sensor's error.
    public func render(_ streams: [TrajectoryStream], samples: Range<Int>) throws(SignalError) -> [[Double]] {
        guard samples.lowerBound >= 0, samples.upperBound <= Self.sampleLimit else {
            throw SignalError(.invalidRender, "samples \(samples.lowerBound) ..< \(samples.upperBound) are outside 0 ..< 2^48")
        }
        // The streams that read the truth, by rate: those sharing a rate with another share its states.
        var shared: [Double: [TrajectoryState]] = [:]
        let truthKinds: Set<TrajectoryStream.Kind> = [.truth, .imu, .magnetometer, .barometer]
        let rates = streams.filter { truthKinds.contains($0.kind) }.map(\.rate)
        var out: [[Double]] = []
        out.reserveCapacity(streams.count)
        for stream in streams {
            let rate = stream.rate
            var states: [TrajectoryState]?
            if truthKinds.contains(stream.kind), rates.filter({ $0 == rate }).count > 1 {
                if shared[rate] == nil { shared[rate] = self.states(first: samples.lowerBound, count: samples.count, rate: rate) }
                states = shared[rate]
            }
            out.append(try render(stream, samples: samples, states: states))
        }
        return out
    }

    /// One stream's rows, from `states` (the truth of `samples` at the stream's rate) when given.
    func render(_ stream: TrajectoryStream, samples: Range<Int>, states: [TrajectoryState]?) throws(SignalError) -> [Double] {
        let rate = stream.rate
        switch stream.kind {
        case .truth:
            return truthRows(first: samples.lowerBound, count: samples.count, rate: rate, states: states)
        case .imu:
            return try renderIMU(samples, rate: rate, states: states)
        case .magnetometer:
            guard let model = try sensors.magnetometer?.at(rate: rate) else { return [] }
            let states = states ?? self.states(first: samples.lowerBound, count: samples.count, rate: rate)
            var out: [Double] = []
            out.reserveCapacity(states.count * 4)
            for (k, s) in states.enumerated() {
                let m = model.measured(s.magneticField, sample: samples.lowerBound + k)
                out.append(s.time)
                out.append(m.x)
                out.append(m.y)
                out.append(m.z)
            }
            return out
        case .barometer:
            guard let model = try sensors.barometer?.at(rate: rate) else { return [] }
            let states = states ?? self.states(first: samples.lowerBound, count: samples.count, rate: rate)
            let pressures = try model.pressures(first: samples.lowerBound, count: samples.count) { n in
                let s = states[n - samples.lowerBound]
                return (s.latitude, s.longitude, s.altitude)
            }
            var out: [Double] = []
            out.reserveCapacity(states.count * 2)
            for (s, p) in zip(states, pressures) {
                out.append(s.time)
                out.append(p)
            }
            return out
        case .gnss:
            return renderGNSS(samples, rate: rate)
        }
    }

    /// The truth's rows (``truthColumns`` after `t`), written straight into the result.
    func truthRows(first: Int, count: Int, rate: Double, states: [TrajectoryState]?) -> [Double] {
        let width = 21
        return [Double](unsafeUninitializedCapacity: width * count) { buffer, initialized in
            guard let base = buffer.baseAddress else { initialized = 0; return }
            func write(_ k: Int, _ s: TrajectoryState) {
                let r = base + width * k
                (r + 0).initialize(to: s.time); (r + 1).initialize(to: s.latitude); (r + 2).initialize(to: s.longitude)
                (r + 3).initialize(to: s.altitude)
                (r + 4).initialize(to: s.velocity.x); (r + 5).initialize(to: s.velocity.y); (r + 6).initialize(to: s.velocity.z)
                (r + 7).initialize(to: s.acceleration.x); (r + 8).initialize(to: s.acceleration.y)
                (r + 9).initialize(to: s.acceleration.z)
                (r + 10).initialize(to: s.attitude.w); (r + 11).initialize(to: s.attitude.x)
                (r + 12).initialize(to: s.attitude.y); (r + 13).initialize(to: s.attitude.z)
                (r + 14).initialize(to: s.rotationRate.x); (r + 15).initialize(to: s.rotationRate.y)
                (r + 16).initialize(to: s.rotationRate.z)
                (r + 17).initialize(to: s.altitudeAboveMeanSeaLevel); (r + 18).initialize(to: s.trueHeading)
                (r + 19).initialize(to: s.magneticHeading); (r + 20).initialize(to: Double(s.steps))
            }
            if let states {
                for (k, s) in states.enumerated() { write(k, s) }
            } else {
                forEachState(first: first, count: count, rate: rate) { k, s in write(k, s) }
            }
            initialized = width * count
        }
    }

    /// The truth at samples `first ..< first + count` at `rate` Hz, sharing the magnetic grid's nodes.
    public func states(first: Int, count: Int, rate: Double) -> [TrajectoryState] {
        var out: [TrajectoryState] = []
        out.reserveCapacity(count)
        forEachState(first: first, count: count, rate: rate) { _, s in out.append(s) }
        return out
    }

    /// Calls `body(k, state)` with the truth at sample `first + k` for `k` in `0 ..< count`, in order,
    /// sharing the magnetic grid's nodes (no array of states).
    @inline(__always)
    func forEachState(first: Int, count: Int, rate: Double, _ body: (Int, TrajectoryState) -> Void) {
        var nodes: (k: Double, b0: SIMD3<Double>, b1: SIMD3<Double>)?
        for n in first ..< first + count {
            let t = Double(n) / rate
            let k = (t / Self.magneticGridSpacing).rounded(.down)
            if nodes?.k != k {
                let b0 = nodes?.k == k - 1 ? nodes!.b1 : magneticNode(k)
                nodes = (k, b0, magneticNode(k + 1))
            }
            body(n - first, state(at: t, magnetic: (nodes!.b0, nodes!.b1, k)))
        }
    }

    /// The IMU's rows: the ideal readings plus vibration, through the IMU error model.
    func renderIMU(_ samples: Range<Int>, rate: Double, states shared: [TrajectoryState]? = nil) throws(SignalError) -> [Double] {
        guard let imu = sensors.imu, !samples.isEmpty else { return [] }
        let vibration = vehicle.vibration.scaled(by: vibrationScale)
        let filter = VibrationFilter(vibration, sampleRate: rate, seed: imu.seed)
        let count = samples.count
        var floats = [Float](repeating: 0, count: 6 * count)
        floats.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            let block = RenderBlock(base: base, channelStride: count, channelCount: 6, frameCount: count,
                                    startIndex: samples.lowerBound, sampleRate: rate)
            imu.render(into: block, .identity) { first, n, fs, out, stride in
                let shake = filter.values(first: first, count: n)
                func write(_ i: Int, _ s: TrajectoryState) {
                    out[i] = s.specificForce.x + shake[3 * i]
                    out[stride + i] = s.specificForce.y + shake[3 * i + 1]
                    out[2 * stride + i] = s.specificForce.z + shake[3 * i + 2]
                    out[3 * stride + i] = s.angularRate.x
                    out[4 * stride + i] = s.angularRate.y
                    out[5 * stride + i] = s.angularRate.z
                }
                // The shared states when the chunk lies within them (the low-pass's warm-up may start earlier).
                if let shared, fs == rate, first >= samples.lowerBound, first + n <= samples.upperBound {
                    for i in 0 ..< n { write(i, shared[first - samples.lowerBound + i]) }
                } else {
                    self.forEachState(first: first, count: n, rate: fs) { i, s in write(i, s) }
                }
            }
        }
        var out: [Double] = []
        out.reserveCapacity(7 * count)
        for i in 0 ..< count {
            out.append(Double(samples.lowerBound + i) / rate)
            for c in 0 ..< 6 { out.append(Double(floats[c * count + i])) }
        }
        return out
    }

    /// The GNSS fixes of samples `samples` (those outside outages).
    func renderGNSS(_ samples: Range<Int>, rate: Double) -> [Double] {
        guard let receiver = sensors.gnss, !samples.isEmpty else { return [] }
        let model = receiver.error
        let hasError = model.sigma > 0 || model.jitter > 0
        var cursor = hasError ? GNSSErrorProcess.Cursor(GNSSErrorProcess(model, sampleRate: rate), at: samples.lowerBound) : nil
        let velocityStreams = (0 ..< 2).map { RandomAccessNoise.streamSeed(model.seed, stream: 0x400 + UInt64($0)) }
        var out: [Double] = []
        for n in samples {
            defer { cursor?.advance() }
            let t = Double(n) / rate
            if receiver.isInOutage(t) { continue }
            let s = state(at: t, magnetic: (.zero, .zero, 0))
            var latitude = s.latitude, longitude = s.longitude, altitude = s.altitude
            if let e = cursor?.offset {
                let distance = e.horizontal
                if distance > 0 {
                    let p = Geodesic.wgs84.direct(from: GeoCoordinate(latitude: latitude, longitude: longitude),
                                                  azimuth: atan2(e.east, e.north) * 180 / .pi, distance: distance)
                    latitude = p.latitude
                    longitude = p.longitude
                }
                altitude += e.up
            }
            var ve = s.velocity.x, vn = s.velocity.y
            if receiver.velocitySigma > 0 {
                ve += receiver.velocitySigma * RandomAccessNoise.normal(streamSeed: velocityStreams[0], index: n)
                vn += receiver.velocitySigma * RandomAccessNoise.normal(streamSeed: velocityStreams[1], index: n)
            }
            let speed = (ve * ve + vn * vn).squareRoot()
            let course = speed > 0 ? Self.wrapDegrees(atan2(ve, vn) * 180 / .pi) : -1
            out += [t, latitude, longitude, altitude, speed, course,
                    hasError ? model.horizontalAccuracy : 0, hasError ? model.verticalAccuracy : 0]
        }
        return out
    }
}
