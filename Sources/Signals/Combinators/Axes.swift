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

    public var node: SignalNode { .axes(x: x.node, y: y.node, z: z.node) }

    public init(node: SignalNode) throws {
        guard case .axes(let x, let y, let z) = node else { throw node.mismatch("axes") }
        self.init(x: try X(node: x), y: try Y(node: y), z: try Z(node: z))
    }

    @inlinable
    public func render(into block: RenderBlock, _ transform: Affine) {
        x.render(into: block.single(0), transform)
        y.render(into: block.single(1), transform)
        z.render(into: block.single(2), transform)
    }
}
