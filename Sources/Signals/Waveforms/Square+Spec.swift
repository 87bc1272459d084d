/// The JSON spec of ``Square``: `{"square": {...}}`.
extension Square {
    /// `.square(self)`.
    public var node: SignalNode { .square(self) }

    /// Rebuilds the value from a `square` node.
    /// - Throws: `SignalError` for any other node.
    public init(node: SignalNode) throws(SignalError) { self = try node.expect(\.square, "square") }
}
