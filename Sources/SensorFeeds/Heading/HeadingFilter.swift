import Foundation
import Synchronization

/// Core Location's heading filter: the first heading passes; each later one only when its magnetic heading
/// differs by at least `degrees` (the shorter way round the circle) from the last heading that passed. Zero,
/// a negative value (``headingFilterNone``) or NaN passes every heading. The degrees are given with each
/// heading, so that a change of the manager's filter applies to the next heading.
struct HeadingFilter: Sendable {
    private(set) var last: Double?

    /// The angle between two headings, degrees, 0 … 180.
    static func difference(_ a: Double, _ b: Double) -> Double { abs(TrajectoryMath.signedDegrees(a - b)) }

    /// Whether `heading` (its magnetic heading, degrees) is delivered under a filter of `degrees` (and, if so,
    /// the new reference).
    mutating func admit(_ heading: Double, degrees: Double) -> Bool {
        if degrees > 0, let last, Self.difference(heading, last) < degrees { return false }
        last = heading
        return true
    }
}

/// A heading filter shared by a playback's callbacks.
final class HeadingFilterBox: Sendable {
    private let filter: Mutex<HeadingFilter>
    init(_ filter: HeadingFilter) { self.filter = Mutex(filter) }
    func admit(_ heading: SimulatedHeading, degrees: Double) -> Bool {
        filter.withLock { $0.admit(heading.magneticHeading, degrees: degrees) }
    }
}
