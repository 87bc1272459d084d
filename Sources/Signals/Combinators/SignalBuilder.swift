/// The result builder behind ``Sum``: lists of signals, `if`/`else`, optionals and `for` loops,
/// combined as a sum with every term's static type kept.
///
/// ```swift
/// Sum {
///     Sine(frequency: 1)
///     if noisy { Noise(amplitude: 0.1) } else { Constant(0) }
///     for k in 1...3 { Sine(amplitude: 1 / Double(k), frequency: Double(k)) }
/// }
/// ```
@resultBuilder
public enum SignalBuilder {
    /// An empty block is zero.
    @inlinable public static func buildBlock() -> Combinators.Empty { Combinators.Empty() }

    /// The first term.
    @inlinable public static func buildPartialBlock<S: Signal>(first: S) -> S { first }

    /// Each further term is paired with what came before.
    @inlinable
    public static func buildPartialBlock<A: Signal, B: Signal>(accumulated: A, next: B) -> Combinators.Pair<A, B> {
        Combinators.Pair(accumulated, next)
    }

    /// `if` without `else`.
    @inlinable public static func buildOptional<S: Signal>(_ component: S?) -> S? { component }

    /// The `if` branch of an `if`/`else`.
    @inlinable
    public static func buildEither<A: Signal, B: Signal>(first component: A) -> Combinators.Conditional<A, B> {
        .first(component)
    }

    /// The `else` branch of an `if`/`else`.
    @inlinable
    public static func buildEither<A: Signal, B: Signal>(second component: B) -> Combinators.Conditional<A, B> {
        .second(component)
    }

    /// A `for` loop: the sum of its iterations.
    @inlinable public static func buildArray<S: Signal>(_ components: [S]) -> [S] { components }

    /// `if #available`: the branch with its type erased.
    @inlinable public static func buildLimitedAvailability<S: SpecRepresentable>(_ component: S) -> AnySignal {
        AnySignal(component)
    }
}
