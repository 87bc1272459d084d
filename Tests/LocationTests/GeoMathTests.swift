import Foundation
import Testing

@testable import Location

/// Exact angle reductions: quarter turns, the antimeridian and signs come out exact.
@Suite struct GeoMathTests {
    @Test("sincosd is exact at multiples of 90° and symmetric")
    func sincosd() {
        for (x, s, c) in [
            (0.0, 0.0, 1.0), (90, 1, 0), (180, 0, -1), (270, -1, 0), (-90, -1, 0), (360, 0, 1), (450, 1, 0),
            (-810, -1, 0),
        ] {
            let r = GeoMath.sincosd(x)
            #expect(r.s == s, "\(x)")
            #expect(r.c == c, "\(x)")
        }
        #expect(GeoMath.sincosd(-0.0).s.sign == .minus)
        let r = GeoMath.sincosd(30)
        #expect(abs(r.s - 0.5) < 2e-16)
        #expect(abs(r.c - 0.75.squareRoot()) < 2e-16)
        #expect(GeoMath.sincosd(.infinity).s.isNaN)
    }

    @Test("atan2d is exact at the axes; angNormalize and angDiff reduce to [−180, 180] exactly")
    func angles() {
        #expect(GeoMath.atan2d(1, 0) == 90)
        #expect(GeoMath.atan2d(0, -1) == 180)
        #expect(GeoMath.atan2d(-0.0, -1) == -180)
        #expect(GeoMath.atan2d(-1, 0) == -90)
        #expect(abs(GeoMath.atan2d(1, 1) - 45) < 1e-14)
        #expect(GeoMath.angNormalize(540) == 180)
        #expect(GeoMath.angNormalize(-540) == -180)
        #expect(GeoMath.angNormalize(190) == -170)
        #expect(GeoMath.angDiff(179, -179).d == 2)
        #expect(GeoMath.angDiff(-179, 179).d == -2)
        #expect(GeoMath.angDiff(0, 180).d == 180)
        #expect(GeoMath.angDiff(0, -180).d == -180)
        let (s, t) = GeoMath.sum(1, 1e-20)
        #expect(s == 1)
        #expect(t == 1e-20)
        #expect(GeoMath.latFix(90.0001).isNaN)
        #expect(GeoMath.latFix(-90) == -90)
        #expect(GeoMath.angRound(1e-30) == 0)
        #expect(GeoMath.angRound(-1e-30) == 0)
        #expect(GeoMath.angRound(1e-30).sign == .plus)
    }

    @Test("series: Clenshaw summation equals the direct sum; A1, A2 at ε = 0 are 1")
    func series() {
        var c = SIMD8<Double>()
        for l in 1...6 { c[l] = 1 / Double(l * l) }
        let x = 0.7
        let direct = (1...6).reduce(0.0) { $0 + c[$1] * sin(2 * Double($1) * x) }
        #expect(abs(GeodesicSeries.sinCosSeries(true, sin(x), cos(x), c, count: 7) - direct) < 1e-15)
        #expect(GeodesicSeries.a1m1(0) == 0)
        #expect(GeodesicSeries.a2m1(0) == 0)
        #expect(GeodesicSeries.c1(0) == SIMD8<Double>())
    }
}
