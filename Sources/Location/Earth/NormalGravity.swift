import Foundation

/// WGS84 normal gravity: the gravity (gravitation plus the centrifugal term) of the level ellipsoid, the
/// reference an IMU simulation uses for the specific force of a device at rest.
///
/// ```swift
/// let g = NormalGravity.magnitude(latitude: 51.5, height: 45)   // 9.811895 m/s²
/// let down = NormalGravity.vector(latitude: 51.5, height: 45)   // SIMD3(0, 0, −9.811895): east, north, up
/// ```
///
/// On the ellipsoid it is Somigliana's closed formula (NIMA TR8350.2 eq. 4-1)
///
///     γ₀(φ) = γe (1 + k sin²φ) / √(1 − e² sin²φ)
///
/// and above it the second-order expansion in the height `h` (TR8350.2 eq. 4-3)
///
///     γ(φ, h) = γ₀(φ) [1 − 2/a (1 + f + m − 2 f sin²φ) h + 3 h² / a²]
///
/// with `γe`, `k`, `e²`, `a`, `f` and `m` from ``WGS84``. Error bounds against the exact closed form in
/// ellipsoidal-harmonic coordinates (TR8350.2 eq. 4-5; measured by `NormalGravityTests` at every 10° of
/// latitude): below 10⁻¹¹ m/s² on the ellipsoid, and growing about
/// linearly with height (the expansion's coefficients drop terms of higher order in `f` and `m`):
/// 5 × 10⁻⁸ m/s² at −400 m, 1.1 × 10⁻⁷ at 1 km, 7 × 10⁻⁷ at 10 km, 1.5 × 10⁻⁶ at 20 km and 2.1 × 10⁻⁵ at
/// 50 km. Normal gravity is exactly along the ellipsoid normal only on the ellipsoid; above it the normal
/// plumb line tilts toward the equator by about 0.17″ × sin 2φ per kilometre of height (Heiskanen and
/// Moritz, Physical Geodesy, eq. 5-34; 1.7″, or 8 × 10⁻⁵ m/s² sideways, at 10 km), which this model neglects.
public enum NormalGravity {
    /// Normal gravity's magnitude `γ(φ, h)`, m/s².
    /// - Parameters:
    ///   - latitude: Geodetic latitude `φ`, degrees (−90 … 90).
    ///   - height: Height above the WGS84 ellipsoid `h`, metres (error bounds above; use it below 50 km).
    /// - Returns: 9.7803253359 m/s² at the equator and 9.8321849378 m/s² at the poles on the ellipsoid,
    ///   decreasing by about 3.086 × 10⁻⁶ m/s² per metre of height.
    @inlinable
    public static func magnitude(latitude: Double, height: Double) -> Double {
        magnitude(sinLatitude: sin(latitude * .pi / 180), height: height)
    }

    /// Normal gravity's magnitude `γ(φ, h)`, m/s², from `sin φ` (for callers that already hold it; the same
    /// formula and error bounds as ``magnitude(latitude:height:)``).
    /// - Parameters:
    ///   - s: `sin φ` of the geodetic latitude, −1 … 1.
    ///   - height: Height above the WGS84 ellipsoid, metres.
    @inlinable
    package static func magnitude(sinLatitude s: Double, height: Double) -> Double {
        let s2 = s * s
        let a = WGS84.semiMajorAxis
        let f = WGS84.flattening
        let surface =
            WGS84.equatorialGravity * (1 + WGS84.somiglianaConstant * s2)
            / (1 - WGS84.eccentricitySquared * s2).squareRoot()
        let correction = 1 - 2 / a * (1 + f + WGS84.gravityRatio - 2 * f * s2) * height + 3 * height * height / (a * a)
        return surface * correction
    }

    /// Normal gravity as a vector in the local east-north-up frame: `(0, 0, −γ(φ, h))`, m/s², pointing
    /// down the ellipsoid normal.
    /// - Parameters:
    ///   - latitude: Geodetic latitude, degrees (−90 … 90).
    ///   - height: Height above the WGS84 ellipsoid, metres.
    /// - Returns: `SIMD3(east, north, up)`, m/s²; east and north are zero.
    @inlinable
    public static func vector(latitude: Double, height: Double) -> SIMD3<Double> {
        SIMD3(0, 0, -magnitude(latitude: latitude, height: height))
    }
}
