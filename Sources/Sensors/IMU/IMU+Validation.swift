import Signals

extension IMU {
    /// Checks the motion and every error term for a render at `context.sampleRate`.
    ///
    /// Refuses: non-finite terms; negative densities, deviations, ranges, resolutions or bandwidths;
    /// a bias instability without a positive correlation time; scale factors outside (−0.5, 0.5);
    /// a misalignment that is not 3×3 with a zero diagonal and angles within ±0.2 rad; a resolution
    /// larger than its range; a positive resolution or range below 10⁻¹²; a low-pass whose memory exceeds 2²⁰ samples at this rate; terms beyond
    /// 10¹⁵ (unit or unit/√Hz), which no sensor has and which could overflow a `Float` sample.
    /// - Returns: A bound of `|sample|` when every axis saturates, else `nil`.
    /// - Throws: `SignalError` naming the JSON path (`$.imu.gyroscope_random_walk`).
    public func validate(_ context: ValidationContext) throws(SignalError) -> Double? {
        let here = context.appending(".imu")
        _ = try SignalNode.motion(motion).validate(here)
        var bound = 0.0, bounded = true
        for (prefix, model) in [("accelerometer", accelerometer), ("gyroscope", gyroscope)] {
            try IMU.check(model, prefix: prefix, here, sampleRate: context.sampleRate)
            let scale = prefix == "accelerometer" && accelerometerUnit == .g ? 1 / IMU.standardGravity : 1
            for i in 0 ..< 3 {
                if model.range[i] > 0 { bound = max(bound, (model.range[i] + model.resolution[i]) * scale) } else { bounded = false }
            }
        }
        return bounded ? try here.checkBound(bound) : nil
    }

    static func check(_ m: SensorModel, prefix: String, _ here: ValidationContext, sampleRate: Double) throws(SignalError) {
        let huge = 1e15
        func field(_ name: String) -> String { "\(prefix)_\(name)" }
        func axes(_ name: String, _ v: SIMD3<Double>, nonNegative: Bool = true) throws(SignalError) {
            for i in 0 ..< 3 {
                let x = v[i]
                guard x.isFinite else {
                    throw here.error(.nonFinite, field: field(name), "\(field(name)) must be finite, got \(x) on axis \("xyz".map(String.init)[i])")
                }
                guard !nonNegative || x >= 0 else {
                    throw here.error(.outOfRange, field: field(name), "\(field(name)) must be ≥ 0, got \(x) on axis \("xyz".map(String.init)[i])")
                }
                guard abs(x) <= huge else {
                    throw here.error(.outOfRange, field: field(name), "\(field(name)) \(x) is beyond 1e15; no sensor has such a term")
                }
            }
        }
        try axes("noise_density", m.noiseDensity)
        try axes("random_walk", m.randomWalk)
        try axes("bias_instability", m.biasInstability)
        try axes("bias_correlation_time", m.biasCorrelationTime)
        try axes("turn_on_bias", m.turnOnBias)
        try axes("bias", m.bias, nonNegative: false)
        try axes("scale_factor", m.scaleFactor, nonNegative: false)
        try axes("resolution", m.resolution)
        try axes("range", m.range)
        try axes("bandwidth", m.bandwidth)
        for i in 0 ..< 3 {
            let axis = "xyz".map(String.init)[i]
            if m.biasInstability[i] > 0 && !(m.biasCorrelationTime[i] > 0) {
                throw here.error(.missingField, field: field("bias_correlation_time"),
                                 "\(field("bias_instability")) on axis \(axis) needs a positive \(field("bias_correlation_time")) (s)")
            }
            guard abs(m.scaleFactor[i]) < 0.5 else {
                throw here.error(.outOfRange, field: field("scale_factor"),
                                 "\(field("scale_factor")) is a fraction (0.01 = 1 %) and must be within ±0.5, got \(m.scaleFactor[i]) on axis \(axis)")
            }
            for (name, v) in [("resolution", m.resolution[i]), ("range", m.range[i])] where v > 0 && v < 1e-12 {
                throw here.error(.outOfRange, field: field(name),
                                 "\(field(name)) must be 0 (none) or at least 1e-12, got \(v) on axis \(axis); no sensor has such a \(name)")
            }
            if m.resolution[i] > 0 && m.range[i] > 0 && m.resolution[i] > m.range[i] {
                throw here.error(.outOfRange, field: field("resolution"),
                                 "\(field("resolution")) \(m.resolution[i]) is larger than the range \(m.range[i]) on axis \(axis)")
            }
            if m.bandwidth[i] > 0 {
                let k = FirstOrderLowPass(bandwidth: m.bandwidth[i]).warmUp(sampleRate: sampleRate)
                guard k <= FirstOrderLowPass.largestWarmUp else {
                    throw here.error(.outOfRange, field: field("bandwidth"),
                                     "\(field("bandwidth")) \(m.bandwidth[i]) Hz is too low for \(sampleRate) Hz: the filter's memory would span more than 2^20 samples")
                }
            }
        }
        guard m.misalignment.count == 3 else {
            throw here.error(.malformed, field: field("misalignment"), "\(field("misalignment")) must be a 3×3 matrix, got \(m.misalignment.count) rows")
        }
        for (r, row) in m.misalignment.enumerated() {
            for c in 0 ..< 3 {
                let v = row[c]
                guard v.isFinite else {
                    throw here.error(.nonFinite, field: field("misalignment"), "\(field("misalignment"))[\(r)][\(c)] must be finite, got \(v)")
                }
                if r == c && v != 0 {
                    throw here.error(.outOfRange, field: field("misalignment"),
                                     "the diagonal of \(field("misalignment")) must be 0 (a diagonal term is a scale factor: use \(field("scale_factor"))), got \(v) at [\(r)][\(c)]")
                }
                guard abs(v) <= 0.2 else {
                    throw here.error(.outOfRange, field: field("misalignment"),
                                     "\(field("misalignment"))[\(r)][\(c)] is a small angle in radians and must be within ±0.2, got \(v)")
                }
            }
        }
    }
}
