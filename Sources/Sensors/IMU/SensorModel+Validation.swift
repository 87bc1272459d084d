import Signals

extension SensorModel {
    /// White noise densities accepted, unit/√Hz: 0 … 10 (a consumer MEMS accelerometer has about
    /// 2·10⁻³ m/s²/√Hz, a MEMS gyroscope about 10⁻⁴ rad/s/√Hz; 10 is a thousand times the noisiest part).
    public static let noiseDensities: ClosedRange<Double> = 0...10
    /// Bias random walks accepted, unit/s/√Hz: 0 … 10 (MEMS parts are below 10⁻²).
    public static let randomWalks: ClosedRange<Double> = 0...10
    /// Bias instabilities (the Gauss–Markov σ) accepted, unit: 0 … 100 (10 g, or 100 rad/s).
    public static let biasInstabilities: ClosedRange<Double> = 0...100
    /// Correlation times accepted, s: 0 … 10⁹ (about 32 years); > 0 wherever the bias instability is not 0.
    public static let biasCorrelationTimes: ClosedRange<Double> = 0...1e9
    /// Turn-on bias deviations accepted, unit: 0 … 100.
    public static let turnOnBiases: ClosedRange<Double> = 0...100
    /// Fixed biases accepted, unit: −1000 … 1000 (100 g, or 1000 rad/s).
    public static let biases: ClosedRange<Double> = -1_000...1_000
    /// Scale-factor errors accepted (a fraction): −0.5 … 0.5, both ends excluded.
    public static let scaleFactors: ClosedRange<Double> = -0.5...0.5
    /// Misalignment angles accepted, rad: −0.2 … 0.2 off the diagonal (the diagonal is 0).
    public static let misalignmentAngles: ClosedRange<Double> = -0.2...0.2
    /// Quantisation steps accepted, unit: 0 (none) or 10⁻¹² … 10⁴ (below 10⁻¹², `1/resolution` overflows).
    public static let resolutions: ClosedRange<Double> = 1e-12...1e4
    /// Measurement ranges accepted, unit: 0 (none) or 10⁻¹² … 10⁶ (shock accelerometers reach 10⁵ g).
    public static let ranges: ClosedRange<Double> = 1e-12...1e6
    /// Low-pass bandwidths accepted, Hz: 0 (none) or above 0 … 10⁶ (and slow enough a filter for its rate, see
    /// ``validate(sensor:path:sampleRate:)``).
    public static let bandwidths: ClosedRange<Double> = 0...1e6

    /// Checks every term against its documented range (``noiseDensities``, ``randomWalks``, …), for any rate.
    ///
    /// The ranges are physical maxima far beyond any real part, and they keep every sample finite: at the
    /// largest render rate (10¹⁰ Hz) the white noise's σ is at most 10⁶ unit, a random walk over the
    /// 2⁶² samples an IMU renders stays below 10¹⁵, and a Gauss–Markov bias with any positive correlation
    /// time is bounded by its σ. This is the one check of an IMU's error model: the JSON decoders (a plain
    /// `{"imu": …}`, a trajectory's `sensors.imu`, presets with overrides, a Kalibr file's terms, dataset
    /// templates, a spec sent to the server) and the renders all call it.
    /// - Parameters:
    ///   - sensor: `accelerometer` or `gyroscope`: the prefix of the terms' JSON names.
    ///   - path: The JSON path of the IMU object (`$.imu`, `$.trajectory.sensors.imu`).
    /// - Throws: `SignalError` at `path.sensor_term`: `.nonFinite` for NaN or infinity; `.outOfRange` for a
    ///   term outside its range, a resolution larger than its range, a misalignment with a diagonal term;
    ///   `.missingField` for a bias instability without a positive correlation time; `.malformed` for a
    ///   misalignment that is not 3×3.
    public func validate(sensor: String, path: String) throws(SignalError) {
        func field(_ name: String) -> String { "\(sensor)_\(name)" }
        func fail(_ code: SignalError.Code, _ name: String, _ message: String) -> SignalError {
            SignalError(code, path: "\(path).\(field(name))", message)
        }
        let axisNames = ["x", "y", "z"]
        func axes(
            _ name: String, _ v: SIMD3<Double>, _ range: ClosedRange<Double>, unit: String, orZero: Bool = false,
            open: Bool = false
        ) throws(SignalError) {
            for i in 0..<3 {
                let x = v[i]
                guard x.isFinite else {
                    throw fail(.nonFinite, name, "\(field(name)) must be finite, got \(x) on axis \(axisNames[i])")
                }
                if orZero && x == 0 { continue }
                let inside = open ? x > range.lowerBound && x < range.upperBound : range.contains(x)
                guard inside else {
                    let got = "got \(x) on axis \(axisNames[i])"
                    let message: String
                    if open {
                        message = "\(field(name)) must be within ±\(range.upperBound), ends excluded, \(got)"
                    } else if orZero && x < range.lowerBound {
                        message =
                            "\(field(name)) must be 0 (none) or at least \(range.lowerBound)\(unit), \(got); no sensor has such a \(name)"
                    } else if x < 0 && range.lowerBound >= 0 {
                        message = "\(field(name)) must be ≥ 0, \(got)"
                    } else if x > range.upperBound {
                        message =
                            "\(field(name)) must be at most \(range.upperBound)\(unit), \(got): no sensor has such a term, and larger ones could overflow the samples"
                    } else {
                        message =
                            "\(field(name)) must be within \(range.lowerBound) ... \(range.upperBound)\(unit), \(got): no sensor has such a term"
                    }
                    throw fail(.outOfRange, name, message)
                }
            }
        }
        // The sensor's unit (SI, as Kalibr's): m/s² for an accelerometer, rad/s for a gyroscope.
        let unit = sensor == "accelerometer" ? "m/s²" : sensor == "gyroscope" ? "rad/s" : "unit"
        try axes("noise_density", noiseDensity, Self.noiseDensities, unit: " \(unit)/√Hz")
        try axes("random_walk", randomWalk, Self.randomWalks, unit: " \(unit)/s/√Hz")
        try axes("bias_instability", biasInstability, Self.biasInstabilities, unit: " \(unit)")
        try axes("bias_correlation_time", biasCorrelationTime, Self.biasCorrelationTimes, unit: " s")
        try axes("turn_on_bias", turnOnBias, Self.turnOnBiases, unit: " \(unit)")
        try axes("bias", bias, Self.biases, unit: " \(unit)")
        try axes("scale_factor", scaleFactor, Self.scaleFactors, unit: "", open: true)
        try axes("resolution", resolution, Self.resolutions, unit: " \(unit)", orZero: true)
        try axes("range", range, Self.ranges, unit: " \(unit)", orZero: true)
        try axes("bandwidth", bandwidth, Self.bandwidths, unit: " Hz")
        for i in 0..<3 {
            let axis = axisNames[i]
            if biasInstability[i] > 0 && !(biasCorrelationTime[i] > 0) {
                throw fail(
                    .missingField, "bias_correlation_time",
                    "\(field("bias_instability")) on axis \(axis) needs a positive \(field("bias_correlation_time")) (s), got \(biasCorrelationTime[i])"
                )
            }
            if resolution[i] > 0 && range[i] > 0 && resolution[i] > range[i] {
                throw fail(
                    .outOfRange, "resolution",
                    "\(field("resolution")) \(resolution[i]) is larger than the range \(range[i]) on axis \(axis)")
            }
        }
        guard misalignment.count == 3 else {
            throw fail(
                .malformed, "misalignment",
                "\(field("misalignment")) must be a 3×3 matrix, got \(misalignment.count) rows")
        }
        for (r, row) in misalignment.enumerated() {
            for c in 0..<3 {
                let v = row[c]
                guard v.isFinite else {
                    throw fail(
                        .nonFinite, "misalignment", "\(field("misalignment"))[\(r)][\(c)] must be finite, got \(v)")
                }
                if r == c && v != 0 {
                    throw fail(
                        .outOfRange, "misalignment",
                        "the diagonal of \(field("misalignment")) must be 0 (a diagonal term is a scale factor: use \(field("scale_factor"))), got \(v) at [\(r)][\(c)]"
                    )
                }
                guard Self.misalignmentAngles.contains(v) else {
                    throw fail(
                        .outOfRange, "misalignment",
                        "\(field("misalignment"))[\(r)][\(c)] is a small angle in radians and must be within ±\(Self.misalignmentAngles.upperBound), got \(v)"
                    )
                }
            }
        }
    }

    /// ``validate(sensor:path:)``, then what depends on the rate: a low-pass whose memory (its warm-up)
    /// exceeds 2²⁰ samples at `sampleRate` is refused.
    /// - Parameters:
    ///   - sensor: `accelerometer` or `gyroscope`.
    ///   - path: The JSON path of the IMU object.
    ///   - sampleRate: The sensor's rate, Hz.
    /// - Throws: `SignalError` as ``validate(sensor:path:)``; `.outOfRange` at `path.sensor_bandwidth`.
    public func validate(sensor: String, path: String, sampleRate: Double) throws(SignalError) {
        try validate(sensor: sensor, path: path)
        for i in 0..<3 where bandwidth[i] > 0 {
            let k = FirstOrderLowPass(bandwidth: bandwidth[i]).warmUp(sampleRate: sampleRate)
            guard k <= FirstOrderLowPass.largestWarmUp else {
                throw SignalError(
                    .outOfRange, path: "\(path).\(sensor)_bandwidth",
                    "\(sensor)_bandwidth \(bandwidth[i]) Hz is too low for \(sampleRate) Hz: the filter's memory would span more than 2^20 samples"
                )
            }
        }
    }
}
