import Foundation

/// A DFT window: a periodic (DFT-even) cosine sum `w[n] = Σₖ aₖ · cos(2πkn / N)`, `n = 0 ..< N`.
///
/// Every window here is a short cosine sum, so windowing is also a short convolution of the DFT
/// bins: `X_w[m] = a₀·X[m] + Σₖ≥₁ (aₖ/2)·(X[m−k] + X[m+k])`. ``Spectrum`` uses that to get the Hann
/// and the flat-top spectrum of a channel from one FFT.
///
/// | window | use | worst scalloping | highest sidelobe | NENBW | first zero |
/// |---|---|---|---|---|---|
/// | ``rectangular`` | exact bin-centred tones | −3.92 dB | −13.3 dB | 1.000 bins | ±1 bin |
/// | ``hann`` | frequency (peak interpolation), Welch PSD | −1.42 dB | −31.5 dB | 1.500 bins | ±2 bins |
/// | ``flatTop`` (HFT144D) | amplitude | −0.0021 dB | −144.1 dB | 4.539 bins | ±7 bins |
///
/// The flat-top window is Heinzel, Rüdiger & Schilling's HFT144D ("Spectrum and spectral density
/// estimation by the DFT", 2002): a tone anywhere between two bins reads within 0.0021 dB (0.024 %)
/// of its amplitude at the nearest bin, and its −144 dB sidelobes sit below single-precision rounding.
///
/// ```swift
/// Window.flatTop.values(count: 8)            // the window's samples
/// Window.hann.equivalentNoiseBandwidth       // 1.5 bins
/// ```
public enum Window: String, Sendable, Hashable, CaseIterable, Codable {
    /// No window (all ones).
    case rectangular
    /// Hann: `0.5 − 0.5·cos(2πn/N)`.
    case hann
    /// HFT144D flat-top (7 terms): amplitude within 0.0021 dB anywhere between bins.
    case flatTop

    /// The signed cosine-sum coefficients `aₖ` (`a₀` first; the window's mean is `a₀`).
    public var coefficients: [Double] {
        switch self {
        case .rectangular: [1]
        case .hann: [0.5, -0.5]
        case .flatTop: [1, -1.96760033, 1.57983607, -0.81123644, 0.22583558, -0.02773848, 0.00090360]
        }
    }

    /// The window's samples for a DFT of `count` points (periodic form: `w[count]` would equal `w[0]`).
    /// - Parameter count: Number of samples, ≥ 0.
    /// - Returns: `count` values, dimensionless.
    public func values(count: Int) -> [Double] {
        guard count > 0 else { return [] }
        let a = coefficients
        return (0..<count).map { n in
            var sum = a[0]
            for k in 1..<a.count {
                // Reduce kn modulo N in integers so that cos's argument stays small and exact.
                let turn = Double((k * n) % count) / Double(count)
                sum += a[k] * cos(2 * Double.pi * turn)
            }
            return sum
        }
    }

    /// Coherent gain: the window's mean `a₀` (a tone of amplitude `A` reads `A·N·a₀ / 2` in its bin).
    public var coherentGain: Double { coefficients[0] }

    /// Normalised equivalent noise bandwidth in bins, `N·Σw² / (Σw)² = (a₀² + ½Σₖ≥₁ aₖ²) / a₀²`
    /// (exact for the periodic window): 1 for rectangular, 1.5 for Hann, 4.539 for the flat-top.
    public var equivalentNoiseBandwidth: Double {
        let a = coefficients
        return (a[0] * a[0] + a.dropFirst().reduce(0) { $0 + $1 * $1 } / 2) / (a[0] * a[0])
    }

    /// Half-width of the main lobe in bins (distance to its first zero): 1, 2 and 7.
    public var mainLobeHalfWidth: Int { coefficients.count }

    /// Amplitude response to a tone `offset` bins from a bin centre, relative to a centred tone:
    /// `|W(offset)| / W(0)` with the exact Dirichlet kernel of an `length`-point DFT.
    ///
    /// A tone of amplitude `A` at bin `m + offset` reads `A · response(atOffset: offset)` in bin `m`.
    /// - Parameters:
    ///   - offset: Distance from the bin centre, in bins.
    ///   - length: DFT length `N` (the kernel of a finite DFT; large `N` tends to the continuous form).
    /// - Returns: The relative response, 1 at `offset == 0`.
    public func response(atOffset offset: Double, length: Int) -> Double {
        let n = Double(max(length, 1))
        // D(ν) = Σ e^{−2πiνj/N} = e^{−iπν(N−1)/N} · sin(πν) / sin(πν/N).
        func dirichlet(_ nu: Double) -> (re: Double, im: Double) {
            let magnitude: Double
            let s = sin(Double.pi * nu / n)
            if abs(s) < 1e-300 {
                magnitude = n  // the limit at ν = 0
            } else {
                magnitude = sin(Double.pi * nu) / s
            }
            let angle = -Double.pi * nu * (n - 1) / n
            return (magnitude * cos(angle), magnitude * sin(angle))
        }
        let a = coefficients
        var re = 0.0
        var im = 0.0
        let d0 = dirichlet(offset)
        re += a[0] * d0.re
        im += a[0] * d0.im
        for k in 1..<a.count {
            let lo = dirichlet(offset - Double(k))
            let hi = dirichlet(offset + Double(k))
            re += a[k] / 2 * (lo.re + hi.re)
            im += a[k] / 2 * (lo.im + hi.im)
        }
        return (re * re + im * im).squareRoot() / (n * a[0])
    }

    /// Worst-case scalloping loss in dB (a tone half a bin from the nearest centre): −3.92, −1.42, −0.0021.
    public var worstCaseScallopLoss: Double {
        20 * log10(response(atOffset: 0.5, length: 1 << 16))
    }
}
