import Foundation

/// The geomagnetic field at a point: its components in the local geodetic north-east-down frame and the
/// elements derived from them, as the World Magnetic Model reports them.
///
/// ```swift
/// let field = try GeomagneticModel.wmm2025.field(latitude: 51.5, longitude: -0.12, height: 0, decimalYear: 2026.5)
/// print(field.declination, field.totalIntensity)   // degrees east of true north, nT
/// ```
public struct GeomagneticField: Sendable, Hashable {
    /// North component `X`, nanotesla (along the local geodetic meridian, toward true north).
    public var north: Double
    /// East component `Y`, nanotesla.
    public var east: Double
    /// Down component `Z`, nanotesla (along the ellipsoid normal, positive downward).
    public var down: Double

    /// Horizontal intensity `H = √(X² + Y²)`, nanotesla.
    public var horizontalIntensity: Double { (north * north + east * east).squareRoot() }

    /// Total intensity `F = √(X² + Y² + Z²)`, nanotesla.
    public var totalIntensity: Double { (north * north + east * east + down * down).squareRoot() }

    /// Declination `D = atan2(Y, X)`: the angle from true north to the horizontal field, degrees, positive
    /// east, in −180 … 180. Undefined (and reported as 0 here when `H = 0`) at the magnetic poles.
    public var declination: Double { atan2(east, north) * 180 / .pi }

    /// Inclination (dip) `I = atan2(Z, H)`: the angle of the field below the horizontal, degrees, positive
    /// down, in −90 … 90.
    public var inclination: Double { atan2(down, horizontalIntensity) * 180 / .pi }
}
