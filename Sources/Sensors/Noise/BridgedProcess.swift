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
/// **Cost.** Per block of `F` samples: O(55 + F/L) tree draws and `F + 2L` per-sample normals at most;
/// a render remembers the last descent (``KnotSpines``), so consecutive blocks draw only the few
/// intervals they do not share (O(log F + F/L)).
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
    /// The recursion `x' = a·x + b·w` (a walk: a = 1, b = its step).
    let a: Double, b: Double
    /// The bridge weights `c_j`, `j = 0 … L`: `j/L` for a walk, `sinh(jδ)/sinh(Lδ)` for Gauss–Markov.
    let weights: [Double]

    /// Creates the process (and its bridge weights).
    init(kind: Kind, streamSeed: UInt64) {
        self.kind = kind
        self.streamSeed = streamSeed
        let L = BridgedProcess.knotSpacing
        switch kind {
        case .randomWalk(let step):
            a = 1
            b = step
            weights = (0...L).map { Double($0) / Double(L) }
        case .gaussMarkov(let sigma, let decay):
            a = exp(-decay)
            b = sigma * (-expm1(-2 * decay)).squareRoot()
            let sinhL = sinh(Double(L) * decay)
            if sinhL > 0 && sinhL.isFinite {
                // sinh(jδ) by the angle-addition recurrence (relative error ~ j·ulp).
                let s1 = sinh(decay)
                let c1 = cosh(decay)
                var sj = 0.0
                var cj = 1.0
                var w = [Double](repeating: 0, count: L + 1)
                for j in 1...L {
                    (sj, cj) = (sj * c1 + cj * s1, cj * c1 + sj * s1)
                    w[j] = sj / sinhL
                }
                w[L] = 1
                weights = w
            } else {
                weights = (0...L).map { Double($0) / Double(L) }
            }
        }
    }

    /// Adds the process's samples `first ..< first + count` (times `gain`) to `out`, using `scratch`
    /// (at least `count + 2·knotSpacing` floats).
    /// Number of knots `add` needs for samples `first ..< first + count`, from knot `first / L`.
    static func knotCount(first: Int, count: Int) -> Int {
        (first + max(count, 1) - 1) / knotSpacing + 1 - first / knotSpacing + 1
    }

    /// Adds the samples `first ..< first + count` of up to four processes, each to its own output, using
    /// `scratch` (at least `4·(count + 2·knotSpacing)` floats) and the knot values
    /// `knots[p][k − knotOrigin]` (from ``knotValues(_:_:into:previous:)``), which must cover knots
    /// `first/L ... (first + count − 1)/L + 1`. The four recursions run side by side, so their latency
    /// overlaps; each process's samples are the same as it would get alone.
    static func add(
        _ processes: [BridgedProcess], into outputs: [UnsafeMutablePointer<Double>], first: Int, count: Int,
        sampleRate: Double, scratch: UnsafeMutablePointer<Float>, knots: [UnsafePointer<Double>], knotOrigin: Int
    ) {
        let n = processes.count
        guard count > 0, n > 0, n <= 4 else { return }
        let L = knotSpacing
        let firstKnot = first / L
        let lastKnot = (first + count - 1) / L + 1  // the knot after the last sample
        let segmentStart = firstKnot * L
        let total = (lastKnot - firstKnot) * L
        for p in 0..<n {
            NormalDraws.fill(
                scratch + p * total, count: total, first: segmentStart, streamSeed: processes[p].streamSeed,
                sampleRate: sampleRate)
        }
        var a = SIMD4<Double>(repeating: 0)
        var b = SIMD4<Double>(repeating: 0)
        for p in 0..<n {
            a[p] = processes[p].a
            b[p] = processes[p].b
        }
        // Unused lanes read process 0's normals (their a = b = 0 keep them at 0).
        let w0 = scratch
        let w1 = scratch + (n > 1 ? total : 0)
        let w2 = scratch + (n > 2 ? 2 * total : 0)
        let w3 = scratch + (n > 3 ? 3 * total : 0)
        // Each lane's path stored contiguously, for the bridge passes.
        withUnsafeTemporaryAllocation(of: Double.self, capacity: 4 * (L + 1)) { buffer in
            guard let path = buffer.baseAddress else { return }
            let p0 = path
            let p1 = path + (L + 1)
            let p2 = path + 2 * (L + 1)
            let p3 = path + 3 * (L + 1)
            for k in firstKnot..<lastKnot {
                var left = SIMD4<Double>(repeating: 0)
                var right = SIMD4<Double>(repeating: 0)
                for p in 0..<n {
                    left[p] = knots[p][k - knotOrigin]
                    right[p] = knots[p][k - knotOrigin + 1]
                }
                // The free paths from the left knots (sequential, four at a time), then the bridges.
                let offset = (k - firstKnot) * L
                p0[0] = left[0]
                p1[0] = left[1]
                p2[0] = left[2]
                p3[0] = left[3]
                var x = left
                for j in 0..<L {
                    let i = offset + j
                    x = a * x + b * SIMD4(Double(w0[i]), Double(w1[i]), Double(w2[i]), Double(w3[i]))
                    p0[j + 1] = x[0]
                    p1[j + 1] = x[1]
                    p2[j + 1] = x[2]
                    p3[j + 1] = x[3]
                }
                let miss = right - x
                let lo = max(first, k * L) - k * L
                let hi = min(first + count, (k + 1) * L) - k * L
                for p in 0..<n {
                    let o = outputs[p] + (k * L - first)
                    let m = miss[p]
                    let lane = path + p * (L + 1)
                    processes[p].weights.withUnsafeBufferPointer { weights in
                        guard let w = weights.baseAddress else { return }
                        for j in lo..<hi { o[j] += lane[j] + w[j] * m }
                    }
                }
            }
        }
    }

    /// An interval of knots with its end values: one step of a descent.
    struct Interval: Sendable, Hashable {
        var a: Int, b: Int, xa: Double, xb: Double
    }

    /// Fills the values at knots `lo ... hi`; returns the descent's spine (the intervals from the root down
    /// to the last one holding the whole range), reusing the matching intervals of `previous` (a spine
    /// of an earlier call) instead of drawing them again. The values are the same either way.
    @discardableResult
    func knotValues(
        _ lo: Int, _ hi: Int, into values: UnsafeMutablePointer<Double>, previous: [Interval] = []
    ) -> [Interval] {
        let top = 1 << BridgedProcess.depth
        var current: Interval
        if let root = previous.first {
            current = root
        } else {
            let L = Double(BridgedProcess.knotSpacing)
            let x0: Double
            let xTop: Double
            switch kind {
            case .randomWalk(let step):
                x0 = 0
                xTop = step * (Double(top) * L).squareRoot() * NormalDraws.normal(streamSeed, UInt64(top))
            case .gaussMarkov(let sigma, let decay):
                x0 = sigma * NormalDraws.normal(streamSeed, UInt64(top) + 1)
                let rho = exp(-Double(top) * L * decay)
                xTop =
                    rho * x0 + sigma * (-expm1(-2 * Double(top) * L * decay)).squareRoot()
                    * NormalDraws.normal(streamSeed, UInt64(top))
            }
            current = Interval(a: 0, b: top, xa: x0, xb: xTop)
        }
        var spine = [current]
        spine.reserveCapacity(BridgedProcess.depth + 1)
        while current.b - current.a > 1 {
            let mid = (current.a + current.b) / 2
            let left = hi <= mid
            guard left || lo >= mid else { break }  // the range spans both halves
            let depth = spine.count
            if depth < previous.count, previous[depth].a == (left ? current.a : mid),
                previous[depth].b == (left ? mid : current.b)
            {
                current = previous[depth]
            } else {
                let xm = midpoint(current.a, current.b, current.xa, current.xb)
                current =
                    left
                    ? Interval(a: current.a, b: mid, xa: current.xa, xb: xm)
                    : Interval(a: mid, b: current.b, xa: xm, xb: current.xb)
            }
            spine.append(current)
        }
        fill(current.a, current.b, current.xa, current.xb, lo, hi, values)
        return spine
    }

    /// The value at the midpoint of `[a, b]` given its ends (one draw).
    @inline(__always)
    private func midpoint(_ a: Int, _ b: Int, _ xa: Double, _ xb: Double) -> Double {
        let mid = (a + b) / 2
        let half = Double(mid - a)
        let z = NormalDraws.normal(streamSeed, UInt64(mid))
        switch kind {
        case .randomWalk(let step):
            // Discrete walk over knots with step variance L·step²: midpoint variance (b − a)/4 · L·step².
            return (xa + xb) / 2 + step * (half / 2 * Double(BridgedProcess.knotSpacing)).squareRoot() * z
        case .gaussMarkov(let sigma, let decay):
            let x = half * Double(BridgedProcess.knotSpacing) * decay
            return (xa + xb) / (2 * cosh(x)) + sigma * tanh(x).squareRoot() * z
        }
    }

    /// Fills the knots of `[a, b] ∩ [lo, hi]` given the values at `a` and `b`.
    private func fill(
        _ a: Int, _ b: Int, _ xa: Double, _ xb: Double, _ lo: Int, _ hi: Int, _ values: UnsafeMutablePointer<Double>
    ) {
        if a >= lo && a <= hi { values[a - lo] = xa }
        if b >= lo && b <= hi { values[b - lo] = xb }
        guard b - a > 1, b > lo, a < hi else { return }
        let mid = (a + b) / 2
        let xm = midpoint(a, b, xa, xb)
        fill(a, mid, xa, xm, lo, hi, values)
        fill(mid, b, xm, xb, lo, hi, values)
    }
}
