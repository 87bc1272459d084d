import Playback
import Signals

/// How a ``LiveFeed`` plays: the rate of its signals, the speed, looping, and the replay window.
///
/// ```swift
/// let options = try FeedOptions(sampleRate: 1000, speed: 1).validated()
/// ```
public struct FeedOptions: Sendable, Hashable {
    /// Points per second of a signal source, in Hz (`--rate`): 0.001 to 10 000.
    public var sampleRate: Double
    /// Playback speed (`--speed`): 2 plays twice as fast; 0.01 to 100.
    public var speed: Double
    /// Play a point file again and again (`--loop`); signals play endlessly anyway.
    public var loop: Bool
    /// Seconds of points (at the source's rate) kept for `Last-Event-ID` replay: 10 to 3600.
    public var replaySeconds: Double
    /// How the playback thread waits for each point. The server default is `TimingPolicy.efficient`
    /// (sleep only: tens of µs late, no CPU between points), as network delivery is far coarser.
    public var timing: TimingPolicy
    /// Most points written to a client in one write when it is behind (the rest follow at once).
    public var batchLimit: Int
    /// The shortest time between two writes to a streaming client (`--write-window`, 0 to 50 ms; default
    /// 3 ms): points due within it share one write, so a point reaches a client at most this late, and
    /// each client costs one write per window rather than one per point.
    public var writeWindow: Duration
    /// The write windows accepted.
    public static let writeWindows: ClosedRange<Duration> = .zero ... .milliseconds(50)
    /// Unix time (seconds since 1970-01-01 UTC) of timeline index 0 (`--epoch`), or `nil` (default) for a
    /// timeline that starts at index 0 when the feed starts.
    ///
    /// With an epoch, a spec's point `i` is the one due at `epoch + i / sampleRate` on the wall clock: a
    /// feed started later joins the same timeline at the index due then, with its replay buffer already
    /// filled with the points before it (a signal is a function of its index). So a client that resumes
    /// with `Last-Event-ID` loses nothing across a restart of the whole server process, as long as the
    /// point it needs is within the replay window. Pausing or changing the speed moves the running
    /// timeline off the epoch; a feed started afresh is on it again.
    public var epoch: Double?

    /// The largest ``sampleRate``, in Hz.
    public static let largestRate = 10_000.0
    /// The rates accepted, in Hz.
    public static let rates: ClosedRange<Double> = 0.001...largestRate
    /// The speeds accepted.
    public static let speeds: ClosedRange<Double> = 0.01...100
    /// The most points a replay buffer holds (10 s at 100 kHz for a point file).
    public static let largestReplayCapacity = 1 << 20
    /// The largest timeline index an ``epoch`` may put the start at (2⁴⁸: 890 years at 10 kHz).
    public static let largestEpochIndex = 1 << 48

    /// Creates options (check them with ``validated()``).
    /// - Parameters:
    ///   - sampleRate: Points per second of a signal, in Hz (default 100).
    ///   - speed: Playback speed (default 1).
    ///   - loop: Loop a point file (default `false`).
    ///   - replaySeconds: Seconds kept for replay (default 10).
    ///   - timing: How to wait for each point (default `TimingPolicy.efficient`).
    ///   - batchLimit: Most points per write (default 512).
    ///   - epoch: Unix time (s) of index 0, or `nil` (see ``epoch``).
    ///   - writeWindow: The shortest time between two writes to a streaming client (default 3 ms; see
    ///     ``writeWindow``).
    public init(
        sampleRate: Double = 100, speed: Double = 1, loop: Bool = false, replaySeconds: Double = 10,
        timing: TimingPolicy = .efficient, batchLimit: Int = 512, epoch: Double? = nil,
        writeWindow: Duration = .milliseconds(3)
    ) {
        self.epoch = epoch
        self.writeWindow = writeWindow
        self.sampleRate = sampleRate
        self.speed = speed
        self.loop = loop
        self.replaySeconds = replaySeconds
        self.timing = timing
        self.batchLimit = batchLimit
    }

    /// The options, checked.
    /// - Throws: `SignalError` (`invalidArgument`) naming the option, its value and its range.
    public func validated() throws(SignalError) -> FeedOptions {
        guard sampleRate.isFinite, FeedOptions.rates.contains(sampleRate) else {
            throw SignalError(
                .invalidArgument,
                "--rate must be a number of Hz from \(FeedOptions.rates.lowerBound) to \(FeedOptions.rates.upperBound), got \(sampleRate)"
            )
        }
        try FeedOptions.checkSpeed(speed, name: "--speed")
        guard replaySeconds.isFinite, replaySeconds >= 10, replaySeconds <= 3600 else {
            throw SignalError(
                .invalidArgument, "the replay buffer must hold from 10 to 3600 seconds, got \(replaySeconds)")
        }
        if let epoch {
            guard epoch.isFinite, epoch >= 0 else {
                throw SignalError(.invalidArgument, "--epoch must be a Unix time in seconds (≥ 0), got \(epoch)")
            }
        }
        guard FeedOptions.writeWindows.contains(writeWindow) else {
            throw SignalError(.invalidArgument, "--write-window must be from 0 to 50 ms, got \(writeWindow)")
        }
        guard batchLimit >= 1, batchLimit <= 1 << 16 else {
            throw SignalError(.invalidArgument, "the batch limit must be from 1 to 65536 points, got \(batchLimit)")
        }
        return self
    }

    /// Checks a speed.
    /// - Throws: `SignalError` naming `name`: `invalidArgument` for an option, `outOfRange` at `path`
    ///   for a request body's field (answered with a 400).
    static func checkSpeed(_ speed: Double, name: String, path: String? = nil) throws(SignalError) {
        guard speed.isFinite, speeds.contains(speed) else {
            throw SignalError(
                path == nil ? .invalidArgument : .outOfRange,
                "\(name) must be a number from \(speeds.lowerBound) to \(speeds.upperBound), got \(speed)", path: path)
        }
    }
}
