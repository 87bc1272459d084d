import Foundation

/// A geodesic with its constants worked out once, so that any point along it costs one evaluation:
/// GeographicLib's `GeodesicLine`. A route keeps one per leg.
///
/// ```swift
/// let line = Geodesic.wgs84.line(from: GeoCoordinate(latitude: 40.64, longitude: -73.78),
///                                to: GeoCoordinate(latitude: 1.36, longitude: 103.99))
/// let halfway = line.position(distance: line.distance / 2)   // latitude, longitude, azimuth
/// ```
///
/// Cost of ``position(distance:)``: two sines, two cosines, three `atan2`, one `hypot` and two Clenshaw sums
/// of 6 and 5 terms. Error: below 15 nm on WGS84 for any distance (Karney 2013, sec. 9).
public struct GeodesicLine: Sendable, Hashable {
    /// The first point (degrees).
    public let start: GeoCoordinate
    /// Forward azimuth at the first point (degrees clockwise from north, −180 … 180).
    public let azimuth: Double
    /// Distance to the second point when the line was made from two points (metres); 0 otherwise.
    public let distance: Double

    @usableFromInline let lon1: Double  // start longitude reduced to [−180, 180]
    @usableFromInline let b: Double, f1: Double, f: Double
    @usableFromInline let salp0: Double, calp0: Double
    @usableFromInline let ssig1: Double, csig1: Double, somg1: Double, comg1: Double
    @usableFromInline let k2: Double, a1m1: Double, b11: Double, stau1: Double, ctau1: Double
    @usableFromInline let a3c: Double, b31: Double
    @usableFromInline let c1a: SIMD8<Double>, c1pa: SIMD8<Double>, c3a: SIMD8<Double>

    /// Sets up the line from a point and the sine and cosine of its azimuth.
    @usableFromInline
    init(
        _ g: Geodesic, latitude lat1In: Double, longitude lon1In: Double, azimuth azi1: Double,
        salp1: Double, calp1: Double, distance: Double
    ) {
        let lat1 = GeoMath.latFix(lat1In)
        start = GeoCoordinate(latitude: lat1, longitude: lon1In)
        azimuth = azi1
        self.distance = distance
        lon1 = GeoMath.angNormalize(lon1In)
        b = g.b
        f1 = g.f1
        f = g.flattening
        var (sbet1, cbet1) = GeoMath.sincosd(GeoMath.angRound(lat1))
        sbet1 *= f1
        (sbet1, cbet1) = GeoMath.norm(sbet1, cbet1)
        cbet1 = max(Geodesic.tiny, cbet1)
        salp0 = salp1 * cbet1
        calp0 = hypot(calp1, salp1 * sbet1)
        somg1 = salp0 * sbet1
        let c = sbet1 != 0 || calp1 != 0 ? cbet1 * calp1 : 1
        comg1 = c
        (ssig1, csig1) = GeoMath.norm(sbet1, c)
        k2 = calp0 * calp0 * g.ep2
        let eps = Geodesic.epsilon(k2)
        a1m1 = GeodesicSeries.a1m1(eps)
        c1a = GeodesicSeries.c1(eps)
        b11 = GeodesicSeries.sinCosSeries(true, ssig1, csig1, c1a, count: 7)
        let s = sin(b11)
        let co = cos(b11)
        stau1 = ssig1 * co + csig1 * s
        ctau1 = csig1 * co - ssig1 * s
        c1pa = GeodesicSeries.c1p(eps)
        c3a = g.c3(eps)
        a3c = -f * salp0 * g.a3(eps)
        b31 = GeodesicSeries.sinCosSeries(true, ssig1, csig1, c3a, count: 6)
    }

    /// The point `distance` metres along the line, and the forward azimuth there.
    ///
    /// ```swift
    /// let p = line.position(distance: 1500)   // p.latitude, p.longitude, p.azimuth
    /// ```
    /// - Parameter s12: Metres from the first point (negative goes backwards).
    /// - Returns: Latitude (°), longitude (°, −180 … 180) and forward azimuth (°, −180 … 180); error below
    ///   15 nm on WGS84.
    @inlinable
    public func position(distance s12: Double) -> GeodesicPoint {
        let tau12 = s12 / (b * (1 + a1m1))
        let s = sin(tau12)
        let c = cos(tau12)
        let b12 = -GeodesicSeries.sinCosSeries(true, stau1 * c + ctau1 * s, ctau1 * c - stau1 * s, c1pa, count: 7)
        var sig12 = tau12 - (b12 - b11)
        var ssig12 = sin(sig12)
        var csig12 = cos(sig12)
        if abs(f) > 0.01 {
            // Very flat ellipsoids: one Newton step on σ12 (never taken for the Earth).
            let ssig2 = ssig1 * csig12 + csig1 * ssig12
            let csig2 = csig1 * csig12 - ssig1 * ssig12
            let b12b = GeodesicSeries.sinCosSeries(true, ssig2, csig2, c1a, count: 7)
            let serr = (1 + a1m1) * (sig12 + (b12b - b11)) - s12 / b
            sig12 -= serr / (1 + k2 * ssig2 * ssig2).squareRoot()
            ssig12 = sin(sig12)
            csig12 = cos(sig12)
        }
        let ssig2 = ssig1 * csig12 + csig1 * ssig12
        var csig2 = csig1 * csig12 - ssig1 * ssig12
        let sbet2 = calp0 * ssig2
        var cbet2 = hypot(salp0, calp0 * csig2)
        if cbet2 == 0 {
            cbet2 = Geodesic.tiny
            csig2 = Geodesic.tiny
        }
        let calp2 = calp0 * csig2
        let somg2 = salp0 * ssig2
        let comg2 = csig2
        let omg12 = atan2(somg2 * comg1 - comg2 * somg1, comg2 * comg1 + somg2 * somg1)
        let lam12 = omg12 + a3c * (sig12 + (GeodesicSeries.sinCosSeries(true, ssig2, csig2, c3a, count: 6) - b31))
        let lon12 = lam12 * GeoMath.degreesPerRadian
        return GeodesicPoint(
            latitude: GeoMath.atan2d(sbet2, f1 * cbet2),
            longitude: GeoMath.angNormalize(lon1 + GeoMath.angNormalize(lon12)),
            azimuth: GeoMath.atan2d(salp0, calp2))
    }
}

/// A point on a geodesic and the direction of travel there.
public struct GeodesicPoint: Sendable, Hashable {
    /// Degrees north, −90 … 90.
    public var latitude: Double
    /// Degrees east, −180 … 180.
    public var longitude: Double
    /// Forward azimuth (degrees clockwise from north, −180 … 180).
    public var azimuth: Double

    /// Creates a point.
    /// - Parameters:
    ///   - latitude: Degrees north.
    ///   - longitude: Degrees east.
    ///   - azimuth: Forward azimuth in degrees clockwise from north.
    public init(latitude: Double, longitude: Double, azimuth: Double) {
        self.latitude = latitude
        self.longitude = longitude
        self.azimuth = azimuth
    }
}

extension Geodesic {
    /// The geodesic leaving `start` at `azimuth`.
    /// - Parameters:
    ///   - start: The first point (degrees).
    ///   - azimuth: Forward azimuth at `start` (degrees clockwise from north).
    /// - Returns: A line whose ``GeodesicLine/position(distance:)`` solves the direct problem.
    public func line(from start: GeoCoordinate, azimuth: Double) -> GeodesicLine {
        let (salp1, calp1) = GeoMath.sincosd(GeoMath.angRound(azimuth))
        return GeodesicLine(
            self, latitude: start.latitude, longitude: start.longitude,
            azimuth: GeoMath.angNormalize(azimuth), salp1: salp1, calp1: calp1, distance: 0)
    }

    /// The shortest geodesic from `start` to `end` (the inverse problem), ready for points along it.
    /// - Parameters:
    ///   - start: The first point (degrees).
    ///   - end: The second point (degrees).
    /// - Returns: A line with ``GeodesicLine/distance`` set to the length of the path (metres).
    public func line(from start: GeoCoordinate, to end: GeoCoordinate) -> GeodesicLine {
        let r = solveInverse(start.latitude, start.longitude, end.latitude, end.longitude)
        return GeodesicLine(
            self, latitude: start.latitude, longitude: start.longitude,
            azimuth: GeoMath.atan2d(r.salp1, r.calp1), salp1: r.salp1, calp1: r.calp1,
            distance: r.s12)
    }

    /// The direct problem: the point `distance` metres from `start` at initial `azimuth`.
    ///
    /// ```swift
    /// let p = Geodesic.wgs84.direct(from: GeoCoordinate(latitude: 40.6, longitude: -73.8), azimuth: 45,
    ///                               distance: 10_000_000)
    /// ```
    /// - Parameters:
    ///   - start: The first point (degrees).
    ///   - azimuth: Forward azimuth at `start` (degrees clockwise from north).
    ///   - distance: Metres along the geodesic.
    /// - Returns: The point and the forward azimuth there; error below 15 nm on WGS84.
    public func direct(from start: GeoCoordinate, azimuth: Double, distance: Double) -> GeodesicPoint {
        line(from: start, azimuth: azimuth).position(distance: distance)
    }
}
