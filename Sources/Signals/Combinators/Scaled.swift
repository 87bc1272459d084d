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

        public var node: SignalNode { .scaled(by: factor, base.node) }

        public init(node: SignalNode) throws {
            guard case .scaled(let by, let inner) = node else { throw node.mismatch("scaled") }
            self.init(try Base(node: inner), by: by)
        }

        @inlinable
        public func render(into block: RenderBlock, _ transform: Affine) {
            base.render(into: block, Affine(gain: transform.gain * factor, bias: transform.bias,
                                            accumulate: transform.accumulate))
        }
    }
}

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
