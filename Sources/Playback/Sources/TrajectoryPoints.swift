import Foundation
import Location
import Navigation
import Sensors
import Signals

/// A trajectory played as points at one rate: point `n` at `n / sampleRate` seconds (see
/// `TrajectoryPoint`). Any range of points renders alone, bit-identically.
///
/// ```swift
/// let points = try TrajectoryPoints(trajectory, sampleRate: 50)
/// try runner.start(points) { p in print(p.trueHeading, p.location?.latitude ?? .nan) }
/// ```
public struct TrajectoryPoints: PointSource {
    /// The trajectory.
    public let trajectory: Trajectory
    /// Points per second, Hz.
    public let sampleRate: Double
    /// Index of the first point and the number of points.
    public let first: Int, count: Int

    /// Points from `start` seconds for `duration` seconds (default: to the arrival, included).
    /// - Throws: `SignalError` for a rate outside 0.001 Hz … 1 MHz, a negative or non-finite start or
    ///   duration, or points beyond index 2⁴⁸.
    public init(
        _ trajectory: Trajectory, sampleRate: Double, duration: Double? = nil, start: Double = 0
    ) throws(SignalError) {
        _ = try trajectory.series(rate: sampleRate)
        guard start.isFinite, start >= 0 else {
            throw SignalError(
                .invalidRender, "the start must be a finite number of seconds ≥ 0, got \(start)", field: "start")
        }
        let duration = duration ?? max(trajectory.duration + 1 / sampleRate - start, 0)
        guard duration.isFinite, duration >= 0 else {
            throw SignalError(
                .invalidRender, "the duration must be a finite number of seconds ≥ 0, got \(duration)",
                field: "duration")
        }
        let a = (start * sampleRate).rounded()
        let b = ((start + duration) * sampleRate).rounded()
        guard b <= Double(Trajectory.sampleLimit) else {
            throw SignalError(.invalidRender, "the points reach index \(b), past 2^48")
        }
        self.trajectory = trajectory
        self.sampleRate = sampleRate
        first = Int(a)
        count = Int(b - a)
    }

    /// One pass: the points' duration.
    public var loopPeriod: TimeInterval? { Double(count) / sampleRate }

    /// Starts at the first point.
    public func makeCursor() -> Cursor { Cursor(source: self) }

    /// Reads the points a block at a time.
    public struct Cursor: PointCursor {
        let source: TrajectoryPoints
        var position = 0
        var block: [TrajectoryPoint] = []
        var blockStart = 0

        init(source: TrajectoryPoints) {
            self.source = source
        }

        /// The next point and its time from the start of the pass.
        /// - Throws: A sensor's `SignalError`.
        public mutating func next() throws -> (point: TrajectoryPoint, time: TimeInterval)? {
            guard position < source.count else { return nil }
            if position - blockStart >= block.count || position < blockStart {
                blockStart = position
                block = try source.trajectory.points(
                    first: source.first + position, count: min(256, source.count - position),
                    rate: source.sampleRate)
            }
            let p = block[position - blockStart]
            position += 1
            return (p, Double(position - 1) / source.sampleRate)
        }
    }
}

extension Trajectory {
    /// Points `first ..< first + count` at `rate` Hz (see `TrajectoryPoint`): a pure function of the indices.
    /// - Throws: `SignalError` from a sensor, or indices outside `0 ..< 2⁴⁸`.
    public func points(first: Int, count: Int, rate: Double) throws(SignalError) -> [TrajectoryPoint] {
        guard count > 0 else { return [] }
        let states = self.states(first: first, count: count, rate: rate)
        let last = first + count - 1
        /// The rows of a stream at `r` Hz holding points `first … last` (sample floor(n · r / rate)).
        func held(
            _ kind: TrajectorySeries.Kind, _ r: Double
        ) throws(SignalError) -> (rows: [Double], base: Int, width: Int) {
            let a = Self.heldIndex(first, rate: rate, streamRate: r)
            let b = Self.heldIndex(last, rate: rate, streamRate: r)
            let stream = TrajectorySeries(kind: kind, rate: r)
            return (try render(stream, samples: a..<b + 1), a, 1 + stream.columns.count)
        }
        let imu = try sensors.imu.map { _ throws(SignalError) in try held(.imu, sensors.imuRate ?? rate) }
        let magnetometer = try sensors.magnetometer.map { _ throws(SignalError) in
            try held(.magnetometer, sensors.magnetometerRate ?? rate)
        }
        let barometer = try sensors.barometer.map { _ throws(SignalError) in
            try held(.barometer, sensors.barometerRate ?? rate)
        }
        let g0 = IMU.standardGravity
        let unitScale = sensors.imu?.accelerometerUnit == .metersPerSecondSquared ? -1 / g0 : 1
        var headingAccuracy = 0.0
        if let m = sensors.magnetometer {
            let r = sensors.magnetometerRate ?? rate
            let sigma = (m.noiseDensity * m.noiseDensity).sum().squareRoot() / 3.0.squareRoot() * r.squareRoot()
            headingAccuracy = sigma
        }
        var out: [TrajectoryPoint] = []
        out.reserveCapacity(count)
        for (i, s) in states.enumerated() {
            let n = first + i
            let t = Double(n) / rate
            let down = s.attitude.inverseRotate((0, 0, -1))
            let gravity = Acceleration(x: down.x, y: down.y, z: down.z)
            var reading = Acceleration(
                x: -s.specificForce.x / g0, y: -s.specificForce.y / g0, z: -s.specificForce.z / g0)
            var rotation = RotationRate(x: s.angularRate.x, y: s.angularRate.y, z: s.angularRate.z)
            if let imu {
                let k = (Self.heldIndex(n, rate: rate, streamRate: sensors.imuRate ?? rate) - imu.base) * imu.width
                reading = Acceleration(
                    x: imu.rows[k + 1] * unitScale, y: imu.rows[k + 2] * unitScale, z: imu.rows[k + 3] * unitScale)
                rotation = RotationRate(x: imu.rows[k + 4], y: imu.rows[k + 5], z: imu.rows[k + 6])
            }
            let user = Acceleration(x: reading.x - gravity.x, y: reading.y - gravity.y, z: reading.z - gravity.z)
            var field = s.magneticField
            if let magnetometer {
                let k =
                    (Self.heldIndex(n, rate: rate, streamRate: sensors.magnetometerRate ?? rate) - magnetometer.base)
                    * magnetometer.width
                field = SIMD3(magnetometer.rows[k + 1], magnetometer.rows[k + 2], magnetometer.rows[k + 3])
            }
            var pressure: Double?
            if let barometer {
                let k =
                    (Self.heldIndex(n, rate: rate, streamRate: sensors.barometerRate ?? rate) - barometer.base)
                    * barometer.width
                pressure = barometer.rows[k + 1]
            }
            var location: LocationPoint?
            if let gnss = sensors.gnss {
                let k = Self.heldIndex(n, rate: rate, streamRate: gnss.rate)
                let isNew = n == 0 || Self.heldIndex(n - 1, rate: rate, streamRate: gnss.rate) != k
                if isNew {
                    let row = try render(TrajectorySeries(kind: .gnss, rate: gnss.rate), samples: k..<k + 1)
                    if row.count == 8 {
                        let (speedAccuracy, courseAccuracy) = Self.velocityAccuracies(
                            speed: row[4], course: row[5], sigma: gnss.velocitySigma)
                        location = LocationPoint(
                            timestamp: t, latitude: row[1], longitude: row[2], altitude: row[3],
                            horizontalAccuracy: row[6], verticalAccuracy: row[7], speed: row[4], course: row[5],
                            speedAccuracy: speedAccuracy, courseAccuracy: courseAccuracy)
                    }
                }
            }
            let b = s.attitude.rotate((s.magneticField.x, s.magneticField.y, s.magneticField.z))
            let horizontal = (b.x * b.x + b.y * b.y).squareRoot()
            out.append(
                TrajectoryPoint(
                    motion: MotionPoint(
                        timestamp: t, userAcceleration: user, gravity: gravity, rotationRate: rotation,
                        attitude: s.attitude),
                    location: location, trueHeading: s.trueHeading, magneticHeading: s.magneticHeading,
                    headingAccuracy: headingAccuracy > 0 ? atan2(headingAccuracy, horizontal) * 180 / .pi : 0,
                    magneticField: MagneticField(field), pressure: pressure, altitude: s.altitudeAboveMeanSeaLevel,
                    steps: s.steps,
                    distance: s.distance, floorsAscended: s.floorsAscended, floorsDescended: s.floorsDescended,
                    cadence: s.cadence, activity: movingActivity(at: t).activity(speed: s.speed)))
        }
        return out
    }

    /// A GNSS fix's `speedAccuracy` (m/s) and `courseAccuracy` (degrees): the receiver's velocity error per
    /// axis `sigma`, and `atan2(sigma, speed)` in degrees, or −1 when the course is unknown (speed ~0, below
    /// 1 nm/s, where the fix reports course −1).
    package static func velocityAccuracies(
        speed: Double, course: Double, sigma: Double
    ) -> (speed: Double, course: Double) {
        let known = speed > 1e-9 && course >= 0
        return (sigma, known ? atan2(sigma, speed) * 180 / .pi : -1)
    }

    /// The sample of a stream at `streamRate` Hz held at point `n` of a `rate` Hz run: the latest at or
    /// before the point's time, `⌊n · streamRate / rate⌋` (exact when the rates are equal).
    static func heldIndex(_ n: Int, rate: Double, streamRate: Double) -> Int {
        streamRate == rate ? n : Int((Double(n) * streamRate / rate + 1e-9).rounded(.down))
    }
}
