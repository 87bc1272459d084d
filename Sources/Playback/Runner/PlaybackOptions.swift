/// How a ``Runner`` waits for each deadline.
///
/// On Linux the playback thread sleeps with `clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME)` until
/// `spinWindow` before the deadline, then spins on the monotonic clock until the deadline itself: the
/// spin is bounded by `spinWindow` and absorbs the kernel's wake-up latency (50 µs timer slack by
/// default). ``precise`` spins up to 100 µs per point; ``efficient`` does not spin at all and is late
/// by the wake-up latency instead (tens of µs), using no CPU between points.
///
/// ```swift
/// var options = PlaybackOptions()
/// options.timing = .efficient
/// options.timing = .precise(spinWindow: .microseconds(300))   // a busier machine
/// ```
public struct TimingPolicy: Sendable, Hashable {
    /// How long before each deadline the thread stops sleeping and spins (zero: never spins).
    public var spinWindow: Duration

    /// Creates a policy.
    /// - Parameter spinWindow: Time before each deadline spent spinning; negative values count as zero.
    public init(spinWindow: Duration) {
        self.spinWindow = max(.zero, spinWindow)
    }

    /// Sleep to 100 µs before each deadline, then spin: lateness of a few µs on a quiet machine.
    public static let precise = TimingPolicy(spinWindow: .microseconds(100))

    /// Sleep to each deadline and never spin: no CPU between points, lateness of the kernel's wake-up.
    public static let efficient = TimingPolicy(spinWindow: .zero)

    /// Sleep, then spin for the last `spinWindow` before each deadline.
    /// - Parameter spinWindow: The spin, bounded; larger tolerates worse wake-up latency at more CPU.
    public static func precise(spinWindow: Duration) -> TimingPolicy { TimingPolicy(spinWindow: spinWindow) }
}

/// What a ``Runner`` does when it falls behind (a slow handler, a busy machine).
public enum LatePolicy: String, Sendable, Hashable, CaseIterable {
    /// Deliver every point, late if need be, and record how late (the default).
    case deliverLate
    /// Skip to the present: a point is skipped when the one after it is already due, so the handler
    /// gets the freshest due point; skipped points are counted in ``LatenessStatistics/skipped``.
    case skipToPresent
}

/// Options of one playback: looping, how to wait, what to do when late.
///
/// ```swift
/// try runner.start(points, options: PlaybackOptions(loop: true, latePolicy: .skipToPresent)) { ... }
/// ```
public struct PlaybackOptions: Sendable, Hashable {
    /// Play the points again and again until stopped (finite sources; see ``PointSource/loopPeriod``).
    public var loop: Bool
    /// How to wait for deadlines.
    public var timing: TimingPolicy
    /// What to do when behind.
    public var latePolicy: LatePolicy
    /// Playback speed: 2 plays twice as fast, 0.5 at half speed (finite, > 0). Deadlines are
    /// `t0 + timestamp / speed`; ``Runner/setSpeed(_:)`` changes it during a run.
    public var speed: Double

    /// Creates options.
    /// - Parameters:
    ///   - loop: Loop until stopped (default `false`).
    ///   - timing: ``TimingPolicy/precise`` (default) or ``TimingPolicy/efficient``.
    ///   - latePolicy: ``LatePolicy/deliverLate`` (default) or ``LatePolicy/skipToPresent``.
    ///   - speed: Playback speed factor (default 1; finite, > 0, checked when the run starts).
    public init(
        loop: Bool = false, timing: TimingPolicy = .precise, latePolicy: LatePolicy = .deliverLate,
        speed: Double = 1
    ) {
        self.speed = speed
        self.loop = loop
        self.timing = timing
        self.latePolicy = latePolicy
    }
}
