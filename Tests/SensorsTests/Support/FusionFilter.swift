import Signals

@testable import Sensors

/// What the fusion tests drive: Madgwick's and Mahony's filters take the same readings and give an
/// attitude, so one helper steps either.
protocol FusionFilter {
    /// The attitude estimate (device → reference).
    var quaternion: Quaternion { get }
    /// One step on a gyroscope (rad/s), accelerometer and magnetometer reading, `dt` seconds long.
    mutating func update(
        gyroscope: SIMD3<Double>, accelerometer: SIMD3<Double>, magnetometer: SIMD3<Double>?, dt: Double)
}

extension MadgwickFilter: FusionFilter {}
extension MahonyFilter: FusionFilter {}

/// Steps `filter` for `seconds` at 100 Hz on constant readings (by default a device lying still, face up),
/// calling `each(k, quaternion)` after step `k` (1-based).
func holdStill<F: FusionFilter>(
    _ filter: inout F, seconds: Double, gyroscope: SIMD3<Double>,
    accelerometer: SIMD3<Double> = SIMD3(0, 0, 9.80665), magnetometer: SIMD3<Double>?,
    each: (Int, Quaternion) -> Void = { _, _ in }
) {
    for k in 1...Int((seconds * 100).rounded()) {
        filter.update(gyroscope: gyroscope, accelerometer: accelerometer, magnetometer: magnetometer, dt: 0.01)
        each(k, filter.quaternion)
    }
}

/// The tilt error (rad) of `filter` after 20 s of a sustained 0.1 g (0.980665 m/s²) along device x, the
/// device level and the gyroscope reading 1e-3 rad/s about z.
func tiltUnderHorizontalAcceleration<F: FusionFilter>(_ filter: F) -> Double {
    var filter = filter
    holdStill(
        &filter, seconds: 20, gyroscope: SIMD3(0, 0, 1e-3), accelerometer: SIMD3(0.980665, 0, 9.80665),
        magnetometer: nil)
    return tiltError(filter.quaternion, up: (0, 0, 1))
}
