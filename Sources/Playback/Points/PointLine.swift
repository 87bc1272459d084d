import Formats

/// The JSON text of one point, exactly as `signals play` prints it and the live server sends it (without
/// the newline): a public front of the package's one point-line codec, so every consumer sees the same bytes.
///
/// ```swift
/// try PointLine.scalar(ScalarPoint(timestamp: 0.01, value: 0.5))
/// // {"timestamp":0.01,"value":0.5}
/// try PointLine.motion(MotionPoint(timestamp: 0.02, gravity: Acceleration(x: 0, y: 0, z: -1)), precision: .double)
/// // {"timestamp":0.02,"userAcceleration":{"x":0.0,"y":0.0,"z":0.0},"gravity":{"x":0.0,"y":0.0,"z":-1.0},"rotationRate":{...}}
/// ```
///
/// Shapes:
/// - motion: `{"timestamp":t,"userAcceleration":{"x":..,"y":..,"z":..},"gravity":{...},"rotationRate":{...}}`
///   (g, g, rad/s), and `"attitude":{"w":..,"x":..,"y":..,"z":..}` after them when the point has one;
/// - one channel: `{"timestamp":t,"value":v}`;
/// - three axes: `{"timestamp":t,"x":..,"y":..,"z":..}`;
/// - any other channel count: `{"timestamp":t,"channels":[c0,c1,...]}`.
///
/// The timestamp (seconds) is written as the `Double` it is (`Double.description`, shortest round trip).
/// A number that is not finite is never written: the line is refused with `SignalError` `.nonFinite`
/// naming the member (JSON has no NaN or infinity).
public enum PointLine {
    /// How sample values are written (see `PointPrecision`).
    public typealias Precision = PointPrecision

    /// A number as JSON in the given precision.
    /// - Parameters:
    ///   - value: A finite number.
    ///   - precision: `PointPrecision.single` for rendered samples, `PointPrecision.double` for file values.
    /// - Returns: Its shortest round-trip text (`0.1`, `-1.0`, `1e-05`).
    public static func number(_ value: Double, _ precision: Precision) -> String {
        PointLineCodec.number(value, precision)
    }

    /// `{"x":..,"y":..,"z":..}`.
    /// - Parameters:
    ///   - x: First component.
    ///   - y: Second component.
    ///   - z: Third component.
    ///   - precision: How the numbers are written.
    public static func vector(_ x: Double, _ y: Double, _ z: Double, _ precision: Precision) -> String {
        PointLineCodec.vector(x, y, z, precision)
    }

    /// A motion point's line.
    /// - Parameters:
    ///   - p: The point (accelerations in g, rotation rate in rad/s, timestamp in seconds).
    ///   - precision: `PointPrecision.single` for a rendered motion spec, `PointPrecision.double` for a
    ///     point file.
    /// - Throws: `SignalError` `.nonFinite` naming the member when a number is not finite.
    public static func motion(_ p: MotionPoint, precision: Precision) throws(SignalError) -> String {
        try PointLineCodec.write(p, precision: precision)
    }

    /// A one-channel point's line, `{"timestamp":t,"value":v}` (a rendered sample, in `Float` precision).
    /// - Parameter p: The point (seconds, signal units).
    /// - Throws: `SignalError` `.nonFinite` naming the member when a number is not finite.
    public static func scalar(_ p: ScalarPoint) throws(SignalError) -> String {
        try PointLineCodec.write(p)
    }

    /// A three-axis point's line, `{"timestamp":t,"x":..,"y":..,"z":..}` (rendered samples, in `Float` precision).
    /// - Parameter p: The point (seconds, signal units).
    /// - Throws: `SignalError` `.nonFinite` naming the member when a number is not finite.
    public static func axes(_ p: AxesPoint) throws(SignalError) -> String {
        try PointLineCodec.write(p)
    }

    /// The line of a point of any other channel count, `{"timestamp":t,"channels":[c0,c1,...]}` (rendered
    /// samples, in `Float` precision).
    /// - Parameters:
    ///   - timestamp: Seconds.
    ///   - values: One sample per channel, in channel order (signal units).
    /// - Throws: `SignalError` `.nonFinite` naming the member when a number is not finite.
    public static func channels(timestamp: Double, _ values: some Collection<Float>) throws(SignalError) -> String {
        try PointLineCodec.write(channels: values, timestamp: timestamp)
    }
}

extension MotionLocationPoint {
    /// The point as `signals play` prints it (without the newline): the motion line (see
    /// ``PointLine/motion(_:precision:)``) with `"location": {...}` beside its parts.
    ///
    /// ```swift
    /// try p.jsonLine()   // {"timestamp":0.5,"userAcceleration":{...},"gravity":{...},"rotationRate":{...},"location":{"latitude":48.85,...}}
    /// ```
    /// - Parameter precision: How the motion's numbers are written: `.single` for a rendered motion spec
    ///   (the default), `.double` for values held as `Double`s.
    /// - Throws: `SignalError` `.nonFinite` naming the member when a number is not finite.
    public func jsonLine(precision: PointLine.Precision = .single) throws(SignalError) -> String {
        try PointLineCodec.write(self, precision: precision)
    }
}

extension TrajectoryPoint {
    /// The point as `signals play` prints it (no newline): the motion line with `location` (on fix points),
    /// `heading` (`trueHeading`, `magneticHeading`, `headingAccuracy`, degrees), `magneticField` (`x`, `y`,
    /// `z`, µT), `pressure` (Pa, with a barometer), `altitude` (m above mean sea level) and `pedometer`
    /// (`steps`, `distance` in m, `cadence` in steps/s, `floorsAscended`, `floorsDescended`).
    /// - Throws: `SignalError` `.nonFinite` naming the member when a number is not finite.
    public func jsonLine() throws(SignalError) -> String {
        try PointLineCodec.write(self)
    }
}
