/// The JSON spec of ``Constant``: `{"constant": {...}}`.
extension Constant {
    /// `.constant(self)`.
    public var node: SignalNode { .constant(self) }

    /// Rebuilds the value from a `constant` node.
    /// - Throws: `SignalError` for any other node.
    public init(node: SignalNode) throws(SignalError) { self = try node.expect(\.constant, "constant") }
}
