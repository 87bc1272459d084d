import Foundation
import Signals

/// A spherical-harmonic model of the Earth's main magnetic field: the World Magnetic Model 2025
/// (``wmm2025``, degree and order 12, valid 2025.0 through 2030.0).
///
/// ```swift
/// let wmm = GeomagneticModel.wmm2025
/// let year = try GeomagneticModel.decimalYear(iso8601: "2026-06-01T12:00:00Z")   // 2026.415…
/// let field = try wmm.field(latitude: 51.5007, longitude: -0.1246, height: 45, decimalYear: year)
/// field.declination   // 1.149 (degrees east of true north)
/// ```
///
/// The synthesis follows the WMM2025 technical report (NOAA NCEI / BGS, 2024, section 1.2): the geodetic
/// position is converted to geocentric spherical coordinates on the WGS84 ellipsoid; the Gauss coefficients
/// are advanced linearly from 2025.0 by their secular variation; the field's geocentric north, east and
/// radial components are summed with Schmidt semi-normalised associated Legendre functions (computed by the
/// standard three-term recursion, their colatitude derivatives alongside) and rotated back to the geodetic
/// north-east-down frame.
///
/// Accuracy of this implementation (the model's own error against the real field, about 140 nT and 0.3°
/// of declination away from the poles, is in the WMM report): it reproduces the report's test values
/// (given to 0.1 nT and 0.01°) within their rounding (0.05 nT, 0.005°), and agrees with pygeomag 1.1.0
/// within 10⁻⁴ nT and 10⁻⁶° (the reference file's rounding) on 388 points from −89.9° to 89.9° latitude,
/// −1 km to 850 km and 2025.0 to 2030.0 (`GeomagneticModelTests`).
///
/// - Complexity: O(degree²) per call, about 100 multiply-adds; no allocation.
public struct GeomagneticModel: Sendable {
    /// The model's name, for example `"WMM-2025"`.
    public let name: String
    /// The reference epoch of the coefficients, decimal year.
    public let epoch: Double
    /// The decimal years the model is valid for (its coefficients are extrapolated linearly from ``epoch``).
    public let validity: ClosedRange<Double>
    /// The maximum degree and order of the expansion.
    public let degree: Int
    /// The reference radius of the expansion, metres (6 371 200 m, the geomagnetic reference sphere).
    public let referenceRadius: Double
    /// The heights above the WGS84 ellipsoid the model is defined for, metres (−1 km … 850 km, as the WMM
    /// report states).
    public static let heights: ClosedRange<Double> = -1_000...850_000

    /// `(g, h, ġ, ḣ)` (nT, nT/year), indexed by `n (n + 1) / 2 + m` for n = 0 … degree (the n = 0 entry is
    /// zero).
    let coefficients: [SIMD4<Double>]
    /// The Legendre recursion's factors for ``degree``.
    let legendre: SchmidtLegendre

    /// WMM2025: degree 12, epoch 2025.0, valid 2025.0 through 2030.0 (coefficients from NOAA NCEI's
    /// `WMM.COF`, public domain).
    public static let wmm2025 = GeomagneticModel(
        name: "WMM-2025", epoch: 2025.0, validity: 2025.0...2030.0, degree: 12, referenceRadius: 6_371_200,
        rows: wmm2025Rows)

    /// A model from rows `[n, m, g, h, ġ, ḣ]` (nT, nT/year), as a `.COF` file lists them.
    init(
        name: String, epoch: Double, validity: ClosedRange<Double>, degree: Int, referenceRadius: Double,
        rows: [[Double]]
    ) {
        self.name = name
        self.epoch = epoch
        self.validity = validity
        self.degree = degree
        self.referenceRadius = referenceRadius
        legendre = SchmidtLegendre(degree: degree)
        let count = (degree + 1) * (degree + 2) / 2
        var coefficients = [SIMD4<Double>](repeating: .zero, count: count)
        for row in rows {
            let n = Int(row[0])
            let m = Int(row[1])
            precondition(
                row.count == 6 && (1...degree).contains(n) && (0...n).contains(m), "bad coefficient row \(row)")
            coefficients[n * (n + 1) / 2 + m] = SIMD4(row[2], row[3], row[4], row[5])
        }
        self.coefficients = coefficients
    }

    /// The main field at a geodetic position and time.
    /// - Parameters:
    ///   - latitude: Geodetic latitude on WGS84, degrees, −90 … 90.
    ///   - longitude: Longitude, degrees (any finite value; reduced modulo 360).
    ///   - height: Height above the WGS84 ellipsoid, metres, within ``heights`` (−1 km … 850 km).
    ///   - decimalYear: The time as a decimal year (see ``decimalYear(iso8601:)``), within ``validity``.
    /// - Returns: The field's north, east and down components, nT, and the elements derived from them.
    /// - Throws: `SignalError` `.outOfRange` (path `$`) naming the value and the valid range when the latitude,
    ///   height or year is outside the model's domain; `.nonFinite` when one is NaN or infinite.
    public func field(
        latitude: Double, longitude: Double, height: Double, decimalYear: Double
    ) throws -> GeomagneticField {
        try check(latitude: latitude, longitude: longitude, height: height, decimalYear: decimalYear)
        return synthesize(latitude: latitude, longitude: longitude, height: height, decimalYear: decimalYear)
    }

    /// Throws unless the arguments are in the model's domain.
    func check(latitude: Double, longitude: Double, height: Double, decimalYear: Double) throws {
        guard latitude.isFinite, longitude.isFinite, height.isFinite, decimalYear.isFinite else {
            throw SignalError(
                .nonFinite, path: "$",
                """
                latitude, longitude, height and decimal year must be finite numbers, got \(latitude)°, \(longitude)°, \
                \(height) m and \(decimalYear)
                """)
        }
        guard (-90...90).contains(latitude) else {
            throw SignalError(.outOfRange, path: "$", "latitude \(latitude)° is outside -90° ... 90°")
        }
        guard Self.heights.contains(height) else {
            throw SignalError(
                .outOfRange, path: "$",
                "height \(height) m is outside \(name)'s range, -1000 m ... 850000 m above the WGS84 ellipsoid")
        }
        guard validity.contains(decimalYear) else {
            throw SignalError(
                .outOfRange, path: "$",
                "epoch \(decimalYear) is outside \(name)'s validity, \(validity.lowerBound) ... \(validity.upperBound) (decimal year)"
            )
        }
    }

    /// The synthesis, for arguments already checked.
    func synthesize(latitude: Double, longitude: Double, height: Double, decimalYear: Double) -> GeomagneticField {
        // Geodetic → geocentric spherical (WMM report eq. 7).
        let phi = latitude * .pi / 180
        let sinPhi = sin(phi)
        let cosPhi = cos(phi)
        let e2 = WGS84.eccentricitySquared
        let rc = WGS84.semiMajorAxis / (1 - e2 * sinPhi * sinPhi).squareRoot()
        let p = (rc + height) * cosPhi
        let z = (rc * (1 - e2) + height) * sinPhi
        let r = (p * p + z * z).squareRoot()
        let cosTheta = z / r  // sin of the geocentric latitude φ′
        let sinTheta = p / r  // cos of φ′: > 0 except within 10⁻¹⁶ rad of a pole
        let lambda = longitude.remainder(dividingBy: 360) * .pi / 180
        let dt = decimalYear - epoch
        let ratio = referenceRadius / r
        let count = (degree + 1) * (degree + 2) / 2

        var xPrime = 0.0
        var yPrime = 0.0
        var zPrime = 0.0
        let degree = degree
        coefficients.withUnsafeBufferPointer { coefficients in
            withUnsafeTemporaryAllocation(of: Double.self, capacity: 2 * count + 2 * (degree + 1)) { buffer in
                let pnm = UnsafeMutableBufferPointer(rebasing: buffer[0..<count])
                let dpnm = UnsafeMutableBufferPointer(rebasing: buffer[count..<2 * count])
                let cosM = UnsafeMutableBufferPointer(rebasing: buffer[2 * count..<2 * count + degree + 1])
                let sinM = UnsafeMutableBufferPointer(
                    rebasing: buffer[2 * count + degree + 1..<2 * count + 2 * (degree + 1)])
                legendre.fill(cosTheta: cosTheta, sinTheta: sinTheta, p: pnm, dp: dpnm)
                cosM[0] = 1
                sinM[0] = 0
                let cl = cos(lambda)
                let sl = sin(lambda)
                for m in stride(from: 1, through: degree, by: 1) {
                    cosM[m] = cosM[m - 1] * cl - sinM[m - 1] * sl
                    sinM[m] = sinM[m - 1] * cl + cosM[m - 1] * sl
                }
                var power = ratio * ratio  // (a/r)^(n+2), n = 0
                for n in 1...degree {
                    power *= ratio
                    var x = 0.0
                    var y = 0.0
                    var zz = 0.0
                    for m in 0...n {
                        let k = n * (n + 1) / 2 + m
                        let c = coefficients[k]
                        let gnm = c[0] + dt * c[2]
                        let hnm = c[1] + dt * c[3]
                        let along = gnm * cosM[m] + hnm * sinM[m]
                        x += along * dpnm[k]
                        zz += along * pnm[k]
                        y += Double(m) * (gnm * sinM[m] - hnm * cosM[m]) * pnm[k]
                    }
                    xPrime += power * x
                    yPrime += power * y
                    zPrime -= Double(n + 1) * power * zz
                }
            }
        }
        yPrime /= sinTheta
        // Geocentric → geodetic north-east-down (WMM report eq. 17): rotate by ψ = φ′ − φ.
        let psi = atan2(cosTheta, sinTheta) - phi
        let cosPsi = cos(psi)
        let sinPsi = sin(psi)
        return GeomagneticField(
            north: xPrime * cosPsi - zPrime * sinPsi, east: yPrime,
            down: xPrime * sinPsi + zPrime * cosPsi)
    }
}
