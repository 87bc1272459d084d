import Location

/// Core Location's distance filter: the first fix passes; each later one only when it lies at least
/// `distance` metres (geodesic, horizontal) from the last fix that passed. A negative or zero distance
/// (``locationDistanceFilterNone``) passes every fix.
struct DistanceFilter: Sendable {
    /// Metres, or ≤ 0 for none.
    let distance: Double
    private(set) var last: LocationPoint?

    init(distance: Double) {
        self.distance = distance.isFinite ? distance : -1
    }

    /// Whether `fix` is delivered (and, if so, the new reference).
    mutating func admit(_ fix: LocationPoint) -> Bool {
        if distance > 0, let last, fix.distance(from: last) < distance { return false }
        last = fix
        return true
    }
}
