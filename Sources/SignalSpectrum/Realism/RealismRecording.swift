import Foundation
import SensorData
import Sensors

/// One recording for ``RealismComparison``: what a device's accelerometer and gyroscope measured, with
/// the times of the samples.
///
/// The acceleration is the *total* one, gravity included wherever the recording holds it: from motion
/// points it is `userAcceleration + gravity`. Gravity is then removed from both recordings of a
/// comparison the same way (see ``RealismComparison``), whatever the app or the simulation did, so a
/// phone export, a point file and a render directory are measured alike. A recording that holds only
/// linear acceleration (phyphox's "Acceleration without g" alone) has zero gravity, which the removal
/// leaves as it is.
///
/// ```swift
/// let points = try PointFile.load(URL(fileURLWithPath: "walk.csv"))
/// let walk = try RealismRecording(name: "walk.csv", points: points)
/// walk.duration            // s
/// walk.rotationRate == nil // true when the file has no rotation-rate columns
/// ```
public struct RealismRecording: Sendable, Hashable {
    /// The name shown in reports and messages (a path as given).
    public var name: String
    /// Sample times (s), strictly increasing.
    public private(set) var times: [Double]
    /// The total acceleration (m/s²) in the device frame, gravity included where recorded; the sign
    /// convention does not matter (the features are the same under a sign change), as long as the axes
    /// are the device's.
    public private(set) var acceleration: [SIMD3<Double>]
    /// The rotation rate (rad/s) in the device frame, or `nil` when the recording has no gyroscope.
    public private(set) var rotationRate: [SIMD3<Double>]?
    /// The rate the device sampled at (Hz): what limits the band both recordings are compared in.
    public private(set) var sampleRate: Double

    /// The shortest recording compared: 20 s, so that the Welch spectrum averages at least two
    /// 10.24-s segments and the step-rate autocorrelation sees a dozen strides.
    public static let minimumDuration = 20.0
    /// The longest recording compared: 3 hours (10⁶ samples a channel on the 100-Hz analysis grid).
    public static let maximumDuration = 3 * 3600.0
    /// The lowest sample rate compared: 20 Hz, so that the band up to 10 Hz (the share above 5 Hz, a
    /// walk's harmonics) exists.
    public static let minimumSampleRate = 20.0

    /// The largest acceleration component compared, m/s² (about 1,000 g; a phone's or a watch's IMU saturates
    /// at 16–32 g): beyond it, powers and kurtoses of the values would overflow.
    public static let maximumAcceleration = 1e4

    /// The largest rotation-rate component compared, rad/s (about 57,000 °/s; IMUs saturate at 2,000–4,000 °/s).
    public static let maximumRotationRate = 1e3

    /// A recording from its samples.
    ///
    /// - Parameters:
    ///   - name: The name for reports and messages.
    ///   - times: Sample times (s), non-decreasing; a repeated time's later samples are dropped.
    ///   - acceleration: The total acceleration at each time (m/s²).
    ///   - rotationRate: The rotation rate at each time (rad/s), or `nil` without a gyroscope.
    ///   - sampleRate: The device's rate (Hz); by default the reciprocal of the median interval (see
    ///     ``rate(interval:)``).
    /// - Throws: `SignalError` naming the recording: `.tooShort` under ``minimumDuration`` (the message
    ///   gives the minimum), `.tooLarge` over ``maximumDuration``, `.invalidTime` for decreasing times,
    ///   `.incompatible` for a gap that interpolation would bridge, `.outOfRange` for a rate under
    ///   ``minimumSampleRate`` or a value beyond ``maximumAcceleration`` or ``maximumRotationRate``,
    ///   `.nonFinite` for a value that is not finite, `.channelMismatch` for arrays of different lengths.
    public init(
        name: String, times: [Double], acceleration: [SIMD3<Double>], rotationRate: [SIMD3<Double>]?,
        sampleRate: Double? = nil
    ) throws(SignalError) {
        guard acceleration.count == times.count, rotationRate.map({ $0.count == times.count }) ?? true else {
            throw SignalError(
                .channelMismatch,
                "\(times.count) times but \(acceleration.count) accelerations and \(rotationRate?.count ?? times.count) rotation rates",
                file: name)
        }
        var keptTimes: [Double] = []
        var keptAcceleration: [SIMD3<Double>] = []
        var keptRotation: [SIMD3<Double>] = []
        keptTimes.reserveCapacity(times.count)
        keptAcceleration.reserveCapacity(times.count)
        for k in times.indices {
            let rotation = rotationRate?[k] ?? .zero
            guard times[k].isFinite, (0..<3).allSatisfy({ acceleration[k][$0].isFinite && rotation[$0].isFinite })
            else {
                throw SignalError(
                    .nonFinite, "sample \(k) (t = \(times[k]) s) holds a value that is not a finite number", file: name,
                    index: k)
            }
            guard (0..<3).allSatisfy({ abs(acceleration[k][$0]) <= Self.maximumAcceleration }) else {
                throw SignalError(
                    .outOfRange,
                    "sample \(k) (t = \(times[k]) s) holds an acceleration of (\(acceleration[k].x), \(acceleration[k].y), \(acceleration[k].z)) m/s²; comparing takes components up to ±\(Self.seconds(Self.maximumAcceleration)) m/s² (is the unit right?)",
                    file: name, index: k)
            }
            guard (0..<3).allSatisfy({ abs(rotation[$0]) <= Self.maximumRotationRate }) else {
                throw SignalError(
                    .outOfRange,
                    "sample \(k) (t = \(times[k]) s) holds a rotation rate of (\(rotation.x), \(rotation.y), \(rotation.z)) rad/s; comparing takes components up to ±\(Self.seconds(Self.maximumRotationRate)) rad/s (is the unit right?)",
                    file: name, index: k)
            }
            if let last = keptTimes.last {
                guard times[k] >= last else {
                    throw SignalError(
                        .invalidTime, "time \(times[k]) s of sample \(k) is before the previous sample's, \(last) s",
                        file: name, index: k)
                }
                if times[k] == last { continue }
            }
            keptTimes.append(times[k])
            keptAcceleration.append(acceleration[k])
            if rotationRate != nil { keptRotation.append(rotation) }
        }
        let duration = (keptTimes.last ?? 0) - (keptTimes.first ?? 0)
        guard keptTimes.count >= 2, duration >= RealismRecording.minimumDuration else {
            throw SignalError(
                .tooShort,
                "the recording lasts \(Self.seconds(duration)) s; comparing needs at least \(Self.seconds(RealismRecording.minimumDuration)) s (two 10.24-s spectrum segments)",
                file: name)
        }
        guard duration <= RealismRecording.maximumDuration else {
            throw SignalError(
                .tooLarge,
                "the recording lasts \(Self.seconds(duration)) s; comparing takes at most \(Self.seconds(RealismRecording.maximumDuration)) s (3 hours): cut a steady stretch",
                file: name)
        }
        var intervals = zip(keptTimes.dropFirst(), keptTimes).map { $0 - $1 }
        intervals.sort()
        let median = intervals[intervals.count / 2]
        // The importer's rule for gaps (RecordingImport): longer than max(0.5 s, 20 median intervals).
        try RecordingImport.checkGaps(
            SensorSeries(kind: .accelerometer, times: keptTimes, axes: [], file: name),
            from: keptTimes[0], to: keptTimes[keptTimes.count - 1])
        let rate = sampleRate ?? RealismRecording.rate(interval: median)
        guard rate.isFinite, rate >= RealismRecording.minimumSampleRate else {
            throw SignalError(
                .outOfRange,
                "sampled at \(Self.seconds(rate)) Hz; comparing needs at least \(Self.seconds(RealismRecording.minimumSampleRate)) Hz (the band up to 10 Hz)",
                file: name)
        }
        self.name = name
        self.times = keptTimes
        self.acceleration = keptAcceleration
        self.rotationRate = rotationRate == nil ? nil : keptRotation
        self.sampleRate = rate
    }

    /// A recording from motion points (CoreMotion's units: g and rad/s): the acceleration is
    /// `(userAcceleration + gravity) · 9.80665`.
    ///
    /// - Parameters:
    ///   - name: The name for reports and messages.
    ///   - points: The points, in time order.
    ///   - hasRotationRate: Whether the points carry a gyroscope's rate; by default, whether any rate is
    ///     not exactly zero (a file without rotation-rate columns reads as zeros).
    ///   - sampleRate: The device's rate (Hz), when the points were resampled from a slower one; by
    ///     default the points' own.
    /// - Throws: As ``init(name:times:acceleration:rotationRate:sampleRate:)``.
    public init(
        name: String, points: [MotionPoint], hasRotationRate: Bool? = nil, sampleRate: Double? = nil
    ) throws(SignalError) {
        let g = IMU.standardGravity
        let rates = points.map { SIMD3($0.rotationRate.x, $0.rotationRate.y, $0.rotationRate.z) }
        let gyroscope = hasRotationRate ?? rates.contains { $0 != .zero }
        try self.init(
            name: name, times: points.map(\.timestamp),
            acceleration: points.map { p in
                SIMD3(
                    p.userAcceleration.x + p.gravity.x, p.userAcceleration.y + p.gravity.y,
                    p.userAcceleration.z + p.gravity.z) * g
            },
            rotationRate: gyroscope ? rates : nil, sampleRate: sampleRate)
    }

    /// The rate of samples `interval` seconds apart (Hz), to 9 significant digits: `1 / (1 / 25)` is
    /// 25.000000000000533 in floating point, and a report shows 25.
    public static func rate(interval: Double) -> Double {
        let rate = 1 / interval
        guard rate.isFinite, rate > 0 else { return rate }
        let scale = pow(10, 8 - log10(rate).rounded(.down))
        return (rate * scale).rounded() / scale
    }

    /// The time from the first sample to the last (s).
    public var duration: Double { times[times.count - 1] - times[0] }

    /// A number for messages: up to 4 significant digits.
    static func seconds(_ value: Double) -> String {
        value.isFinite ? String(format: "%.4g", value) : "\(value)"
    }
}
