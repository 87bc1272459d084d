import Foundation

/// Angle and series helpers of the geodesic solver, as GeographicLib's `Math` class defines them:
/// exact reductions of angles in degrees, so that 90°, 180° and the antimeridian come out exact.
///
/// Port of the algorithms in C. F. F. Karney, "Algorithms for geodesics", J. Geodesy 87, 43–55 (2013),
/// following GeographicLib (Copyright (c) Charles Karney, MIT/X11 License, https://geographiclib.sourceforge.io).
@usableFromInline
enum GeoMath {
    /// Radians per degree.
    @usableFromInline static let radiansPerDegree = Double.pi / 180
    /// Degrees per radian.
    @usableFromInline static let degreesPerRadian = 180 / Double.pi

    /// `x²`.
    @inlinable @inline(__always)
    static func sq(_ x: Double) -> Double { x * x }

    /// `(x, y) / hypot(x, y)`.
    @inlinable @inline(__always)
    static func norm(_ x: Double, _ y: Double) -> (Double, Double) {
        let r = hypot(x, y)
        return (x / r, y / r)
    }

    /// Error-free sum: `u + v = s + t` exactly, `s = round(u + v)`.
    @inlinable
    static func sum(_ u: Double, _ v: Double) -> (s: Double, t: Double) {
        let s = u + v
        var up = s - v
        var vpp = s - up
        up -= u
        vpp -= v
        let t = s == 0 ? s : 0.0 - (up + vpp)
        return (s, t)
    }

    /// Horner evaluation of `p[s] xⁿ + … + p[s + n]` (0 for `n < 0`).
    @inlinable
    static func polyval(_ n: Int, _ p: [Double], _ s: Int, _ x: Double) -> Double {
        guard n >= 0 else { return 0 }
        var y = p[s]
        var n = n
        var s = s
        while n > 0 {
            n -= 1
            s += 1
            y = y * x + p[s]
        }
        return y
    }

    /// Rounds an angle so that tiny values underflow to zero (the smallest gap becomes 2^-57 degrees,
    /// 0.7 pm on the Earth), which keeps near-singular cases out of the solver.
    @inlinable
    static func angRound(_ x: Double) -> Double {
        let z = 1.0 / 16
        var y = abs(x)
        if y < z { y = z - (z - y) }
        return Double(signOf: x, magnitudeOf: y)
    }

    /// `x` reduced to [−180°, 180°] (180° keeps the sign of `x`).
    @inlinable
    static func angNormalize(_ x: Double) -> Double {
        let y = x.isFinite ? x.remainder(dividingBy: 360) : .nan
        return abs(y) == 180 ? Double(signOf: x, magnitudeOf: 180) : y
    }

    /// `x`, or NaN when it is outside [−90°, 90°].
    @inlinable
    static func latFix(_ x: Double) -> Double { abs(x) > 90 ? .nan : x }

    /// `y − x` reduced to [−180°, 180°] accurately: the difference `d` and the rounding error `e`.
    @inlinable
    static func angDiff(_ x: Double, _ y: Double) -> (d: Double, e: Double) {
        var (d, t) = sum((-x).remainder(dividingBy: 360), y.remainder(dividingBy: 360))
        (d, t) = sum(d.remainder(dividingBy: 360), t)
        if d == 0 || abs(d) == 180 {
            d = Double(signOf: t == 0 ? y - x : -t, magnitudeOf: d)
        }
        return (d, t)
    }

    /// Sine and cosine of `x` degrees, exact at multiples of 90°.
    @inlinable
    static func sincosd(_ x: Double) -> (s: Double, c: Double) {
        var r = x.isFinite ? x.truncatingRemainder(dividingBy: 360) : .nan
        let q = r.isNaN ? 0 : Int((r / 90).rounded(.toNearestOrEven))
        r -= 90 * Double(q)
        r *= radiansPerDegree
        return quadrant(sin(r), cos(r), q, x)
    }

    /// Sine and cosine of `x + t` degrees, `x` in [−180°, 180°] and `t` a small correction.
    @inlinable
    static func sincosde(_ x: Double, _ t: Double) -> (s: Double, c: Double) {
        let q = x.isFinite ? Int((x / 90).rounded(.toNearestOrEven)) : 0
        let r = angRound(x - 90 * Double(q) + t) * radiansPerDegree
        return quadrant(sin(r), cos(r), q, x)
    }

    /// Rotates `(s, c)` by `q` quarter turns; `-0` cosines become `+0`, a zero sine takes the sign of `x`.
    @inlinable @inline(__always)
    static func quadrant(_ sine: Double, _ cosine: Double, _ q: Int, _ x: Double) -> (s: Double, c: Double) {
        var s = sine
        var c = cosine
        switch q & 3 {
        case 1: (s, c) = (c, -s)
        case 2: (s, c) = (-s, -c)
        case 3: (s, c) = (-c, s)
        default: break
        }
        c += 0.0
        if s == 0 { s = Double(signOf: x, magnitudeOf: s) }
        return (s, c)
    }

    /// `atan2(y, x)` in degrees, exact at multiples of 90°, in [−180°, 180°].
    @inlinable
    static func atan2d(_ y: Double, _ x: Double) -> Double {
        var x = x
        var y = y
        var q = 0
        if abs(y) > abs(x) {
            q = 2
            swap(&x, &y)
        }
        if x < 0 {
            q += 1
            x = -x
        }
        var angle = atan2(y, x) * degreesPerRadian
        switch q {
        case 1: angle = Double(signOf: y, magnitudeOf: 180) - angle
        case 2: angle = 90 - angle
        case 3: angle = -90 + angle
        default: break
        }
        return angle
    }
}
