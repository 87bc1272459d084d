import Foundation
import Sensors

/// A recording brought onto the analysis grid of ``RealismComparison``: linear acceleration and rotation
/// rate at ``rate``, limited to a band, gravity removed.
///
/// The steps, the same for both recordings of a comparison:
/// 1. Each axis is interpolated linearly onto a 100-Hz grid from the first sample (the grid of the
///    features of the real recordings this is calibrated on).
/// 2. When either recording was sampled below 100 Hz, every axis of both is limited to the common band
///    (half the lower rate) by zeroing the Fourier bins above it, so that neither shows what the other
///    could not record (a 25-Hz watch against a 100-Hz phone: both end at 12.5 Hz).
/// 3. Gravity is estimated as the centred moving average of the total acceleration, weighted by a Hann
///    window 2 s wide (weights `½ + ½·cos(πj / 101)`, |j| ≤ 100 samples, renormalised where the window
///    passes an end), and subtracted. The window passes nothing above 1 Hz (its first zero) and half at
///    0.5 Hz, so a walk's steps and strides stay in the linear acceleration and slow turns of the
///    device go to gravity. Both recordings lose gravity the same way, whether an app, a phone's fusion
///    or a simulation's truth also recorded it: gravity a device's fast rotations swing around (a phone
///    in a trouser pocket) stays in the linear acceleration of both alike.
/// 4. The gait signal, which the cadence is read from, is the magnitude of the total acceleration minus
///    its moving average through the same window: where gravity is recorded, about the vertical
///    acceleration, which keeps the sign of each step (the magnitude of the linear acceleration is
///    rectified, and its autocorrelation at a stride falls to 0.2–0.4 in many real walks, against 0.41
///    and more for this one); for linear acceleration recorded alone it is that magnitude.
struct RealismSignals {
    /// The analysis grid's rate (Hz).
    static let rate = RealismComparison.analysisRate
    /// The width of the gravity estimate's window (s).
    static let gravityWindow = 2.0
    /// The shortest mean acceleration vector that counts as gravity: 0.5 g (m/s²). A recording of linear
    /// acceleration alone averages about 0.
    static let gravityFloor = 0.5 * 9.80665

    /// Linear acceleration on the grid (m/s²).
    let linear: [SIMD3<Double>]
    /// Rotation rate on the grid (rad/s), `nil` without a gyroscope.
    let rotation: [SIMD3<Double>]?
    /// The gait signal (m/s²): |total acceleration| minus its moving average.
    let gait: [Double]
    /// The mean direction of gravity in the device frame (a unit vector), `nil` when the recording holds
    /// no gravity.
    let gravityDirection: SIMD3<Double>?

    /// Brings `recording` onto the grid, limited to `band` (Hz).
    init(_ recording: RealismRecording, band: Double) throws(SignalError) {
        let rate = RealismSignals.rate
        let count = Int((recording.duration * rate + 1e-9).rounded(.down)) + 1
        let start = recording.times[0]
        let grid = (0..<count).map { start + Double($0) / rate }
        func onGrid(_ vectors: [SIMD3<Double>]) throws(SignalError) -> [[Double]] {
            var axes: [[Double]] = []
            for a in 0..<3 {
                let resampled = Interpolation.linear.resample(
                    times: recording.times, values: vectors.map { $0[a] }, at: grid)
                axes.append(try RealismSignals.lowPass(resampled, band: band, rate: rate))
            }
            return axes
        }
        let total = try onGrid(recording.acceleration)
        let halfWidth = Int((RealismSignals.gravityWindow * rate / 2).rounded())
        let gravity = total.map { RealismSignals.movingAverage($0, halfWidth: halfWidth) }
        let magnitude = (0..<count).map { k -> Double in
            let vector = SIMD3(total[0][k], total[1][k], total[2][k])
            return (vector * vector).sum().squareRoot()
        }
        let level = RealismSignals.movingAverage(magnitude, halfWidth: halfWidth)
        gait = zip(magnitude, level).map { $0 - $1 }
        linear = (0..<count).map { k in
            SIMD3(total[0][k] - gravity[0][k], total[1][k] - gravity[1][k], total[2][k] - gravity[2][k])
        }
        if let rates = recording.rotationRate {
            let axes = try onGrid(rates)
            rotation = (0..<count).map { SIMD3(axes[0][$0], axes[1][$0], axes[2][$0]) }
        } else {
            rotation = nil
        }
        let mean = SIMD3(total[0].reduce(0, +), total[1].reduce(0, +), total[2].reduce(0, +)) / Double(count)
        let length = (mean * mean).sum().squareRoot()
        gravityDirection = length >= RealismSignals.gravityFloor ? mean / length : nil
    }

    /// The samples of `channel`, or `nil` for the rotation rate of a recording without a gyroscope.
    func samples(_ channel: RealismChannel) -> [Double]? {
        let vectors: [SIMD3<Double>]
        switch channel.quantity {
        case .linearAcceleration: vectors = linear
        case .rotationRate:
            guard let rotation else { return nil }
            vectors = rotation
        }
        if let axis = channel.axis { return vectors.map { $0[axis.index] } }
        return vectors.map { ($0 * $0).sum().squareRoot() }
    }

    /// `x` with every Fourier component above `band` (Hz) removed (unchanged when `band` reaches the
    /// Nyquist frequency): the mean is taken out, the rest zero-padded to at least twice its length (so
    /// the ends do not wrap onto each other: the smallest power of two ≥ 2n, as the Python reference
    /// `Tools/Realism/realism_reference.py`), transformed with the package's FFT (``RealFFT``), cut and
    /// transformed back.
    /// - Throws: `SignalError` if FFTW cannot plan the transform.
    static func lowPass(_ x: [Double], band: Double, rate: Double) throws(SignalError) -> [Double] {
        guard band < rate / 2, x.count >= 2 else { return x }
        let mean = x.reduce(0, +) / Double(x.count)
        var length = 2
        while length < 2 * x.count { length <<= 1 }
        var padded = [Double](repeating: 0, count: length)
        for k in x.indices { padded[k] = x[k] - mean }
        var bins = try RealFFT.shared.forward(padded)
        for k in 0..<bins.count where Double(k) * rate / Double(length) > band {
            bins.real[k] = 0
            bins.imaginary[k] = 0
        }
        let filtered = try RealFFT.shared.inverse(bins, count: length)
        return (0..<x.count).map { filtered[$0] + mean }
    }

    /// The centred moving average of `x` weighted by a Hann window of `2·halfWidth + 1` samples
    /// (`½ + ½·cos(πj / (halfWidth + 1))`, all positive), renormalised over the samples that exist near
    /// the ends.
    /// - Complexity: O(x.count · halfWidth).
    static func movingAverage(_ x: [Double], halfWidth h: Int) -> [Double] {
        let weights = (0...2 * h).map { 0.5 + 0.5 * cos(Double.pi * Double($0 - h) / Double(h + 1)) }
        let n = x.count
        var out = [Double](repeating: 0, count: n)
        x.withUnsafeBufferPointer { x in
            weights.withUnsafeBufferPointer { w in
                for i in 0..<n {
                    let lo = max(0, i - h)
                    let hi = min(n - 1, i + h)
                    var sum = 0.0
                    var weight = 0.0
                    for j in lo...hi {
                        let wj = w[j - i + h]
                        sum += wj * x[j]
                        weight += wj
                    }
                    out[i] = sum / weight
                }
            }
        }
        return out
    }
}
