/// The JSON spec of ``Sawtooth``: `{"sawtooth": {...}}`.
extension Sawtooth {
    /// `.sawtooth(self)`.
    public var node: SignalNode { .sawtooth(self) }

    /// Rebuilds the value from a `sawtooth` node.
    /// - Throws: `SignalError` for any other node.
    public init(node: SignalNode) throws(SignalError) { self = try node.expect(\.sawtooth, "sawtooth") }
}
