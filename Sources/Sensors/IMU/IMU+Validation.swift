import Signals

extension IMU {
    /// Checks the motion and every error term for a render at `context.sampleRate`.
    ///
    /// The error terms are checked by ``validate(path:sampleRate:)`` (each term within its documented
    /// range, see ``SensorModel/validate(sensor:path:)``); the motion as any motion spec.
    /// - Returns: A bound of `|sample|` when every axis saturates, else `nil`.
    /// - Throws: `SignalError` naming the JSON path (`$.imu.gyroscope_random_walk`).
    public func validate(_ context: ValidationContext) throws(SignalError) -> Double? {
        let here = context.appending(".imu")
        _ = try SignalNode.motion(motion).validate(here)
        try validate(path: here.path, sampleRate: context.sampleRate)
        var bound = 0.0
        var bounded = true
        for (prefix, model) in [("accelerometer", accelerometer), ("gyroscope", gyroscope)] {
            let scale = prefix == "accelerometer" && accelerometerUnit == .g ? 1 / IMU.standardGravity : 1
            for i in 0..<3 {
                if model.range[i] > 0 {
                    bound = max(bound, (model.range[i] + model.resolution[i]) * scale)
                } else {
                    bounded = false
                }
            }
        }
        return bounded ? try here.checkBound(bound) : nil
    }

    /// Checks both sensors' error terms, for any rate: the one check of an IMU's error model, wherever
    /// it was written (see ``SensorModel/validate(sensor:path:)`` for the ranges).
    ///
    /// ```swift
    /// var imu = IMU()
    /// imu.gyroscope.biasInstability = SIMD3(repeating: 1e-3)
    /// imu.gyroscope.biasCorrelationTime = SIMD3(repeating: -5)
    /// try imu.validate(path: "$.imu")   // throws at $.imu.gyroscope_bias_correlation_time
    /// ```
    /// - Parameter path: The JSON path of the IMU object (default `$.imu`; a trajectory's is
    ///   `$.trajectory.sensors.imu`).
    /// - Throws: `SignalError` at `path.accelerometer_TERM` or `path.gyroscope_TERM`.
    public func validate(path: String = "$.imu") throws(SignalError) {
        try accelerometer.validate(sensor: "accelerometer", path: path)
        try gyroscope.validate(sensor: "gyroscope", path: path)
    }

    /// ``validate(path:)``, and the checks that depend on the rate (a low-pass slow enough for it).
    /// - Parameters:
    ///   - path: The JSON path of the IMU object.
    ///   - sampleRate: The IMU's rate, Hz.
    /// - Throws: `SignalError` at `path.accelerometer_TERM` or `path.gyroscope_TERM`.
    public func validate(path: String, sampleRate: Double) throws(SignalError) {
        try accelerometer.validate(sensor: "accelerometer", path: path, sampleRate: sampleRate)
        try gyroscope.validate(sensor: "gyroscope", path: path, sampleRate: sampleRate)
    }
}
