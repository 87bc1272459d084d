import Testing

@testable import Navigation

@Suite("HeightProfile")
struct HeightProfileTests {
    let profile = HeightProfile(stations: [0, 100, 300, 400], heights: [10, 20, 0, 5])

    @Test("Exact at the ends; at a corner 3 b (g2 − g1) / 16 off the waypoint's height")
    func corners() {
        #expect(profile.evaluate(0).height == 10)
        #expect(abs(profile.evaluate(400).height - 5) < 1e-12)
        let b = 25.0
        let g1 = 0.1
        let g2 = -0.1
        #expect(abs(profile.evaluate(100).height - (20 + 3 * b * (g2 - g1) / 16)) < 1e-12)
        #expect(abs(profile.evaluate(50).height - 15) < 1e-12)
    }

    @Test("Height, grade and its derivative are continuous at the rounding's ends; the polyline's grade is not")
    func continuity() {
        for s in [75.0, 125, 275, 325] {
            let a = profile.evaluate(s - 1e-7)
            let b = profile.evaluate(s + 1e-7)
            #expect(abs(a.height - b.height) < 1e-7)
            #expect(abs(a.grade - b.grade) < 1e-7)
            #expect(abs(a.curvature - b.curvature) < 1e-7)
        }
        // The failing case: the straight grades jump by 0.2 at the waypoint.
        #expect(abs(profile.grades[1] - profile.grades[0]) > 0.19)
    }
}
