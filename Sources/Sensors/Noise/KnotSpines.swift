import Synchronization

/// The memo of an ``IMU``'s bridged processes: each process's last descent through its knot tree
/// (see `BridgedProcess`), so that the next block, which shares most of the path from the root, draws
/// only the intervals it does not share.
///
/// A cache of pure functions of (seed, process, knot): it never changes a sample. Thread-safe (one lock
/// per block); shared by copies of the IMU value.
package final class KnotSpines: Sendable {
    struct Key: Hashable {
        var streamSeed: UInt64
        var kind: BridgedProcess.Kind
    }

    private let spines = Mutex<[Key: [BridgedProcess.Interval]]>([:])

    package init() {}

    /// The remembered spine of each process (empty when none).
    func spines(for processes: [BridgedProcess]) -> [[BridgedProcess.Interval]] {
        spines.withLock { spines in processes.map { spines[Key(streamSeed: $0.streamSeed, kind: $0.kind)] ?? [] } }
    }

    /// Remembers new spines (at most 64 processes are kept).
    func remember(_ new: [[BridgedProcess.Interval]], for processes: [BridgedProcess]) {
        spines.withLock { spines in
            if spines.count > 64 { spines.removeAll() }
            for (p, spine) in zip(processes, new) { spines[Key(streamSeed: p.streamSeed, kind: p.kind)] = spine }
        }
    }
}
