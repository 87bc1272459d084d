import Foundation

/// The path's heading averaged over a window of arc length: `β(s) = (Ψ(s + w) − Ψ(s − w)) / 2w`, `Ψ` the
/// integral of the plane heading `ψ(s)` (radians from east, counter-clockwise, unwrapped).
///
/// The path's heading is only C¹ (its curvature is continuous but bends at the joints of clothoids and
/// arcs), so anything carried sideways along it (the gait's sway) would see its acceleration jump there.
/// The average is C²: `β′ = (ψ(s + w) − ψ(s − w)) / 2w` and `β″ = (κ(s + w) − κ(s − w)) / 2w`, both continuous.
/// Before the start and after the end the heading is held, with zero curvature.
struct HeadingSmoother: Sendable, Hashable {
    /// Start station (m), unwrapped start heading (rad) and heading integral at the start (m·rad) of each piece.
    let stations: [Double], headings: [Double], integrals: [Double]
    /// Each piece's length (m), start curvature (1/m) and curvature rate (1/m²).
    let lengths: [Double], curvatures: [Double], rates: [Double]

    init(_ path: KinematicPath) {
        var stations: [Double] = []
        var headings: [Double] = []
        var integrals: [Double] = []
        var lengths: [Double] = []
        var curvatures: [Double] = []
        var rates: [Double] = []
        var integral = 0.0
        var previousEnd: Double?
        for (i, piece) in path.pieces.enumerated() {
            var start = piece.startHeading
            if let end = previousEnd { start += 2 * .pi * ((end - start) / (2 * .pi)).rounded() }
            let rate = piece.length > 0 ? (piece.endCurvature - piece.startCurvature) / piece.length : 0
            stations.append(path.pieceStations[i])
            headings.append(start)
            integrals.append(integral)
            lengths.append(piece.length)
            curvatures.append(piece.startCurvature)
            rates.append(rate)
            let l = piece.length
            integral += start * l + piece.startCurvature * l * l / 2 + rate * l * l * l / 6
            previousEnd = start + piece.startCurvature * l + rate * l * l / 2
        }
        self.stations = stations
        self.headings = headings
        self.integrals = integrals
        self.lengths = lengths
        self.curvatures = curvatures
        self.rates = rates
    }

    /// `Ψ(s)`, `ψ(s)` and `κ(s)` at station `s` (any, held beyond the ends).
    func evaluate(_ s: Double) -> (integral: Double, heading: Double, curvature: Double) {
        guard !stations.isEmpty else { return (0, 0, 0) }
        if s <= stations[0] { return (headings[0] * (s - stations[0]), headings[0], 0) }
        var low = 0
        var high = stations.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if stations[mid] <= s { low = mid } else { high = mid - 1 }
        }
        let l = s - stations[low]
        let length = lengths[low]
        let h0 = headings[low]
        let k0 = curvatures[low]
        let r = rates[low]
        if l >= length {
            // Past the end of the last piece: hold its end heading.
            let end = h0 + k0 * length + r * length * length / 2
            let atEnd = integrals[low] + h0 * length + k0 * length * length / 2 + r * length * length * length / 6
            return (atEnd + end * (l - length), end, 0)
        }
        return (integrals[low] + h0 * l + k0 * l * l / 2 + r * l * l * l / 6, h0 + k0 * l + r * l * l / 2, k0 + r * l)
    }

    /// The averaged heading `β` (rad) at station `s` over `±w` metres, and its first and second derivatives
    /// along the path (rad/m, rad/m²).
    func smoothed(_ s: Double, halfWidth w: Double) -> (Double, Double, Double) {
        let a = evaluate(s - w)
        let b = evaluate(s + w)
        return (
            (b.integral - a.integral) / (2 * w), (b.heading - a.heading) / (2 * w),
            (b.curvature - a.curvature) / (2 * w)
        )
    }
}
