extension Combinators {
    /// A signal plus a constant (see ``Signal/offset(by:)``).
    public struct Offset<Base: Signal>: Signal {
        /// The signal being shifted.
        public var base: Base
        /// The constant added (signal units).
        public var amount: Double

        /// Creates `base + amount`.
        @inlinable
        public init(_ base: Base, by amount: Double) {
            self.base = base
            self.amount = amount
        }

        public var node: SignalNode { .offset(by: amount, base.node) }

        public init(node: SignalNode) throws {
            guard case .offset(let by, let inner) = node else { throw node.mismatch("offset") }
            self.init(try Base(node: inner), by: by)
        }

        @inlinable
        public func render(into block: RenderBlock, _ transform: Affine) {
            base.render(into: block, Affine(gain: transform.gain, bias: transform.bias + transform.gain * amount,
                                            accumulate: transform.accumulate))
        }
    }
}

extension Signal {
    /// This signal plus `amount`: `self + amount`.
    ///
    /// ```swift
    /// Sine(frequency: 1).offset(by: 1)   // {"offset": {"by": 1, "signal": {"sine": ...}}}
    /// ```
    /// - Parameter amount: The constant to add (signal units).
    @inlinable
    public func offset(by amount: Double) -> Combinators.Offset<Self> {
        Combinators.Offset(self, by: amount)
    }
}
