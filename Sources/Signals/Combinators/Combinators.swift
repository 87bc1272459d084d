/// The concrete types the ``SignalBuilder`` and the combinator methods produce.
///
/// Users rarely name them: `Sum { a; b }` has type `Sum<Combinators.Pair<A, B>>` and
/// `a.scaled(by: 2)` has type `Combinators.Scaled<A>`. Keeping them concrete is what lets the compiler
/// specialise and inline a whole signal tree.
public enum Combinators {}

extension Combinators {
    /// Two terms of a sum (the builder nests pairs to the left: `((a + b) + c)`).
    public struct Pair<First: Signal, Second: Signal>: Signal {
        /// The earlier terms.
        public var first: First
        /// The last term.
        public var second: Second

        /// Creates a pair of terms.
        @inlinable
        public init(_ first: First, _ second: Second) {
            self.first = first
            self.second = second
        }

        public var node: SignalNode { .sum(terms) }
        public var terms: [SignalNode] { first.terms + second.terms }

        public init(node: SignalNode) throws {
            var terms: ArraySlice<SignalNode>
            if case .sum(let list) = node { terms = list[...] } else { terms = [node] }
            self = try Self.consumeTerms(&terms)
            if !terms.isEmpty { throw SignalError(.malformed, "\(terms.count) term(s) left over decoding \(Self.self)") }
        }

        public static func consumeTerms(_ terms: inout ArraySlice<SignalNode>) throws -> Pair {
            let a = try First.consumeTerms(&terms)
            let b = try Second.consumeTerms(&terms)
            return Pair(a, b)
        }

        @inlinable
        public func render(into block: RenderBlock, _ transform: Affine) {
            first.render(into: block, transform)
            second.render(into: block, transform.nextTerm)
        }
    }

    /// No terms: renders zero (plus the bias of its map). The builder's empty block.
    public struct Empty: Signal {
        /// Creates the empty sum.
        @inlinable public init() {}

        public var node: SignalNode { .sum([]) }
        public var terms: [SignalNode] { [] }

        public init(node: SignalNode) throws {
            guard case .sum(let list) = node, list.isEmpty else {
                throw SignalError(.malformed, "expected an empty sum")
            }
        }

        public static func consumeTerms(_ terms: inout ArraySlice<SignalNode>) throws -> Empty { Empty() }

        @inlinable
        public func render(into block: RenderBlock, _ transform: Affine) {
            for c in 0 ..< block.channelCount {
                Lanes.fill(block.channel(c), count: block.frameCount, value: Float(transform.bias),
                           accumulate: transform.accumulate)
            }
        }
    }

    /// One of two branches (`if`/`else` in the builder).
    public enum Conditional<TrueBranch: Signal, FalseBranch: Signal>: Signal {
        /// The `if` branch was taken.
        case first(TrueBranch)
        /// The `else` branch was taken.
        case second(FalseBranch)

        public var node: SignalNode {
            switch self {
            case .first(let s): return s.node
            case .second(let s): return s.node
            }
        }

        public var terms: [SignalNode] {
            switch self {
            case .first(let s): return s.terms
            case .second(let s): return s.terms
            }
        }

        public init(node: SignalNode) throws {
            if let s = try? TrueBranch(node: node) { self = .first(s) } else { self = .second(try FalseBranch(node: node)) }
        }

        public static func consumeTerms(_ terms: inout ArraySlice<SignalNode>) throws -> Conditional {
            var attempt = terms
            if let s = try? TrueBranch.consumeTerms(&attempt) {
                terms = attempt
                return .first(s)
            }
            return .second(try FalseBranch.consumeTerms(&terms))
        }

        @inlinable
        public func render(into block: RenderBlock, _ transform: Affine) {
            switch self {
            case .first(let s): s.render(into: block, transform)
            case .second(let s): s.render(into: block, transform)
            }
        }
    }
}

extension Optional: Signal where Wrapped: Signal {
    /// The wrapped signal's node, or an empty sum.
    public var node: SignalNode { self?.node ?? .sum([]) }
    public var terms: [SignalNode] { self?.terms ?? [] }

    public init(node: SignalNode) throws {
        if case .sum(let list) = node, list.isEmpty { self = .none } else { self = .some(try Wrapped(node: node)) }
    }

    public static func consumeTerms(_ terms: inout ArraySlice<SignalNode>) throws -> Wrapped? {
        var attempt = terms
        if let s = try? Wrapped.consumeTerms(&attempt) {
            terms = attempt
            return s
        }
        return nil
    }

    @inlinable
    public func render(into block: RenderBlock, _ transform: Affine) {
        if let s = self { s.render(into: block, transform) } else { Combinators.Empty().render(into: block, transform) }
    }
}

extension Array: Signal where Element: Signal {
    /// A sum of the elements (a `for` loop in the builder).
    public var node: SignalNode { .sum(terms) }
    public var terms: [SignalNode] { flatMap(\.terms) }

    public init(node: SignalNode) throws {
        var terms: ArraySlice<SignalNode>
        if case .sum(let list) = node { terms = list[...] } else { terms = [node] }
        self = try Self.consumeTerms(&terms)
        if !terms.isEmpty { throw SignalError(.malformed, "\(terms.count) term(s) left over decoding \(Self.self)") }
    }

    /// Takes as many terms as decode as `Element`.
    public static func consumeTerms(_ terms: inout ArraySlice<SignalNode>) throws -> [Element] {
        var result: [Element] = []
        while !terms.isEmpty {
            var attempt = terms
            guard let s = try? Element.consumeTerms(&attempt), attempt.count < terms.count else { break }
            terms = attempt
            result.append(s)
        }
        return result
    }

    @inlinable
    public func render(into block: RenderBlock, _ transform: Affine) {
        guard let first else {
            Combinators.Empty().render(into: block, transform)
            return
        }
        first.render(into: block, transform)
        for s in dropFirst() { s.render(into: block, transform.nextTerm) }
    }
}
