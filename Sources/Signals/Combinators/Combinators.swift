/// The concrete types the ``SignalBuilder`` and the combinator methods produce.
///
/// Users rarely name them: `Sum { a; b }` has type `Sum<Combinators.Pair<A, B>>` and
/// `a.scaled(by: 2)` has type `Combinators.Scaled<A>`. Keeping them concrete is what lets the compiler
/// specialise and inline a whole signal tree.
///
/// Each is a ``Signal`` whatever its parts are, and ``SpecRepresentable`` when its parts are. In JSON
/// every part of a builder block is one term of the sum: a `for` loop is a nested `sum`, an `if`
/// without `else` that was not taken is an empty `sum`, so decoding a value's own encoding never has
/// to guess how many terms a part takes.
public enum Combinators {}

/// Sums that list their terms flat (``Combinators/Pair`` chains), seen through a dynamic cast at
/// validation and encoding time only (never while rendering).
protocol FlatTerms {
    /// The terms, each one signal, in order.
    func appendTerms(to list: inout [any Signal])
}

/// The terms of `signal` as a sum: a pair chain's terms, or the signal itself.
func flatTerms(_ signal: any Signal) -> [any Signal] {
    var list: [any Signal] = []
    if let pairs = signal as? any FlatTerms { pairs.appendTerms(to: &list) } else { list.append(signal) }
    return list
}

/// Validates the terms of a sum at `context.path[i]`, checks their channel counts, and bounds the total.
func validateTerms(_ terms: [any Signal], _ context: ValidationContext) throws(SignalError) -> Double? {
    let width = terms.map(\.channelCount).max() ?? 1
    var total: Double? = 0
    for (i, term) in terms.enumerated() {
        let termContext = context.appending("[\(i)]")
        let bound = try termContext.checkBound(term.validate(termContext))
        guard term.channelCount == 1 || term.channelCount == width else {
            throw SignalError(
                .channelMismatch, path: termContext.path,
                "term has \(term.channelCount) channels but the sum has \(width); terms must have 1 channel or \(width)"
            )
        }
        total = bound.flatMap { b in total.map { $0 + b } }
    }
    return try context.checkBound(total.map { SignalLimits.roundedSum($0, terms: terms.count) })
}

extension Combinators {
    /// Two terms of a sum (the builder nests pairs to the left: `((a + b) + c)`).
    public struct Pair<First: Signal, Second: Signal>: Signal, FlatTerms {
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

        /// The widest term's channel count.
        public var channelCount: Int { max(first.channelCount, second.channelCount) }

        /// Validates each term at `$.sum[i]`; the bound is the sum of the terms' bounds.
        public func validate(_ context: ValidationContext) throws(SignalError) -> Double? {
            try validateTerms(flatTerms(self), context.appending(".sum"))
        }

        func appendTerms(to list: inout [any Signal]) {
            if let earlier = first as? any FlatTerms { earlier.appendTerms(to: &list) } else { list.append(first) }
            list.append(second)
        }

        /// Renders the first terms, then adds the last.
        @inlinable
        public func render(into block: RenderBlock, _ transform: Affine) {
            first.render(into: block, transform)
            second.render(into: block, transform.nextTerm)
        }
    }

    /// No terms: renders zero (plus the bias of its map). The builder's empty block.
    public struct Empty: Signal, Hashable {
        /// Creates the empty sum.
        @inlinable public init() {}

        /// Zero: nothing to check.
        public func validate(_ context: ValidationContext) throws(SignalError) -> Double? { 0 }

        /// Renders zero (the transform's bias).
        @inlinable
        public func render(into block: RenderBlock, _ transform: Affine) {
            for c in 0..<block.channelCount {
                Lanes.fill(
                    block.channel(c), count: block.frameCount, value: Float(transform.bias),
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

        /// The taken branch's channel count.
        public var channelCount: Int {
            switch self {
            case .first(let s): s.channelCount
            case .second(let s): s.channelCount
            }
        }

        /// Validates the taken branch.
        public func validate(_ context: ValidationContext) throws(SignalError) -> Double? {
            switch self {
            case .first(let s): try s.validate(context)
            case .second(let s): try s.validate(context)
            }
        }

        /// Renders the taken branch.
        @inlinable
        public func render(into block: RenderBlock, _ transform: Affine) {
            switch self {
            case .first(let s): s.render(into: block, transform)
            case .second(let s): s.render(into: block, transform)
            }
        }
    }
}

extension Combinators.Pair: Equatable where First: Equatable, Second: Equatable {}
extension Combinators.Pair: Hashable where First: Hashable, Second: Hashable {}

extension Optional: Signal where Wrapped: Signal {
    /// The wrapped signal's channel count (1 when `nil`).
    public var channelCount: Int { self?.channelCount ?? 1 }

    /// Validates the wrapped signal; `nil` is zero.
    public func validate(_ context: ValidationContext) throws(SignalError) -> Double? {
        guard let s = self else { return 0 }
        return try s.validate(context)
    }

    /// Renders the wrapped signal, or zero.
    @inlinable
    public func render(into block: RenderBlock, _ transform: Affine) {
        if let s = self { s.render(into: block, transform) } else { Combinators.Empty().render(into: block, transform) }
    }
}

extension Array: Signal where Element: Signal {
    /// The widest element's channel count (1 when empty).
    public var channelCount: Int { map(\.channelCount).max() ?? 1 }

    /// Validates each element at `$.sum[i]`; the bound is the sum of theirs.
    public func validate(_ context: ValidationContext) throws(SignalError) -> Double? {
        try validateTerms(map { $0 as any Signal }, context.appending(".sum"))
    }

    /// The sum of the elements (a `for` loop in the builder).
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
