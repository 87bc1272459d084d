import Playback

/// The Runners of a simulated manager: each new one on the manager's clock, and the playback options that
/// wait as the manager's timing policy says. Made once by the manager's initialiser and handed to every
/// kind of update it plays.
struct RunnerFactory: Sendable {
    /// How the playback threads wait.
    private let timing: TimingPolicy
    private let make: @Sendable () -> any UpdateRunner

    /// - Parameters:
    ///   - clock: The clock that times every runner made.
    ///   - timing: How the playback threads wait.
    init<C: Clock>(clock: C, timing: TimingPolicy) where C.Duration == Duration {
        self.timing = timing
        make = { Runner(clock: clock) }
    }

    /// A new runner on the clock (one a start: a stopped runner is not started again).
    func runner() -> any UpdateRunner { make() }

    /// The options of a playback: `loop`, at the manager's timing.
    /// - Parameter loop: Play the source again when it ends.
    func options(loop: Bool = false) -> PlaybackOptions { PlaybackOptions(loop: loop, timing: timing) }
}
