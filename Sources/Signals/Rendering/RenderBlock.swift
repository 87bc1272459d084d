/// A block of frames that a signal renders into: planar channels of `Float` in caller-owned memory.
///
/// A signal never sees more than one block at a time; blocks are small (a few thousand frames) so that
/// a whole tree of combinators works in cache. Channel `c` starts at `base + c * channelStride`.
/// The memory is owned by the renderer; a block is only valid during the ``Signal/render(into:_:)`` call.
public struct RenderBlock {
    /// First sample of channel 0.
    public let base: UnsafeMutablePointer<Float>
    /// Distance in samples between the starts of consecutive channels.
    public let channelStride: Int
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
    public init(base: UnsafeMutablePointer<Float>, channelStride: Int, channelCount: Int,
                frameCount: Int, startIndex: Int, sampleRate: Double) {
        self.base = base
        self.channelStride = channelStride
        self.channelCount = channelCount
        self.frameCount = frameCount
        self.startIndex = startIndex
        self.sampleRate = sampleRate
    }

    /// First sample of channel `c`.
    @inlinable
    public func channel(_ c: Int) -> UnsafeMutablePointer<Float> { base + c * channelStride }

    /// The same frames restricted to a range of channels (to render one part of a stacked signal).
    @inlinable
    public func channels(_ range: Range<Int>) -> RenderBlock {
        RenderBlock(base: channel(range.lowerBound), channelStride: channelStride, channelCount: range.count,
                    frameCount: frameCount, startIndex: startIndex, sampleRate: sampleRate)
    }

    /// The same frames restricted to one channel (used by ``Axes`` to render each axis).
    @inlinable
    public func single(_ c: Int) -> RenderBlock {
        RenderBlock(base: channel(c), channelStride: channelStride, channelCount: 1,
                    frameCount: frameCount, startIndex: startIndex, sampleRate: sampleRate)
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
}
