import Foundation

// Sums and peaks of a density over a band of frequencies, by bin (the realism features' shares of power,
// harmonic amplitudes and dominant frequency).
extension PowerSpectralDensity {
    /// The sum of the density over the bins at frequencies `f` with `lower < f ≤ upper` (signal units² per
    /// Hz; times ``binWidth`` it is the power there).
    ///
    /// ```swift
    /// psd.sum(above: 5, upTo: 50) / psd.sum(above: 0, upTo: 50)   // the share of power above 5 Hz
    /// ```
    ///
    /// - Complexity: O(bins in the band).
    public func sum(above lower: Double, upTo upper: Double) -> Double {
        var total = 0.0
        var k = bin(atOrBelow: lower)
        while k < density.count, frequency(ofBin: k) <= upper {
            if frequency(ofBin: k) > lower { total += density[k] }
            k += 1
        }
        return total
    }

    /// The sum of the density over the bins at frequencies in `band` (Hz), ends included (signal units²
    /// per Hz).
    /// - Complexity: O(bins in the band).
    public func sum(in band: ClosedRange<Double>) -> Double {
        var total = 0.0
        var k = bin(atOrBelow: band.lowerBound)
        while k < density.count, frequency(ofBin: k) <= band.upperBound {
            if frequency(ofBin: k) >= band.lowerBound { total += density[k] }
            k += 1
        }
        return total
    }

    /// The frequency (Hz) of the largest density among the bins in `band` (the lowest such bin on a tie),
    /// or `nil` when no bin lies in it. Its resolution is ``binWidth``.
    /// - Complexity: O(bins in the band).
    public func peak(in band: ClosedRange<Double>) -> Double? {
        var best: Int?
        var k = bin(atOrBelow: band.lowerBound)
        while k < density.count, frequency(ofBin: k) <= band.upperBound {
            if frequency(ofBin: k) >= band.lowerBound, best.map({ density[k] > density[$0] }) ?? true { best = k }
            k += 1
        }
        return best.map { frequency(ofBin: $0) }
    }

    /// The last bin at or below `frequency` (0 for a negative one or NaN; past the end above the last bin):
    /// where a scan of a band starts, with no overflow for any `Double`.
    private func bin(atOrBelow frequency: Double) -> Int {
        let k = (frequency / binWidth).rounded(.down)
        guard k >= 0 else { return 0 }
        return k < Double(density.count) ? Int(k) : density.count
    }
}
