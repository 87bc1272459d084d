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

        /// The base's channel count.
        public var channelCount: Int { base.channelCount }

        /// Checks the amount and the base (at `$.offset.signal`); the bound is `bound(base) + |amount|`.
        public func validate(_ context: ValidationContext) throws(SignalError) -> Double? {
            try context.appending(".offset").validateOffset(by: amount, base.validate)
        }

        /// Renders the base with the amount folded into the map's bias.
        @inlinable
        public func render(into block: RenderBlock, _ transform: Affine) {
            base.render(into: block, transform.offset(by: amount))
        }
    }
}

extension Combinators.Offset: Equatable where Base: Equatable {}
extension Combinators.Offset: Hashable where Base: Hashable {}

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
