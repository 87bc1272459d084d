/// A signal: a value that renders itself, block by block, into samples at a sample rate.
///
/// A signal is a pure function of the sample index `n`: its value at time `t = n / sampleRate` seconds
/// never depends on which block, chunk or thread renders it. Signals compose as values
/// (``Sum``, ``Signal/scaled(by:)``, ``Signal/offset(by:)``, ``Axes``).
///
/// ```swift
/// let wave = Sum {
///     Sine(amplitude: 2, frequency: 1, phase: 0.2, offset: 0.5)
///     Square(amplitude: 0.5, frequency: 5)
/// }.scaled(by: 9.81)
/// let buffer = try wave.render(sampleRate: 1000, duration: 10)
/// ```
///
/// The protocol asks only for what rendering needs, so you can write a waveform of your own; it then
/// renders through the same block path as the built-in ones, mixes into a ``Sum`` and plays through the
/// Runner:
///
/// ```swift
/// struct Pulse: Signal {
///     var amplitude: Double
///     var period: Int        // samples
///     func validate(_ context: ValidationContext) throws(SignalError) -> Double? {
///         try context.requireFinite("amplitude", amplitude)
///         guard period > 0 else { throw context.error(.outOfRange, field: "period", "period must be > 0") }
///         return abs(amplitude)                          // the largest |sample|
///     }
///     func render(into block: RenderBlock, _ transform: Affine) {
///         block.store(transform) { out in
///             for i in out.indices { out[i] = (block.startIndex + i) % period == 0 ? Float(amplitude) : 0 }
///         }
///     }
/// }
/// ```
///
/// The JSON spec format is a separate conformance, ``SpecRepresentable``, which every built-in signal
/// and ``AnySignal`` adopt.
public protocol Signal: Sendable {
    /// Number of channels the signal renders (1 for a scalar signal, 3 for ``Axes``). Default 1.
    var channelCount: Int { get }

    /// Checks every parameter for a render at `context.sampleRate` and returns the largest magnitude a
    /// sample can have (signal units), or `nil` when the signal cannot bound it.
    ///
    /// Called once before a render, never per block. Throw `SignalError` for a parameter that cannot
    /// be rendered (use ``ValidationContext/error(_:field:_:)`` so the error carries the path).
    /// The default accepts everything and returns `nil`.
    /// - Parameter context: The sample rate, the aliasing policy and the path of this signal in its tree.
    /// - Returns: An upper bound of `|sample|` in signal units, or `nil` when unknown.
    /// - Throws: `SignalError` naming the parameter, its value and the limit.
    func validate(_ context: ValidationContext) throws(SignalError) -> Double?

    /// Renders one block: `out = transform.gain · self + transform.bias`, stored or accumulated.
    ///
    /// Called once per block (never per sample); the block's frames are sample indices
    /// `block.startIndex ..< block.startIndex + block.frameCount`. The signal has already been
    /// validated for `block.sampleRate`. Write through ``RenderBlock/store(_:_:)`` (or
    /// ``RenderBlock/store(channel:_:_:)``), which applies the transform.
    func render(into block: RenderBlock, _ transform: Affine)
}

extension Signal {
    /// One channel.
    public var channelCount: Int { 1 }

    /// Accepts every parameter; the bound is unknown (`nil`).
    public func validate(_ context: ValidationContext) throws(SignalError) -> Double? { nil }

    /// Checks every parameter for a render at `sampleRate`.
    ///
    /// ```swift
    /// try Sine(frequency: 600).validate(sampleRate: 1000)   // throws: at or above Nyquist
    /// ```
    /// - Parameters:
    ///   - sampleRate: Samples per second (Hz).
    ///   - allowAliasing: Accept frequencies at or above `sampleRate / 2`.
    /// - Throws: `SignalError` naming the parameter (with its JSON path for spec signals), its value and the limit.
    public func validate(sampleRate: Double, allowAliasing: Bool = false) throws(SignalError) {
        let context = try ValidationContext(sampleRate: sampleRate, allowAliasing: allowAliasing)
        _ = try context.checkBound(validate(context))
    }
}

extension Signal {
    /// Renders a scalar kernel into every channel of the block (a scalar in a multi-channel sum is
    /// broadcast to all channels).
    @inlinable @inline(__always)
    func forEachChannel(_ block: RenderBlock, _ body: (UnsafeMutablePointer<Float>) -> Void) {
        for c in 0..<block.channelCount { body(block.channel(c)) }
    }
}
