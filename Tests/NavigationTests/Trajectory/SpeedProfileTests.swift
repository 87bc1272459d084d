import Testing

@testable import Navigation

@Suite("SpeedProfile")
struct SpeedProfileTests {
    @Test(
        "S-curves: trapezoidal (Δv ≥ a²/j) and triangular acceleration, duration and distance in closed form",
        arguments: [(0.0, 13.9), (13.9, 5), (5, 6), (2, 0)])
    func sCurve(from v1: Double, to v2: Double) {
        let (a, j) = (2.5, 1.5)
        var profile = SpeedProfile()
        profile.append(jerk: 0, duration: 0)  // no phase
        #expect(profile.phases.isEmpty)
        // Start at v1: a cruise phase sets the state.
        profile.change(to: v1, acceleration: a, jerk: j)
        let t0 = profile.time
        let s0 = profile.station
        profile.change(to: v2, acceleration: a, jerk: j)
        let duration = profile.time - t0
        #expect(abs(duration - SpeedProfile.changeTime(v2 - v1, acceleration: a, jerk: j)) < 1e-12)
        #expect(abs(profile.station - s0 - SpeedProfile.changeDistance(v1, v2, acceleration: a, jerk: j)) < 1e-9)
        let end = profile.state(at: profile.time - 1e-12)
        #expect(abs(end.speed - v2) < 1e-9)
        #expect(abs(end.acceleration) < 1e-9)
        var peak = 0.0
        for i in 0...1_000 {
            let s = profile.state(at: t0 + duration * Double(i) / 1_000)
            peak = max(peak, abs(s.acceleration))
            #expect(abs(s.jerk) <= j)
        }
        #expect(peak <= a * (1 + 1e-12))
        let small = abs(v2 - v1) < a * a / j
        #expect(small ? peak < a : abs(peak - a) < 1e-9)
    }

    @Test(
        "A rest holds the station at speed 0 for its duration; time(atStation:) finds the first time a station is reached"
    )
    func restAndStationTimes() {
        let (a, j) = (2.5, 1.5)
        var profile = SpeedProfile()
        profile.rest(2)
        profile.change(to: 5, acceleration: a, jerk: j)
        profile.change(to: 0, acceleration: a, jerk: j)
        let stop = profile.time
        let station = profile.station
        profile.rest(10)
        profile.rest(0)  // no phase
        profile.change(to: 3, acceleration: a, jerk: j)
        profile.change(to: 0, acceleration: a, jerk: j)
        #expect(profile.phases.count == 1 + 3 + 3 + 1 + 2 + 2)  // rest, two 3-phase curves, rest, two 2-phase curves
        #expect(abs(profile.time - stop - 10 - 2 * SpeedProfile.changeTime(3, acceleration: a, jerk: j)) < 1e-12)
        for t in [0.0, 1, 1.999] {
            #expect(profile.state(at: t).station == 0, "t \(t)")
            #expect(profile.state(at: t).speed == 0, "t \(t)")
        }
        for t in [stop, stop + 5, stop + 10] {
            let s = profile.state(at: t)
            #expect(s.station == station, "t \(t)")
            #expect(s.speed == 0, "t \(t)")
        }
        // The first time at the stop's station is the stop's start, not its end (to 1e-4 s: the station
        // approaches the stop as j τ³ / 6, so its rounding, 1e-15 m, hides the last 3e-5 s); inside a motion
        // it inverts to 1e-9 s.
        #expect(abs(profile.time(atStation: station) - stop) < 1e-4)
        #expect(profile.time(atStation: station) < stop + 1)
        #expect(profile.time(atStation: 0) < 1e-9)
        #expect(profile.time(atStation: profile.station + 1) == profile.time)
        let t = stop + 10 + 1.3
        #expect(abs(profile.time(atStation: profile.state(at: t).station) - t) < 1e-9)
        // The failing case: a moment before the stop the station is still short of it.
        #expect(profile.state(at: stop - 0.5).station < station)
    }
}
