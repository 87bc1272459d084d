import Foundation
import Signals

/// The EGM96 geoid on a 1° grid: the height of mean sea level above the WGS84 ellipsoid, so that
/// `height above mean sea level = ellipsoidal height − geoid height`.
///
/// ```swift
/// let n = try Geoid.egm96.height(latitude: 51.5007, longitude: -0.1246)           // 45.94 m
/// let msl = try Geoid.egm96.heightAboveMeanSeaLevel(ellipsoidalHeight: 60, latitude: 51.5007, longitude: -0.1246)
/// ```
///
/// The grid is NGA's EGM96 15′ geoid grid (the degree-360 model, tide-free, with the ζ-to-N correction)
/// taken at whole degrees and rounded to centimetres: 181 × 360 `Int16`, 130 320 bytes, decoded once on
/// first use (Sources/Location/Earth/README.md gives its source and licence). Between nodes it is
/// interpolated bilinearly in latitude and longitude.
///
/// Error against the full model, measured at all 973 080 nodes of the 15′ grid that are not on the 1° lattice
/// (NGA computed every node of that grid from the degree-360 coefficients, so there it is the full model)
/// (Tools/Earth/make_egm96_grid.py; `GeoidTests` checks a seeded sample of 400 of them, and NGA's six published
/// test points of its 15′-grid interpolator, within 0.44 m):
/// RMS 0.46 m, 99 % of points within 1.9 m, 99.9 % within 4.0 m, maximum 13.7 m (at 19.5° N, 155.5° W, on
/// Hawaii's volcanoes; the largest errors are over mountains and ocean trenches, where the geoid bends
/// sharply). EGM96 itself differs from the true geoid by about 0.5–1 m RMS.
public struct Geoid: Sendable {
    /// The grid spacing, degrees.
    public let spacing: Double
    /// Geoid heights in centimetres, row-major from −90° latitude, columns from −180° longitude.
    @usableFromInline let centimetres: [Int16]
    /// Rows (latitudes −90 … 90) and columns (longitudes −180 ..< 180) of the grid.
    @usableFromInline let rows, columns: Int

    /// EGM96 on a 1° grid (see the type's discussion for its error).
    public static let egm96 = Geoid(spacing: 1, base64Rows: EGM96Grid.rows)

    init(spacing: Double, base64Rows: [StaticString]) {
        self.spacing = spacing
        let columns = Int((360 / spacing).rounded())
        rows = base64Rows.count
        self.columns = columns
        var values: [Int16] = []
        values.reserveCapacity(rows * columns)
        for row in base64Rows {
            let text = row.withUTF8Buffer { String(decoding: $0, as: UTF8.self) }
            guard let bytes = Data(base64Encoded: text), bytes.count == 2 * columns else {
                preconditionFailure("a geoid grid row is not \(columns) base64-encoded Int16 values")
            }
            bytes.withUnsafeBytes { raw in
                for k in 0..<columns {
                    values.append(Int16(littleEndian: raw.loadUnaligned(fromByteOffset: 2 * k, as: Int16.self)))
                }
            }
        }
        centimetres = values
    }

    /// The geoid height `N` (height of the geoid above the WGS84 ellipsoid) at a position, metres.
    /// - Parameters:
    ///   - latitude: Geodetic latitude, degrees, −90 … 90.
    ///   - longitude: Longitude, degrees (any finite value).
    /// - Returns: `N`, metres (−107 m … 86 m for EGM96), bilinearly interpolated.
    /// - Throws: `SignalError` `.outOfRange` (path `$`) for a latitude outside −90 … 90, `.nonFinite` for NaN
    ///   or an infinity.
    public func height(latitude: Double, longitude: Double) throws -> Double {
        guard latitude.isFinite, longitude.isFinite else {
            throw SignalError(
                .nonFinite, path: "$",
                "latitude and longitude must be finite, got \(latitude)° and \(longitude)°")
        }
        guard (-90...90).contains(latitude) else {
            throw SignalError(.outOfRange, path: "$", "latitude \(latitude)° is outside -90° ... 90°")
        }
        return interpolate(latitude: latitude, longitude: longitude)
    }

    /// Height above mean sea level (the EGM96 geoid) of a point at an ellipsoidal height: `h − N`, metres.
    /// - Parameters:
    ///   - ellipsoidalHeight: Height above the WGS84 ellipsoid `h`, metres.
    ///   - latitude: Geodetic latitude, degrees, −90 … 90.
    ///   - longitude: Longitude, degrees.
    /// - Throws: As ``height(latitude:longitude:)``.
    public func heightAboveMeanSeaLevel(ellipsoidalHeight: Double, latitude: Double, longitude: Double) throws -> Double
    {
        try ellipsoidalHeight - height(latitude: latitude, longitude: longitude)
    }

    /// Bilinear interpolation, for a checked latitude.
    @usableFromInline
    func interpolate(latitude: Double, longitude: Double) -> Double {
        let y = (latitude + 90) / spacing
        var x = longitude + 180
        // The remainder only off 0 ..< 360 (on it, it is the identity).
        if !(x >= 0 && x < 360) {
            x = x.truncatingRemainder(dividingBy: 360)
            if x < 0 { x += 360 }
        }
        x /= spacing
        let i = min(Int(y.rounded(.down)), rows - 2)
        let j = min(Int(x.rounded(.down)), columns - 1)
        let fy = y - Double(i)
        let fx = x - Double(j)
        let j1 = j + 1 == columns ? 0 : j + 1
        func at(_ r: Int, _ c: Int) -> Double { Double(centimetres[r * columns + c]) }
        let south = (1 - fx) * at(i, j) + fx * at(i, j1)
        let north = (1 - fx) * at(i + 1, j) + fx * at(i + 1, j1)
        return ((1 - fy) * south + fy * north) / 100
    }
}
