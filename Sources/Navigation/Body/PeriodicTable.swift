import Foundation

/// A periodic function of the stride phase `φ` (period 1), tabulated as quintic Hermite pieces between
/// equally spaced knots where its value and first two derivatives are exact: the table is C² (value,
/// first and second derivatives continuous everywhere, the period's ends included), and evaluation costs
/// one knot lookup and three polynomials of degree 5, 4 and 3, however many harmonics the function has.
///
/// Built from a real Fourier series `f(φ) = Σₖ aₖ cos 2πkφ + bₖ sin 2πkφ` (k ≥ 1, so the mean is 0).
struct PeriodicTable: Sendable, Hashable {
    /// Knots per period.
    static let knots = 128
    /// Six polynomial coefficients per piece, in the piece's local coordinate `x = φ·knots − i`.
    private var coefficients: [Double]

    /// The series `Σₖ cosines[k−1] cos 2πkφ + sines[k−1] sin 2πkφ` tabulated.
    /// - Parameters:
    ///   - cosines: `aₖ`, k = 1, 2, ….
    ///   - sines: `bₖ`, as many.
    init(cosines: [Double], sines: [Double]) {
        precondition(cosines.count == sines.count)
        let n = Self.knots
        // Value, and first and second derivatives with respect to the local coordinate x (φ = (i + x) / n).
        var samples = [(Double, Double, Double)](repeating: (0, 0, 0), count: n + 1)
        for i in 0...n {
            let phi = Double(i) / Double(n)
            var (v, d1, d2) = (0.0, 0.0, 0.0)
            for k in cosines.indices {
                let w = 2 * Double.pi * Double(k + 1)
                let (s, c) = (sin(w * phi), cos(w * phi))
                v += cosines[k] * c + sines[k] * s
                d1 += w * (-cosines[k] * s + sines[k] * c)
                d2 += -w * w * (cosines[k] * c + sines[k] * s)
            }
            let h = 1 / Double(n)
            samples[i] = (v, d1 * h, d2 * h * h)
        }
        samples[n] = samples[0]  // exactly periodic
        coefficients = []
        coefficients.reserveCapacity(6 * n)
        for i in 0..<n {
            let (p0, v0, a0) = samples[i]
            let (p1, v1, a1) = samples[i + 1]
            // The quintic with p(0) = p0, p'(0) = v0, p''(0) = a0, p(1) = p1, p'(1) = v1, p''(1) = a1.
            let c0 = p0
            let c1 = v0
            let c2 = a0 / 2
            let c3 = 10 * (p1 - p0) - 6 * v0 - 4 * v1 - 1.5 * a0 + 0.5 * a1
            let c4 = -15 * (p1 - p0) + 8 * v0 + 7 * v1 + 1.5 * a0 - a1
            let c5 = 6 * (p1 - p0) - 3 * v0 - 3 * v1 - 0.5 * a0 + 0.5 * a1
            coefficients += [c0, c1, c2, c3, c4, c5]
        }
    }

    /// The function and its first and second derivatives with respect to `φ` at `φ` (any real: it is periodic).
    @inline(__always)
    func evaluate(_ phi: Double) -> (Double, Double, Double) {
        let n = Double(Self.knots)
        let u = (phi - phi.rounded(.down)) * n
        var i = Int(u)
        if i >= Self.knots { i = Self.knots - 1 }
        let x = u - Double(i)
        let base = 6 * i
        return coefficients.withUnsafeBufferPointer { c in
            let (c0, c1, c2, c3, c4, c5) = (c[base], c[base + 1], c[base + 2], c[base + 3], c[base + 4], c[base + 5])
            let v = c0 + x * (c1 + x * (c2 + x * (c3 + x * (c4 + x * c5))))
            let d1 = c1 + x * (2 * c2 + x * (3 * c3 + x * (4 * c4 + x * 5 * c5)))
            let d2 = 2 * c2 + x * (6 * c3 + x * (12 * c4 + x * 20 * c5))
            return (v, d1 * n, d2 * n * n)
        }
    }
}
