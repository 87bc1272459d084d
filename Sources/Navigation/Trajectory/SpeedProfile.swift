/// Speed along a path as a sequence of constant-jerk phases: within a phase starting at time `t0`, station
/// `s0`, speed `v0`, acceleration `a0`, with jerk `j`, at `τ = t − t0`:
/// `s = s0 + v0 τ + a0 τ²/2 + j τ³/6`, `v = v0 + a0 τ + j τ²/2`, `a = a0 + j τ`.
/// Speed changes are S-curves (jerk-limited, acceleration-limited), so speed and acceleration are continuous.
struct SpeedProfile: Sendable, Hashable {
    /// One constant-jerk phase.
    struct Phase: Sendable, Hashable {
        /// Start time (s), station (m), speed (m/s), acceleration (m/s²); jerk (m/s³); duration (s).
        var t0: Double, s0: Double, v0: Double, a0: Double, jerk: Double, duration: Double
    }

    /// The phases in time order (every duration > 0).
    private(set) var phases: [Phase] = []
    /// End of the last phase: time (s) and station (m).
    private(set) var time = 0.0, station = 0.0
    /// Speed (m/s) and acceleration (m/s²) at the end of the last phase.
    private(set) var speed = 0.0, acceleration = 0.0

    /// Duration (s) of an S-curve speed change of `dv` (m/s) with acceleration `a` and jerk `j`.
    static func changeTime(_ dv: Double, acceleration a: Double, jerk j: Double) -> Double {
        let dv = abs(dv)
        return dv >= a * a / j ? dv / a + a / j : 2 * (dv / j).squareRoot()
    }

    /// Distance (m) of an S-curve from `v1` to `v2` (m/s): the mean speed times the duration (the curve is
    /// point-symmetric about its middle).
    static func changeDistance(_ v1: Double, _ v2: Double, acceleration a: Double, jerk j: Double) -> Double {
        (v1 + v2) / 2 * changeTime(v2 - v1, acceleration: a, jerk: j)
    }

    /// Appends a phase of `duration` seconds with constant `jerk`.
    mutating func append(jerk: Double, duration: Double) {
        guard duration > 0 else { return }
        phases.append(Phase(t0: time, s0: station, v0: speed, a0: acceleration, jerk: jerk, duration: duration))
        let t = duration
        station += speed * t + acceleration * t * t / 2 + jerk * t * t * t / 6
        speed += acceleration * t + jerk * t * t / 2
        acceleration += jerk * t
        time += t
    }

    /// Appends an S-curve to speed `target` (m/s), ending with zero acceleration.
    mutating func change(to target: Double, acceleration a: Double, jerk j: Double) {
        let dv = target - speed
        let sign: Double = dv >= 0 ? 1 : -1
        if abs(dv) >= a * a / j {
            append(jerk: sign * j, duration: a / j)
            append(jerk: 0, duration: abs(dv) / a - a / j)
            append(jerk: -sign * j, duration: a / j)
        } else {
            let rise = (abs(dv) / j).squareRoot()
            append(jerk: sign * j, duration: rise)
            append(jerk: -sign * j, duration: rise)
        }
        speed = target
        acceleration = 0
    }

    /// Appends a constant-speed stretch of `distance` metres (no phase when the speed is 0).
    mutating func cruise(_ distance: Double) {
        guard speed > 0 else { return }
        append(jerk: 0, duration: distance / speed)
        acceleration = 0
    }

    /// ``rest(_:)``, appending the rest's start and end times to `windows` when it lasts (a pause of 0 s adds none).
    mutating func rest(_ duration: Double, recording windows: inout [SIMD2<Double>]) {
        let start = time
        rest(duration)
        if time > start { windows.append(SIMD2(start, time)) }
    }

    /// Appends a stop of `duration` seconds at rest (speed and acceleration 0; no phase for a duration of 0).
    mutating func rest(_ duration: Double) {
        precondition(speed == 0 && acceleration == 0, "a rest starts at rest")
        append(jerk: 0, duration: duration)
    }

    /// The first time (s) the profile reaches `target` metres (bisection to rounding over the phases; the
    /// station never decreases): 0 at or before the start, ``time`` past the end.
    func time(atStation target: Double) -> Double {
        var low = 0.0
        var high = time
        guard state(at: high).station > target else { return high }
        for _ in 0..<200 where high - low > 1e-12 * max(high, 1) {
            let mid = (low + high) / 2
            if state(at: mid).station < target { low = mid } else { high = mid }
        }
        return high
    }

    /// Sets the station to its planned value (removes rounding accumulated along the phases).
    mutating func anchor(station planned: Double) { station = planned }

    /// Station (m), speed (m/s), acceleration (m/s²) and jerk (m/s³) at time `t` (s), by binary search
    /// over the phases; before the first phase the start, after the last the end at rest.
    func state(at t: Double) -> (station: Double, speed: Double, acceleration: Double, jerk: Double) {
        var hint = 0
        return state(at: t, hint: &hint)
    }

    /// ``state(at:)`` with a search hint (see `SearchHints`; the result does not depend on it).
    @inline(__always)
    func state(at t: Double, hint: inout Int) -> (station: Double, speed: Double, acceleration: Double, jerk: Double) {
        guard let first = phases.first, t > first.t0 else { return (phases.first?.s0 ?? station, 0, 0, 0) }
        guard t < time else { return (station, speed, acceleration, 0) }
        let low = phases.withUnsafeBufferPointer { phases in
            SearchHints.lastAtOrBelow(t, high: phases.count - 1, hint: &hint) { phases[$0].t0 }
        }
        let p = phases[low]
        let tau = t - p.t0
        return (
            p.s0 + p.v0 * tau + p.a0 * tau * tau / 2 + p.jerk * tau * tau * tau / 6,
            p.v0 + p.a0 * tau + p.jerk * tau * tau / 2, p.a0 + p.jerk * tau, p.jerk
        )
    }
}
