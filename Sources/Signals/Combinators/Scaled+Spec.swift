/// The JSON spec of ``Scaled`` (when its parts have one).
extension Combinators.Scaled: SpecRepresentable, Codable where Base: SpecRepresentable {
    /// `{"scaled": {"by": factor, "signal": base}}`.
    public var node: SignalNode { .scaled(by: factor, base.node) }

    /// Rebuilds from a `scaled` node.
    /// - Throws: `SignalError` for another node or a base of another type.
    public init(node: SignalNode) throws(SignalError) {
        guard case .scaled(let by, let inner) = node else { throw node.mismatch("scaled") }
        self.init(try Base(node: inner), by: by)
    }
}
