/// The JSON spec of ``Chirp``: `{"chirp": {...}}`.
extension Chirp {
    /// `.chirp(self)`.
    public var node: SignalNode { .chirp(self) }

    /// Rebuilds the value from a `chirp` node.
    /// - Throws: `SignalError` for any other node.
    public init(node: SignalNode) throws(SignalError) { self = try node.expect(\.chirp, "chirp") }
}
