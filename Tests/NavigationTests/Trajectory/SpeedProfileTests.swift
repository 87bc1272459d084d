import Testing
@testable import Navigation

@Suite("SpeedProfile")
struct SpeedProfileTests {
    @Test("S-curves: trapezoidal (Δv ≥ a²/j) and triangular acceleration, duration and distance in closed form",
          arguments: [(0.0, 13.9), (13.9, 5), (5, 6), (2, 0)])
    func sCurve(from v1: Double, to v2: Double) {
        let (a, j) = (2.5, 1.5)
        var profile = SpeedProfile()
        profile.append(jerk: 0, duration: 0)      // no phase
        #expect(profile.phases.isEmpty)
        // Start at v1: a cruise phase sets the state.
        profile.change(to: v1, acceleration: a, jerk: j)
        let t0 = profile.time, s0 = profile.station
        profile.change(to: v2, acceleration: a, jerk: j)
        let duration = profile.time - t0
        #expect(abs(duration - SpeedProfile.changeTime(v2 - v1, acceleration: a, jerk: j)) < 1e-12)
        #expect(abs(profile.station - s0 - SpeedProfile.changeDistance(v1, v2, acceleration: a, jerk: j)) < 1e-9)
        let end = profile.state(at: profile.time - 1e-12)
        #expect(abs(end.speed - v2) < 1e-9)
        #expect(abs(end.acceleration) < 1e-9)
        var peak = 0.0
        for i in 0 ... 1_000 {
            let s = profile.state(at: t0 + duration * Double(i) / 1_000)
            peak = max(peak, abs(s.acceleration))
            #expect(abs(s.jerk) <= j)
        }
        #expect(peak <= a * (1 + 1e-12))
        let small = abs(v2 - v1) < a * a / j
        #expect(small ? peak < a : abs(peak - a) < 1e-9)
    }
}
