/// The fit's per-block loops, vectorised by hand with eight-lane SIMD: the compiler does not vectorise a
/// floating-point reduction on its own (it may not reorder the additions), and these loops run once or
/// twice per sample.
///
/// Buffers of Double are the fit's block scratch (``Phasors/blockSize`` + 8 values, so whole vectors may be
/// written past `count`); Float pointers are the caller's samples and residual, read and written exactly
/// `count` values (a scalar tail finishes what whole vectors do not cover). Sums are accumulated in eight
/// lanes and added at the end: the same Double sum in another order (a relative difference of a few
/// `10⁻¹⁶`).
enum BlockMath {
    typealias Doubles = SIMD8<Double>
    typealias Floats = SIMD8<Float>
    static let width = 8

    @inline(__always)
    static func load(_ p: UnsafePointer<Float>, _ i: Int) -> Doubles {
        Doubles(UnsafeRawPointer(p + i).loadUnaligned(as: Floats.self))
    }

    @inline(__always)
    static func load(_ p: UnsafePointer<Double>, _ i: Int) -> Doubles {
        UnsafeRawPointer(p + i).loadUnaligned(as: Doubles.self)
    }

    @inline(__always)
    static func store(_ v: Doubles, _ p: UnsafeMutablePointer<Double>, _ i: Int) {
        UnsafeMutableRawPointer(p + i).storeBytes(of: v, as: Doubles.self)
    }

    @inline(__always)
    static func store(_ v: Doubles, _ p: UnsafeMutablePointer<Float>, _ i: Int) {
        UnsafeMutableRawPointer(p + i).storeBytes(of: Floats(v), as: Floats.self)
    }

    /// `out[i] += x[i]` for exactly `count` values (folding a run of samples onto the common period).
    static func accumulate(_ out: UnsafeMutablePointer<Double>, _ x: UnsafePointer<Double>, count: Int) {
        var i = 0
        while i + width <= count {
            store(load(UnsafePointer(out), i) + load(x, i), out, i)
            i += width
        }
        while i < count {
            out[i] += x[i]
            i += 1
        }
    }

    /// `out[i] += (base + i)·x[i]` for exactly `count` values.
    static func accumulateWeighted(
        _ out: UnsafeMutablePointer<Double>, _ x: UnsafePointer<Double>, base: Double, count: Int
    ) {
        let ramp = Doubles(0, 1, 2, 3, 4, 5, 6, 7)
        var i = 0
        while i + width <= count {
            let w = Doubles(repeating: base + Double(i)) + ramp
            store(load(UnsafePointer(out), i) + w * load(x, i), out, i)
            i += width
        }
        while i < count {
            out[i] += (base + Double(i)) * x[i]
            i += 1
        }
    }

    /// `out[i] = x[i]` for exactly `count` values.
    static func copy(_ out: UnsafeMutablePointer<Double>, _ x: UnsafePointer<Double>, count: Int) {
        out.update(from: x, count: count)
    }

    /// `out[i] = value` for `i < count` (whole vectors).
    static func fill(_ out: UnsafeMutablePointer<Double>, _ value: Double, count: Int) {
        let v = Doubles(repeating: value)
        var i = 0
        while i < count {
            store(v, out, i)
            i += width
        }
    }

    /// `r[i] = x[i] − m[i]` (x Float, widened), `out[i] = Float(r[i])`; returns `Σ r[i]`.
    static func residual(
        _ x: UnsafePointer<Float>, minus m: UnsafePointer<Double>, into r: UnsafeMutablePointer<Double>,
        store out: UnsafeMutablePointer<Float>, count: Int
    ) -> Double {
        difference(x, minus: m, into: r, store: out, count: count, squared: false)
    }

    /// `r[i] = x[i] − c[i]` in place on the Float residual `x`, `r` kept in Double; returns `Σ r[i]²`.
    static func correct(
        _ x: UnsafeMutablePointer<Float>, minus c: UnsafePointer<Double>, into r: UnsafeMutablePointer<Double>,
        count: Int
    ) -> Double {
        difference(UnsafePointer(x), minus: c, into: r, store: x, count: count, squared: true)
    }

    /// `r[i] = x[i] − m[i]` (x Float, widened), `out[i] = Float(r[i])` (`out` may be `x`); returns `Σ r[i]`,
    /// or `Σ r[i]²` when `squared`.
    @inline(__always)
    private static func difference(
        _ x: UnsafePointer<Float>, minus m: UnsafePointer<Double>,
        into r: UnsafeMutablePointer<Double>, store out: UnsafeMutablePointer<Float>,
        count: Int, squared: Bool
    ) -> Double {
        var sum = Doubles()
        var i = 0
        while i + width <= count {
            let v = load(x, i) - load(m, i)
            store(v, r, i)
            store(v, out, i)
            sum += squared ? v * v : v
            i += width
        }
        var tail = 0.0
        while i < count {
            let v = Double(x[i]) - m[i]
            r[i] = v
            out[i] = Float(v)
            tail += squared ? v * v : v
            i += 1
        }
        return sum.sum() + tail
    }

    /// `(Σ r[i]·a[i], Σ r[i]·b[i])` over exactly `count` values.
    static func dots(
        _ r: UnsafePointer<Double>, _ a: UnsafePointer<Double>, _ b: UnsafePointer<Double>, count: Int
    ) -> (Double, Double) {
        var sa = Doubles()
        var sb = Doubles()
        var i = 0
        while i + width <= count {
            let v = load(r, i)
            sa += v * load(a, i)
            sb += v * load(b, i)
            i += width
        }
        var ta = 0.0
        var tb = 0.0
        while i < count {
            ta += r[i] * a[i]
            tb += r[i] * b[i]
            i += 1
        }
        return (sa.sum() + ta, sb.sum() + tb)
    }

    /// The frequency step's sums over exactly `count` values, with weights `w_i = base + i`:
    /// `(Σ w·r·re, −Σ w·r·im, Σ w²·(cᵣ·im + cᵢ·re)²)` (the projection `Σ w·r·e^{−iθ}` and `Σ w²·Im(c·e^{iθ})²`).
    static func frequencySums(
        _ r: UnsafePointer<Double>, _ re: UnsafePointer<Double>, _ im: UnsafePointer<Double>,
        base: Double, c: (re: Double, im: Double), count: Int
    ) -> (Double, Double, Double) {
        var sr = Doubles()
        var si = Doubles()
        var sd = Doubles()
        var i = 0
        let ramp = Doubles(0, 1, 2, 3, 4, 5, 6, 7)
        while i + width <= count {
            let w = Doubles(repeating: base + Double(i)) + ramp
            let wr = w * load(r, i)
            let zr = load(re, i)
            let zi = load(im, i)
            sr += wr * zr
            si -= wr * zi
            let v = c.re * zi + c.im * zr
            sd += w * w * v * v
            i += width
        }
        var tr = 0.0
        var ti = 0.0
        var td = 0.0
        while i < count {
            let w = base + Double(i)
            tr += w * r[i] * re[i]
            ti -= w * r[i] * im[i]
            let v = c.re * im[i] + c.im * re[i]
            td += w * w * v * v
            i += 1
        }
        return (sr.sum() + tr, si.sum() + ti, sd.sum() + td)
    }

    /// `out[i] += g·im[i]` (a sine term from its phasors).
    static func addScaled(_ out: UnsafeMutablePointer<Double>, _ g: Double, _ im: UnsafePointer<Double>, count: Int) {
        var i = 0
        while i < count {
            store(load(UnsafePointer(out), i) + g * load(im, i), out, i)
            i += width
        }
    }

    /// `out[i] += a·re[i] + b·im[i]`.
    static func addCombination(
        _ out: UnsafeMutablePointer<Double>, _ a: Double, _ re: UnsafePointer<Double>,
        _ b: Double, _ im: UnsafePointer<Double>, count: Int
    ) {
        var i = 0
        while i < count {
            store(load(UnsafePointer(out), i) + a * load(re, i) + b * load(im, i), out, i)
            i += width
        }
    }

    /// The eight lanes' phases `u₀ + j·I`, `j < 8`, and the step `8·I` (wrapping 64-bit turn fractions).
    @inline(__always)
    static func phases(_ u0: UInt64, _ increment: UInt64) -> (SIMD8<UInt64>, SIMD8<UInt64>) {
        let lanes = SIMD8<UInt64>(0, 1, 2, 3, 4, 5, 6, 7)
        return (SIMD8<UInt64>(repeating: u0) &+ lanes &* increment, SIMD8<UInt64>(repeating: increment &* 8))
    }

    /// Runs `body(u, i)` for the vectors of samples `i ..< i + 8` below `count`, `u` their phases `u₀ + i·I`.
    @inline(__always)
    static func forEachPhase(_ u0: UInt64, _ increment: UInt64, count: Int, _ body: (SIMD8<UInt64>, Int) -> Void) {
        var (u, step) = phases(u0, increment)
        var i = 0
        while i < count {
            body(u, i)
            u &+= step
            i += width
        }
    }

    /// `out[i] += u_i < threshold ? g : −g` with `u_i = u₀ + i·I`.
    static func addSquare(
        _ out: UnsafeMutablePointer<Double>, _ g: Double, threshold: UInt64, u0: UInt64, increment: UInt64, count: Int
    ) {
        let t = SIMD8<UInt64>(repeating: threshold)
        let low = Doubles(repeating: -g)
        forEachPhase(u0, increment, count: count) { u, i in
            store(load(UnsafePointer(out), i) + low.replacing(with: g, where: u .< t), out, i)
        }
    }

    /// `out[i] += g·(2u_i/2⁶⁴ − 1)`.
    static func addSawtooth(_ out: UnsafeMutablePointer<Double>, _ g: Double, u0: UInt64, increment: UInt64, count: Int)
    {
        forEachPhase(u0, increment, count: count) { u, i in
            store(load(UnsafePointer(out), i) + g * (Doubles(u) * 0x1p-63 - 1), out, i)
        }
    }

    /// `out[i] += g·(1 − 4|u_i/2⁶⁴ − ½|)`.
    static func addTriangle(_ out: UnsafeMutablePointer<Double>, _ g: Double, u0: UInt64, increment: UInt64, count: Int)
    {
        forEachPhase(u0, increment, count: count) { u, i in
            let s = Doubles(u) * 0x1p-64 - 0.5
            let a = s.replacing(with: -s, where: s .< 0)
            store(load(UnsafePointer(out), i) + g * (1 - 4 * a), out, i)
        }
    }
}
