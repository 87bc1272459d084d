/// A three-channel signal with one scalar signal per axis: channel 0 is `x`, 1 is `y`, 2 is `z`.
///
/// ```swift
/// let shake = Axes(x: Sine(amplitude: 2, frequency: 3), y: Constant(0), z: Noise(amplitude: 0.02, seed: 1))
/// let buffer = try shake.render(sampleRate: 100, duration: 5)   // channelCount == 3
/// ```
/// In JSON: `{"axes": {"x": ..., "y": ..., "z": ...}}`; an omitted axis is `{"constant": {"value": 0}}`.
public struct Axes<X: Signal, Y: Signal, Z: Signal>: Signal {
    /// The signal on the x axis (channel 0).
    public var x: X
    /// The signal on the y axis (channel 1).
    public var y: Y
    /// The signal on the z axis (channel 2).
    public var z: Z

    /// Creates a three-axis signal. Each axis must be a scalar (one-channel) signal.
    @inlinable
    public init(x: X, y: Y, z: Z) {
        self.x = x
        self.y = y
        self.z = z
    }

    /// Three.
    public var channelCount: Int { 3 }

    /// Validates each axis (at `$.axes.x` ...), which must have one channel; the bound is the largest axis's.
    public func validate(_ context: ValidationContext) throws(SignalError) -> Double? {
        let here = context.appending(".axes")
        var largest: Double? = 0
        for (name, axis) in [("x", x as any Signal), ("y", y), ("z", z)] {
            let axisContext = here.appending(".\(name)")
            let bound = try axisContext.checkBound(axis.validate(axisContext))
            guard axis.channelCount == 1 else {
                throw SignalError(
                    .channelMismatch, path: axisContext.path,
                    "each axis must be a one-channel signal, this one has \(axis.channelCount)")
            }
            largest = bound.flatMap { b in largest.map { max($0, b) } }
        }
        return largest
    }

    /// Renders each axis into its channel.
    @inlinable
    public func render(into block: RenderBlock, _ transform: Affine) {
        x.render(into: block.single(0), transform)
        y.render(into: block.single(1), transform)
        z.render(into: block.single(2), transform)
    }
}

extension Axes: Equatable where X: Equatable, Y: Equatable, Z: Equatable {}
extension Axes: Hashable where X: Hashable, Y: Hashable, Z: Hashable {}
