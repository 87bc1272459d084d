/// A signal: a value that renders itself, block by block, into samples at a sample rate.
///
/// A signal is a pure function of the sample index `n`: its value at time `t = n / sampleRate` seconds
/// never depends on which block, chunk or thread renders it. Signals compose as values
/// (``Sum``, ``Signal/scaled(by:)``, ``Signal/offset(by:)``, ``Axes``) and encode to and decode from the
/// JSON spec format through their ``node`` (see ``SignalNode``).
///
/// ```swift
/// let wave = Sum {
///     Sine(amplitude: 2, frequency: 1, phase: 0.2, offset: 0.5)
///     Square(amplitude: 0.5, frequency: 5)
/// }.scaled(by: 9.81)
/// let buffer = try wave.render(sampleRate: 1000, duration: 10)
/// ```
///
/// The types of this module are the signals there are; a conforming type outside it must describe
/// itself as a ``SignalNode`` tree made of them.
public protocol Signal: Sendable, Hashable, Codable {
    /// The spec tree this signal stands for; `Codable`, validation and ``AnySignal`` go through it.
    var node: SignalNode { get }

    /// Rebuilds the signal from a spec tree.
    /// - Throws: ``SignalError`` when the node is of another kind.
    init(node: SignalNode) throws

    /// Renders one block: `out = transform.gain · self + transform.bias`, stored or accumulated.
    ///
    /// Called once per block (never per sample); the block's frames are sample indices
    /// `block.startIndex ..< block.startIndex + block.frameCount`. The signal has already been
    /// validated for `block.sampleRate`.
    func render(into block: RenderBlock, _ transform: Affine)

    /// Takes this signal's terms from the front of a flattened `sum` list (used to decode builder types).
    /// The default takes one node.
    static func consumeTerms(_ terms: inout ArraySlice<SignalNode>) throws -> Self

    /// The terms this signal contributes to a flattened `sum` list. The default is `[node]`.
    var terms: [SignalNode] { get }
}

extension Signal {
    /// Number of channels the signal renders (1, or 3 for ``Axes``).
    public var channelCount: Int { node.channelCount }

    @inlinable
    public static func consumeTerms(_ terms: inout ArraySlice<SignalNode>) throws -> Self {
        guard let first = terms.first else {
            throw SignalError(.missingField, "expected one more term for \(Self.self), found none")
        }
        let value = try Self(node: first)
        terms.removeFirst()
        return value
    }

    public var terms: [SignalNode] { [node] }
}

extension Signal {
    /// Renders a scalar kernel into every channel of the block (a scalar in a multi-channel sum is
    /// broadcast to all channels).
    @inlinable @inline(__always)
    func forEachChannel(_ block: RenderBlock, _ body: (UnsafeMutablePointer<Float>) -> Void) {
        for c in 0 ..< block.channelCount { body(block.channel(c)) }
    }
}
