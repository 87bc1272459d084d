/// `a + b`: the sum of two signals (same as `Sum { a; b }`).
@inlinable
public func + <A: Signal, B: Signal>(a: A, b: B) -> Sum<Combinators.Pair<A, B>> {
    Sum(content: Combinators.Pair(a, b))
}

/// `signal + constant`: the signal offset by a constant (signal units).
@inlinable
public func + <A: Signal>(a: A, amount: Double) -> Combinators.Offset<A> { a.offset(by: amount) }

/// `signal - constant`: the signal offset by `-constant` (signal units).
@inlinable
public func - <A: Signal>(a: A, amount: Double) -> Combinators.Offset<A> { a.offset(by: -amount) }

/// `factor * signal`: the signal scaled by a constant.
@inlinable
public func * <A: Signal>(factor: Double, a: A) -> Combinators.Scaled<A> { a.scaled(by: factor) }

/// `signal * factor`: the signal scaled by a constant.
@inlinable
public func * <A: Signal>(a: A, factor: Double) -> Combinators.Scaled<A> { a.scaled(by: factor) }

/// `-signal`: the signal scaled by −1.
@inlinable
public prefix func - <A: Signal>(a: A) -> Combinators.Scaled<A> { a.scaled(by: -1) }
