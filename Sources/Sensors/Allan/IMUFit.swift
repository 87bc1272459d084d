import Foundation
import Signals

/// An IMU spec fitted to a recording of a still sensor: the loop "record a phone lying still → fit its
/// noise → simulate that phone" (`signals allan FILE --fit-spec imu.json`).
///
/// From the channels `accelerometer.x, y, z` and `gyroscope.x, y, z`:
/// - per axis, ``AllanFit``'s N and K become `*_noise_density` and `*_random_walk` (Kalibr's SI units);
///   where the fit kept a flat floor `C`, a Gauss–Markov bias whose Allan deviation peaks at that floor
///   (`*_bias_instability` σ = √C / 0.617) near the minimum (`*_bias_correlation_time` τ_min / 1.89);
/// - the mean accelerometer reading gives the attitude (its direction is gravity's; yaw 0) and the
///   accelerometer's fixed bias (the mean minus 1 g along it); the mean rate is the gyroscope's bias.
///
/// ```swift
/// let fitted = try IMUFit(recording, accelerometerUnit: .g)
/// try fitted.imu.json().write(to: URL(fileURLWithPath: "imu.json"))
/// ```
public struct IMUFit: Sendable, Hashable {
    /// The fitted IMU (still, at the recorded attitude; seed 1; accelerometer in g).
    public let imu: IMU
    /// The fits of the six channels (accelerometer in the recording's unit), in channel order.
    public let fits: [AllanFit]
    /// The Allan deviations of the six channels.
    public let deviations: [AllanDeviation]

    /// Fits a still recording.
    /// - Parameters:
    ///   - recording: Channels including `accelerometer.x, y, z` and `gyroscope.x, y, z`.
    ///   - accelerometerUnit: The unit of its accelerometer channels (g: CoreMotion's sign; m/s²: physical).
    /// - Throws: `SignalError` for missing channels or too short a recording, or a fitted term outside the
    ///   IMU model's ranges (`IMU/validate(path:)`, at `$.imu.TERM`).
    public init(_ recording: ChannelRecording, accelerometerUnit: AccelerometerUnit) throws(SignalError) {
        var index: [Int] = []
        for name in IMU.channelNames {
            guard let i = recording.names.firstIndex(of: name) else {
                throw SignalError(
                    .incompatible,
                    "fitting an IMU needs the channels \(IMU.channelNames.joined(separator: ", ")); this recording has \(recording.names.joined(separator: ", "))"
                )
            }
            index.append(i)
        }
        var deviations: [AllanDeviation] = []
        var fits: [AllanFit] = []
        var means: [Double] = []
        for i in index {
            let adev = try AllanDeviation(recording, channel: i)
            deviations.append(adev)
            fits.append(try AllanFit(adev))
            let channel = recording.channels[i]
            means.append(channel.reduce(0.0, +) / Double(max(1, channel.count)))
        }
        let g = IMU.standardGravity
        let toSI = accelerometerUnit == .g ? g : 1
        // Mean accelerometer in CoreMotion g.
        let coreMotion =
            accelerometerUnit == .g
            ? SIMD3(means[0], means[1], means[2]) : SIMD3(means[0], means[1], means[2]) * (-1 / g)
        let length = (coreMotion * coreMotion).sum().squareRoot()
        guard length > 0.2 else {
            throw SignalError(
                .incompatible,
                "the mean accelerometer reading is \(length) g: a phone lying still reads about 1 g (is this an accelerometer in g?)"
            )
        }
        let down = coreMotion / length
        let attitude = FixedAttitude.angles(roll: atan2(down.x, -down.z), pitch: asin(max(-1, min(1, -down.y))), yaw: 0)
        var accelerometer = SensorModel()
        var gyroscope = SensorModel()
        for axis in 0..<3 {
            for (sensor, scale) in [(0, toSI), (1, 1.0)] {
                let fit = fits[sensor * 3 + axis]
                var model = sensor == 0 ? accelerometer : gyroscope
                model.noiseDensity[axis] = fit.noiseDensity.value * scale
                model.randomWalk[axis] = fit.randomWalk.value * scale
                if let floor = fit.floor, floor > 0 {
                    model.biasInstability[axis] = floor.squareRoot() / 0.6174 * scale
                    model.biasCorrelationTime[axis] = fit.biasInstabilityTau / 1.8926
                }
                if sensor == 0 { accelerometer = model } else { gyroscope = model }
            }
            // Fixed biases: physical SI for the accelerometer (−g × the CoreMotion offset), rad/s for the gyroscope.
            accelerometer.bias[axis] = -g * (coreMotion[axis] - down[axis])
            gyroscope.bias[axis] = means[3 + axis]
        }
        let fitted = IMU(
            motion: MotionNode(attitude: .fixed(attitude)), accelerometer: accelerometer, gyroscope: gyroscope, seed: 1)
        // A fit is written as a spec: it must be one the IMU model accepts.
        do {
            try fitted.validate(path: "$.imu")
        } catch {
            throw SignalError(
                error.code, path: error.location.path ?? "$.imu",
                "the fitted IMU is outside the model's ranges (is this a still recording of an IMU?): \(error.message)")
        }
        imu = fitted
        self.fits = fits
        self.deviations = deviations
    }
}

extension IMUFit {
    /// The fit as Kalibr's `imu.yaml` terms: per sensor, the largest of the three axes' noise density and
    /// random walk (Kalibr has one number per sensor; the largest is the conservative choice its wiki
    /// recommends), accelerometer in m/s² units, and the recording's rate as `update_rate`.
    ///
    /// ```swift
    /// try fitted.kalibr.yaml.write(toFile: "imu.yaml", atomically: true, encoding: .utf8)
    /// ```
    public var kalibr: KalibrIMU {
        let a = imu.accelerometer
        let g = imu.gyroscope
        return KalibrIMU(
            accelerometerNoiseDensity: a.noiseDensity.max(), accelerometerRandomWalk: a.randomWalk.max(),
            gyroscopeNoiseDensity: g.noiseDensity.max(), gyroscopeRandomWalk: g.randomWalk.max(),
            updateRate: deviations.first?.sampleRate)
    }
}
