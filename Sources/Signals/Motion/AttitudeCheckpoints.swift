import Synchronization

/// The memo of an ``IntegratedAttitude``: its attitude every ``spacing`` samples (and at the ends of
/// the latest blocks), per sample rate, so that a render that starts late in a long motion does not
/// integrate from sample 0 again.
///
/// It is a cache of a pure function: the attitude at sample `n` is, by definition, sample 0's attitude
/// stepped `n` times (see ``IntegratedAttitude``); starting the stepping at any remembered sample gives
/// the same bits. Thread-safe (one lock, taken once per block and once per 4096 steps, never per
/// sample); shared by copies of the attitude value.
package final class AttitudeCheckpoints: Sendable {
    /// Samples between checkpoints.
    package static let spacing = 4096
    /// Checkpoints kept per sample rate (2²⁰: 32 MiB; beyond, renders step from the last one).
    package static let maximumCount = 1 << 20
    /// Block-end states kept per sample rate (for consecutive blocks).
    static let recentCount = 8

    private struct Table {
        var states: [Quaternion]
        var recent: [(index: Int, state: Quaternion)] = []
    }

    private let tables = Mutex<[UInt64: Table]>([:])

    package init() {}

    /// The best remembered state at or before `n`.
    func start(at n: Int, sampleRate: Double, initial: Quaternion) -> (index: Int, state: Quaternion) {
        tables.withLock { tables in
            let key = sampleRate.bitPattern
            let table: Table
            if let existing = tables[key] {
                table = existing
            } else {
                if tables.count >= 8 { tables.removeAll() }
                table = Table(states: [initial])
                tables[key] = table
            }
            let slot = min(n / AttitudeCheckpoints.spacing, table.states.count - 1)
            var best = (index: slot * AttitudeCheckpoints.spacing, state: table.states[slot])
            for r in table.recent where r.index <= n && r.index > best.index { best = r }
            return best
        }
    }

    /// Remembers the state at a multiple of ``spacing`` if it extends the table.
    func recordCheckpoint(_ index: Int, _ state: Quaternion, sampleRate: Double) {
        guard index % AttitudeCheckpoints.spacing == 0 else { return }
        tables.withLock { tables in
            let key = sampleRate.bitPattern
            guard var table = tables[key], table.states.count == index / AttitudeCheckpoints.spacing,
                table.states.count < AttitudeCheckpoints.maximumCount
            else { return }
            tables[key] = nil
            table.states.append(state)
            tables[key] = table
        }
    }

    /// Remembers the state at a block's end.
    func recordRecent(_ index: Int, _ state: Quaternion, sampleRate: Double) {
        tables.withLock { tables in
            let key = sampleRate.bitPattern
            guard var table = tables[key] else { return }
            tables[key] = nil
            if table.recent.count >= AttitudeCheckpoints.recentCount { table.recent.removeFirst() }
            table.recent.append((index, state))
            tables[key] = table
        }
    }

    /// Number of checkpoints held for a rate (for tests).
    package func checkpointCount(sampleRate: Double) -> Int {
        tables.withLock { $0[sampleRate.bitPattern]?.states.count ?? 0 }
    }
}
