/// A signal the realism features are measured on: the magnitude of the linear acceleration or of the
/// rotation rate, or one device axis of either.
///
/// ```swift
/// RealismChannel(.linearAcceleration).description        // "linearAcceleration"
/// RealismChannel(.rotationRate, axis: .x).description    // "rotationRate.x"
/// ```
public struct RealismChannel: Sendable, Hashable, CustomStringConvertible {
    /// What is measured.
    public enum Quantity: String, Sendable, Hashable, CaseIterable {
        /// The acceleration with gravity removed (m/s²).
        case linearAcceleration
        /// The gyroscope's rate (rad/s).
        case rotationRate

        /// Its unit.
        public var unit: String { self == .linearAcceleration ? "m/s²" : "rad/s" }
    }

    /// A device axis.
    public enum Axis: String, Sendable, Hashable, CaseIterable {
        case x, y, z

        /// Its index in a vector.
        var index: Int {
            switch self {
            case .x: 0
            case .y: 1
            case .z: 2
            }
        }
    }

    /// What is measured.
    public var quantity: Quantity
    /// The axis, or `nil` for the magnitude of the vector.
    public var axis: Axis?

    /// A channel.
    /// - Parameters:
    ///   - quantity: What is measured.
    ///   - axis: One device axis, or `nil` (default) for the vector's magnitude.
    public init(_ quantity: Quantity, axis: Axis? = nil) {
        self.quantity = quantity
        self.axis = axis
    }

    /// `linearAcceleration`, `rotationRate.z`, …: the prefix of the feature names in a report.
    public var description: String { quantity.rawValue + (axis.map { "." + $0.rawValue } ?? "") }

    /// The channels a comparison measures, in report order: the two magnitudes, then the six axes.
    public static let all: [RealismChannel] =
        Quantity.allCases.map { RealismChannel($0) }
        + Quantity.allCases.flatMap { q in Axis.allCases.map { RealismChannel(q, axis: $0) } }
}
