/// The JSON text of one point, exactly as `signals play` prints it (without the newline): the one
/// formatter shared by the CLI and the live server, so every consumer sees the same bytes.
///
/// ```swift
/// PointLine.scalar(ScalarPoint(timestamp: 0.01, value: 0.5))
/// // {"timestamp":0.01,"value":0.5}
/// PointLine.motion(MotionPoint(timestamp: 0.02, gravity: Acceleration(x: 0, y: 0, z: -1)), precision: .double)
/// // {"timestamp":0.02,"userAcceleration":{"x":0.0,"y":0.0,"z":0.0},"gravity":{"x":0.0,"y":0.0,"z":-1.0},"rotationRate":{...}}
/// ```
///
/// Shapes:
/// - motion: `{"timestamp":t,"userAcceleration":{"x":..,"y":..,"z":..},"gravity":{...},"rotationRate":{...}}`
///   (g, g, rad/s);
/// - one channel: `{"timestamp":t,"value":v}`;
/// - three axes: `{"timestamp":t,"x":..,"y":..,"z":..}`;
/// - any other channel count: `{"timestamp":t,"channels":[c0,c1,...]}`.
///
/// The timestamp (seconds) is written as the `Double` it is (`Double.description`, shortest round trip).
public enum PointLine {
    /// How sample values are written.
    public enum Precision: Sendable, Hashable {
        /// Samples of a rendered signal are `Float`s: written in `Float` precision, so that a rendered
        /// `0.1` prints as `0.1` (the shortest text that reads back as the same `Float`).
        case single
        /// Values that are `Double`s (point files, values posted to the server): the shortest text that
        /// reads back as the same `Double`.
        case double
    }

    /// A number as JSON in the given precision.
    /// - Parameters:
    ///   - value: A finite number.
    ///   - precision: ``Precision/single`` for rendered samples, ``Precision/double`` for file values.
    /// - Returns: Its shortest round-trip text (`0.1`, `-1.0`, `1e-05`).
    @inline(__always)
    public static func number(_ value: Double, _ precision: Precision) -> String {
        precision == .single ? Float(value).description : value.description
    }

    /// `{"x":..,"y":..,"z":..}`.
    /// - Parameters:
    ///   - x: First component.
    ///   - y: Second component.
    ///   - z: Third component.
    ///   - precision: How the numbers are written.
    public static func vector(_ x: Double, _ y: Double, _ z: Double, _ precision: Precision) -> String {
        "{\"x\":\(number(x, precision)),\"y\":\(number(y, precision)),\"z\":\(number(z, precision))}"
    }

    /// A motion point: `{"timestamp":t,"userAcceleration":{...},"gravity":{...},"rotationRate":{...}}`, and
    /// `"attitude":{"w":..,"x":..,"y":..,"z":..}` after them when the point has an attitude.
    /// - Parameters:
    ///   - p: The point (accelerations in g, rotation rate in rad/s, timestamp in seconds).
    ///   - precision: ``Precision/single`` for a rendered motion spec, ``Precision/double`` for a point file.
    public static func motion(_ p: MotionPoint, precision: Precision) -> String {
        let a = p.userAcceleration
        let g = p.gravity
        let r = p.rotationRate
        var attitude = ""
        if let q = p.attitude {
            attitude =
                ",\"attitude\":{\"w\":\(number(q.w, precision)),\"x\":\(number(q.x, precision)),\"y\":\(number(q.y, precision)),\"z\":\(number(q.z, precision))}"
        }
        return
            "{\"timestamp\":\(p.timestamp),\"userAcceleration\":\(vector(a.x, a.y, a.z, precision)),\"gravity\":\(vector(g.x, g.y, g.z, precision)),\"rotationRate\":\(vector(r.x, r.y, r.z, precision))\(attitude)}"
    }

    /// A one-channel point: `{"timestamp":t,"value":v}` (a rendered sample, in `Float` precision).
    /// - Parameter p: The point.
    public static func scalar(_ p: ScalarPoint) -> String {
        "{\"timestamp\":\(p.timestamp),\"value\":\(number(p.value, .single))}"
    }

    /// A three-axis point: `{"timestamp":t,"x":..,"y":..,"z":..}` (rendered samples, in `Float` precision).
    /// - Parameter p: The point.
    public static func axes(_ p: AxesPoint) -> String {
        "{\"timestamp\":\(p.timestamp),\"x\":\(number(p.x, .single)),\"y\":\(number(p.y, .single)),\"z\":\(number(p.z, .single))}"
    }

    /// A point of any other channel count: `{"timestamp":t,"channels":[c0,c1,...]}` (rendered samples,
    /// in `Float` precision).
    /// - Parameters:
    ///   - timestamp: Seconds.
    ///   - values: One sample per channel, in channel order.
    public static func channels(timestamp: Double, _ values: some Sequence<Float>) -> String {
        var out = "{\"timestamp\":\(timestamp),\"channels\":["
        var first = true
        for v in values {
            if !first { out += "," }
            first = false
            out += v.description
        }
        out += "]}"
        return out
    }
}
