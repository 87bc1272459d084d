import Formats
import Foundation
import Navigation
import Sensors
import Signals

/// `signals render --format mcap`: a trajectory's streams, or an IMU spec's readings, as ROS 2 messages
/// (CDR) in one MCAP file (profile `ros2`, schema encoding `ros2msg`, message encoding `cdr`), chunked and
/// indexed, written front to back (so standard output works too).
///
/// | Topic | Type | frame_id | From |
/// |---|---|---|---|
/// | `/imu/data` | `sensor_msgs/msg/Imu` | `device` | imu.csv; orientation: the truth's attitude |
/// | `/imu/mag` | `sensor_msgs/msg/MagneticField` | `device` | magnetometer.csv, µT → T |
/// | `/pressure` | `sensor_msgs/msg/FluidPressure` | `device` | barometer.csv, Pa |
/// | `/gnss/fix` | `sensor_msgs/msg/NavSatFix` | `device` | gnss.csv |
/// | `/truth/odometry` | `nav_msgs/msg/Odometry` | `enu` (child `device`) | truth.csv |
///
/// `header.stamp` and the log time: the trajectory's epoch plus the row's `t`, in nanoseconds since 1970
/// (`round(epoch·10⁹) + round(t·10⁹)`); an IMU spec, which has no epoch, stamps `t` from 1970-01-01.
enum MCAPOutput {
    /// The header's library.
    static let library = "signals (SignalRunner)"
    /// The frame of every device sensor: the device's axes (CoreMotion's: x right, y top, z out of the screen).
    static let deviceFrame = "device"
    /// The frame of the truth's pose: east-north-up at the origin (the truth's position at t = 0, height 0).
    static let worldFrame = "enu"
    /// Topics.
    static let imuTopic = "/imu/data", magTopic = "/imu/mag", pressureTopic = "/pressure", gnssTopic = "/gnss/fix",
        truthTopic = "/truth/odometry"

    /// Nanoseconds since 1970 of `t` seconds after `epoch` seconds since 1970.
    static func stamp(epoch: Double, t: Double) throws -> UInt64 {
        let e = (epoch * 1e9).rounded()
        let s = (t * 1e9).rounded()
        guard e >= 0, s >= 0, e + s < 2_147_483_647e9 else {
            throw CLIError(
                "MCAP time stamps run from 1970 to 2038 (ROS 2 Time's int32 seconds); \(epoch) s + \(t) s is outside")
        }
        return UInt64(e) + UInt64(s)
    }

    /// A messages' channel registration: one schema per type, one channel per topic.
    static func channel<M: ROS2Message>(
        _ type: M.Type, topic: String, metadata: [String: String] = [:],
        in writer: inout MCAPWriter
    ) -> UInt16 {
        let schema = writer.addSchema(name: M.name, encoding: "ros2msg", data: Array(M.definition.utf8))
        return writer.addChannel(topic: topic, messageEncoding: "cdr", schema: schema, metadata: metadata)
    }

    /// A 3 × 3 row-major covariance with `diagonal` on its diagonal.
    static func diagonal3(_ d: SIMD3<Double>) -> [Double] { [d.x, 0, 0, 0, d.y, 0, 0, 0, d.z] }
    /// The ROS "not given" covariance: −1 in element 0.
    static let unknown3: [Double] = [-1, 0, 0, 0, 0, 0, 0, 0, 0]

    /// `v` (a vector of the frame `q` rotates into) in `q`'s own frame: `q⁻¹ v q` for a unit `q = (w, x, y, z)`.
    static func rotateBack(_ v: SIMD3<Double>, w: Double, x: Double, y: Double, z: Double) -> SIMD3<Double> {
        // Rᵀ v, R the rotation matrix of q.
        let r0 = SIMD3(1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y))
        let r1 = SIMD3(2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x))
        let r2 = SIMD3(2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y))
        return r0 * v.x + r1 * v.y + r2 * v.z
    }

    /// East, north, up (metres) of a geodetic point (degrees, metres above WGS84) from an origin on the ellipsoid.
    struct LocalFrame {
        let origin: SIMD3<Double>, east: SIMD3<Double>, north: SIMD3<Double>, up: SIMD3<Double>

        init(latitude: Double, longitude: Double) {
            origin = Self.ecef(latitude: latitude, longitude: longitude, height: 0)
            let φ = latitude * .pi / 180
            let λ = longitude * .pi / 180
            east = SIMD3(-sin(λ), cos(λ), 0)
            north = SIMD3(-sin(φ) * cos(λ), -sin(φ) * sin(λ), cos(φ))
            up = SIMD3(cos(φ) * cos(λ), cos(φ) * sin(λ), sin(φ))
        }

        static func ecef(latitude: Double, longitude: Double, height: Double) -> SIMD3<Double> {
            let a = 6_378_137.0
            let f = 1 / 298.257223563
            let e2 = f * (2 - f)
            let φ = latitude * .pi / 180
            let λ = longitude * .pi / 180
            let n = a / (1 - e2 * sin(φ) * sin(φ)).squareRoot()
            return SIMD3(
                (n + height) * cos(φ) * cos(λ), (n + height) * cos(φ) * sin(λ), (n * (1 - e2) + height) * sin(φ))
        }

        func enu(latitude: Double, longitude: Double, height: Double) -> SIMD3<Double> {
            let d = Self.ecef(latitude: latitude, longitude: longitude, height: height) - origin
            return SIMD3((d * east).sum(), (d * north).sum(), (d * up).sum())
        }
    }

    /// One message waiting for its place in time order.
    struct Pending {
        let time: UInt64, order: Int, channel: UInt16, data: [UInt8]
    }

    /// Writes every stream of `trajectory` to `output` (see the table above).
    static func render(
        _ trajectory: Trajectory, name: String, timing: RenderTiming, output: String?,
        inputs: OutputSink.Inputs
    ) throws {
        let (rate, start, duration) = try TrajectoryOutput.timing(timing, trajectory)
        let streams = try routeStep(name) { () throws(SignalError) in try trajectory.series(rate: rate) }
        let ranges = try streams.map { try TrajectoryOutput.samples(rate: $0.rate, start: start, duration: duration) }
        let epoch = trajectory.epochSeconds
        let origin = try routeStep(name) { () throws(SignalError) in try trajectory.render(streams[0], samples: 0..<1) }
        let frame = LocalFrame(latitude: origin[1], longitude: origin[2])

        var writer = MCAPWriter(profile: "ros2", library: library)
        var channels: [TrajectorySeries.Kind: UInt16] = [:]
        for stream in streams {
            let rateText = "\(stream.rate)"
            switch stream.kind {
            case .truth:
                channels[.truth] = channel(
                    ROS2.Odometry.self, topic: truthTopic,
                    metadata: [
                        "rate_hz": rateText, "origin_latitude": "\(origin[1])", "origin_longitude": "\(origin[2])",
                        "origin_height": "0", "epoch": trajectory.epoch,
                    ], in: &writer)
            case .imu:
                channels[.imu] = channel(ROS2.Imu.self, topic: imuTopic, metadata: ["rate_hz": rateText], in: &writer)
            case .magnetometer:
                channels[.magnetometer] = channel(
                    ROS2.MagneticField.self, topic: magTopic, metadata: ["rate_hz": rateText], in: &writer)
            case .barometer:
                channels[.barometer] = channel(
                    ROS2.FluidPressure.self, topic: pressureTopic, metadata: ["rate_hz": rateText], in: &writer)
            case .gnss:
                channels[.gnss] = channel(
                    ROS2.NavSatFix.self, topic: gnssTopic, metadata: ["rate_hz": rateText], in: &writer)
            }
        }

        // Covariances from the error models (white noise: density² × rate; 0 where the model has none).
        let imu = trajectory.sensors.imu
        let imuRate = streams.first { $0.kind == .imu }?.rate ?? rate
        let gyroVariance = (imu?.gyroscope.noiseDensity ?? .zero) * (imu?.gyroscope.noiseDensity ?? .zero) * imuRate
        let accelVariance =
            (imu?.accelerometer.noiseDensity ?? .zero) * (imu?.accelerometer.noiseDensity ?? .zero) * imuRate
        let accelScale = imu?.accelerometerUnit == .g ? -IMU.standardGravity : 1
        let magRate = streams.first { $0.kind == .magnetometer }?.rate ?? rate
        let magDensity = (trajectory.sensors.magnetometer?.noiseDensity ?? .zero) * 1e-6
        let magVariance = magDensity * magDensity * magRate
        let baroRate = streams.first { $0.kind == .barometer }?.rate ?? rate
        let baroDensity = trajectory.sensors.barometer?.noiseDensity ?? 0
        let baroVariance = baroDensity * baroDensity * baroRate

        // Covariance arrays shared by every message (the per-message work is then the encoding alone).
        let zeros9 = [Double](repeating: 0, count: 9)
        let zeros36 = [Double](repeating: 0, count: 36)
        let gyroCovariance = diagonal3(gyroVariance)
        let accelCovariance = diagonal3(accelVariance)
        let magCovariance = diagonal3(magVariance)
        try FiniteOutput.check(
            gyroCovariance + accelCovariance + magCovariance + [baroVariance], what: "the sensors' covariances")

        // The IMU's orientation is the truth's attitude at the IMU's samples: a truth stream at the IMU's rate.
        var renderStreams = streams
        let imuTruth: Int? =
            imu == nil
            ? nil
            : (imuRate == rate
                ? 0
                : {
                    renderStreams.append(TrajectorySeries(kind: .truth, rate: imuRate))
                    return renderStreams.count - 1
                }())
        var renderRanges = ranges
        if renderStreams.count > streams.count { renderRanges.append(ranges[streams.firstIndex { $0.kind == .imu }!]) }

        let maxRate = renderStreams.map(\.rate).max() ?? rate
        let window = 4_096 / maxRate  // seconds per window: at most 4 096 rows a stream (bounded memory)
        var next = renderRanges.map(\.lowerBound)
        let sink = try OutputSink(path: output, inputs: inputs)
        try sink.finish {
            try sink.write(Data(writer.drain()))
            var windowCount = 0
            while zip(next, renderRanges).contains(where: { $0 < $1.upperBound }) {
                windowCount += 1
                let windowEnd = start + Double(windowCount) * window
                var rows: [[Double]] = Array(repeating: [], count: renderStreams.count)
                // Streams of one rate share one pass over the truth (Trajectory.render(_:samples:)).
                var done = Set<Int>()
                for i in renderStreams.indices where !done.contains(i) {
                    let group = renderStreams.indices.filter {
                        !done.contains($0) && renderStreams[$0].rate == renderStreams[i].rate
                            && renderRanges[$0] == renderRanges[i]
                    }
                    let r = renderStreams[i].rate
                    let upper = min(
                        renderRanges[i].upperBound,
                        max(next[i], Int(min((windowEnd * r).rounded(.up), Double(Trajectory.sampleLimit)))))
                    let parts = try routeStep(name) { () throws(SignalError) in
                        try trajectory.render(group.map { renderStreams[$0] }, samples: next[i]..<upper)
                    }
                    for (j, part) in zip(group, parts) {
                        rows[j] = part
                        next[j] = upper
                        done.insert(j)
                    }
                }
                for (j, part) in rows.enumerated() {
                    try FiniteOutput.check(part, what: "the \(renderStreams[j].kind.rawValue) stream")
                }
                var pending: [Pending] = []
                // Computed once, not per row (`allCases` builds an array).
                let truthWidth = 1 + TruthColumn.allCases.count
                for (s, stream) in streams.enumerated() {
                    let width = 1 + stream.columns.count
                    let values = rows[s]
                    let channel = channels[stream.kind]!
                    for k in 0..<values.count / width {
                        let row = values[(k * width)..<((k + 1) * width)]
                        let t = row[row.startIndex]
                        func v(_ column: some StreamColumn) -> Double { column.value(in: row) }
                        let time = try stamp(epoch: epoch, t: t)
                        let header = ROS2.Header(time: time, frameID: deviceFrame)
                        let data: [UInt8]
                        switch stream.kind {
                        case .truth:
                            typealias C = TruthColumn
                            let (w, x, y, z) = (v(C.attitudeW), v(C.attitudeX), v(C.attitudeY), v(C.attitudeZ))
                            let velocity = SIMD3(v(C.velocityEast), v(C.velocityNorth), v(C.velocityUp))
                            data = ROS2.Odometry.cdr(
                                header: ROS2.Header(time: time, frameID: worldFrame), childFrameID: deviceFrame,
                                position: frame.enu(
                                    latitude: v(C.latitude), longitude: v(C.longitude), height: v(C.altitude)),
                                orientation: SIMD4(x, y, z, w),
                                linearVelocity: rotateBack(velocity, w: w, x: x, y: y, z: z),
                                angularVelocity: SIMD3(v(C.rotationRateX), v(C.rotationRateY), v(C.rotationRateZ)),
                                poseCovariance: zeros36, twistCovariance: zeros36
                            )
                        case .imu:
                            let truth = rows[imuTruth!]
                            let q = truth[(k * truthWidth)..<((k + 1) * truthWidth)]
                            let (w, x, y, z) = (
                                TruthColumn.attitudeW.value(in: q), TruthColumn.attitudeX.value(in: q),
                                TruthColumn.attitudeY.value(in: q), TruthColumn.attitudeZ.value(in: q)
                            )
                            typealias I = IMUColumn
                            data = ROS2.Imu.cdr(
                                header: header, orientation: SIMD4(x, y, z, w),
                                orientationCovariance: zeros9,
                                angularVelocity: SIMD3(v(I.gyroscopeX), v(I.gyroscopeY), v(I.gyroscopeZ)),
                                angularVelocityCovariance: gyroCovariance,
                                linearAcceleration: SIMD3(v(I.accelerometerX), v(I.accelerometerY), v(I.accelerometerZ))
                                    * accelScale,
                                linearAccelerationCovariance: accelCovariance
                            )
                        case .magnetometer:
                            data = ROS2.MagneticField.cdr(
                                header: header,
                                field: SIMD3(v(MagnetometerColumn.x), v(MagnetometerColumn.y), v(MagnetometerColumn.z))
                                    * 1e-6,
                                covariance: magCovariance
                            )
                        case .barometer:
                            data = ROS2.FluidPressure.cdr(
                                header: header, pressure: v(BarometerColumn.pressure), variance: baroVariance
                            )
                        case .gnss:
                            let h = v(LocationColumn.horizontalAccuracy)
                            let vertical = v(LocationColumn.verticalAccuracy)
                            data = ROS2.NavSatFix.cdr(
                                header: header, status: 0, service: 1, latitude: v(LocationColumn.latitude),
                                longitude: v(LocationColumn.longitude), altitude: v(LocationColumn.altitude),
                                covariance: diagonal3(SIMD3(h * h, h * h, vertical * vertical)),
                                covarianceType: ROS2.NavSatFix.covarianceApproximated
                            )
                        }
                        pending.append(Pending(time: time, order: s, channel: channel, data: data))
                    }
                }
                pending.sort { ($0.time, $0.order) < ($1.time, $1.order) }
                for p in pending { writer.addMessage(channel: p.channel, logTime: p.time, data: p.data) }
                try sink.write(Data(writer.drain()))
            }
            writer.finish()
            try sink.write(Data(writer.drain()))
        }
    }

    /// Writes an IMU spec's readings as `/imu/data` (no orientation: its covariance's element 0 is −1).
    static func render(
        imu: IMU, blocks: some Sequence<SampleBuffer>, output: String?, inputs: OutputSink.Inputs,
        rate: Double
    ) throws {
        var writer = MCAPWriter(profile: "ros2", library: library)
        let channel = channel(ROS2.Imu.self, topic: imuTopic, metadata: ["rate_hz": "\(rate)"], in: &writer)
        let gyroVariance = imu.gyroscope.noiseDensity * imu.gyroscope.noiseDensity * rate
        let accelVariance = imu.accelerometer.noiseDensity * imu.accelerometer.noiseDensity * rate
        let accelScale = imu.accelerometerUnit == .g ? -IMU.standardGravity : 1
        let gyroCovariance = diagonal3(gyroVariance)
        let accelCovariance = diagonal3(accelVariance)
        try FiniteOutput.check(gyroCovariance + accelCovariance, what: "the IMU's covariances")
        let sink = try OutputSink(path: output, inputs: inputs)
        try sink.finish {
            try sink.write(Data(writer.drain()))
            for block in blocks {
                try FiniteOutput.check(
                    block.samples,
                    what: "the IMU render at samples \(block.startIndex) ..< \(block.startIndex + block.frameCount)")
                let n = block.frameCount
                try block.samples.withUnsafeBufferPointer { s in
                    for i in 0..<n {
                        func c(_ k: Int) -> Double { Double(s[k * n + i]) }
                        let time = try stamp(epoch: 0, t: block.timestamp(of: i))
                        let message = ROS2.Imu.cdr(
                            header: ROS2.Header(time: time, frameID: deviceFrame), orientation: SIMD4(0, 0, 0, 1),
                            orientationCovariance: unknown3, angularVelocity: SIMD3(c(3), c(4), c(5)),
                            angularVelocityCovariance: gyroCovariance,
                            linearAcceleration: SIMD3(c(0), c(1), c(2)) * accelScale,
                            linearAccelerationCovariance: accelCovariance)
                        writer.addMessage(channel: channel, logTime: time, data: message)
                    }
                }
                try sink.write(Data(writer.drain()))
            }
            writer.finish()
            try sink.write(Data(writer.drain()))
        }
    }
}
