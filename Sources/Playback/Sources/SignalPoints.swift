import Foundation
import Signals

/// A signal played at its sample rate: rendered block by block into one reused scratch buffer
/// (bounded memory whatever the duration) and read frame by frame as ``FramePoint``s, without
/// allocating per point.
///
/// ```swift
/// let shake = Axes(x: Sine(amplitude: 1.5, frequency: 4), y: Constant(0), z: Constant(0))
/// let points = try SignalPoints(shake, sampleRate: 100, duration: 5, as: AxesPoint.self)
/// try runner.start(points) { p in print(p.x) }
/// ```
public struct SignalPoints<S: Signal, Point: FramePoint>: PointSource {
    /// The signal.
    public let signal: S
    /// The frames to play: `round(duration · sampleRate)` from sample index `round(start · sampleRate)`.
    public let request: RenderRequest
    /// Render options (aliasing policy, frames per block; rendering is on one thread).
    public let options: RenderOptions

    /// Prepares a signal for playback.
    /// - Parameters:
    ///   - signal: The signal; it must render `Point.channelCount` channels.
    ///   - sampleRate: Points per second (Hz).
    ///   - duration: Seconds to play.
    ///   - start: Time of the first point in seconds (default 0).
    ///   - type: The point type (`MotionPoint`, `AxesPoint`, `ScalarPoint`).
    ///   - options: Aliasing policy and block size.
    /// - Throws: `SignalError` for a bad rate, duration or signal parameter; `SignalError`
    ///   (`channelMismatch`) when the signal's channel count is not the point type's.
    public init(
        _ signal: S, sampleRate: Double, duration: TimeInterval, start: TimeInterval = 0,
        as type: Point.Type = Point.self, options: RenderOptions = RenderOptions()
    ) throws {
        let request = try RenderRequest(sampleRate: sampleRate, duration: duration, start: start)
        try self.init(signal, request: request, as: type, options: options)
    }

    /// Prepares a validated request for playback.
    /// - Throws: `SignalError` for a bad signal parameter; `SignalError` for a channel mismatch.
    public init(
        _ signal: S, request: RenderRequest, as type: Point.Type = Point.self,
        options: RenderOptions = RenderOptions()
    ) throws {
        try signal.validate(sampleRate: request.sampleRate, allowAliasing: options.allowAliasing)
        guard Point.reads(channelCount: signal.channelCount) else {
            throw SignalError(
                .channelMismatch,
                "the signal renders \(signal.channelCount) channel(s) but \(Point.self) reads \(Point.channelCount)")
        }
        self.signal = signal
        self.request = request
        var options = options
        options.parallelism = .serial
        self.options = options
    }

    /// `frames / sampleRate`: one pass of the signal, so that a loop is seamless in time.
    public var loopPeriod: TimeInterval? { Double(request.frameCount) / request.sampleRate }

    /// Starts at the first frame.
    public func makeCursor() -> Cursor { Cursor(source: self) }

    /// Renders a block when the previous one is used up, then reads one frame per point.
    public struct Cursor: PointCursor {
        let source: SignalPoints
        /// Planar scratch: `blockFrames` samples per channel, reused for every block.
        var scratch: [Float]
        let blockFrames: Int
        /// Channels the signal renders.
        let channels: Int
        /// Frame (within the request) of the first frame in `scratch`.
        var blockStart = 0
        /// Frames rendered into `scratch`.
        var blockCount = 0
        /// Next frame to read, within the block.
        var position = 0

        init(source: SignalPoints) {
            self.source = source
            blockFrames = max(1, min(source.options.blockFrames, source.request.frameCount))
            channels = source.signal.channelCount
            scratch = [Float](repeating: 0, count: blockFrames * channels)
        }

        /// The next frame as a point at `sampleIndex / sampleRate`.
        public mutating func next() -> (point: Point, time: TimeInterval)? {
            if position == blockCount {
                let start = blockStart + blockCount
                guard start < source.request.frameCount else { return nil }
                let count = min(blockFrames, source.request.frameCount - start)
                let stride = blockFrames
                let request = source.request
                let signal = source.signal
                let options = source.options
                let channels = channels
                scratch.withUnsafeMutableBufferPointer { all in
                    guard let base = all.baseAddress else { return }
                    signal.renderFrames(
                        into: base, channelStride: stride, channelCount: channels,
                        frames: start..<start + count, request: request, options: options)
                }
                blockStart = start
                blockCount = count
                position = 0
            }
            let frame = position
            let time = Double(source.request.startIndex + blockStart + frame) / source.request.sampleRate
            position += 1
            let stride = blockFrames
            let channels = channels
            let point = scratch.withUnsafeBufferPointer { all in
                Point(timestamp: time, frame: all.baseAddress! + frame, channelStride: stride, channelCount: channels)
            }
            return (point, time)
        }
    }
}

/// An already rendered `SampleBuffer` played at its sample rate, read frame by frame as
/// ``FramePoint``s without allocating per point.
///
/// ```swift
/// let buffer = try motion.render(sampleRate: 100, duration: 2)
/// try runner.start(try BufferPoints(buffer, as: MotionPoint.self)) { p in ... }
/// ```
public struct BufferPoints<Point: FramePoint>: PointSource {
    /// The rendered samples.
    public let buffer: SampleBuffer

    /// Wraps a buffer.
    /// - Parameters:
    ///   - buffer: Rendered samples with `Point.channelCount` channels.
    ///   - type: The point type.
    /// - Throws: `SignalError` (`channelMismatch`) when the buffer's channel count is not the point type's.
    public init(_ buffer: SampleBuffer, as type: Point.Type = Point.self) throws(SignalError) {
        guard Point.reads(channelCount: buffer.channelCount) else {
            throw SignalError(
                .channelMismatch,
                "the buffer has \(buffer.channelCount) channel(s) but \(Point.self) reads \(Point.channelCount)")
        }
        self.buffer = buffer
    }

    /// `frames / sampleRate`.
    public var loopPeriod: TimeInterval? { buffer.duration }

    /// Starts at frame 0.
    public func makeCursor() -> Cursor { Cursor(buffer: buffer) }

    /// Reads one frame per point.
    public struct Cursor: PointCursor {
        let buffer: SampleBuffer
        var frame = 0

        /// The next frame at `buffer.timestamp(of: frame)`.
        public mutating func next() -> (point: Point, time: TimeInterval)? {
            guard frame < buffer.frameCount else { return nil }
            let time = buffer.timestamp(of: frame)
            let stride = buffer.frameCount
            let index = frame
            frame += 1
            let channels = buffer.channelCount
            let point = buffer.samples.withUnsafeBufferPointer { all in
                Point(timestamp: time, frame: all.baseAddress! + index, channelStride: stride, channelCount: channels)
            }
            return (point, time)
        }
    }
}

extension Signal {
    /// This signal as points at `sampleRate`, ready for a ``Runner``: `round(duration · sampleRate)` points
    /// at `t = start, start + 1/sampleRate, …`, rendered block by block (bounded memory, no per-point
    /// allocation).
    ///
    /// ```swift
    /// let points = try Sine(frequency: 1).points(sampleRate: 100, duration: 5, as: ScalarPoint.self)
    /// ```
    /// - Parameters:
    ///   - sampleRate: Points per second (Hz).
    ///   - duration: Seconds to play.
    ///   - start: Time of the first point in seconds (default 0).
    ///   - type: The point type, reading as many channels as the signal renders.
    ///   - options: Aliasing policy and block size.
    /// - Throws: `SignalError` for a bad rate, duration or parameter; `SignalError` (`channelMismatch`).
    public func points<Point: FramePoint>(
        sampleRate: Double, duration: TimeInterval, start: TimeInterval = 0,
        as type: Point.Type, options: RenderOptions = RenderOptions()
    ) throws -> SignalPoints<Self, Point> {
        try SignalPoints(self, sampleRate: sampleRate, duration: duration, start: start, as: type, options: options)
    }
}
