import Foundation

/// How a render runs: aliasing policy, threads and the memory limit for whole-buffer renders.
public struct RenderOptions: Sendable, Hashable {
    /// How many threads a render may use.
    public enum Parallelism: Sendable, Hashable {
        /// One thread.
        case serial
        /// All active cores for renders of at least 2^18 samples, one thread below that.
        case automatic
        /// Exactly this many chunks rendered concurrently (≥ 1).
        case threads(Int)
    }

    /// Accept frequencies at or above Nyquist (`sampleRate / 2`); they alias, as they would on a device.
    public var allowAliasing: Bool
    /// Threads to use; every choice gives bit-identical samples.
    public var parallelism: Parallelism
    /// Largest whole buffer a render may allocate, in bytes; larger renders throw `SignalError.Code.tooLarge`
    /// (stream them with ``Signal/blocks(sampleRate:duration:start:blockFrames:options:)``). Default:
    /// ``defaultMemoryLimit``.
    public var memoryLimit: Int
    /// Frames per block (the unit a signal tree renders at once; 2048 keeps a block in L1 cache).
    public var blockFrames: Int

    /// Creates options.
    public init(
        allowAliasing: Bool = false, parallelism: Parallelism = .automatic,
        memoryLimit: Int = RenderOptions.defaultMemoryLimit, blockFrames: Int = 2048
    ) {
        self.allowAliasing = allowAliasing
        self.parallelism = parallelism
        self.memoryLimit = memoryLimit
        self.blockFrames = max(16, blockFrames)
    }

    /// The default ``memoryLimit``, in bytes, read at each use: on iOS, tvOS, watchOS and visionOS half of
    /// what the app may still allocate before the system ends it (`os_proc_available_memory()`); on Linux
    /// half the physical memory or of a container's cgroup limit, whichever is lower; on macOS half the
    /// physical memory.
    public static var defaultMemoryLimit: Int { MemoryBudget.current }
}

/// A validated request for samples `startIndex ..< startIndex + frameCount` at `sampleRate`.
public struct RenderRequest: Sendable, Hashable {
    /// Samples per second (Hz).
    public let sampleRate: Double
    /// First sample index.
    public let startIndex: Int
    /// Number of frames.
    public let frameCount: Int

    /// Validates a request given in samples.
    /// - Throws: `SignalError` for a rate outside ``SignalLimits/sampleRates``, a negative start or
    ///   frame count, or indices past ``SignalLimits/largestIndex``.
    public init(sampleRate: Double, startIndex: Int, frameCount: Int) throws(SignalError) {
        try SignalLimits.checkSampleRate(sampleRate)
        guard startIndex >= 0 else {
            throw SignalError(.invalidRender, "start index must be ≥ 0, got \(startIndex)", field: "start")
        }
        guard frameCount >= 0 else {
            throw SignalError(.invalidRender, "frame count must be ≥ 0, got \(frameCount)", field: "duration")
        }
        guard startIndex <= Int.max - frameCount, startIndex + frameCount <= SignalLimits.largestIndex else {
            throw SignalError(.invalidRender, "sample indices past 2^62 are not supported", field: "duration")
        }
        self.sampleRate = sampleRate
        self.startIndex = startIndex
        self.frameCount = frameCount
    }

    /// Validates a request given in seconds: `round(duration · rate)` frames from index `round(start · rate)`.
    /// - Throws: `SignalError` for a non-positive rate or duration, a negative start, or a duration
    ///   shorter than one sample.
    public init(sampleRate: Double, duration: Double, start: Double = 0) throws(SignalError) {
        try SignalLimits.checkSampleRate(sampleRate)
        guard duration.isFinite && duration > 0 else {
            throw SignalError(
                .invalidRender, "duration must be a positive, finite number of seconds, got \(duration)",
                field: "duration")
        }
        guard start.isFinite && start >= 0 else {
            throw SignalError(
                .invalidRender, "start must be a finite number of seconds ≥ 0, got \(start)", field: "start")
        }
        let frames = (duration * sampleRate).rounded()
        let first = (start * sampleRate).rounded()
        guard frames < 0x1p62 && first < 0x1p62 else {
            throw SignalError(
                .invalidRender, "\(duration) s from \(start) s at \(sampleRate) Hz reaches past sample index 2^62",
                field: "duration")
        }
        guard frames >= 1 else {
            throw SignalError(
                .invalidRender,
                "duration \(duration) s is shorter than one sample at \(sampleRate) Hz (\(1 / sampleRate) s)",
                field: "duration")
        }
        try self.init(sampleRate: sampleRate, startIndex: Int(first), frameCount: Int(frames))
    }
}
