/// One three-axis sensor stream read from a recording, converted to CoreMotion's units and signs:
/// accelerations in g with CoreMotion's sign (a phone face up has gravity z = −1), rates in rad/s.
///
/// ```swift
/// let series = try PhyphoxRecording.read(path: "Gyroscope.csv")
/// series[0].kind        // .gyroscope
/// series[0].times[0]    // seconds
/// ```
public struct SensorSeries: Sendable, Hashable {
    /// What a stream measures.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// The raw accelerometer: user acceleration plus gravity (g).
        case accelerometer
        /// User (linear) acceleration, gravity excluded (g).
        case userAcceleration
        /// The gravity vector in the device frame (g).
        case gravity
        /// The rotation rate (rad/s).
        case gyroscope
    }

    /// What the stream measures.
    public var kind: Kind
    /// Sample times (s), strictly increasing.
    public var times: [Double]
    /// x, y and z samples, one array per axis, in CoreMotion units.
    public var axes: [[Double]]
    /// The file it came from, for messages.
    public var file: String
    /// 1-based line of each sample in the file, for messages.
    public var lines: [Int]

    /// Creates a series.
    /// - Parameters:
    ///   - kind: What it measures.
    ///   - times: Sample times (s).
    ///   - axes: Three arrays of samples, as long as `times`.
    ///   - file: Where it came from.
    ///   - lines: The 1-based line of each sample (default none).
    public init(kind: Kind, times: [Double], axes: [[Double]], file: String, lines: [Int] = []) {
        self.kind = kind
        self.times = times
        self.axes = axes
        self.file = file
        self.lines = lines
    }

    /// Number of samples.
    public var count: Int { times.count }
}
