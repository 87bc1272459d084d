/// The JSON spec of ``Offset`` (when its parts have one).
extension Combinators.Offset: SpecRepresentable, Codable where Base: SpecRepresentable {
    /// `{"offset": {"by": amount, "signal": base}}`.
    public var node: SignalNode { .offset(by: amount, base.node) }

    /// Rebuilds from an `offset` node.
    /// - Throws: `SignalError` for another node or a base of another type.
    public init(node: SignalNode) throws(SignalError) {
        guard case .offset(let by, let inner) = node else { throw node.mismatch("offset") }
        self.init(try Base(node: inner), by: by)
    }
}
