/// The JSON spec of ``Noise``: `{"noise": {...}}`.
extension Noise {
    /// `.noise(self)`.
    public var node: SignalNode { .noise(self) }

    /// Rebuilds the value from a `noise` node.
    /// - Throws: `SignalError` for any other node.
    public init(node: SignalNode) throws(SignalError) { self = try node.expect(\.noise, "noise") }
}
