/// A magnetic field vector in the device frame, microtesla: CoreMotion's `CMMagneticField`.
public struct MagneticField: Sendable, Hashable {
    /// The field along the device's x axis (to the right of the screen), µT.
    public var x: Double
    /// The field along the device's y axis (toward the top of the screen), µT.
    public var y: Double
    /// The field along the device's z axis (out of the screen), µT.
    public var z: Double

    /// Creates a field.
    /// - Parameters:
    ///   - x: µT along the device's x axis.
    ///   - y: µT along the device's y axis.
    ///   - z: µT along the device's z axis.
    public init(x: Double, y: Double, z: Double) {
        self.x = x
        self.y = y
        self.z = z
    }

    /// The field of a vector (µT).
    /// - Parameter vector: `(x, y, z)`, µT.
    public init(_ vector: SIMD3<Double>) {
        self.init(x: vector.x, y: vector.y, z: vector.z)
    }

    /// The field as a vector, µT.
    public var vector: SIMD3<Double> { SIMD3(x, y, z) }
}
