import Formats
import Foundation
import Location
import Sensors
import Signals

extension Trajectory {
    /// The render rates a trajectory takes, Hz: 0.001 … 1 MHz (see ``series(rate:)``).
    public static let renderRates: ClosedRange<Double> = 1e-3...1e6

    /// The streams this trajectory produces at render rate `rate` (Hz): the truth, then each sensor present
    /// (the IMU, magnetometer and barometer at `rate` unless their spec sets one; GNSS at its own rate).
    /// - Throws: `SignalError` `.outOfRange` for a rate outside ``renderRates``, 0.001 Hz … 1 MHz, or at
    ///   `$.trajectory.sensors.imu.TERM` for an IMU term that does not suit the IMU's rate (a low-pass too slow for it).
    public func series(rate: Double) throws(SignalError) -> [TrajectorySeries] {
        try ParameterCheck(path: "--rate").check(rate, "rate", unit: "Hz", in: Self.renderRates)
        try sensors.imu?.validate(path: TrajectorySensors.imuPath, sampleRate: sensors.imuRate ?? rate)
        var list = [TrajectorySeries(kind: .truth, rate: rate)]
        if sensors.imu != nil { list.append(TrajectorySeries(kind: .imu, rate: sensors.imuRate ?? rate)) }
        if sensors.magnetometer != nil {
            list.append(TrajectorySeries(kind: .magnetometer, rate: sensors.magnetometerRate ?? rate))
        }
        if sensors.barometer != nil {
            list.append(TrajectorySeries(kind: .barometer, rate: sensors.barometerRate ?? rate))
        }
        if let gnss = sensors.gnss { list.append(TrajectorySeries(kind: .gnss, rate: gnss.rate)) }
        return list
    }

    /// The largest sample index plus one a stream renders (the GNSS error's span, 2⁴⁸).
    public static let sampleLimit = 1 << 48

    /// The rows of samples `samples` of `stream`, each `t` then the stream's columns, row after row.
    ///
    /// A pure function of the sample indices: bit-identical however a run is split into blocks or spread
    /// over threads. GNSS fixes inside an outage are left out (so a GNSS block may have fewer rows).
    /// Cost per block start (bench, one core): 8.5 µs for the truth (two nodes of the 1 s grid: a WMM2025
    /// synthesis and a geoid lookup each); with the IMU, its bridge knots (O(55) draws per random process)
    /// and, with a low-pass, the replay of up to one 1024-sample warm-up cell of ideal readings (0.95 ms for the
    /// bench's 50 Hz low-pass); the vibration filter's 62 samples before the block; the GNSS error's O(log n) tree.
    /// - Parameters:
    ///   - stream: One of ``series(rate:)``.
    ///   - samples: Sample indices, within `0 ..< 2⁴⁸`.
    /// - Returns: The rows, flattened: `(1 + columns.count)` numbers each.
    /// - Throws: `SignalError` `.invalidRender` for samples outside `0 ..< 2⁴⁸`, or a sensor's error.
    public func render(_ stream: TrajectorySeries, samples: Range<Int>) throws(SignalError) -> [Double] {
        try render([stream], samples: samples)[0]
    }

    /// The rows of samples `samples` of each of `streams`, bit for bit what rendering each stream alone
    /// gives, with the truth computed once per sample for all the streams that share a rate.
    ///
    /// Every stream renders the same sample indices, so this suits streams at one rate (a GNSS stream at
    /// its own rate is rendered alone). Sharing saves a truth state per sample per extra stream, about
    /// 0.25 µs each on the bench machine (the truth, the IMU, the magnetometer and the barometer at 100 Hz
    /// compute one state per sample instead of four). A pure function of the sample indices, as
    /// ``render(_:samples:)->[Double]``.
    ///
    /// ```swift
    /// let streams = try drive.series(rate: 100).filter { $0.rate == 100 }
    /// let blocks = try drive.render(streams, samples: 0 ..< 16_384)   // one array of rows per stream
    /// ```
    /// - Parameters:
    ///   - streams: Some of ``series(rate:)``.
    ///   - samples: Sample indices, within `0 ..< 2⁴⁸`.
    /// - Returns: One array per stream, in order: its rows flattened, `(1 + columns.count)` numbers each.
    /// - Throws: `SignalError` `.invalidRender` for samples outside `0 ..< 2⁴⁸`, or a sensor's error.
    public func render(_ streams: [TrajectorySeries], samples: Range<Int>) throws(SignalError) -> [[Double]] {
        guard samples.lowerBound >= 0, samples.upperBound <= Self.sampleLimit else {
            throw SignalError(
                .invalidRender, "samples \(samples.lowerBound) ..< \(samples.upperBound) are outside 0 ..< 2^48")
        }
        var out = [[Double]](repeating: [], count: streams.count)
        var done = [Bool](repeating: false, count: streams.count)
        for i in streams.indices where !done[i] {
            let rate = streams[i].rate
            if streams[i].kind == .gnss {
                out[i] = renderGNSS(samples, rate: rate)
                done[i] = true
                continue
            }
            // The streams at this rate that read the truth: one pass, one state per sample.
            let group = streams.indices.filter { !done[$0] && streams[$0].kind != .gnss && streams[$0].rate == rate }
            let rows = try renderTogether(group.map { streams[$0].kind }, samples: samples, rate: rate)
            for (j, r) in zip(group, rows) {
                out[j] = r
                done[j] = true
            }
        }
        return out
    }

    /// The rows of the truth, IMU, magnetometer and barometer streams `kinds` (any of them, in any order) at
    /// `rate` Hz, in one pass over the samples: each state is computed once and handed to every stream (the
    /// IMU's error model drives the pass when it is there). Without the IMU, the state leaves out the ideal IMU
    /// (specific force and angular rate), which no other stream reads.
    func renderTogether(
        _ kinds: [TrajectorySeries.Kind], samples: Range<Int>, rate: Double
    ) throws(SignalError) -> [[Double]] {
        let count = samples.count
        let start = samples.lowerBound
        let magnetometer = kinds.contains(.magnetometer) ? try sensors.magnetometer?.at(rate: rate) : nil
        let barometer = kinds.contains(.barometer) ? try sensors.barometer?.at(rate: rate) : nil
        let magnetometerSeeds = magnetometer?.whiteStreamSeeds ?? SIMD3(repeating: 0)
        let wantsTruth = kinds.contains(.truth)
        let imu = kinds.contains(.imu) && count > 0 ? sensors.imu : nil
        let full = imu != nil
        let truthWidth = 1 + TrajectorySeries.columns(.truth).count
        var truthRows: [Double] = []
        var magnetometerRows: [Double] = []
        var imuRows: [Double] = []
        var positions: [Double] = []
        // Each output written in place, row k at k · width.
        truthRows = [Double](unsafeUninitializedCapacity: wantsTruth ? truthWidth * count : 0) {
            truthBuffer, truthCount in
            magnetometerRows = [Double](unsafeUninitializedCapacity: magnetometer != nil ? 4 * count : 0) {
                magnetometerBuffer, magnetometerCount in
                positions = [Double](unsafeUninitializedCapacity: barometer != nil ? 4 * count : 0) {
                    positionBuffer, positionCount in
                    /// Hands the state of sample `start + k` to every stream but the IMU.
                    func visit(_ k: Int, _ s: TrajectoryState) {
                        if wantsTruth, let base = truthBuffer.baseAddress {
                            Self.writeTruthRow(s, to: base + truthWidth * k)
                        }
                        if let magnetometer, let base = magnetometerBuffer.baseAddress {
                            let m = magnetometer.measured(
                                s.magneticField, sample: start + k, whiteStreams: magnetometerSeeds)
                            let r = base + 4 * k
                            r.initialize(to: s.time)
                            (r + 1).initialize(to: m.x)
                            (r + 2).initialize(to: m.y)
                            (r + 3).initialize(to: m.z)
                        }
                        if barometer != nil, let base = positionBuffer.baseAddress {
                            let r = base + 4 * k
                            r.initialize(to: s.latitude)
                            (r + 1).initialize(to: s.longitude)
                            (r + 2).initialize(to: s.altitude)
                            (r + 3).initialize(to: s.altitudeAboveMeanSeaLevel)
                        }
                    }
                    // The next sample to visit: the IMU's pass visits each sample of the block once, in order
                    // (its low-pass warm-up samples before the block are not visited); any left are done after.
                    var next = start
                    if let imu {
                        imuRows = renderIMU(imu, samples, rate: rate) { n, s in
                            if n == next, n < samples.upperBound {
                                visit(n - start, s)
                                next += 1
                            }
                        }
                    }
                    if next < samples.upperBound {
                        let from = next
                        forEachState(
                            first: from, count: samples.upperBound - from, rate: rate, imu: full, course: false
                        ) { k, s in
                            visit(from - start + k, s)
                        }
                    }
                    truthCount = wantsTruth ? truthWidth * count : 0
                    magnetometerCount = magnetometer != nil ? 4 * count : 0
                    positionCount = barometer != nil ? 4 * count : 0
                }
            }
        }
        var barometerRows: [Double] = []
        if let barometer {
            let pressures = try barometer.pressures(first: start, count: count) { n in
                let k = 4 * (n - start)
                return (positions[k], positions[k + 1], positions[k + 2], positions[k + 3])
            }
            barometerRows.reserveCapacity(2 * count)
            for (k, p) in pressures.enumerated() {
                barometerRows.append(Double(start + k) / rate)
                barometerRows.append(p)
            }
        }
        return kinds.map { kind in
            switch kind {
            case .truth: truthRows
            case .imu: imuRows
            case .magnetometer: magnetometerRows
            case .barometer: barometerRows
            case .gnss: []
            }
        }
    }

    /// Writes the truth's row (`t` and ``TrajectorySeries/columns(_:)`` of `.truth`) at `r` (22 numbers), by
    /// literal positions: this is the render's hot loop, and `TruthColumn`'s positions, in another module,
    /// are not inlined here (1.8 times slower). `TruthRowTests` checks every position against `TruthColumn`.
    @inline(__always)
    static func writeTruthRow(_ s: TrajectoryState, to r: UnsafeMutablePointer<Double>) {
        r.initialize(to: s.time)
        (r + 1).initialize(to: s.latitude)
        (r + 2).initialize(to: s.longitude)
        (r + 3).initialize(to: s.altitude)
        writeVector(s.velocity, to: r + 4)
        writeVector(s.acceleration, to: r + 7)
        (r + 10).initialize(to: s.attitude.w)
        (r + 11).initialize(to: s.attitude.x)
        (r + 12).initialize(to: s.attitude.y)
        (r + 13).initialize(to: s.attitude.z)
        writeVector(s.rotationRate, to: r + 14)
        (r + 17).initialize(to: s.altitudeAboveMeanSeaLevel)
        (r + 18).initialize(to: s.trueHeading)
        (r + 19).initialize(to: s.magneticHeading)
        (r + 20).initialize(to: Double(s.steps))
        (r + 21).initialize(to: s.speed)
    }

    /// Writes a vector's x, y and z at `r`, `r + 1` and `r + 2` (a part of ``writeTruthRow(_:to:)``, inlined
    /// into it: the same stores).
    @inline(__always)
    static func writeVector(_ v: SIMD3<Double>, to r: UnsafeMutablePointer<Double>) {
        r.initialize(to: v.x)
        (r + 1).initialize(to: v.y)
        (r + 2).initialize(to: v.z)
    }

    /// The truth at samples `first ..< first + count` at `rate` Hz, sharing the magnetic grid's nodes.
    public func states(first: Int, count: Int, rate: Double) -> [TrajectoryState] {
        var out: [TrajectoryState] = []
        out.reserveCapacity(count)
        forEachState(first: first, count: count, rate: rate) { _, s in out.append(s) }
        return out
    }

    /// Calls `body(k, state)` with the truth at sample `first + k` for `k` in `0 ..< count`, in order,
    /// sharing the magnetic grid's nodes (no array of states). With `imu` false the states leave the ideal
    /// IMU out (zero specific force and angular rate), with `course` false the course (0); every other field
    /// is the full state's, bit for bit.
    @inline(__always)
    func forEachState(
        first: Int, count: Int, rate: Double, imu: Bool = true, course: Bool = true,
        _ body: (Int, TrajectoryState) -> Void
    ) {
        var nodes: (k: Double, b0: GridNode, b1: GridNode)?
        var hints = SearchHints()
        for n in first..<first + count {
            let t = Double(n) / rate
            let k = (t / Self.magneticGridSpacing).rounded(.down)
            if nodes?.k != k {
                let b0 = nodes?.k == k - 1 ? nodes!.b1 : magneticNode(k)
                nodes = (k, b0, magneticNode(k + 1))
            }
            body(n - first, state(at: t, magnetic: (nodes!.b0, nodes!.b1, k), imu: imu, course: course, hints: &hints))
        }
    }

    /// The IMU's rows: the ideal readings plus vibration, through the IMU error model; `visit(n, state)` sees
    /// every state the error model reads, sample `n` (its low-pass's warm-up may start before the block).
    func renderIMU(_ imu: IMU, _ samples: Range<Int>, rate: Double, visit: (Int, TrajectoryState) -> Void) -> [Double] {
        let count = samples.count
        guard count > 0 else { return [] }
        // The vibration of the vehicle under the device: a trip's leg's from its start to the next leg's.
        let vehicles = stages.isEmpty ? [vehicle] : stages.map(\.leg.vehicle)
        let filters = vehicles.map {
            VibrationFilter($0.vibration.scaled(by: vibrationScale), sampleRate: rate, seed: imu.seed)
        }
        return withUnsafeTemporaryAllocation(of: Float.self, capacity: 6 * count) { buffer in
            guard let base = buffer.baseAddress else { return [] }
            base.initialize(repeating: 0, count: 6 * count)
            let block = RenderBlock(
                base: base, channelStride: count, channelCount: 6, frameCount: count,
                startIndex: samples.lowerBound, sampleRate: rate)
            imu.render(into: block, .identity) { first, n, fs, out, stride in
                // Each vehicle's shaking over the block, computed only for the legs the block reaches.
                let legs =
                    stages.isEmpty
                    ? 0...0 : self.stageIndex(at: Double(first) / fs)...self.stageIndex(at: Double(first + n - 1) / fs)
                var shakes = [[Double]](repeating: [], count: filters.count)
                for l in legs where !filters[l].isOff { shakes[l] = filters[l].values(first: first, count: n) }
                var caches = [VibrationFilter.Cache](repeating: VibrationFilter.Cache(), count: filters.count)
                // The current leg's filter, shaking and cache, swapped only where a trip changes leg (one
                // route never does: no copy or array access per sample).
                var leg = legs.lowerBound
                var filter = filters[leg]
                var shake = shakes[leg]
                var cache = VibrationFilter.Cache()
                let trip = !stages.isEmpty
                self.forEachState(first: first, count: n, rate: fs, course: false) { i, s in
                    if trip {
                        let now = self.stageIndex(at: Double(first + i) / fs)
                        if now != leg {
                            caches[leg] = cache
                            (leg, filter, shake, cache) = (now, filters[now], shakes[now], caches[now])
                        }
                    }
                    var v = SIMD3<Double>(0, 0, 0)
                    if !filter.isOff {
                        v = SIMD3(shake[3 * i], shake[3 * i + 1], shake[3 * i + 2])
                        if filter.vibration.referenceSpeed != nil || filter.vibration.engineRMS > 0 || filter.hasBumps {
                            v *= filter.roadGain(speed: s.speed)
                            v += filter.engine(sample: first + i, rate: fs, cache: &cache)
                            let b = filter.bump(station: s.distance, speed: s.speed, cache: &cache)
                            if b != 0 {
                                // Rᵀ (0, 0, b): b times the third row of the attitude's matrix.
                                let q = s.attitude
                                let ex: Double = 2 * (q.x * q.z - q.w * q.y)
                                let ey: Double = 2 * (q.y * q.z + q.w * q.x)
                                let ez: Double = 1 - 2 * (q.x * q.x + q.y * q.y)
                                v += SIMD3(b * ex, b * ey, b * ez)
                            }
                        }
                    }
                    out[i] = s.specificForce.x + v.x
                    out[stride + i] = s.specificForce.y + v.y
                    out[2 * stride + i] = s.specificForce.z + v.z
                    out[3 * stride + i] = s.angularRate.x
                    out[4 * stride + i] = s.angularRate.y
                    out[5 * stride + i] = s.angularRate.z
                    visit(first + i, s)
                }
            }
            return [Double](unsafeUninitializedCapacity: 7 * count) { rows, initialized in
                guard let r = rows.baseAddress else {
                    initialized = 0
                    return
                }
                for i in 0..<count {
                    (r + 7 * i).initialize(to: Double(samples.lowerBound + i) / rate)
                    for c in 0..<6 { (r + 7 * i + 1 + c).initialize(to: Double(base[c * count + i])) }
                }
                initialized = 7 * count
            }
        }
    }

    /// The GNSS fixes of samples `samples` (those outside outages).
    func renderGNSS(_ samples: Range<Int>, rate: Double) -> [Double] {
        guard let receiver = sensors.gnss, !samples.isEmpty else { return [] }
        let model = receiver.error
        let hasError = model.sigma > 0 || model.jitter > 0
        var cursor =
            hasError ? GNSSErrorProcess.Cursor(GNSSErrorProcess(model, sampleRate: rate), at: samples.lowerBound) : nil
        let velocityStreams = (0..<2).map { RandomAccessNoise.streamSeed(model.seed, stream: 0x400 + UInt64($0)) }
        var out: [Double] = []
        for n in samples {
            defer { cursor?.advance() }
            let t = Double(n) / rate
            if receiver.isInOutage(t) { continue }
            let s = state(at: t, magnetic: (.zero, .zero, 0), imu: false, course: false)
            var latitude = s.latitude
            var longitude = s.longitude
            var altitude = s.altitude
            if let e = cursor?.offset {
                let distance = e.horizontal
                if distance > 0 {
                    let p = Geodesic.wgs84.direct(
                        from: GeoCoordinate(latitude: latitude, longitude: longitude),
                        azimuth: atan2(e.east, e.north) * 180 / .pi, distance: distance)
                    latitude = p.latitude
                    longitude = p.longitude
                }
                altitude += e.up
            }
            var ve = s.velocity.x
            var vn = s.velocity.y
            if receiver.velocitySigma > 0 {
                ve += receiver.velocitySigma * RandomAccessNoise.normal(streamSeed: velocityStreams[0], index: n)
                vn += receiver.velocitySigma * RandomAccessNoise.normal(streamSeed: velocityStreams[1], index: n)
            }
            let speed = (ve * ve + vn * vn).squareRoot()
            let course = speed > 0 ? Self.wrapDegrees(atan2(ve, vn) * 180 / .pi) : -1
            out.append(t)
            out += LocationColumns.row(
                latitude: latitude, longitude: longitude, altitude: altitude, speed: speed, course: course,
                horizontalAccuracy: hasError ? model.horizontalAccuracy : 0,
                verticalAccuracy: hasError ? model.verticalAccuracy : 0)
        }
        return out
    }
}
