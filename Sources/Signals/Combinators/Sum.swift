/// The sum of signals, written with the ``SignalBuilder`` result builder.
///
/// ```swift
/// let wave = Sum {
///     Sine(amplitude: 2, frequency: 1)
///     if withNoise { Noise(amplitude: 0.01, seed: 42) }
///     for k in 1...3 { Sine(amplitude: 1 / Double(k), frequency: Double(k) * 10) }
/// }
/// ```
///
/// The builder keeps the static type of every term (`Content`), so the whole tree is specialised and
/// rendered without dynamic dispatch. Terms are added directly into the output block: a sum costs no
/// scratch memory and no extra pass. A scalar term in a multi-channel sum is added to every channel.
/// In JSON a sum is `{"sum": [term, ...]}`, one term per line of the builder block (a `for` loop is one
/// term, itself a `sum`); a sum of a single part is that part's node.
public struct Sum<Content: Signal>: Signal {
    /// The terms.
    public var content: Content

    /// Creates the sum of the terms listed in `content`.
    @inlinable
    public init(@SignalBuilder _ content: () -> Content) {
        self.content = content()
    }

    /// Creates the sum of a built content value.
    @inlinable
    public init(content: Content) {
        self.content = content
    }

    /// The widest term's channel count.
    public var channelCount: Int { content.channelCount }

    /// Validates the terms (at `$.sum[i]` for several terms).
    public func validate(_ context: ValidationContext) throws(SignalError) -> Double? {
        try content.validate(context)
    }

    /// Renders the terms, each added into the block.
    @inlinable
    public func render(into block: RenderBlock, _ transform: Affine) {
        content.render(into: block, transform)
    }
}

extension Sum: Equatable where Content: Equatable {}
extension Sum: Hashable where Content: Hashable {}

extension Sum where Content == [AnySignal] {
    /// The sum of signals known only at run time.
    public init(_ terms: [AnySignal]) {
        self.content = terms
    }
}
