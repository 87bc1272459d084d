import Foundation
import Location
import Signals

extension KinematicPath {
    /// A route's legs in the tangent plane at its first waypoint.
    struct Legs {
        /// The plane.
        var plane: LocalTangentPlane
        /// Waypoints in the plane (east, north), metres.
        var points: [SIMD2<Double>]
        /// Length (m), heading (radians from east, counter-clockwise) and speed (m/s) of each leg.
        var lengths: [Double], headings: [Double], speeds: [Double]
        /// Deflection at each waypoint, radians, wrapped to −π ..< π (0 at the ends).
        var deflections: [Double]
        /// Each waypoint's pause, seconds (≥ 0; at the first a wait before leaving, at the last a stay).
        var pauses: [Double]

        /// Whether interior waypoint `i` holds a pause: the vehicle stops at the middle of its turn (`false`
        /// at the ends, where it is at rest anyway).
        func stops(at i: Int) -> Bool { i > 0 && i < points.count - 1 && pauses[i] > 0 }
    }

    /// Why a trajectory's waypoint may not have a `time`, said once wherever one is found.
    static let waypointTimeRefusal =
        "a trajectory's waypoints take no 'time': its vehicle moves at speeds (the route's 'speed', or a leg's on its arriving waypoint), shaped by the vehicle's limits; remove every 'time' and give speeds (a GPX track's times are turned into leg speeds)"

    /// Checks `route` and lays its legs out in the plane.
    static func legs(of route: Route, limits: VehicleLimits) throws(SignalError) -> Legs {
        let waypoints = route.waypoints
        guard waypoints.count >= 2 else {
            throw SignalError(
                .tooShort, path: "\(path).waypoints",
                "a trajectory needs at least 2 waypoints, got \(waypoints.count)"
                    + (waypoints.count == 1
                        ? "; to stand still at one place, give this waypoint a 'pause' and add a second one a step away (at least 0.01 m; it sets the way the person faces)"
                        : ""))
        }
        guard !route.loops else {
            throw SignalError(
                .invalidArgument, path: "\(path).loop", "looping routes are not supported by a trajectory yet")
        }
        if let speed = route.speed {
            try ParameterCheck(path: path).check(speed, "speed", unit: "m/s", in: 1e-3...1e4)
        }
        for (i, w) in waypoints.enumerated() {
            let check = ParameterCheck(path: "\(path).waypoints[\(i)]")
            try check.check(w.latitude, "latitude", unit: "degrees", in: -90...90)
            try check.check(w.longitude, "longitude", unit: "degrees", in: -180...180)
            try check.check(w.altitude, "altitude", unit: "m", in: -12_000...100_000)
            if let speed = w.speed { try check.check(speed, "speed", unit: "m/s", in: 1e-3...1e4) }
            try check.check(w.pause, "pause", unit: "s", in: 0...Route.Limits.duration)
            guard w.time == nil else {
                throw SignalError(.invalidArgument, path: "\(check.path).time", waypointTimeRefusal)
            }
        }
        let first = waypoints[0]
        let plane = LocalTangentPlane(latitude: first.latitude, longitude: first.longitude)
        let points = waypoints.map { plane.project(latitude: $0.latitude, longitude: $0.longitude) }
        for (i, p) in points.enumerated() where (p * p).sum().squareRoot() > maximumExtent {
            throw SignalError(
                .outOfRange, path: "\(path).waypoints[\(i)]",
                "waypoint \(i) is \(Int((p * p).sum().squareRoot())) m from the first; a trajectory's tangent plane reaches \(Int(maximumExtent)) m"
            )
        }
        var lengths: [Double] = []
        var headings: [Double] = []
        var speeds: [Double] = []
        for k in 0..<points.count - 1 {
            let d = points[k + 1] - points[k]
            let length = (d * d).sum().squareRoot()
            guard length >= 0.01 else {
                throw SignalError(
                    .outOfRange, path: "\(path).waypoints[\(k + 1)]",
                    "waypoint \(k + 1) is \(length) m from waypoint \(k); legs must be at least 0.01 m")
            }
            lengths.append(length)
            headings.append(atan2(d.y, d.x))
            speeds.append(min(waypoints[k + 1].speed ?? route.speed ?? limits.maximumSpeed, limits.maximumSpeed))
        }
        var deflections = [0.0]
        for i in 1..<max(points.count - 1, 1) {
            var delta = headings[i] - headings[i - 1]
            delta = delta - 2 * .pi * (delta / (2 * .pi)).rounded()
            guard abs(delta) < maximumDeflection else {
                throw SignalError(
                    .outOfRange, path: "\(path).waypoints[\(i)]",
                    "the route turns back by \(abs(delta) * 180 / .pi)° at waypoint \(i); turns are limited to 179° (add a waypoint to the side to make a U-turn)"
                )
            }
            deflections.append(delta)
        }
        deflections.append(0)
        return Legs(
            plane: plane, points: points, lengths: lengths, headings: headings, speeds: speeds,
            deflections: deflections, pauses: waypoints.map(\.pause))
    }

    /// Lowers the turn speeds (`speeds[i]`, m/s, 0 at the ends) until every turn fits between its legs and
    /// every speed change fits along its straight; returns the turns designed at the final speeds.
    ///
    /// Each pass gives every turn the highest speed, at most its current one, at which, on both of its legs,
    /// (1) its tangent length is at most the leg's length less the neighbour's (or half the leg, when the
    /// neighbour alone is too long: the neighbour then shrinks in its turn), and (2) when it is the faster of
    /// the two, the S-curve from the neighbour's speed fits between the two turns; when the neighbour holds a
    /// pause, the turn is at most the neighbour's speed and the S-curve to rest fits between the turn's end
    /// and the middle of the neighbour's turn (a turn holding a pause is only held to (1)). The conditions only get
    /// easier as the speed falls (a slower turn is tighter and shorter), so the highest such speed is found
    /// by bisection; passes repeat until no speed changes. Speeds only fall, so it ends.
    static func fitSpeeds(
        _ speeds: inout [Double], legs: Legs, limits: VehicleLimits
    ) throws(SignalError) -> [TurnDesign] {
        let n = speeds.count
        let (a, j) = (limits.longitudinalAcceleration, limits.jerk)
        func design(_ i: Int, _ v: Double) -> TurnDesign {
            TurnDesign(deflection: legs.deflections[i], speed: max(v, 1e-9), limits: limits)
        }
        func fits(_ i: Int, _ v: Double, _ designs: [TurnDesign]) -> Bool {
            let t = design(i, v).tangentLength
            for (k, neighbour) in [(i - 1, i - 1), (i, i + 1)] {
                let length = legs.lengths[k]
                let other = designs[neighbour].tangentLength
                guard t <= max(length - other, length / 2) else { return false }
                // A turn with a pause is entered and left below its speed (its neighbours see a stop).
                guard !legs.stops(at: i) else { continue }
                let vn = speeds[neighbour]
                if legs.stops(at: neighbour) {
                    // Stopping at the middle of the neighbour's turn, never faster in it than it was designed for.
                    let toMiddle = other - designs[neighbour].length / 2
                    guard v <= vn, t + toMiddle + SpeedProfile.changeDistance(0, v, acceleration: a, jerk: j) <= length
                    else {
                        return false
                    }
                } else if v > vn, t + other + SpeedProfile.changeDistance(vn, v, acceleration: a, jerk: j) > length {
                    return false
                }
            }
            return true
        }
        for _ in 0..<1_000 {
            var designs = (0..<n).map { design($0, speeds[$0]) }
            var changed = false
            for i in 1..<max(n - 1, 1) where !fits(i, speeds[i], designs) {
                var low = 0.0
                var high = speeds[i]
                for _ in 0..<80 {
                    let mid = (low + high) / 2
                    if fits(i, mid, designs) { low = mid } else { high = mid }
                }
                speeds[i] = low
                designs[i] = design(i, low)
                changed = true
            }
            if !changed { return designs }
        }
        throw SignalError(
            .outOfRange, path: "\(path).waypoints",
            "the turns of this route cannot be fitted between its waypoints within the vehicle's limits")
    }
}
