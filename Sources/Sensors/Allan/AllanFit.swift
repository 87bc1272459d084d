import Foundation
import Signals

/// The noise terms read off an Allan deviation curve, each with a 95 % confidence interval:
///
/// - **N**, the white-noise density (angle/velocity random walk): the slope −1/2 line `N/√τ`, read at
///   τ = 1 s (unit/√Hz, e.g. rad/s/√Hz);
/// - **K**, the bias random walk: the slope +1/2 line `K·√(τ/3)`, read at τ = 3 s (unit/s/√Hz);
/// - **B**, the bias instability: the flat minimum of the curve divided by `√(2 ln 2/π) ≈ 0.664` (unit),
///   the minimum taken over the points averaged over at least 9 windows (the last octaves dip at random).
///
/// N and K are fitted together: the Allan variance of white noise plus a random walk is
/// `N²/τ + K²τ/3` (+ a constant floor `C` for flicker-like noise, kept only when it lowers χ² by at
/// least 9), fitted to the points with `τ ≥` ``minimumTau`` by least squares weighted with each point's
/// standard error (`2δ·σ²`, `δ = 1/√(2(N/m − 1))`), re-weighted from the model (5 rounds), with the
/// terms kept non-negative. So both lines use every octave where they matter, not one point each.
/// Intervals are ±1.96 standard errors from the fit's covariance (inflated by `χ²/dof` when above 1),
/// doubled: the octaves' estimates come from the same samples and are correlated, and a Monte Carlo of
/// 60 one-hour runs of white noise plus a random walk showed the independent-point errors understate
/// the spread by 1.1× for N² and 1.8× for K². B's interval comes from δ at the minimum. When the curve has no flat floor (white noise
/// and random walk only), B is the depth of the valley where the two lines cross: an upper bound.
///
/// ```swift
/// let fit = try AllanFit(AllanDeviation(samples: gyro, sampleRate: 100))
/// print(fit.noiseDensity.value, fit.randomWalk.value, fit.biasInstability.value)
/// ```
public struct AllanFit: Sendable, Hashable {
    /// An estimate with its 95 % confidence interval.
    public struct Estimate: Sendable, Hashable {
        /// The estimate.
        public var value: Double
        /// Lower end of the 95 % interval (≥ 0).
        public var lower: Double
        /// Upper end of the 95 % interval.
        public var upper: Double

        /// Creates an estimate.
        public init(value: Double, lower: Double, upper: Double) {
            self.value = value
            self.lower = lower
            self.upper = upper
        }

        /// Scaled (for unit conversions), interval included.
        public func scaled(by factor: Double) -> Estimate {
            let a = lower * abs(factor)
            let b = upper * abs(factor)
            return Estimate(value: value * abs(factor), lower: min(a, b), upper: max(a, b))
        }
    }

    /// White-noise density N (unit/√Hz): the slope −1/2 line at τ = 1 s.
    public let noiseDensity: Estimate
    /// Bias random walk K (unit/s/√Hz): the slope +1/2 line at τ = 3 s.
    public let randomWalk: Estimate
    /// Bias instability B (unit): the curve's minimum / 0.664.
    public let biasInstability: Estimate
    /// Where the minimum is (s).
    public let biasInstabilityTau: Double
    /// The fitted Allan-variance floor `C` (unit²), when the fit needed one, else `nil`.
    public let floor: Double?
    /// Shortest τ used for N and K (s).
    public let minimumTau: Double

    /// `√(2 ln 2 / π)`: the Allan deviation floor of flicker noise per unit of bias instability.
    public static let flickerFloor = (2 * log(2.0) / Double.pi).squareRoot()

    /// Fits one curve.
    /// - Parameters:
    ///   - adev: The Allan deviation.
    ///   - minimumTau: Shortest τ for the N/K fit (default `10/fs`, which keeps anti-aliasing filters and
    ///     quantisation out of the white-noise estimate).
    /// - Throws: `SignalError` (`tooShort`) when fewer than three points lie in the fit range.
    public init(_ adev: AllanDeviation, minimumTau: Double? = nil) throws(SignalError) {
        try self.init(pooling: [adev], minimumTau: minimumTau)
    }

    /// Fits the mean Allan variance of several curves of the same length and rate (the three axes of a
    /// sensor), whose errors shrink by `√count`.
    /// - Throws: `SignalError` (`incompatible`, `tooShort`).
    public init(pooling curves: [AllanDeviation], minimumTau: Double? = nil) throws(SignalError) {
        guard let first = curves.first else { throw SignalError(.tooShort, "no Allan deviation to fit") }
        for c in curves where c.taus != first.taus || c.sampleCount != first.sampleCount {
            throw SignalError(
                .incompatible, "pooled Allan deviations must come from recordings of the same length and rate")
        }
        let fs = first.sampleRate
        let tauMin = minimumTau ?? 10 / fs
        let longest = Double(first.sampleCount) / fs
        guard tauMin.isFinite, tauMin > 0, tauMin <= longest else {
            throw SignalError(
                .invalidArgument,
                "the shortest τ for the fit must be a positive number of seconds up to the recording's \(longest) s, got \(tauMin)"
            )
        }
        let k = Double(curves.count)
        let variance = first.taus.indices.map { i in curves.reduce(0.0) { $0 + $1.deviations[i] * $1.deviations[i] } / k
        }
        let delta = first.relativeErrors.map { $0 / k.squareRoot() }
        // Points for N and K.
        var t: [Double] = []
        var v: [Double] = []
        var d: [Double] = []
        for i in first.taus.indices
        where first.taus[i] >= tauMin * (1 - 1e-9) && Double(first.sampleCount) / (first.taus[i] * fs) > 2 {
            t.append(first.taus[i])
            v.append(variance[i])
            d.append(delta[i])
        }
        guard t.count >= 3 else {
            throw SignalError(
                .tooShort,
                "only \(t.count) Allan-deviation point(s) have τ ≥ \(tauMin) s; record longer (at least \(Int((8 * tauMin * fs).rounded(.up))) samples) to fit N and K"
            )
        }
        let columns: [(Double) -> Double] = [{ 1 / $0 }, { $0 / 3 }, { _ in 1 }]
        let withoutFloor = AllanFit.bestSubset(t, v, d, columns, candidates: [[0, 1], [0], [1]])
        let withFloor = AllanFit.bestSubset(t, v, d, columns, candidates: [[0, 1, 2], [0, 2], [1, 2], [2]])
        let choice =
            (withFloor.map { f in withoutFloor.map { $0.chi2 - f.chi2 >= 9 } ?? true } ?? false)
            ? withFloor : withoutFloor
        let full = AllanFit.solve(t, v, d, columns, [0, 1, 2])
        func estimate(_ term: Int) -> Estimate {
            let value = choice?.parameters[term] ?? 0
            let sigma = choice?.standardErrors[term] ?? full?.standardErrors[term] ?? 0
            let center = choice?.parameters[term] != nil ? value : max(0, full?.parameters[term] ?? 0)
            return Estimate(
                value: value.squareRoot(), lower: max(0, center - 1.96 * sigma).squareRoot(),
                upper: max(0, center + 1.96 * sigma).squareRoot())
        }
        noiseDensity = estimate(0)
        // K√(τ/3) at τ = 3 is K; the fitted term is K².
        randomWalk = estimate(1)
        floor = choice?.parameters[2]
        // B from the minimum of the curve, among the points averaged over at least 9 windows (δ ≤ 0.25):
        // the last octaves rest on two or three windows and dip at random.
        let deviations = first.taus.indices.map { variance[$0].squareRoot() }
        var best = 0
        for i in deviations.indices
        where Double(first.sampleCount) / (first.taus[i] * fs) >= 9 && deviations[i] < deviations[best] { best = i }
        let b = deviations[best] / AllanFit.flickerFloor
        let e = 1.96 * delta[best]
        biasInstability = Estimate(value: b, lower: max(0, b * (1 - e)), upper: b * (1 + e))
        biasInstabilityTau = first.taus[best]
        self.minimumTau = tauMin
    }

    /// A weighted least-squares solution: parameters (squared terms) by column index and their standard errors.
    struct Solution {
        var parameters: [Int: Double]
        var standardErrors: [Int: Double]
        var chi2: Double
    }

    /// The feasible (non-negative) candidate with the lowest χ².
    static func bestSubset(
        _ t: [Double], _ v: [Double], _ d: [Double], _ columns: [(Double) -> Double],
        candidates: [[Int]]
    ) -> Solution? {
        var best: Solution?
        for set in candidates {
            guard let s = solve(t, v, d, columns, set), s.parameters.values.allSatisfy({ $0 >= 0 }) else { continue }
            if let current = best, current.chi2 <= s.chi2 { continue }
            best = s
        }
        return best
    }

    /// Iteratively re-weighted least squares of `v ≈ Σ p_j · column_j(t)` with standard errors `2δ·model`.
    static func solve(
        _ t: [Double], _ v: [Double], _ d: [Double], _ columns: [(Double) -> Double], _ set: [Int]
    ) -> Solution? {
        let k = set.count
        var model = v
        var p = [Double](repeating: 0, count: k)
        var inverse = [[Double]](repeating: [Double](repeating: 0, count: k), count: k)
        for _ in 0..<6 {
            var a = [[Double]](repeating: [Double](repeating: 0, count: k), count: k)
            var b = [Double](repeating: 0, count: k)
            for i in t.indices {
                let sigma = max(2 * d[i] * model[i], 1e-300)
                let w = 1 / (sigma * sigma)
                let row = set.map { columns[$0](t[i]) }
                for r in 0..<k {
                    b[r] += w * row[r] * v[i]
                    for c in 0..<k { a[r][c] += w * row[r] * row[c] }
                }
            }
            guard let inv = invert(a) else { return nil }
            inverse = inv
            p = (0..<k).map { r in (0..<k).reduce(0) { $0 + inv[r][$1] * b[$1] } }
            model = t.map { tt in max(zip(set, p).reduce(0) { $0 + $1.1 * columns[$1.0](tt) }, 1e-300) }
            // Keep the weights positive when a trial parameter goes negative.
            if p.contains(where: { $0 < 0 }) { model = zip(model, v).map { max($0, $1 * 1e-3) } }
        }
        var chi2 = 0.0
        for i in t.indices {
            let fit = zip(set, p).reduce(0) { $0 + $1.1 * columns[$1.0](t[i]) }
            let r = (fit - v[i]) / max(2 * d[i] * model[i], 1e-300)
            chi2 += r * r
        }
        let dof = Double(max(1, t.count - k))
        // Doubled for the correlation between octaves (see the type's documentation).
        let inflate = 4 * max(1, chi2 / dof)
        var parameters: [Int: Double] = [:]
        var errors: [Int: Double] = [:]
        for (r, column) in set.enumerated() {
            parameters[column] = p[r]
            errors[column] = (max(0, inverse[r][r]) * inflate).squareRoot()
        }
        return Solution(parameters: parameters, standardErrors: errors, chi2: chi2)
    }

    /// Gauss–Jordan inverse of a small symmetric matrix; `nil` when singular.
    static func invert(_ m: [[Double]]) -> [[Double]]? {
        let n = m.count
        var a = m
        var inv = (0..<n).map { r in (0..<n).map { $0 == r ? 1.0 : 0.0 } }
        for col in 0..<n {
            var pivot = col
            for r in col..<n where abs(a[r][col]) > abs(a[pivot][col]) { pivot = r }
            guard abs(a[pivot][col]) > 1e-300 else { return nil }
            a.swapAt(col, pivot)
            inv.swapAt(col, pivot)
            let s = a[col][col]
            for c in 0..<n {
                a[col][c] /= s
                inv[col][c] /= s
            }
            for r in 0..<n where r != col {
                let f = a[r][col]
                guard f != 0 else { continue }
                for c in 0..<n {
                    a[r][c] -= f * a[col][c]
                    inv[r][c] -= f * inv[col][c]
                }
            }
        }
        return inv
    }

    /// The fitted model's Allan deviation at `tau` (s): `√(N²/τ + K²τ/3 + C)`.
    public func model(at tau: Double) -> Double {
        let n = noiseDensity.value
        let k = randomWalk.value
        return (n * n / tau + k * k * tau / 3 + (floor ?? 0)).squareRoot()
    }
}
