import Foundation

/// A random walk or a first-order Gauss–Markov process that can be rendered from any sample index in
/// O(log n), bit-identically however the render is split.
///
/// **Construction.** Knots every ``knotSpacing`` (`L`) samples carry the process's values, drawn by
/// Lévy's construction over a dyadic tree of knots: the value at the last knot `2^55` first, then
/// each midpoint conditioned on its interval's ends, so a range of knots costs O(55 + its length) draws.
/// Between knots, a free path is stepped from the left knot with per-sample normals and then
/// conditioned on the right knot (for Gaussian processes, `x_j = y_j + c_j·(X_right − y_L)` is exactly the
/// conditional law, with `c_j = Cov(y_j, y_L)/Var(y_L)`). Every sample therefore depends only on its
/// index and the seed, and has exactly the law of the sequential recursion:
///
/// - **Random walk** (Kalibr's bias random walk `K`, in unit/s/√Hz): `b[n+1] = b[n] + K/√fs · w[n]`,
///   `b[0] = 0`. Knot midpoint variance `(b−a)/4 · L·K²/fs`, bridge `c_j = j/L`.
/// - **Gauss–Markov** (stationary std `σ`, correlation time `τ`): `x[n+1] = φ·x[n] + σ√(1−φ²)·w[n]`,
///   `φ = e^{−1/(τ·fs)}`, `x[0] ~ N(0, σ²)` (stationary from the start, no transient). With `δ = 1/(τ·fs)`,
///   a knot midpoint `h` knots from each end has mean `(x_a + x_b)/(2 cosh(hLδ))` and variance
///   `σ² tanh(hLδ)` (the exact Ornstein–Uhlenbeck bridge), and `c_j = sinh(jδ)/sinh(Lδ)`.
///
/// **Cost.** Per block of `F` samples: O(55 + F/L) tree draws and `F + 2L` per-sample normals at most.
struct BridgedProcess: Sendable, Hashable {
    /// What the process is.
    enum Kind: Sendable, Hashable {
        /// Random walk with step standard deviation `stepDeviation` per sample.
        case randomWalk(stepDeviation: Double)
        /// Stationary AR(1) with standard deviation `deviation` and `decay = 1/(τ·fs)` per sample.
        case gaussMarkov(deviation: Double, decay: Double)
    }

    /// Samples between knots (L).
    static let knotSpacing = 128
    /// Depth of the knot tree: knots 0 … 2^55 cover 2^62 samples.
    static let depth = 55

    let kind: Kind
    /// Seed of this process's stream (per-sample normals and tree nodes).
    let streamSeed: UInt64

    /// Adds the process's samples `first ..< first + count` (times `gain`) to `out`, using `scratch`
    /// (at least `count + 2·knotSpacing` floats).
    func add(into out: UnsafeMutablePointer<Double>, first: Int, count: Int, sampleRate: Double,
             scratch: UnsafeMutablePointer<Float>) {
        guard count > 0 else { return }
        let L = BridgedProcess.knotSpacing
        let firstKnot = first / L
        let lastKnot = (first + count - 1) / L + 1           // the knot after the last sample
        var knots = [Double](repeating: 0, count: lastKnot - firstKnot + 1)
        knotValues(firstKnot, lastKnot, into: &knots)
        // Per-sample normals over the whole segments [firstKnot·L, lastKnot·L).
        let segmentStart = firstKnot * L
        let total = (lastKnot - firstKnot) * L
        NormalDraws.fill(scratch, count: total, first: segmentStart, streamSeed: streamSeed, sampleRate: sampleRate)
        switch kind {
        case .randomWalk(let step):
            let invL = 1 / Double(L)
            for k in firstKnot ..< lastKnot {
                let w = scratch + (k - firstKnot) * L
                // S_L of the free walk.
                var end = 0.0
                for j in 0 ..< L { end += Double(w[j]) }
                end *= step
                let left = knots[k - firstKnot], right = knots[k - firstKnot + 1]
                let correction = (right - left - end) * invL
                // Samples of this segment inside the range.
                let lo = max(first, k * L), hi = min(first + count, (k + 1) * L)
                var s = 0.0
                var j = 0
                let jStart = lo - k * L, jEnd = hi - k * L
                while j < jEnd {
                    if j >= jStart { out[k * L + j - first] += left + s + Double(j) * correction }
                    s += step * Double(w[j])
                    j += 1
                }
            }
        case .gaussMarkov(let sigma, let decay):
            let phi = exp(-decay)
            let drive = sigma * (-expm1(-2 * decay)).squareRoot()
            // Bridge weights c_j = sinh(jδ)/sinh(Lδ) (→ j/L as δ → 0).
            let sinhL = sinh(Double(L) * decay)
            var weights = [Double](repeating: 0, count: L)
            for j in 0 ..< L { weights[j] = sinhL > 0 ? sinh(Double(j) * decay) / sinhL : Double(j) / Double(L) }
            for k in firstKnot ..< lastKnot {
                let w = scratch + (k - firstKnot) * L
                let left = knots[k - firstKnot], right = knots[k - firstKnot + 1]
                // Free path to the right knot.
                var y = left
                for j in 0 ..< L { y = phi * y + drive * Double(w[j]) }
                let miss = right - y
                let lo = max(first, k * L), hi = min(first + count, (k + 1) * L)
                let jStart = lo - k * L, jEnd = hi - k * L
                y = left
                var j = 0
                while j < jEnd {
                    if j >= jStart { out[k * L + j - first] += y + weights[j] * miss }
                    y = phi * y + drive * Double(w[j])
                    j += 1
                }
            }
        }
    }

    /// The process's values at knots `lo ... hi` (inclusive), by Lévy's construction.
    func knotValues(_ lo: Int, _ hi: Int, into values: inout [Double]) {
        let top = 1 << BridgedProcess.depth
        let L = Double(BridgedProcess.knotSpacing)
        let x0: Double, xTop: Double
        switch kind {
        case .randomWalk(let step):
            x0 = 0
            xTop = step * (Double(top) * L).squareRoot() * NormalDraws.normal(streamSeed, UInt64(top))
        case .gaussMarkov(let sigma, let decay):
            x0 = sigma * NormalDraws.normal(streamSeed, UInt64(top) + 1)
            let rho = exp(-Double(top) * L * decay)
            xTop = rho * x0 + sigma * (-expm1(-2 * Double(top) * L * decay)).squareRoot() * NormalDraws.normal(streamSeed, UInt64(top))
        }
        fill(0, top, x0, xTop, lo, hi, &values)
    }

    /// Fills the knots of `[a, b] ∩ [lo, hi]` given the values at `a` and `b`.
    private func fill(_ a: Int, _ b: Int, _ xa: Double, _ xb: Double, _ lo: Int, _ hi: Int, _ values: inout [Double]) {
        if a >= lo && a <= hi { values[a - lo] = xa }
        if b >= lo && b <= hi { values[b - lo] = xb }
        guard b - a > 1, b > lo, a < hi else { return }
        let mid = (a + b) / 2
        let half = Double(mid - a)
        let z = NormalDraws.normal(streamSeed, UInt64(mid))
        let xm: Double
        switch kind {
        case .randomWalk(let step):
            // Discrete walk over knots with step variance L·step²: midpoint variance (b − a)/4 · L·step².
            xm = (xa + xb) / 2 + step * (half / 2 * Double(BridgedProcess.knotSpacing)).squareRoot() * z
        case .gaussMarkov(let sigma, let decay):
            let x = half * Double(BridgedProcess.knotSpacing) * decay
            xm = (xa + xb) / (2 * cosh(x)) + sigma * tanh(x).squareRoot() * z
        }
        fill(a, mid, xa, xm, lo, hi, &values)
        fill(mid, b, xm, xb, lo, hi, &values)
    }
}
