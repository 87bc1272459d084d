/// A constant signal: `value` at every sample.
///
/// ```swift
/// Constant(-1)   // {"constant": {"value": -1}} in JSON
/// ```
public struct Constant: SpecRepresentable {
    /// The value (signal units).
    public var value: Double

    /// Creates a constant signal.
    /// - Parameter value: The value at every sample (signal units).
    public init(_ value: Double) { self.value = value }

    /// Renders one block (see ``Signal/render(into:_:)``).
    @inlinable
    public func render(into block: RenderBlock, _ transform: Affine) {
        let v = Float(transform.gain * value + transform.bias)
        forEachChannel(block) { out in
            Lanes.fill(out, count: block.frameCount, value: v, accumulate: transform.accumulate)
        }
    }
}
