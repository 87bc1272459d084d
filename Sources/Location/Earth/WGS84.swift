/// The defining and derived constants of the World Geodetic System 1984 that the Earth models use, as
/// NIMA TR8350.2 (3rd edition, amendment 2, 2004) tables 3.1 and 3.3 give them.
///
/// ```swift
/// let b = WGS84.semiMajorAxis * (1 - WGS84.flattening)   // 6 356 752.314 m
/// ```
public enum WGS84 {
    /// Semi-major axis `a`, metres.
    public static let semiMajorAxis = 6_378_137.0
    /// Flattening `f = 1 / 298.257223563` (dimensionless).
    public static let flattening = 1 / 298.257_223_563
    /// Semi-minor axis `b = a (1 − f)`, metres.
    public static let semiMinorAxis = semiMajorAxis * (1 - flattening)
    /// First eccentricity squared `e² = f (2 − f)` (dimensionless, 6.694 379 990 14 × 10⁻³).
    public static let eccentricitySquared = flattening * (2 - flattening)
    /// Earth's gravitational constant `GM` (atmosphere included), m³/s².
    public static let gravitationalConstant = 3.986_004_418e14
    /// Nominal mean angular velocity of the Earth `ω_ie`, rad/s (TR8350.2 table 3.1).
    public static let angularVelocity = 7.292_115e-5
    /// Normal gravity at the equator `γe`, m/s² (TR8350.2 table 3.3).
    public static let equatorialGravity = 9.780_325_335_9
    /// Normal gravity at the poles `γp`, m/s² (TR8350.2 table 3.3).
    public static let polarGravity = 9.832_184_937_8
    /// Somigliana's constant `k = b γp / (a γe) − 1` (dimensionless, TR8350.2 table 3.3).
    public static let somiglianaConstant = 0.001_931_852_652_41
    /// `m = ω² a² b / GM` (dimensionless, TR8350.2 table 3.3).
    public static let gravityRatio = 0.003_449_786_506_84
}
