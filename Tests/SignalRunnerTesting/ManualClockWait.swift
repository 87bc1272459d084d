import Playback

extension ManualClock {
    /// Waits until `count` sleepers wait on the clock (the run it drives has made every point due), for at
    /// most `limit` of real time: a bound for a failing test, not a timing it relies on.
    ///
    /// A run that has stopped (it ended, or it failed) never sleeps again; this turns that hang into a
    /// failure that says what was awaited.
    /// - Parameters:
    ///   - count: How many sleepers (default 1).
    ///   - limit: Real time on `ContinuousClock` (default 120 s, for a loaded machine).
    /// - Throws: ``TestingError/timedOut(_:)``.
    package func awaitSleepers(_ count: Int = 1, limit: Duration = .seconds(120)) async throws {
        guard await waitForSleepers(count, timeout: limit) else {
            throw TestingError.timedOut("\(count) sleeper(s) on the manual clock at \(now.offset)")
        }
    }
}
