import Location
import Signals

/// The measurement model of a barometer: the static pressure of the International Standard Atmosphere
/// (ICAO 1993) at the device's height above mean sea level, with a drifting weather term, white noise and
/// quantisation. A pure value: every sample is a function of its index alone.
///
/// For sample `n` (time `t = n / fs`, `fs` = ``sampleRate``) at geodetic latitude `φ`, longitude `λ` and
/// height above the WGS84 ellipsoid `h`:
///
/// ```
/// z    = h − N(φ, λ)                       (EGM96 geoid height N: height above mean sea level, m)
/// H    = r z / (r + z)                     (geopotential height, r = 6 356 766 m)
/// p[n] = quantise(ISA(H) + weather[n] + N_p √fs · w[n])
/// ```
///
/// - `ISA(H)`: `StandardAtmosphere` (`Location`) with this model's sea-level pressure and temperature;
/// - `weather[n]`: a stationary first-order Gauss–Markov process (Pa) with standard deviation
///   ``weatherDeviation`` and correlation time ``weatherCorrelationTime``: the slow change of the
///   sea-level pressure a real barometer also sees;
/// - `N_p √fs · w[n]`: white noise of density ``noiseDensity`` (Pa/√Hz) at the sample rate, as the IMU's;
/// - `quantise`: to the nearest multiple of ``resolution`` (ties to even); none when it is 0.
///
/// A term that is zero is off, so ``init(sampleRate:seaLevelPressure:seaLevelTemperature:weatherDeviation:weatherCorrelationTime:noiseDensity:resolution:seed:)``
/// with its defaults is the ideal barometer; each term is set from the part's datasheet.
///
/// ```swift
/// let baro = try BarometerModel(sampleRate: 25, weatherDeviation: 100, weatherCorrelationTime: 10_800,
///                               noiseDensity: 0.03, resolution: 0.016, seed: 7)
/// let p = try baro.pressure(latitude: 51.5007, longitude: -0.1246, altitude: 60, sample: 250)  // the ISA's 101 156 Pa + weather + noise
/// ```
///
/// The noise is counter-based and seeded (the IMU's generators): sample `n` is the same whether it is
/// computed alone or inside any block.
public struct BarometerModel: Sendable, Hashable {
    /// The JSON path of a barometer's parameters.
    public static let path = "$.trajectory.sensors.barometer"
    /// The sample rates a barometer may have, Hz.
    public static let sampleRates: ClosedRange<Double> = 1e-3...1e6
    /// The weather deviations allowed, pascals (up to 50 hPa).
    public static let weatherDeviations: ClosedRange<Double> = 0...5_000
    /// The correlation times allowed, seconds (up to about 11.6 days).
    public static let correlationTimes: ClosedRange<Double> = 0...1e6
    /// The noise densities allowed, Pa/√Hz.
    public static let noiseDensities: ClosedRange<Double> = 0...1_000
    /// The quantisation steps allowed (0 for none, else at least ``smallestResolution``), pascals.
    public static let resolutions: ClosedRange<Double> = 0...1_000
    /// The smallest quantisation step other than 0, Pa: 10⁻¹², as the IMU's (`SensorModel/resolutions`).
    public static let smallestResolution = 1e-12

    /// The atmosphere the true pressure comes from (sea-level pressure and temperature).
    public let atmosphere: StandardAtmosphere
    /// Standard deviation of the weather term, pascals; 0 for none.
    public let weatherDeviation: Double
    /// Correlation time of the weather term, seconds (> 0 where ``weatherDeviation`` is not 0).
    public let weatherCorrelationTime: Double
    /// White-noise density, Pa/√Hz; the per-sample standard deviation is this × √``sampleRate``.
    public let noiseDensity: Double
    /// Quantisation step, pascals; 0 for none.
    public let resolution: Double
    /// The barometer's sample rate, Hz: sample `n` is at `n / sampleRate` seconds.
    public internal(set) var sampleRate: Double
    /// The seed of the weather and noise streams.
    public let seed: UInt64

    /// Creates a barometer, checking every parameter.
    /// - Parameters:
    ///   - sampleRate: Samples per second, Hz, within ``sampleRates``.
    ///   - seaLevelPressure: The ISA's pressure at geopotential height 0, pascals (50 000 … 150 000).
    ///   - seaLevelTemperature: The ISA's temperature at geopotential height 0, kelvin (173.15 … 373.15).
    ///   - weatherDeviation: Standard deviation of the weather term, pascals, within ``weatherDeviations``.
    ///   - weatherCorrelationTime: Its correlation time, seconds, within ``correlationTimes``; > 0 when the
    ///     deviation is.
    ///   - noiseDensity: White-noise density, Pa/√Hz, within ``noiseDensities``.
    ///   - resolution: Quantisation step, pascals, within ``resolutions``: 0 (none) or at least ``smallestResolution``.
    ///   - seed: The seed of the noise streams.
    /// - Throws: `SignalError` `.nonFinite`, `.outOfRange` or `.missingField` at the parameter's path
    ///   (`$.trajectory.sensors.barometer.rate`, `.sea_level_pressure`, `.sea_level_temperature`,
    ///   `.weather_sigma`, `.weather_correlation_time`, `.noise_density`, `.resolution`).
    public init(
        sampleRate: Double, seaLevelPressure: Double = StandardAtmosphere.standardSeaLevelPressure,
        seaLevelTemperature: Double = StandardAtmosphere.standardSeaLevelTemperature,
        weatherDeviation: Double = 0, weatherCorrelationTime: Double = 0, noiseDensity: Double = 0,
        resolution: Double = 0, seed: UInt64 = 0
    ) throws(SignalError) {
        let check = ParameterCheck(path: Self.path)
        try check.check(sampleRate, "rate", unit: "Hz", in: Self.sampleRates)
        try check.check(seaLevelPressure, "sea_level_pressure", unit: "Pa", in: StandardAtmosphere.seaLevelPressures)
        try check.check(
            seaLevelTemperature, "sea_level_temperature", unit: "K", in: StandardAtmosphere.seaLevelTemperatures)
        try check.check(weatherDeviation, "weather_sigma", unit: "Pa", in: Self.weatherDeviations)
        try check.check(weatherCorrelationTime, "weather_correlation_time", unit: "s", in: Self.correlationTimes)
        try check.check(noiseDensity, "noise_density", unit: "Pa/√Hz", in: Self.noiseDensities)
        try check.check(resolution, "resolution", unit: "Pa", in: Self.resolutions)
        guard resolution == 0 || resolution >= Self.smallestResolution else {
            throw SignalError(
                .outOfRange, path: check.path("resolution"),
                "resolution must be 0 (none) or at least \(Self.smallestResolution) Pa, got \(resolution): quantising to a smaller step divides a reading into more steps than a Double holds (inf)"
            )
        }
        if weatherDeviation > 0 && !(weatherCorrelationTime > 0) {
            throw SignalError(
                .missingField, path: check.path("weather_correlation_time"),
                "weather_sigma \(weatherDeviation) Pa needs a positive weather_correlation_time (s)")
        }
        do {
            atmosphere = try StandardAtmosphere(
                seaLevelPressure: seaLevelPressure, seaLevelTemperature: seaLevelTemperature)
        } catch {
            throw check.relocated(error, "the standard atmosphere")
        }
        self.sampleRate = sampleRate
        self.weatherDeviation = weatherDeviation
        self.weatherCorrelationTime = weatherDeviation > 0 ? weatherCorrelationTime : 0
        self.noiseDensity = noiseDensity
        self.resolution = resolution
        self.seed = seed
    }

    /// The stream numbers of the barometer's noise (apart from the IMU's 0 … 23 and the magnetometer's).
    static let weatherStream: UInt64 = 0x100, whiteStream: UInt64 = 0x101
}
