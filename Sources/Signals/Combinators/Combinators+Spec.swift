/// The JSON spec of the builder's types (see ``Combinators``): each part of a builder block is one term.

/// Pairs whose terms all have a spec: their nodes, flat.
protocol FlatTermNodes {
    var termNodes: [SignalNode] { get }
}

extension Combinators.Pair: FlatTermNodes where First: SpecRepresentable, Second: SpecRepresentable {
    var termNodes: [SignalNode] {
        ((first as? any FlatTermNodes)?.termNodes ?? [first.node]) + [second.node]
    }
}

extension Combinators.Pair: SpecRepresentable, Codable where First: SpecRepresentable, Second: SpecRepresentable {
    /// `{"sum": [terms...]}`, one term per part of the builder block.
    public var node: SignalNode { .sum(termNodes) }

    /// Rebuilds the pair from a `sum` of at least two terms: the last is `Second`, the rest `First`.
    /// - Throws: `SignalError` when the node is not such a sum or a term does not fit its type.
    public init(node: SignalNode) throws(SignalError) {
        guard case .sum(let list) = node, list.count >= 2, let last = list.last else {
            throw SignalError(
                .malformed, path: "$", "expected a 'sum' of at least two terms for \(Self.self), found '\(node.kind)'")
        }
        let earlier = list.count == 2 ? list[0] : SignalNode.sum(Array(list.dropLast()))
        self.init(try First(node: earlier), try Second(node: last))
    }
}

extension Combinators.Empty: SpecRepresentable, Codable {
    /// `{"sum": []}`.
    public var node: SignalNode { .sum([]) }

    /// Accepts only the empty sum.
    /// - Throws: `SignalError` for any other node.
    public init(node: SignalNode) throws(SignalError) {
        guard case .sum(let list) = node, list.isEmpty else {
            throw SignalError(.malformed, path: "$", "expected an empty 'sum', found '\(node.kind)'")
        }
        self.init()
    }
}

extension Combinators.Conditional: Equatable, Hashable
where TrueBranch: SpecRepresentable, FalseBranch: SpecRepresentable {
    /// Two conditionals are equal when they render the same spec (whichever branch holds it).
    public static func == (a: Self, b: Self) -> Bool { a.node == b.node }

    /// Hashes the spec.
    public func hash(into hasher: inout Hasher) { hasher.combine(node) }
}

extension Combinators.Conditional: SpecRepresentable, Codable
where TrueBranch: SpecRepresentable, FalseBranch: SpecRepresentable {
    /// The taken branch's node.
    public var node: SignalNode {
        switch self {
        case .first(let s): s.node
        case .second(let s): s.node
        }
    }

    /// The `if` branch when the node fits its type, else the `else` branch.
    /// - Throws: `SignalError` when the node fits neither.
    public init(node: SignalNode) throws(SignalError) {
        if let s = try? TrueBranch(node: node) {
            self = .first(s)
        } else {
            self = .second(try FalseBranch(node: node))
        }
    }
}

extension Optional: SpecRepresentable where Wrapped: SpecRepresentable {
    /// The wrapped signal's node, or an empty `sum` for `nil`.
    public var node: SignalNode { self?.node ?? .sum([]) }

    /// `nil` for an empty `sum`, else the wrapped type.
    /// - Throws: `SignalError` when the node does not fit the wrapped type.
    public init(node: SignalNode) throws(SignalError) {
        if case .sum(let list) = node, list.isEmpty { self = .none } else { self = .some(try Wrapped(node: node)) }
    }
}

extension Array: SpecRepresentable where Element: SpecRepresentable {
    /// `{"sum": [element, ...]}` (a `for` loop's iterations; nested as one term inside a builder block).
    public var node: SignalNode { .sum(map(\.node)) }

    /// One element per term of a `sum` (any other node is one element).
    /// - Throws: `SignalError` when a term does not fit `Element`.
    public init(node: SignalNode) throws(SignalError) {
        guard case .sum(let list) = node else {
            self = [try Element(node: node)]
            return
        }
        var elements: [Element] = []
        elements.reserveCapacity(list.count)
        for item in list { elements.append(try Element(node: item)) }
        self = elements
    }
}
