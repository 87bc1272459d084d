import Foundation
import Signals

/// Geodesics on an ellipsoid of revolution, by Karney's algorithms: the shortest path between two points
/// (the inverse problem) and the point a distance along a path (the direct problem), accurate to about
/// 15 nanometres on WGS84 for any pair of points, antipodal and polar ones included.
///
/// ```swift
/// let g = Geodesic.wgs84
/// let leg = g.inverse(from: GeoCoordinate(latitude: 51.5007, longitude: -0.1246),
///                     to: GeoCoordinate(latitude: 40.6892, longitude: -74.0445))
/// print(leg.distance)            // 5,574,840.5 m
/// let p = g.direct(from: GeoCoordinate(latitude: 0, longitude: 0), azimuth: 45, distance: 1000)
/// ```
///
/// A Swift port of the algorithms of C. F. F. Karney, "Algorithms for geodesics", J. Geodesy 87, 43–55
/// (2013), <https://doi.org/10.1007/s00190-012-0578-z>, with series to order 6 and the solution procedure
/// of GeographicLib's `Geodesic` class (Copyright (c) Charles Karney, MIT/X11 License,
/// <https://geographiclib.sourceforge.io>). Checked against GeographicLib's published test set
/// (`GeodTest`): positions and distances agree to well under a micrometre.
///
/// Latitudes outside −90°…90° give NaN results, as in GeographicLib; ``Route`` checks its input before
/// it gets here.
public struct Geodesic: Sendable, Hashable {
    /// Equatorial radius `a` (metres).
    public let equatorialRadius: Double
    /// Flattening `f = (a − b) / a`.
    public let flattening: Double

    @usableFromInline let f1: Double  // 1 − f
    @usableFromInline let ep2: Double  // e'²
    @usableFromInline let n: Double  // third flattening
    @usableFromInline let b: Double  // polar semi-axis
    @usableFromInline let etol2: Double
    @usableFromInline let a3x: [Double]
    @usableFromInline let c3x: [Double]

    /// The WGS84 ellipsoid (GPS): `a = 6,378,137 m`, `f = 1/298.257223563`.
    public static let wgs84 = Geodesic(validatedRadius: 6_378_137, flattening: 1 / 298.257223563)

    /// An ellipsoid of equatorial radius `a` and flattening `f`.
    /// - Parameters:
    ///   - equatorialRadius: `a` in metres, finite and > 0.
    ///   - flattening: `f`, 0 (a sphere) ≤ f < 0.1 (oblate; the Earth's is 1/298.26).
    /// - Throws: `SignalError` (`outOfRange`) for other values.
    public init(equatorialRadius: Double, flattening: Double) throws(SignalError) {
        guard equatorialRadius.isFinite, equatorialRadius > 0 else {
            throw SignalError(
                .outOfRange, "equatorial radius must be a finite number of metres > 0, got \(equatorialRadius)")
        }
        guard flattening.isFinite, flattening >= 0, flattening < 0.1 else {
            throw SignalError(.outOfRange, "flattening must be in 0 ..< 0.1, got \(flattening)")
        }
        self.init(validatedRadius: equatorialRadius, flattening: flattening)
    }

    private init(validatedRadius a: Double, flattening f: Double) {
        equatorialRadius = a
        flattening = f
        f1 = 1 - f
        ep2 = f * (2 - f) / (f1 * f1)  // e² / (1 − e²)
        n = f / (2 - f)
        b = a * f1
        etol2 = 0.1 * Geodesic.tol2 / (max(0.001, abs(f)) * min(1, 1 - f / 2) / 2).squareRoot()
        a3x = GeodesicSeries.a3x(n: n)
        c3x = GeodesicSeries.c3x(n: n)
    }

    // Tolerances of the solver (GeographicLib's).
    @usableFromInline static let tiny = Double.leastNormalMagnitude.squareRoot()
    static let tol0 = Double.ulpOfOne
    static let tol1 = 200 * tol0
    static let tol2 = tol0.squareRoot()
    static let tolb = tol0
    static let xthresh = 1000 * tol2
    static let maxit1 = 20
    static let maxit2 = maxit1 + Double.significandBitCount + 1 + 10

    /// `A3(ε)` (eq. 24).
    @usableFromInline
    func a3(_ eps: Double) -> Double { GeoMath.polyval(GeodesicSeries.order - 1, a3x, 0, eps) }

    /// `C3[l](ε)`, l = 1 … 5 (eq. 25).
    @usableFromInline
    func c3(_ eps: Double) -> SIMD8<Double> {
        var c = SIMD8<Double>()
        var mult = 1.0
        var o = 0
        for l in 1..<GeodesicSeries.order {
            let m = GeodesicSeries.order - l - 1
            mult *= eps
            c[l] = mult * GeoMath.polyval(m, c3x, o, eps)
            o += m + 1
        }
        return c
    }

    /// `ε` from `k²` (eq. 16).
    @inlinable
    static func epsilon(_ k2: Double) -> Double { k2 / (2 * (1 + (1 + k2).squareRoot()) + k2) }
}

/// A point on the ellipsoid: latitude and longitude in degrees.
///
/// ```swift
/// let bigBen = GeoCoordinate(latitude: 51.5007, longitude: -0.1246)
/// ```
public struct GeoCoordinate: Sendable, Hashable, Codable {
    /// Degrees north of the equator, −90 … 90.
    public var latitude: Double
    /// Degrees east of Greenwich, −180 … 180.
    public var longitude: Double

    /// Creates a coordinate.
    /// - Parameters:
    ///   - latitude: Degrees north, −90 … 90.
    ///   - longitude: Degrees east, −180 … 180.
    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }
}
