import Dispatch
import Foundation

extension Signal {
    /// Renders `duration` seconds from `start` seconds at `sampleRate` into a new buffer.
    ///
    /// ```swift
    /// let buffer = try Sine(frequency: 1).render(sampleRate: 1000, duration: 10)   // 10 000 frames
    /// ```
    /// - Parameters:
    ///   - sampleRate: Samples per second (Hz), > 0.
    ///   - duration: Seconds to render, > 0; the buffer has `round(duration · sampleRate)` frames.
    ///   - start: Time of the first frame in seconds (≥ 0); rendering starts at sample index
    ///     `round(start · sampleRate)`, as exact as a render from 0.
    ///   - options: Aliasing policy, threads, memory limit.
    /// - Throws: `SignalError` for bad parameters or a buffer over `options.memoryLimit`.
    /// - Complexity: O(frames · channels · tree size), split across cores for long renders.
    public func render(
        sampleRate: Double, duration: Double, start: Double = 0,
        options: RenderOptions = RenderOptions()
    ) throws(SignalError) -> SampleBuffer {
        try render(RenderRequest(sampleRate: sampleRate, duration: duration, start: start), options: options)
    }

    /// Renders `frameCount` frames from sample index `startIndex` at `sampleRate` into a new buffer.
    /// - Throws: `SignalError` for bad parameters or a buffer over `options.memoryLimit`.
    public func render(
        sampleRate: Double, startIndex: Int = 0, frameCount: Int,
        options: RenderOptions = RenderOptions()
    ) throws(SignalError) -> SampleBuffer {
        try render(
            RenderRequest(sampleRate: sampleRate, startIndex: startIndex, frameCount: frameCount), options: options)
    }

    /// Renders a validated request into a new buffer.
    /// - Throws: `SignalError` for bad parameters or a buffer over `options.memoryLimit`.
    public func render(
        _ request: RenderRequest, options: RenderOptions = RenderOptions()
    ) throws(SignalError) -> SampleBuffer {
        try validate(sampleRate: request.sampleRate, allowAliasing: options.allowAliasing)
        let channels = channelCount
        let (samples, overflow) = request.frameCount.multipliedReportingOverflow(by: channels)
        let bytes = samples.multipliedReportingOverflow(by: MemoryLayout<Float>.size)
        guard !overflow, !bytes.overflow, bytes.partialValue <= options.memoryLimit else {
            throw SignalError(
                .tooLarge,
                "\(request.frameCount) frames × \(channels) channels × 4 bytes exceeds the memory limit of \(options.memoryLimit) bytes; stream the render instead (blocks(...) or `signals render`, which streams)",
                field: "duration")
        }
        var buffer = SampleBuffer(
            sampleRate: request.sampleRate, startIndex: request.startIndex,
            channelCount: channels, frameCount: request.frameCount)
        let frames = request.frameCount
        buffer.samples.withUnsafeMutableBufferPointer { all in
            guard let base = all.baseAddress else { return }
            renderFrames(
                into: base, channelStride: frames, channelCount: channels, frames: 0..<frames,
                request: request, options: options)
        }
        return buffer
    }

    /// Renders frames `frames` of `request` into planar memory: frame `frames.lowerBound + i` of channel `c`
    /// goes to `base + c · channelStride + i`. Rendered
    /// in blocks of `options.blockFrames`, concurrently when `options.parallelism` allows. Every
    /// partition gives bit-identical samples. The signal must already be validated.
    public func renderFrames(
        into base: UnsafeMutablePointer<Float>, channelStride: Int, channelCount: Int,
        frames: Range<Int>, request: RenderRequest, options: RenderOptions
    ) {
        let chunks: Int
        switch options.parallelism {
        case .serial: chunks = 1
        case .threads(let n): chunks = max(1, n)
        case .automatic:
            let cores = ProcessInfo.processInfo.activeProcessorCount
            chunks = frames.count * channelCount >= 1 << 18 ? max(1, cores) : 1
        }
        let block = options.blockFrames
        if chunks == 1 {
            renderSerial(
                into: base, channelStride: channelStride, channelCount: channelCount, frames: frames,
                request: request, blockFrames: block)
            return
        }
        // Chunks of whole blocks; more chunks than threads so that a slow core does not hold up the rest.
        let pieces = min(chunks * 4, max(1, (frames.count + block - 1) / block))
        let perPiece = ((frames.count + pieces - 1) / pieces + block - 1) / block * block
        let address = UInt(bitPattern: base)
        DispatchQueue.concurrentPerform(iterations: pieces) { piece in
            let lower = frames.lowerBound + piece * perPiece
            let upper = min(frames.upperBound, lower + perPiece)
            guard lower < upper, let base = UnsafeMutablePointer<Float>(bitPattern: address) else { return }
            renderSerial(
                into: base + (lower - frames.lowerBound), channelStride: channelStride,
                channelCount: channelCount, frames: lower..<upper,
                request: request, blockFrames: block)
        }
    }

    @inlinable
    func renderSerial(
        into base: UnsafeMutablePointer<Float>, channelStride: Int, channelCount: Int,
        frames: Range<Int>, request: RenderRequest, blockFrames: Int
    ) {
        var frame = frames.lowerBound
        while frame < frames.upperBound {
            let count = min(blockFrames, frames.upperBound - frame)
            let block = RenderBlock(
                base: base + (frame - frames.lowerBound), channelStride: channelStride, channelCount: channelCount,
                frameCount: count, startIndex: request.startIndex + frame,
                sampleRate: request.sampleRate)
            render(into: block, .identity)
            frame += count
        }
    }
}
