/// A block of frames that a signal renders into: planar channels of `Float` owned by the renderer.
///
/// A signal never sees more than one block at a time; blocks are small (a few thousand frames) so that
/// a whole tree of combinators works in cache. A block is only valid during the
/// ``Signal/render(into:_:)`` call. A signal of your own writes its samples with ``store(_:_:)``
/// (a scalar signal, broadcast to every channel) or ``store(channel:_:_:)``, which apply the
/// ``Affine`` map of the tree above it.
public struct RenderBlock {
    /// First sample of channel 0 (channel `c` starts at `base + c * channelStride`).
    @usableFromInline package let base: UnsafeMutablePointer<Float>
    /// Distance in samples between the starts of consecutive channels.
    @usableFromInline package let channelStride: Int
    /// Number of channels in the block.
    public let channelCount: Int
    /// Number of frames to render.
    public let frameCount: Int
    /// Sample index of the first frame (time `startIndex / sampleRate` seconds).
    public let startIndex: Int
    /// Samples per second (Hz).
    public let sampleRate: Double

    /// Creates a block over caller-owned memory.
    @inlinable
    package init(
        base: UnsafeMutablePointer<Float>, channelStride: Int, channelCount: Int,
        frameCount: Int, startIndex: Int, sampleRate: Double
    ) {
        self.base = base
        self.channelStride = channelStride
        self.channelCount = channelCount
        self.frameCount = frameCount
        self.startIndex = startIndex
        self.sampleRate = sampleRate
    }

    /// First sample of channel `c`.
    @inlinable
    package func channel(_ c: Int) -> UnsafeMutablePointer<Float> { base + c * channelStride }

    /// The same frames restricted to a range of channels (to render one part of a stacked signal).
    /// - Precondition: `range` lies within `0 ..< channelCount`.
    @inlinable
    public func channels(_ range: Range<Int>) -> RenderBlock {
        RenderBlock(
            base: channel(range.lowerBound), channelStride: channelStride, channelCount: range.count,
            frameCount: frameCount, startIndex: startIndex, sampleRate: sampleRate)
    }

    /// The same frames restricted to one channel (used by ``Axes`` to render each axis).
    /// - Precondition: `0 ≤ c < channelCount`.
    @inlinable
    public func single(_ c: Int) -> RenderBlock {
        RenderBlock(
            base: channel(c), channelStride: channelStride, channelCount: 1,
            frameCount: frameCount, startIndex: startIndex, sampleRate: sampleRate)
    }
}

extension RenderBlock {
    /// Time of frame `i` of the block in seconds: `(startIndex + i) / sampleRate`, from the integer index.
    @inlinable
    public func time(ofFrame i: Int) -> Double { Double(startIndex + i) / sampleRate }

    /// Writes a scalar signal's samples into every channel of the block through `transform`.
    ///
    /// `body` fills a buffer of ``frameCount`` samples with the signal's own values (frame `i` is sample
    /// index `startIndex + i`); each channel then gets `transform.gain · value + transform.bias`, stored
    /// or added as `transform.accumulate` says. The buffer is scratch memory on the stack for blocks of
    /// the default size; it is valid only inside `body`.
    ///
    /// ```swift
    /// block.store(transform) { out in
    ///     for i in out.indices { out[i] = Float(block.time(ofFrame: i)) }   // a ramp: t seconds
    /// }
    /// ```
    /// - Parameters:
    ///   - transform: The map of the tree above the signal (passed to ``Signal/render(into:_:)``).
    ///   - body: Fills the buffer with raw sample values (signal units).
    public func store(_ transform: Affine, _ body: (UnsafeMutableBufferPointer<Float>) -> Void) {
        withUnsafeTemporaryAllocation(of: Float.self, capacity: max(frameCount, 1)) { scratch in
            let values = UnsafeMutableBufferPointer(rebasing: scratch[0..<frameCount])
            values.initialize(repeating: 0)
            body(values)
            for c in 0..<channelCount { RenderBlock.apply(values, to: channel(c), transform) }
        }
    }

    /// Writes the samples of one channel of a multi-channel signal through `transform` (see ``store(_:_:)``).
    /// - Parameters:
    ///   - c: The channel, `0 ..< channelCount`.
    ///   - transform: The map of the tree above the signal.
    ///   - body: Fills the buffer with the channel's raw sample values (signal units).
    public func store(channel c: Int, _ transform: Affine, _ body: (UnsafeMutableBufferPointer<Float>) -> Void) {
        precondition(c >= 0 && c < channelCount, "channel \(c) is outside 0 ..< \(channelCount)")
        withUnsafeTemporaryAllocation(of: Float.self, capacity: max(frameCount, 1)) { scratch in
            let values = UnsafeMutableBufferPointer(rebasing: scratch[0..<frameCount])
            values.initialize(repeating: 0)
            body(values)
            RenderBlock.apply(values, to: channel(c), transform)
        }
    }

    /// `out[i] (+)= gain · values[i] + bias`.
    static func apply(_ values: UnsafeMutableBufferPointer<Float>, to out: UnsafeMutablePointer<Float>, _ t: Affine) {
        let gain = Float(t.gain)
        let bias = Float(t.bias)
        if t.accumulate {
            for i in values.indices { out[i] += values[i] * gain + bias }
        } else {
            for i in values.indices { out[i] = values[i] * gain + bias }
        }
    }
}

/// The affine map a combinator tree applies on the way down: `out = gain · signal + bias`,
/// stored over the block (`accumulate == false`) or added to it (`accumulate == true`).
///
/// Passing the map down instead of rendering into scratch buffers is what lets `Sum`, `scaled(by:)`
/// and `offset(by:)` cost nothing per sample: every leaf folds them into its own amplitude and offset.
public struct Affine: Sendable, Hashable {
    /// Multiplier applied to the signal (signal units per unit).
    public var gain: Double
    /// Constant added after the gain (signal units).
    public var bias: Double
    /// Add to the block's samples instead of overwriting them.
    public var accumulate: Bool

    /// Creates a map.
    @inlinable
    public init(gain: Double = 1, bias: Double = 0, accumulate: Bool = false) {
        self.gain = gain
        self.bias = bias
        self.accumulate = accumulate
    }

    /// `out = signal`, overwriting the block.
    public static let identity = Affine()

    /// The map for a later term of a sum: same gain, no bias (the first term carries it), accumulating.
    @inlinable
    public var nextTerm: Affine { Affine(gain: gain, bias: 0, accumulate: true) }

    /// The map for a signal multiplied by `factor` under this one: `gain · factor`, same bias.
    @inlinable
    func scaled(by factor: Double) -> Affine { Affine(gain: gain * factor, bias: bias, accumulate: accumulate) }

    /// The map for a signal plus `amount` under this one: same gain, `bias + gain · amount`.
    @inlinable
    func offset(by amount: Double) -> Affine { Affine(gain: gain, bias: bias + gain * amount, accumulate: accumulate) }
}
