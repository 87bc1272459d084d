/// A render delivered as a sequence of consecutive buffers, in bounded memory whatever its duration.
///
/// Iterate it synchronously (`for block in blocks`) or asynchronously
/// (`for try await block in blocks`, which checks for task cancellation between blocks). Each element is
/// a `SampleBuffer` of at most `blockFrames` frames; together they are bit for bit the samples of one
/// whole render.
///
/// ```swift
/// for try await block in try wave.blocks(sampleRate: 1000, duration: 3600) {
///     try file.write(block)
/// }
/// ```
public struct SignalBlocks<S: Signal>: Sequence, AsyncSequence, Sendable {
    /// One buffer per block.
    public typealias Element = SampleBuffer

    /// The signal being rendered.
    public let signal: S
    /// The whole render.
    public let request: RenderRequest
    /// Frames per delivered buffer.
    public let blockFrames: Int
    /// Options for each buffer's render (memory limit aside).
    public let options: RenderOptions
    /// Channels per frame.
    public let channelCount: Int

    /// Buffers in order.
    public struct Iterator: IteratorProtocol {
        let owner: SignalBlocks
        var position: Int = 0

        /// The next buffer, or `nil` at the end.
        public mutating func next() -> SampleBuffer? {
            guard position < owner.request.frameCount else { return nil }
            let count = Swift.min(owner.blockFrames, owner.request.frameCount - position)
            var buffer = SampleBuffer(
                sampleRate: owner.request.sampleRate, startIndex: owner.request.startIndex + position,
                channelCount: owner.channelCount, frameCount: count)
            let request = owner.request
            let channels = owner.channelCount
            let start = position
            buffer.samples.withUnsafeMutableBufferPointer { all in
                guard let base = all.baseAddress else { return }
                // Render frames [start, start + count) of the request; the buffer holds them at [0, count).
                owner.signal.renderFrames(
                    into: base, channelStride: count, channelCount: channels,
                    frames: start..<start + count, request: request, options: owner.options)
            }
            position += count
            return buffer
        }
    }

    /// Async buffers in order; throws `CancellationError` when the task is cancelled.
    public struct AsyncIterator: AsyncIteratorProtocol {
        var base: Iterator

        /// The next buffer, or `nil` at the end.
        public mutating func next() async throws -> SampleBuffer? {
            try Task.checkCancellation()
            return base.next()
        }
    }

    /// Iterates synchronously.
    public func makeIterator() -> Iterator { Iterator(owner: self) }

    /// Iterates asynchronously.
    public func makeAsyncIterator() -> AsyncIterator { AsyncIterator(base: makeIterator()) }
}

extension Signal {
    /// Streams `duration` seconds from `start` at `sampleRate` as buffers of `blockFrames` frames, in
    /// bounded memory (one buffer at a time), for renders of any length.
    /// - Parameters:
    ///   - sampleRate: Samples per second (Hz), > 0.
    ///   - duration: Seconds to render, > 0 (`round(duration · sampleRate)` frames in all).
    ///   - start: Time of the first frame in seconds (≥ 0).
    ///   - blockFrames: Frames per buffer (default 65 536).
    ///   - options: Aliasing policy and threads (the memory limit does not apply: memory is bounded).
    /// - Throws: `SignalError` for bad parameters, before any buffer is rendered.
    public func blocks(
        sampleRate: Double, duration: Double, start: Double = 0, blockFrames: Int = 65_536,
        options: RenderOptions = RenderOptions()
    ) throws(SignalError) -> SignalBlocks<Self> {
        try blocks(
            RenderRequest(sampleRate: sampleRate, duration: duration, start: start),
            blockFrames: blockFrames, options: options)
    }

    /// Streams a validated request as buffers of `blockFrames` frames.
    /// - Throws: `SignalError` for bad parameters, before any buffer is rendered.
    public func blocks(
        _ request: RenderRequest, blockFrames: Int = 65_536,
        options: RenderOptions = RenderOptions()
    ) throws(SignalError) -> SignalBlocks<Self> {
        try validate(sampleRate: request.sampleRate, allowAliasing: options.allowAliasing)
        guard blockFrames >= 1 else {
            throw SignalError(.invalidRender, "blockFrames must be ≥ 1, got \(blockFrames)", field: "blockFrames")
        }
        return SignalBlocks(
            signal: self, request: request, blockFrames: blockFrames, options: options,
            channelCount: channelCount)
    }
}
