/// A spectrum read straight from FFTW's output, no bin arrays built: windowed amplitudes are computed
/// bin by bin where needed (a cosine-sum window is a short convolution of the bins), so a long record
/// costs no memory beyond the FFT's own workspace.
///
/// The verifier reads the spectrum of the fit's residual this way: with every expected line, chirp and DC
/// level gone, nothing strong leaks across the spectrum, so its checks need no masks around expected
/// components: a peak anywhere is unexpected, and the rectangular bins (independent for white noise)
/// give the noise's density. Peak amplitudes are read through the HFT144D flat-top window, accurate to
/// 0.0021 dB between bins.
struct RawSpectrum {
    /// FFTW's r2c output: `N/2 + 1` bins as interleaved `re, im` (Float, unnormalised).
    let output: UnsafePointer<Float>
    /// Samples transformed `N`.
    let frameCount: Int
    /// Samples per second (Hz).
    let sampleRate: Double

    /// Number of bins `N/2 + 1`.
    var binCount: Int { frameCount / 2 + 1 }
    /// Bin spacing (Hz).
    var binWidth: Double { sampleRate / Double(frameCount) }

    /// Bin `j` for any integer `j`, by periodicity and Hermitian symmetry (`X[−j] = X[N − j] = conj X[j]`).
    func bin(_ j: Int) -> (re: Double, im: Double) {
        var m = j % frameCount
        if m < 0 { m += frameCount }
        if m < binCount { return (Double(output[2 * m]), Double(output[2 * m + 1])) }
        let k = frameCount - m
        return (Double(output[2 * k]), -Double(output[2 * k + 1]))
    }

    /// `|X[k]|²` of bin `0 ≤ k < binCount` (unnormalised: white noise of variance σ² gives `N·σ²` on average
    /// away from DC and Nyquist).
    @inline(__always)
    func power(_ k: Int) -> Double {
        let re = Double(output[2 * k])
        let im = Double(output[2 * k + 1])
        return re * re + im * im
    }

    /// The amplitude a bin-centred tone would read in bin `k` without a window (signal units): `2|X[k]|/N`
    /// (`|X[k]|/N` at DC and Nyquist). A tone between bins reads down to 0.637 of its amplitude.
    func rectangularAmplitude(_ k: Int) -> Double {
        let a = power(k).squareRoot() / Double(frameCount)
        return isEdge(k) ? a : 2 * a
    }

    /// The flat-top amplitude of bin `k` (signal units).
    func flatTopAmplitude(_ k: Int) -> Double { amplitude(k, window: .flatTop) }

    /// The amplitude of bin `k` through `window` (signal units): `2|a₀X[k] + Σⱼ (aⱼ/2)(X[k − j] + X[k + j])|/(N·a₀)`
    /// (not doubled at DC and Nyquist), as ``Spectrum`` normalises it.
    func amplitude(_ k: Int, window: Window) -> Double {
        let a = window.coefficients
        let centre = bin(k)
        var re = a[0] * centre.re
        var im = a[0] * centre.im
        for j in 1..<a.count {
            let lo = bin(k - j)
            let hi = bin(k + j)
            re += a[j] / 2 * (lo.re + hi.re)
            im += a[j] / 2 * (lo.im + hi.im)
        }
        let amplitude = (re * re + im * im).squareRoot() / (Double(frameCount) * a[0])
        return isEdge(k) ? amplitude : 2 * amplitude
    }

    func isEdge(_ k: Int) -> Bool { k == 0 || (frameCount.isMultiple(of: 2) && k == binCount - 1) }

    /// The largest peak: the rectangular bins at least `0.6 × threshold` (a tone at the threshold reads at
    /// least 0.637 of it there) are candidates, the 256 strongest of them are measured through the
    /// flat-top window at the bin and its two neighbours. With no candidate, the flat-top amplitude at the
    /// strongest rectangular bin.
    /// - Returns: The peak's amplitude (signal units) and frequency (Hz).
    func largestPeak(threshold: Double) -> (amplitude: Double, frequency: Double) {
        scan(threshold: threshold, bands: 1).peak
    }

    /// The noise deviation of each of `bands` equal-count sub-bands of bins `1 ..< last` (DC and Nyquist
    /// excluded): `√(mean |X[k]|² / N)` (signal units), with each band's bin count and frequency range.
    func bandDeviations(bands: Int) -> [Band] {
        scan(threshold: .infinity, bands: bands).bands
    }

    /// A sub-band's noise deviation (signal units), bin count and frequency range (Hz).
    typealias Band = (deviation: Double, bins: Int, low: Double, high: Double)

    /// One pass over the bins for both ``largestPeak(threshold:)`` and ``bandDeviations(bands:)``: the
    /// powers of eight bins at a time (sixteen interleaved floats squared, even and odd lanes added), summed
    /// per band in Double, compared with the candidate level, and the strongest bin tracked.
    func scan(threshold: Double, bands: Int) -> (peak: (amplitude: Double, frequency: Double), bands: [Band]) {
        let n = Double(frameCount)
        // Candidate test on the unnormalised power: 2|X|/N ≥ 0.6·threshold.
        let limit = 0.6 * threshold * n / 2
        let limitPower = Float(min(limit * limit, Double(Float.greatestFiniteMagnitude)))
        var candidates: [(Float, Int)] = []
        var strongest = 0
        var strongestPower: Float = -1
        func visit(_ k: Int, _ p: Float) {
            if p > strongestPower {
                strongestPower = p
                strongest = k
            }
            if p >= limitPower {
                candidates.append((p, k))
                if candidates.count > 4096 {
                    candidates.sort { $0.0 > $1.0 }
                    candidates.removeLast(candidates.count - 256)
                }
            }
        }
        /// Σ power over bins lo ..< hi, visiting each.
        func sweep(_ lo: Int, _ hi: Int) -> Double {
            var k = lo
            var total = 0.0
            var lanes = SIMD8<Double>()
            let candidate = SIMD8<Float>(repeating: limitPower)
            while k + 8 <= hi {
                let v = UnsafeRawPointer(output + 2 * k).loadUnaligned(as: SIMD16<Float>.self)
                let sq = v * v
                let p = sq.evenHalf + sq.oddHalf
                lanes += SIMD8<Double>(p)
                // Rare after the first bins: only a new strongest bin or a candidate is looked at.
                if any((p .> SIMD8<Float>(repeating: strongestPower)) .| (p .>= candidate)) {
                    for j in 0..<8 { visit(k + j, p[j]) }
                }
                k += 8
            }
            total = lanes.sum()
            while k < hi {
                let re = output[2 * k]
                let im = output[2 * k + 1]
                let p = re * re + im * im
                total += Double(p)
                visit(k, p)
                k += 1
            }
            return total
        }
        let first = 1
        let last = frameCount.isMultiple(of: 2) ? binCount - 1 : binCount
        let used = max(0, last - first)
        var out: [Band] = []
        // DC and Nyquist: candidates, not in a band.
        visit(0, Float(power(0)))
        if last < binCount { visit(last, Float(power(last))) }
        let count = used > 0 ? max(1, bands) : 0
        for b in 0..<count {
            let lo = first + b * used / count
            let hi = first + (b + 1) * used / count
            guard hi > lo else { continue }
            let sum = sweep(lo, hi)
            out.append(
                ((sum / Double(hi - lo) / n).squareRoot(), hi - lo, Double(lo) * binWidth, Double(hi - 1) * binWidth))
        }
        if candidates.isEmpty { candidates = [(strongestPower, strongest)] }
        candidates.sort { $0.0 > $1.0 }
        var best = 0.0
        var bestBin = strongest
        for (_, k) in candidates.prefix(256) {
            for j in max(0, k - 1)...min(binCount - 1, k + 1) {
                let a = flatTopAmplitude(j)
                if a > best {
                    best = a
                    bestBin = j
                }
            }
        }
        return ((best, Double(bestBin) * binWidth), out)
    }
}
