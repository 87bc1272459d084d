/// The error model of one three-axis inertial sensor (an accelerometer or a gyroscope), per axis, in
/// SI units: m/s² for an accelerometer, rad/s for a gyroscope ("unit" below).
///
/// A term that is zero is off (no hidden defaults). For a true input `u` (specific force or angular
/// rate, three axes) the sensor reports, per sample `n` at rate `fs`:
///
/// ```
/// v[n] = (I + diag(scaleFactor)) · (I + misalignment) · u[n]
///        + bias + turnOn + randomWalk[n] + gaussMarkov[n] + white[n]
/// y[n] = quantise(saturate(lowPass(v)[n]))
/// ```
///
/// Discretisation, as Gazebo's IMU noise, the RotorS/PX4 plugin and Kalibr's `imu.yaml` define it:
/// - `white[n] = N·√fs · w`, `N` = ``noiseDensity`` (unit/√Hz; Kalibr `*_noise_density`);
/// - `randomWalk[n+1] = randomWalk[n] + K/√fs · w`, `K` = ``randomWalk`` (unit/s/√Hz; Kalibr `*_random_walk`),
///   starting at 0;
/// - `gaussMarkov[n+1] = φ·gaussMarkov[n] + σ·√(1 − φ²) · w`, `φ = exp(−1/(τ·fs))` (the exact update),
///   `σ` = ``biasInstability``, `τ` = ``biasCorrelationTime``, stationary from sample 0;
/// - `turnOn` ~ N(0, ``turnOnBias``²), drawn once per run from the seed;
/// - `lowPass`: `y[n] = a·y[n−1] + (1 − a)·v[n]`, `a = exp(−2π·bandwidth/fs)` (first order, unity DC gain);
/// - `saturate`: clamp to ±``range``; `quantise`: round to a multiple of ``resolution``.
/// `w` are independent standard normal draws per sensor, axis and process.
///
/// Every term has a documented range (``noiseDensities``, ``randomWalks``, …), checked by
/// ``validate(sensor:path:)`` wherever a model is written: physical maxima far beyond any real part, which
/// keep every sample finite at every rate the engine renders.
///
/// ```swift
/// var gyro = SensorModel()
/// gyro.noiseDensity = SIMD3(repeating: 2e-4)     // rad/s/√Hz
/// gyro.randomWalk = SIMD3(repeating: 2e-5)       // rad/s²/√Hz
/// ```
public struct SensorModel: Sendable, Hashable {
    /// White noise density `N` (unit/√Hz), 0 … 10 (``noiseDensities``).
    public var noiseDensity: SIMD3<Double>
    /// Bias random walk `K` (unit/s/√Hz), 0 … 10 (``randomWalks``).
    public var randomWalk: SIMD3<Double>
    /// Bias instability: the stationary standard deviation `σ` of a first-order Gauss–Markov bias (unit),
    /// 0 … 100 (``biasInstabilities``).
    /// Its Allan deviation peaks at 0.617·σ for τ ≈ 1.89 × the correlation time.
    public var biasInstability: SIMD3<Double>
    /// Correlation time `τ` of the Gauss–Markov bias (s), up to 10⁹ (``biasCorrelationTimes``); required
    /// (> 0) where ``biasInstability`` is not 0.
    public var biasCorrelationTime: SIMD3<Double>
    /// Standard deviation of the turn-on bias, a constant drawn per run from the seed (unit), 0 … 100
    /// (``turnOnBiases``).
    public var turnOnBias: SIMD3<Double>
    /// A fixed bias (unit), −1000 … 1000 (``biases``).
    public var bias: SIMD3<Double>
    /// Scale-factor error (a fraction: 0.01 reads 1 % high), within ±0.5 (``scaleFactors``).
    public var scaleFactor: SIMD3<Double>
    /// Axis misalignment, small angles (rad): row `i` is how much of each true axis leaks into axis `i`;
    /// the diagonal must be zero (that is the scale factor); each within ±0.2 (``misalignmentAngles``).
    public var misalignment: [SIMD3<Double>]
    /// Quantisation step (unit per least significant bit); 0 for none, else 10⁻¹² … 10⁴ (``resolutions``).
    public var resolution: SIMD3<Double>
    /// Measurement range: outputs saturate at ±range (unit); 0 for none, else 10⁻¹² … 10⁶ (``ranges``).
    public var range: SIMD3<Double>
    /// −3 dB bandwidth of a first-order low-pass (Hz); 0 for none, else up to 10⁶ (``bandwidths``).
    public var bandwidth: SIMD3<Double>

    /// An ideal sensor: every term zero (off).
    public init() {
        noiseDensity = .zero
        randomWalk = .zero
        biasInstability = .zero
        biasCorrelationTime = .zero
        turnOnBias = .zero
        bias = .zero
        scaleFactor = .zero
        misalignment = [.zero, .zero, .zero]
        resolution = .zero
        range = .zero
        bandwidth = .zero
    }

    /// Creates a model with the noise terms Kalibr's `imu.yaml` has (the rest zero).
    /// - Parameters:
    ///   - noiseDensity: `N` (unit/√Hz), all axes.
    ///   - randomWalk: `K` (unit/s/√Hz), all axes.
    public init(noiseDensity: Double, randomWalk: Double) {
        self.init()
        self.noiseDensity = SIMD3(repeating: noiseDensity)
        self.randomWalk = SIMD3(repeating: randomWalk)
    }

    /// An ideal sensor.
    public static let ideal = SensorModel()

    /// Whether any axis has a low-pass filter.
    var filters: Bool { bandwidth.x > 0 || bandwidth.y > 0 || bandwidth.z > 0 }

    /// Whether the misalignment matrix is not zero.
    var misaligned: Bool { misalignment.contains { $0 != .zero } }
}
