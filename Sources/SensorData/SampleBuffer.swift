/// A block of rendered samples: one or more channels of `Float` at a fixed sample rate.
///
/// Samples are stored planar: channel `c` occupies `samples[c * frameCount ..< (c + 1) * frameCount]`,
/// so every channel is contiguous. Frame `i` is sample index `startIndex + i` of the signal, at time
/// `timestamp(of: i) = (startIndex + i) / sampleRate` seconds.
///
/// ```swift
/// let buffer = try Sine(frequency: 1).render(sampleRate: 1000, duration: 1)
/// buffer.channel(0)[250]          // 1.0 (a quarter period)
/// buffer.timestamp(of: 250)       // 0.25 s
/// ```
public struct SampleBuffer: Sendable, Hashable {
    /// Samples per second (Hz).
    public let sampleRate: Double
    /// Sample index of the first frame (frame `i` is sample `startIndex + i`).
    public let startIndex: Int
    /// Number of channels (1 for a scalar signal, 3 for `Axes`).
    public let channelCount: Int
    /// Number of frames (samples per channel).
    public let frameCount: Int
    /// All samples, planar: channel `c` is `samples[c * frameCount ..< (c + 1) * frameCount]`.
    public package(set) var samples: [Float]

    /// Creates a buffer from planar samples.
    /// - Precondition: `samples.count == channelCount * frameCount`, `sampleRate > 0`.
    public init(sampleRate: Double, startIndex: Int = 0, channelCount: Int, frameCount: Int, samples: [Float]) {
        precondition(
            channelCount >= 1 && frameCount >= 0 && samples.count == channelCount * frameCount,
            "SampleBuffer: samples.count must be channelCount * frameCount")
        precondition(sampleRate > 0 && sampleRate.isFinite, "SampleBuffer: sampleRate must be positive")
        self.sampleRate = sampleRate
        self.startIndex = startIndex
        self.channelCount = channelCount
        self.frameCount = frameCount
        self.samples = samples
    }

    /// Creates a zero-filled buffer.
    public init(sampleRate: Double, startIndex: Int = 0, channelCount: Int, frameCount: Int) {
        self.init(
            sampleRate: sampleRate, startIndex: startIndex, channelCount: channelCount,
            frameCount: frameCount, samples: [Float](repeating: 0, count: channelCount * frameCount))
    }

    /// The contiguous samples of one channel.
    /// - Complexity: O(1).
    public func channel(_ channel: Int) -> ArraySlice<Float> {
        precondition(channel >= 0 && channel < channelCount, "channel \(channel) out of 0..<\(channelCount)")
        return samples[channel * frameCount..<(channel + 1) * frameCount]
    }

    /// The sample of `channel` at `frame`.
    public subscript(frame frame: Int, channel channel: Int = 0) -> Float {
        samples[channel * frameCount + frame]
    }

    /// Time stamp of a frame in seconds: `(startIndex + frame) / sampleRate`, computed from the integer
    /// sample index (never accumulated), so it is exact to Double rounding at any index.
    public func timestamp(of frame: Int) -> Double {
        Double(startIndex + frame) / sampleRate
    }

    /// Duration covered by the buffer in seconds (`frameCount / sampleRate`).
    public var duration: Double { Double(frameCount) / sampleRate }

    /// Calls `body` with the samples of one channel.
    public func withUnsafeBufferPointer<R>(channel: Int, _ body: (UnsafeBufferPointer<Float>) throws -> R) rethrows -> R
    {
        precondition(channel >= 0 && channel < channelCount, "channel \(channel) out of 0..<\(channelCount)")
        return try samples.withUnsafeBufferPointer { all in
            try body(UnsafeBufferPointer(rebasing: all[channel * frameCount..<(channel + 1) * frameCount]))
        }
    }

    /// Interleaves the channels frame by frame (`f0c0, f0c1, ..., f1c0, ...`), as `f32` files and audio APIs expect.
    public func interleaved() -> [Float] {
        if channelCount == 1 { return samples }
        var out = [Float](repeating: 0, count: samples.count)
        let frames = frameCount
        let channels = channelCount
        samples.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                for c in 0..<channels {
                    for i in 0..<frames { dst[i * channels + c] = src[c * frames + i] }
                }
            }
        }
        return out
    }
}
