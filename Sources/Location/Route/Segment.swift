import Foundation

/// One piece of a route's timeline: standing still at a waypoint, or moving along a leg (a geodesic) with a
/// speed profile of up to three phases: accelerate at `a` from `u0` to `vp`, cruise at `vp`, decelerate at
/// `a` to `u1`. Without an acceleration limit `a` is infinite and the whole leg is cruise.
@usableFromInline
struct Segment: Sendable {
    /// The geodesic of the leg (from the waypoint for a hold).
    @usableFromInline let line: GeodesicLine
    /// Whether the route stands still (the waypoint's exact coordinates, speed 0, course −1).
    @usableFromInline let holds: Bool
    /// Leg length (metres).
    @usableFromInline let length: Double
    /// Entry speed, cruise speed, exit speed (m/s) and acceleration (m/s², `.infinity` for none).
    @usableFromInline let u0: Double, vp: Double, u1: Double, a: Double
    /// End of the acceleration phase and of the cruise phase (seconds from the segment's start).
    @usableFromInline let t1: Double, t12: Double
    /// Distance covered at the end of the acceleration and of the cruise phase (metres).
    @usableFromInline let d1: Double, d12: Double
    /// Duration (seconds).
    @usableFromInline let duration: Double
    /// Altitude at the start and at the end (metres).
    @usableFromInline let altitude0: Double, altitude1: Double
    /// The hold's coordinates (the waypoint's).
    @usableFromInline let latitude: Double, longitude: Double

    /// Standing still at `waypoint` for `duration` seconds.
    init(hold waypoint: Waypoint, duration: Double) {
        line = Geodesic.wgs84.line(from: waypoint.coordinate, azimuth: 0)
        holds = true
        length = 0
        (u0, vp, u1, a) = (0, 0, 0, .infinity)
        (t1, t12, d1, d12) = (0, duration, 0, 0)
        self.duration = duration
        (altitude0, altitude1) = (waypoint.altitude, waypoint.altitude)
        (latitude, longitude) = (waypoint.latitude, waypoint.longitude)
    }

    /// Moving along `line` (of `line.distance` metres) from `from` to `to`, entering at `u0`, cruising at
    /// up to `speed` and leaving at `u1` with acceleration `a` (`nil`: instant changes, constant `speed`).
    init(
        leg line: GeodesicLine, from: Waypoint, to: Waypoint, speed v: Double, entry: Double, exit: Double,
        acceleration: Double?
    ) {
        self.line = line
        holds = false
        length = line.distance
        (altitude0, altitude1) = (from.altitude, to.altitude)
        (latitude, longitude) = (to.latitude, to.longitude)
        guard let acc = acceleration else {
            (u0, vp, u1, a) = (v, v, v, .infinity)
            duration = length / v
            (t1, t12, d1, d12) = (0, duration, 0, length)
            return
        }
        let peak = min(v, (acc * length + (entry * entry + exit * exit) / 2).squareRoot())
        (u0, vp, u1, a) = (entry, peak, exit, acc)
        let accelerating = max(0, (peak * peak - entry * entry) / (2 * acc))
        let braking = max(0, (peak * peak - exit * exit) / (2 * acc))
        let cruising = max(0, length - accelerating - braking)
        t1 = max(0, peak - entry) / acc
        t12 = t1 + (peak > 0 ? cruising / peak : 0)
        d1 = accelerating
        d12 = accelerating + cruising
        duration = t12 + max(0, peak - exit) / acc
    }

    /// A timed leg: constant speed `line.distance / duration`.
    init(leg line: GeodesicLine, from: Waypoint, to: Waypoint, duration: Double) {
        self.line = line
        holds = false
        length = line.distance
        let v = length / duration
        (u0, vp, u1, a) = (v, v, v, .infinity)
        self.duration = duration
        (t1, t12, d1, d12) = (0, duration, 0, length)
        (altitude0, altitude1) = (from.altitude, to.altitude)
        (latitude, longitude) = (to.latitude, to.longitude)
    }

    /// Distance along the leg (metres) and speed (m/s) `tau` seconds after the segment's start.
    @inlinable @inline(__always)
    func motion(at tau: Double) -> (distance: Double, speed: Double) {
        if a == .infinity { return (min(length, vp * tau), vp) }
        if tau < t1 { return (u0 * tau + 0.5 * a * tau * tau, u0 + a * tau) }
        if tau < t12 { return (d1 + vp * (tau - t1), vp) }
        let r = min(tau, duration) - t12
        return (min(length, d12 + vp * r - 0.5 * a * r * r), max(0, vp - a * r))
    }
}
