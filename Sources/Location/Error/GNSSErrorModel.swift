import Foundation
import Signals

/// GNSS-like error of reported positions, as a phone's wander: per horizontal axis (east and north) a
/// first-order Gauss–Markov process of standard deviation `sigma` and correlation time `correlationTime`,
/// plus optional white `jitter`; vertically the same, scaled by `verticalRatio` (1.5–2: GNSS heights are
/// worse than positions).
///
/// ```swift
/// let phone = GNSSErrorModel(sigma: 3, correlationTime: 60, seed: 1)     // 3 m, wandering over a minute
/// let route = Route(speed: 1.4, error: phone) { ... }
/// ```
/// In a spec: `"error": {"sigma": 3, "correlationTime": 60, "jitter": 0.5, "verticalRatio": 1.5, "seed": 1}`.
///
/// The error at sample `k` of a render at rate `R` is that of an exact discrete Gauss–Markov (AR(1)) process
/// with `φ = exp(−1/(R·τ))`, stationary from the first sample; it is seeded and a pure function of `(seed,
/// rate, k)`, so it does not depend on how a render is split into blocks. The reported accuracies are the
/// 68 % radii of that error: ``horizontalAccuracy`` = 1.51 σₕ (a circle holding 68 % of a 2-D normal of
/// σₕ per axis), ``verticalAccuracy`` = 0.994 σᵥ, with σₕ = √(sigma² + jitter²) and σᵥ = verticalRatio · σₕ.
public struct GNSSErrorModel: Sendable, Hashable {
    /// Standard deviation of the correlated error per horizontal axis (metres, 0 … 1,000).
    public var sigma: Double
    /// Correlation time τ of the correlated error (seconds, > 0 and ≤ 10⁶).
    public var correlationTime: TimeInterval
    /// Standard deviation of the white error per horizontal axis, independent from sample to sample
    /// (metres, 0 … 1,000; default 0).
    public var jitter: Double
    /// Vertical error over horizontal error, 1.5 … 2 (default 1.5).
    public var verticalRatio: Double
    /// The seed: the same seed gives the same error at the same sample.
    public var seed: UInt64

    /// Creates an error model.
    /// - Parameters:
    ///   - sigma: Metres, per horizontal axis, of the correlated error (e.g. 3).
    ///   - correlationTime: Seconds over which the error wanders (e.g. 60).
    ///   - jitter: Metres of white error per horizontal axis (default 0).
    ///   - verticalRatio: Vertical over horizontal error, 1.5 … 2 (default 1.5).
    ///   - seed: Seed of the counter-based generator (default 0).
    public init(
        sigma: Double, correlationTime: TimeInterval, jitter: Double = 0, verticalRatio: Double = 1.5,
        seed: UInt64 = 0
    ) {
        self.sigma = sigma
        self.correlationTime = correlationTime
        self.jitter = jitter
        self.verticalRatio = verticalRatio
        self.seed = seed
    }

    /// Radius of the circle that holds 68 % of a 2-D normal error with unit standard deviation per axis:
    /// √(−2 ln 0.32).
    public static let horizontal68 = (-2 * log(0.32)).squareRoot()
    /// Half-width of the interval that holds 68 % of a 1-D normal error with unit standard deviation:
    /// √2 · erf⁻¹(0.68).
    public static let vertical68 = 0.994457883209753

    /// Standard deviation of the whole horizontal error per axis, √(sigma² + jitter²) (metres).
    public var horizontalDeviation: Double { (sigma * sigma + jitter * jitter).squareRoot() }

    /// The reported `horizontalAccuracy`: the 68 % radius of the horizontal error (metres).
    public var horizontalAccuracy: Double { GNSSErrorModel.horizontal68 * horizontalDeviation }

    /// The reported `verticalAccuracy`: the 68 % half-width of the vertical error (metres).
    public var verticalAccuracy: Double { GNSSErrorModel.vertical68 * verticalRatio * horizontalDeviation }

    /// Checks the parameters.
    /// - Parameter path: JSON path of the model in its spec (default `$.route.error`).
    /// - Throws: `SignalError` (`nonFinite`, `outOfRange`) naming the field.
    public func validate(path: String = "$.route.error") throws(SignalError) {
        try Route.checkFinite(sigma, path: "\(path).sigma", "sigma")
        guard sigma >= 0, sigma <= 1_000 else {
            throw SignalError(.outOfRange, path: "\(path).sigma", "sigma must be 0 … 1000 metres, got \(sigma)")
        }
        try Route.checkFinite(correlationTime, path: "\(path).correlationTime", "correlationTime")
        guard correlationTime > 0, correlationTime <= 1e6 else {
            throw SignalError(
                .outOfRange, path: "\(path).correlationTime",
                "correlationTime must be > 0 and ≤ 1e6 seconds, got \(correlationTime)")
        }
        try Route.checkFinite(jitter, path: "\(path).jitter", "jitter")
        guard jitter >= 0, jitter <= 1_000 else {
            throw SignalError(.outOfRange, path: "\(path).jitter", "jitter must be 0 … 1000 metres, got \(jitter)")
        }
        try Route.checkFinite(verticalRatio, path: "\(path).verticalRatio", "verticalRatio")
        guard verticalRatio >= 1.5, verticalRatio <= 2 else {
            throw SignalError(
                .outOfRange, path: "\(path).verticalRatio",
                "verticalRatio must be 1.5 … 2 (vertical GNSS error is 1.5–2× the horizontal), got \(verticalRatio)")
        }
    }
}
