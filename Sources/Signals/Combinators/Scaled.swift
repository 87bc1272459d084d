extension Combinators {
    /// A signal multiplied by a constant factor (see ``Signal/scaled(by:)``).
    public struct Scaled<Base: Signal>: Signal {
        /// The signal being scaled.
        public var base: Base
        /// The factor (dimensionless, or the unit conversion it stands for).
        public var factor: Double

        /// Creates `base · factor`.
        @inlinable
        public init(_ base: Base, by factor: Double) {
            self.base = base
            self.factor = factor
        }

        /// The base's channel count.
        public var channelCount: Int { base.channelCount }

        /// Checks the factor and the base (at `$.scaled.signal`); the bound is `|factor| · bound(base)`.
        public func validate(_ context: ValidationContext) throws(SignalError) -> Double? {
            try context.appending(".scaled").validateScaled(by: factor, base.validate)
        }

        /// Renders the base with the factor folded into the map's gain.
        @inlinable
        public func render(into block: RenderBlock, _ transform: Affine) {
            base.render(into: block, transform.scaled(by: factor))
        }
    }
}

extension Combinators.Scaled: Equatable where Base: Equatable {}
extension Combinators.Scaled: Hashable where Base: Hashable {}

extension Signal {
    /// This signal multiplied by `factor`: `factor · self`.
    ///
    /// ```swift
    /// Sine(frequency: 1).scaled(by: 9.81)   // {"scaled": {"by": 9.81, "signal": {"sine": ...}}}
    /// ```
    /// - Parameter factor: The multiplier (dimensionless; for example 9.81 to turn g into m/s²).
    @inlinable
    public func scaled(by factor: Double) -> Combinators.Scaled<Self> {
        Combinators.Scaled(self, by: factor)
    }
}
