import Foundation

/// The Earth's rotation and the transport rate seen from a local east-north-up (ENU) frame, the two
/// angular velocities a navigation-grade gyroscope on a moving vehicle measures besides the vehicle's own.
///
/// ```swift
/// let earth = EarthRotation.earthRate(latitude: 45)          // (0, 5.156e-5, 5.156e-5) rad/s
/// let transport = EarthRotation.transportRate(latitude: 45, height: 0, velocity: SIMD3(20, 0, 0))
/// let total = earth + transport                                // ω_in = ω_ie + ω_en, in ENU
/// ```
///
/// With `φ` the geodetic latitude, `h` the ellipsoidal height, `M` and `N` the meridian and prime-vertical
/// radii of curvature (``RadiiOfCurvature``) and `v = (v_E, v_N, v_U)` the velocity over the ground:
///
///     ω_ie = (0, ω cos φ, ω sin φ)
///     ω_en = (−v_N / (M + h), v_E / (N + h), v_E tan φ / (N + h))
///
/// Both are exact for the WGS84 ellipsoid (rounding of `Double` only). The transport rate's up component
/// grows without bound as `φ → ±90°` (the east direction turns arbitrarily fast near a pole); it is
/// infinite at a pole itself, where east and north are undefined.
public enum EarthRotation {
    /// The Earth's rotation rate `ω_ie` relative to inertial space, rad/s (WGS84: 7.292115 × 10⁻⁵).
    public static let rate = WGS84.angularVelocity

    /// The Earth's rotation `ω_ie` expressed in the local east-north-up frame, rad/s.
    /// - Parameter latitude: Geodetic latitude, degrees.
    /// - Returns: `SIMD3(0, ω cos φ, ω sin φ)` (east, north, up), rad/s.
    @inlinable
    public static func earthRate(latitude: Double) -> SIMD3<Double> {
        let phi = latitude * .pi / 180
        return SIMD3(0, rate * cos(phi), rate * sin(phi))
    }

    /// The transport rate `ω_en`: the angular velocity of the local east-north-up frame relative to the
    /// Earth as the frame moves over the ellipsoid, expressed in that frame, rad/s.
    /// - Parameters:
    ///   - latitude: Geodetic latitude, degrees (not ±90: the up component is `v_E tan φ / (N + h)`).
    ///   - height: Height above the WGS84 ellipsoid, metres.
    ///   - velocity: Velocity relative to the Earth, `SIMD3(east, north, up)`, m/s.
    /// - Returns: `SIMD3(east, north, up)`, rad/s.
    @inlinable
    public static func transportRate(latitude: Double, height: Double, velocity: SIMD3<Double>) -> SIMD3<Double> {
        let radii = RadiiOfCurvature(latitude: latitude)
        let phi = latitude * .pi / 180
        let east = velocity.x / (radii.primeVertical + height)
        return SIMD3(-velocity.y / (radii.meridian + height), east, east * tan(phi))
    }

    /// ``earthRate(latitude:)`` from `sin φ` and `cos φ`: `SIMD3(0, ω cos φ, ω sin φ)`, rad/s.
    @inlinable
    package static func earthRate(sinLatitude s: Double, cosLatitude c: Double) -> SIMD3<Double> {
        SIMD3(0, rate * c, rate * s)
    }

    /// ``transportRate(latitude:height:velocity:)`` from `sin φ`, `cos φ` and the radii there, with
    /// `tan φ = sin φ / cos φ` (exact to rounding; `cos φ` must not be 0): `SIMD3(east, north, up)`, rad/s.
    @inlinable
    package static func transportRate(
        sinLatitude s: Double, cosLatitude c: Double, radii: RadiiOfCurvature, height: Double,
        velocity: SIMD3<Double>
    ) -> SIMD3<Double> {
        let east = velocity.x / (radii.primeVertical + height)
        return SIMD3(-velocity.y / (radii.meridian + height), east, east * (s / c))
    }
}
