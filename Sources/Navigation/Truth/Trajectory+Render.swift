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
        guard samples.lowerBound >= 0, samples.upperBound <= Self.sampleLimit else {
            throw SignalError(.invalidRender, "samples \(samples.lowerBound) ..< \(samples.upperBound) are outside 0 ..< 2^48")
        }
        let rate = stream.rate
        switch stream.kind {
        case .truth:
            let states = self.states(first: samples.lowerBound, count: samples.count, rate: rate)
            var out: [Double] = []
            out.reserveCapacity(states.count * 21)
            for s in states {
                out += [s.time, s.latitude, s.longitude, s.altitude, s.velocity.x, s.velocity.y, s.velocity.z,
                        s.acceleration.x, s.acceleration.y, s.acceleration.z,
                        s.attitude.w, s.attitude.x, s.attitude.y, s.attitude.z,
                        s.rotationRate.x, s.rotationRate.y, s.rotationRate.z, s.altitudeAboveMeanSeaLevel,
                        s.trueHeading, s.magneticHeading, Double(s.steps)]
            }
            return out
        case .imu:
            return try renderIMU(samples, rate: rate)
        case .magnetometer:
            guard let model = try sensors.magnetometer?.at(rate: rate) else { return [] }
            let states = self.states(first: samples.lowerBound, count: samples.count, rate: rate)
            var out: [Double] = []
            out.reserveCapacity(states.count * 4)
            for (k, s) in states.enumerated() {
                let m = model.measured(s.magneticField, sample: samples.lowerBound + k)
                out += [s.time, m.x, m.y, m.z]
            }
            return out
        case .barometer:
            guard let model = try sensors.barometer?.at(rate: rate) else { return [] }
            let states = self.states(first: samples.lowerBound, count: samples.count, rate: rate)
            let pressures = try model.pressures(first: samples.lowerBound, count: samples.count) { n in
                let s = states[n - samples.lowerBound]
                return (s.latitude, s.longitude, s.altitude)
            }
            var out: [Double] = []
            out.reserveCapacity(states.count * 2)
            for (s, p) in zip(states, pressures) { out += [s.time, p] }
            return out
        case .gnss:
            return renderGNSS(samples, rate: rate)
        }
    }

    /// The truth at samples `first ..< first + count` at `rate` Hz, sharing the magnetic grid's nodes.
    public func states(first: Int, count: Int, rate: Double) -> [TrajectoryState] {
        var out: [TrajectoryState] = []
        out.reserveCapacity(count)
        var nodes: (k: Double, b0: SIMD3<Double>, b1: SIMD3<Double>)?
        for n in first ..< first + count {
            let t = Double(n) / rate
            let k = (t / Self.magneticGridSpacing).rounded(.down)
            if nodes?.k != k {
                let b0 = nodes?.k == k - 1 ? nodes!.b1 : magneticNode(k)
                nodes = (k, b0, magneticNode(k + 1))
            }
            out.append(state(at: t, magnetic: (nodes!.b0, nodes!.b1, k)))
        }
        return out
    }

    /// The IMU's rows: the ideal readings plus vibration, through the IMU error model.
    func renderIMU(_ samples: Range<Int>, rate: Double) throws(SignalError) -> [Double] {
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
                let states = self.states(first: first, count: n, rate: fs)
                let shake = filter.values(first: first, count: n)
                for (i, s) in states.enumerated() {
                    out[i] = s.specificForce.x + shake[3 * i]
                    out[stride + i] = s.specificForce.y + shake[3 * i + 1]
                    out[2 * stride + i] = s.specificForce.z + shake[3 * i + 2]
                    out[3 * stride + i] = s.angularRate.x
                    out[4 * stride + i] = s.angularRate.y
                    out[5 * stride + i] = s.angularRate.z
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
