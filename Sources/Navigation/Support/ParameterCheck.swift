import Formats
import Signals

/// The checks every sensor parameter of a trajectory passes, each throwing the package's `SignalError` at
/// the parameter's JSON path (`$.trajectory.sensors.barometer.noise_density`).
struct ParameterCheck: Sendable {
    /// The JSON path of the sensor (`$.trajectory.sensors.magnetometer`).
    let path: String

    /// The path of one of the sensor's fields.
    func path(_ field: String) -> String { "\(path).\(field)" }

    /// Throws `.nonFinite` unless `value` is finite, then `.outOfRange` unless it is in `range`.
    /// - Parameters:
    ///   - value: The parameter.
    ///   - field: Its JSON name.
    ///   - unit: Its unit, for the message (empty for a pure number).
    ///   - range: The values allowed.
    func check(_ value: Double, _ field: String, unit: String, in range: ClosedRange<Double>) throws(SignalError) {
        try ParameterRange.check(value, field, unit: unit, in: range, path: path(field))
    }

    /// Throws unless a sample index is in `0 ..< 2⁶²` (the span of the random-access noise processes).
    /// - Parameters:
    ///   - first: The first sample index.
    ///   - count: How many samples from it.
    func checkSamples(first: Int, count: Int) throws(SignalError) {
        guard first >= 0, count >= 0, first <= (1 << 62) - count else {
            throw SignalError(
                .invalidRender,
                "\(path): samples \(first) ..< \(first) + \(count) are outside 0 ..< 2^62")
        }
    }

    /// The same error at this sensor's path, with `context` before its message (the Earth models throw at `$`).
    func relocated(_ error: any Error, _ context: String) -> SignalError {
        guard let error = error as? SignalError else {
            return SignalError(.invalidArgument, path: path, "\(context): \(error)")
        }
        return SignalError(error.code, path: path, "\(context): \(error.message)")
    }
}

/// A sensor model that a trajectory samples at a rate of its own: the magnetometer and the barometer.
protocol ResampledSensorModel {
    /// The JSON path of the sensor's parameters.
    static var path: String { get }
    /// The sample rates the sensor may have, Hz.
    static var sampleRates: ClosedRange<Double> { get }
    /// Its sample rate, Hz.
    var sampleRate: Double { get set }
}

extension ResampledSensorModel {
    /// The same sensor sampled at `rate` Hz (the trajectory's render rate when its spec sets none).
    /// - Throws: `SignalError` `.outOfRange` at `…magnetometer.rate` or `…barometer.rate` outside `sampleRates`.
    func at(rate: Double) throws(SignalError) -> Self {
        try ParameterCheck(path: Self.path).check(rate, "rate", unit: "Hz", in: Self.sampleRates)
        var copy = self
        copy.sampleRate = rate
        return copy
    }
}

extension MagnetometerModel: ResampledSensorModel {}
extension BarometerModel: ResampledSensorModel {}
