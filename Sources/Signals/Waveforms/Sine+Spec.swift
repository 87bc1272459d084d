/// The JSON spec of ``Sine``: `{"sine": {...}}`.
extension Sine {
    /// `.sine(self)`.
    public var node: SignalNode { .sine(self) }

    /// Rebuilds the value from a `sine` node.
    /// - Throws: `SignalError` for any other node.
    public init(node: SignalNode) throws(SignalError) { self = try node.expect(\.sine, "sine") }
}
