/// The JSON spec of ``Sum`` (when its parts have one).
extension Sum: SpecRepresentable, Codable where Content: SpecRepresentable {
    /// The content's node: a `sum` of the block's parts, or the one part.
    public var node: SignalNode { content.node }

    /// Rebuilds the sum; a `sum` of one term also decodes into a single-part content.
    /// - Throws: `SignalError` when the node does not fit `Content`.
    public init(node: SignalNode) throws(SignalError) {
        do {
            content = try Content(node: node)
        } catch {
            guard case .sum(let list) = node, list.count == 1, let only = try? Content(node: list[0]) else {
                throw error
            }
            content = only
        }
    }
}
