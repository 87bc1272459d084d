/// The JSON spec of ``Axes`` (when its parts have one).
extension Axes: SpecRepresentable, Codable where X: SpecRepresentable, Y: SpecRepresentable, Z: SpecRepresentable {
    /// `{"axes": {"x": ..., "y": ..., "z": ...}}`.
    public var node: SignalNode { .axes(x: x.node, y: y.node, z: z.node) }

    /// Rebuilds from an `axes` node.
    /// - Throws: `SignalError` for another node or an axis of another type.
    public init(node: SignalNode) throws(SignalError) {
        guard case .axes(let x, let y, let z) = node else { throw node.mismatch("axes") }
        self.init(x: try X(node: x), y: try Y(node: y), z: try Z(node: z))
    }
}
