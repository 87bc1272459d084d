/// The series of Karney's geodesic solution, to order 6 in the third flattening `n` and in `ε`
/// (GeographicLib's `GEOGRAPHICLIB_GEODESIC_ORDER = 6`): the integrals I1 (distance), I2 (reduced length)
/// and I3 (longitude), their Fourier coefficients `C1`, `C1'`, `C2`, `C3`, `C4`, and Clenshaw summation.
///
/// Coefficient tables from C. F. F. Karney, "Algorithms for geodesics", J. Geodesy 87, 43–55 (2013),
/// eqs. (17)–(25), as tabulated in GeographicLib (Copyright (c) Charles Karney, MIT/X11 License).
/// A coefficient vector `c` keeps element `l` in lane `l` (lane 0 unused for the sine series of
/// `C1`, `C1'`, `C2`, `C3`), so a line's constants are plain values with no heap storage.
@usableFromInline
enum GeodesicSeries {
    /// The order of the series.
    @usableFromInline static let order = 6

    /// Clenshaw sum of `Σ c[l] sin(2lx)` (`sinp`, `l = 1 ..< count`) or `Σ c[l] cos((2l+1)x)`
    /// (`l = 0 ..< count`), given `sin x` and `cos x`.
    @inlinable @inline(__always)
    static func sinCosSeries(_ sinp: Bool, _ sinx: Double, _ cosx: Double, _ c: SIMD8<Double>, count: Int) -> Double {
        var k = count
        var n = count - (sinp ? 1 : 0)
        let ar = 2 * (cosx - sinx) * (cosx + sinx)
        var y0 = 0.0
        var y1 = 0.0
        if n & 1 == 1 {
            k -= 1
            y0 = c[k]
        }
        n /= 2
        while n > 0 {
            n -= 1
            k -= 1
            y1 = ar * y0 - y1 + c[k]
            k -= 1
            y0 = ar * y1 - y0 + c[k]
        }
        return sinp ? 2 * sinx * cosx * y0 : cosx * (y0 - y1)
    }

    /// `A1 − 1` (eq. 17).
    @usableFromInline
    static func a1m1(_ eps: Double) -> Double {
        let coeff: [Double] = [1, 4, 64, 0, 256]
        let m = order / 2
        let t = GeoMath.polyval(m, coeff, 0, eps * eps) / coeff[m + 1]
        return (t + eps) / (1 - eps)
    }

    /// `A2 − 1` (eq. 42).
    @usableFromInline
    static func a2m1(_ eps: Double) -> Double {
        let coeff: [Double] = [-11, -28, -192, 0, 256]
        let m = order / 2
        let t = GeoMath.polyval(m, coeff, 0, eps * eps) / coeff[m + 1]
        return (t - eps) / (1 + eps)
    }

    /// `C1[l]`, l = 1 … 6 (eq. 18).
    @usableFromInline
    static func c1(_ eps: Double) -> SIMD8<Double> {
        evenOdd(eps, [-1, 6, -16, 32, -9, 64, -128, 2048, 9, -16, 768, 3, -5, 512, -7, 1280, -7, 2048])
    }

    /// `C1'[l]`, l = 1 … 6 (eq. 21).
    @usableFromInline
    static func c1p(_ eps: Double) -> SIMD8<Double> {
        evenOdd(
            eps,
            [
                205, -432, 768, 1536, 4005, -4736, 3840, 12288, -225, 116, 384, -7173, 2695, 7680,
                3467, 7680, 38081, 61440,
            ])
    }

    /// `C2[l]`, l = 1 … 6 (eq. 43).
    @usableFromInline
    static func c2(_ eps: Double) -> SIMD8<Double> {
        evenOdd(eps, [1, 2, 16, 32, 35, 64, 384, 2048, 15, 80, 768, 7, 35, 512, 63, 1280, 77, 2048])
    }

    /// Coefficients `c[l] = εˡ · P_l(ε²)` for l = 1 … 6 from a packed table of polynomials, each followed by
    /// its denominator.
    private static func evenOdd(_ eps: Double, _ coeff: [Double]) -> SIMD8<Double> {
        var c = SIMD8<Double>()
        let eps2 = eps * eps
        var d = eps
        var o = 0
        for l in 1...order {
            let m = (order - l) / 2
            c[l] = d * GeoMath.polyval(m, coeff, o, eps2) / coeff[o + m + 1]
            o += m + 2
            d *= eps
        }
        return c
    }

    /// Coefficients of `A3` as a polynomial in `ε` whose coefficients are polynomials in `n` (eq. 24).
    static func a3x(n: Double) -> [Double] {
        let coeff: [Double] = [-3, 128, -2, -3, 64, -1, -3, -1, 16, 3, -1, -2, 8, 1, -1, 2, 1, 1]
        var out: [Double] = []
        var o = 0
        for j in stride(from: order - 1, through: 0, by: -1) {
            let m = min(order - j - 1, j)
            out.append(GeoMath.polyval(m, coeff, o, n) / coeff[o + m + 1])
            o += m + 2
        }
        return out
    }

    /// Coefficients of `C3[l]` (eq. 25), 15 polynomials in `n`.
    static func c3x(n: Double) -> [Double] {
        let coeff: [Double] = [
            3, 128, 2, 5, 128, -1, 3, 3, 64, -1, 0, 1, 8, -1, 1, 4,
            5, 256, 1, 3, 128, -3, -2, 3, 64, 1, -3, 2, 32,
            7, 512, -10, 9, 384, 5, -9, 5, 192,
            7, 512, -14, 7, 512,
            21, 2560,
        ]
        var out: [Double] = []
        var o = 0
        for l in 1..<order {
            for j in stride(from: order - 1, through: l, by: -1) {
                let m = min(order - j - 1, j)
                out.append(GeoMath.polyval(m, coeff, o, n) / coeff[o + m + 1])
                o += m + 2
            }
        }
        return out
    }
}
