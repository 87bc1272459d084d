/// The JSON spec of ``Triangle``: `{"triangle": {...}}`.
extension Triangle {
    /// `.triangle(self)`.
    public var node: SignalNode { .triangle(self) }

    /// Rebuilds the value from a `triangle` node.
    /// - Throws: `SignalError` for any other node.
    public init(node: SignalNode) throws(SignalError) { self = try node.expect(\.triangle, "triangle") }
}
