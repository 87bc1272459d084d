import Foundation

/// The WGS84 ellipsoid's principal radii of curvature at a geodetic latitude.
///
/// ```swift
/// let radii = RadiiOfCurvature(latitude: 45)
/// let metresPerRadianNorth = radii.meridian + height   // M + h
/// ```
///
/// `M = a (1 − e²) / (1 − e² sin²φ)^{3/2}` and `N = a / (1 − e² sin²φ)^{1/2}`, from ``WGS84``'s `a` and `f`;
/// exact to the rounding of `Double` (relative error below 10⁻¹⁵).
public struct RadiiOfCurvature: Sendable, Hashable {
    /// Meridian radius of curvature `M` (north–south), metres: 6 335 439 m at the equator, 6 399 594 m at
    /// the poles.
    public var meridian: Double
    /// Prime-vertical radius of curvature `N` (east–west, normal to the meridian), metres: 6 378 137 m at the
    /// equator, 6 399 594 m at the poles.
    public var primeVertical: Double

    /// The radii at a geodetic latitude.
    /// - Parameter latitude: Geodetic latitude, degrees (any finite value; ±90 at the poles).
    public init(latitude: Double) {
        self.init(sinLatitude: sin(latitude * .pi / 180))
    }

    /// The radii at the geodetic latitude whose sine is `s` (for callers that already hold `sin φ`).
    /// - Parameter s: `sin φ`, −1 … 1.
    @inlinable
    package init(sinLatitude s: Double) {
        let w = 1 - WGS84.eccentricitySquared * s * s
        primeVertical = WGS84.semiMajorAxis / w.squareRoot()
        meridian = WGS84.semiMajorAxis * (1 - WGS84.eccentricitySquared) / (w * w.squareRoot())
    }
}
