/// Where the previous sample's searches ended: the speed profile's phase, the path's piece, the height
/// profile's interval and the ascent profile's breakpoint. A block renders its samples in time order, so
/// the next sample's index is usually the same or the next one: each search tries those two first and
/// falls back to the binary search. The index found is the same either way (the largest `i` with
/// `key(i) ≤ x`), so results do not depend on the hints, nor on how a render is split into blocks.
struct SearchHints: Sendable {
    var phase = 0, piece = 0, height = 0, ascent = 0

    /// The largest `i` in `0 ... high` with `key(i) ≤ x` for keys non-decreasing in `i`, or 0 when there is
    /// none: what a binary search gives, found by trying `hint` and `hint + 1` first; `hint` becomes it.
    @inline(__always)
    static func lastAtOrBelow(_ x: Double, high: Int, hint: inout Int, _ key: (Int) -> Double) -> Int {
        var h = hint
        if h >= 0, h <= high, key(h) <= x, h == high || key(h + 1) > x { return h }
        h += 1
        if h >= 0, h <= high, key(h) <= x, h == high || key(h + 1) > x {
            hint = h
            return h
        }
        var low = 0
        var top = high
        while low < top {
            let mid = (low + top + 1) / 2
            if key(mid) <= x { low = mid } else { top = mid - 1 }
        }
        hint = low
        return low
    }
}
