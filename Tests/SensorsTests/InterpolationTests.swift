import Foundation
import Testing

@testable import Sensors

@Suite struct InterpolationTests {
    static let times = (0..<200).map { Double($0) * 0.01 + 0.003 * sin(Double($0)) }

    @Test("linear reproduces straight lines; cubic reproduces parabolas on a uniform grid")
    func exactness() {
        let grid = (0..<150).map { Double($0) * 0.0123 + 0.01 }
        let line = Self.times.map { 2 * $0 - 1 }
        let linear = Interpolation.linear.resample(times: Self.times, values: line, at: grid)
        #expect(linear.count == grid.count)
        for (t, v) in zip(grid, linear) {
            #expect(abs(v - (2 * t - 1)) < 1e-12)
        }
        let uniform = (0..<200).map { Double($0) * 0.01 }
        let parabola = uniform.map { $0 * $0 }
        let inner = grid.filter { $0 > 0.02 && $0 < 1.97 }
        let cubic = Interpolation.cubic.resample(times: uniform, values: parabola, at: inner)
        #expect(inner.count > 100)
        #expect(cubic.count == inner.count)
        for (t, v) in zip(inner, cubic) {
            #expect(abs(v - t * t) < 1e-12)
        }
        // Linear does not reproduce a parabola (the check can fail).
        let wrong = Interpolation.linear.resample(times: uniform, values: parabola, at: [0.005])[0]
        #expect(abs(wrong - 0.000025) > 1e-6)
    }

    /// Amplitude of a resampled sine relative to the input, halfway between samples (the worst case).
    static func gain(_ method: Interpolation, _ f: Double) -> Double {
        let fs = 100.0
        let n = 4000
        let t = (0..<n).map { Double($0) / fs }
        let v = t.map { sin(2 * .pi * f * $0) }
        let grid = (100..<n - 100).map { (Double($0) + 0.5) / fs }
        let out = method.resample(times: t, values: v, at: grid)
        var c = 0.0
        var s = 0.0
        for (x, y) in zip(grid, out) {
            c += y * cos(2 * .pi * f * x)
            s += y * sin(2 * .pi * f * x)
        }
        return 2 * (c * c + s * s).squareRoot() / Double(grid.count)
    }

    @Test("spectral effect halfway between samples: cos(πf/fs) for linear, flatter for cubic")
    func spectrum() {
        for f in [5.0, 10, 20, 25] {
            let linear = Self.gain(.linear, f)
            let cubic = Self.gain(.cubic, f)
            #expect(abs(linear - cos(.pi * f / 100)) < 1e-3)
            #expect(cubic > linear)
        }
        #expect(Self.gain(.cubic, 10) > 0.995)
    }
}
