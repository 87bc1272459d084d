import Foundation

/// A first-order low-pass filter `y[n] = a·y[n−1] + (1 − a)·x[n]`, `a = exp(−2π·bandwidth/fs)` (unity DC
/// gain, −3 dB near `bandwidth` for `bandwidth ≪ fs`), made renderable from any sample index.
///
/// A recursive filter depends on every earlier input. Here output `n` is the filter run over a fixed
/// window: it starts at `max(0, jG − K)` (`j = ⌊n/G⌋`, with state = the first input) and runs to `n`,
/// where `K = ⌈30·ln 2 / (2π·bandwidth/fs)⌉` makes the start's weight `a^K ≤ 2⁻³⁰`, and `G = max(1024, 4K)`.
/// So the output equals the infinite-memory filter to within 2⁻³⁰ of the input's swing (below `Float`
/// resolution), depends only on `n`, and is bit-identical however a render is split. Cost: each block
/// processes `K` extra inputs per grid cell it touches (≤ `K/G` = 25 % of a cell, plus the part of the
/// first cell before the block). Refused when `K > 2²⁰` (a bandwidth below about 3.3·10⁻⁶·fs).
///
/// ```swift
/// let f = FirstOrderLowPass(bandwidth: 20)
/// f.coefficient(sampleRate: 200)   // exp(−2π·20/200) ≈ 0.5335
/// ```
public struct FirstOrderLowPass: Sendable, Hashable {
    /// −3 dB bandwidth (Hz), > 0.
    public var bandwidth: Double

    /// Creates the filter.
    /// - Parameter bandwidth: −3 dB bandwidth in Hz.
    public init(bandwidth: Double) { self.bandwidth = bandwidth }

    /// Largest warm-up the engine accepts (2²⁰ samples).
    public static let largestWarmUp = 1 << 20

    /// `a = exp(−2π·bandwidth/fs)`.
    public func coefficient(sampleRate: Double) -> Double { exp(-2 * Double.pi * bandwidth / sampleRate) }

    /// `K`: samples after which the start's weight is at most 2⁻³⁰ (at least 1).
    public func warmUp(sampleRate: Double) -> Int {
        let c = 2 * Double.pi * bandwidth / sampleRate
        let k = (30 * log(2.0) / c).rounded(.up)
        return k.isFinite && k < Double(FirstOrderLowPass.largestWarmUp + 1)
            ? max(1, Int(k)) : FirstOrderLowPass.largestWarmUp + 1
    }

    /// `G = max(1024, 4K)`: the grid of filter starts.
    public func cell(sampleRate: Double) -> Int { max(1024, 4 * warmUp(sampleRate: sampleRate)) }
}
