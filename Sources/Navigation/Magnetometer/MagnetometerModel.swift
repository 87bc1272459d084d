import Formats
import Signals

/// The measurement model of a three-axis magnetometer: the World Magnetic Model 2025 at the device's
/// position and time, rotated into the device frame, with soft- and hard-iron distortion, white noise and
/// quantisation. A pure value: every sample is a function of its index alone.
///
/// For sample `n` (rate `fs` = ``sampleRate``), with the device attitude `q` (a unit quaternion that rotates
/// device-frame vectors into the local east-north-up frame, CoreMotion's device axes: x right, y toward the
/// top of the screen, z out of the screen):
///
/// ```
/// B_enu = (Y, X, −Z) / 1000                 (WMM2025 north X, east Y, down Z in nT → east, north, up in µT)
/// B_dev = q* ⊗ B_enu ⊗ q                    (= R(q)ᵀ B_enu)
/// m[n]  = quantise(S · B_dev + b + N √fs · w[n])
/// ```
///
/// - `S`: the ``softIron`` matrix (rows; the identity for none), which scales and skews the field as nearby
///   soft magnetic material does;
/// - `b`: the ``hardIron`` offset, µT (the device's own permanent magnetisation);
/// - `N √fs · w[n]`: white noise of density ``noiseDensity`` (µT/√Hz per axis) at the sample rate;
/// - `quantise`: each axis to the nearest multiple of ``resolution`` (ties to even); none when it is 0.
///
/// ```swift
/// let mag = try MagnetometerModel(sampleRate: 100, hardIron: SIMD3(12, -3, 40), noiseDensity: 0.05, seed: 1)
/// let m = try mag.field(latitude: 51.5, longitude: -0.12, altitude: 50, decimalYear: 2026.4,
///                       attitude: .identity, sample: 0)       // µT, device frame
/// ```
public struct MagnetometerModel: Sendable, Hashable {
    /// The JSON path of a magnetometer's parameters.
    public static let path = "$.trajectory.sensors.magnetometer"
    /// The sample rates a magnetometer may have, Hz.
    public static let sampleRates: ClosedRange<Double> = 1e-3...1e6
    /// The hard-iron offsets allowed per axis, µT (±10 mT).
    public static let hardIronOffsets: ClosedRange<Double> = MagnetometerCalibrationRules.hardIronOffsets
    /// The soft-iron matrix entries allowed.
    public static let softIronEntries: ClosedRange<Double> = MagnetometerCalibrationRules.softIronEntries
    /// The smallest `|det S|` of a soft-iron matrix: below it the matrix is taken as singular (not invertible).
    /// The one threshold of the package: a render directory's `sensors.json` and a server's spec are held to it too.
    public static let minimumSoftIronDeterminant = MagnetometerCalibrationRules.minimumSoftIronDeterminant
    /// The noise densities allowed per axis, µT/√Hz.
    public static let noiseDensities: ClosedRange<Double> = 0...1_000
    /// The quantisation steps allowed (0 for none, else at least ``smallestResolution``), µT.
    public static let resolutions: ClosedRange<Double> = 0...1_000
    /// The smallest quantisation step other than 0, µT: 10⁻¹², as the IMU's (`SensorModel/resolutions`).
    public static let smallestResolution = 1e-12

    /// The identity soft-iron matrix (no distortion), as rows.
    public static let identity: [SIMD3<Double>] = MagnetometerCalibrationRules.identity

    /// Hard-iron offset added in the device frame, µT.
    public let hardIron: SIMD3<Double>
    /// Soft-iron matrix `S` (three rows), dimensionless, applied to the device-frame field.
    public let softIron: [SIMD3<Double>]
    /// White-noise density per device axis, µT/√Hz; the per-sample standard deviation is this × √``sampleRate``.
    public let noiseDensity: SIMD3<Double>
    /// Quantisation step, µT; 0 for none.
    public let resolution: Double
    /// The magnetometer's sample rate, Hz: sample `n` is at `n / sampleRate` seconds.
    public internal(set) var sampleRate: Double
    /// The seed of the noise streams.
    public let seed: UInt64

    /// Creates a magnetometer, checking every parameter.
    /// - Parameters:
    ///   - sampleRate: Samples per second, Hz, within ``sampleRates``.
    ///   - hardIron: Hard-iron offset, µT per device axis, within ``hardIronOffsets``.
    ///   - softIron: Soft-iron matrix as three rows, each entry within ``softIronEntries``, with
    ///     `|det| ≥` ``minimumSoftIronDeterminant``; the identity for none.
    ///   - noiseDensity: White-noise density, µT/√Hz per axis, within ``noiseDensities``.
    ///   - resolution: Quantisation step, µT, within ``resolutions``: 0 (none) or at least ``smallestResolution``.
    ///   - seed: The seed of the noise streams.
    /// - Throws: `SignalError` `.nonFinite` or `.outOfRange` at the parameter's path
    ///   (`$.trajectory.sensors.magnetometer.rate`, `.hard_iron[i]`, `.soft_iron[i][j]`, `.noise_density[i]`,
    ///   `.resolution`); `.malformed` at `.soft_iron` for a matrix that is not 3 × 3; `.outOfRange` there for
    ///   a singular one.
    public init(
        sampleRate: Double, hardIron: SIMD3<Double> = .zero, softIron: [SIMD3<Double>] = MagnetometerModel.identity,
        noiseDensity: SIMD3<Double> = .zero, resolution: Double = 0, seed: UInt64 = 0
    ) throws(SignalError) {
        let check = ParameterCheck(path: Self.path)
        try check.check(sampleRate, "rate", unit: "Hz", in: Self.sampleRates)
        try MagnetometerCalibrationRules.check(hardIron: hardIron, softIron: softIron, path: Self.path)
        for i in 0..<3 {
            try check.check(noiseDensity[i], "noise_density[\(i)]", unit: "µT/√Hz", in: Self.noiseDensities)
        }
        try check.check(resolution, "resolution", unit: "µT", in: Self.resolutions)
        guard resolution == 0 || resolution >= Self.smallestResolution else {
            throw SignalError(
                .outOfRange, path: check.path("resolution"),
                "resolution must be 0 (none) or at least \(Self.smallestResolution) µT, got \(resolution): quantising to a smaller step divides a reading into more steps than a Double holds (inf)"
            )
        }
        self.sampleRate = sampleRate
        self.hardIron = hardIron
        self.softIron = softIron
        self.noiseDensity = noiseDensity
        self.resolution = resolution
        self.seed = seed
    }

    /// Creates a magnetometer with the same noise density on every axis (as the per-axis initialiser).
    /// - Parameters:
    ///   - sampleRate: Samples per second, Hz.
    ///   - hardIron: Hard-iron offset, µT per device axis.
    ///   - softIron: Soft-iron matrix as three rows.
    ///   - noiseDensity: White-noise density, µT/√Hz, every axis.
    ///   - resolution: Quantisation step, µT.
    ///   - seed: The seed of the noise streams.
    /// - Throws: As the per-axis initialiser.
    public init(
        sampleRate: Double, hardIron: SIMD3<Double> = .zero, softIron: [SIMD3<Double>] = MagnetometerModel.identity,
        noiseDensity: Double, resolution: Double = 0, seed: UInt64 = 0
    ) throws(SignalError) {
        try self.init(
            sampleRate: sampleRate, hardIron: hardIron, softIron: softIron,
            noiseDensity: SIMD3(repeating: noiseDensity), resolution: resolution, seed: seed)
    }

    /// The stream number of axis `i`'s white noise (apart from the IMU's and the barometer's).
    static func whiteStream(_ axis: Int) -> UInt64 { 0x200 + UInt64(axis) }
}
