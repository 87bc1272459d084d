import Foundation

@testable import Location

/// One line of GeographicLib's test set (see Data/README.md).
struct GeodTestLine: Sendable, CustomStringConvertible {
    var lat1, lon1, azi1, lat2, lon2, azi2, s12, a12, m12: Double
    var description: String { "(\(lat1), \(lon1)) az \(azi1) s \(s12)" }

    /// The 100 lines of Data/GeodTest-100.dat.
    static let all: [GeodTestLine] = {
        guard let url = Bundle.module.url(forResource: "GeodTest-100", withExtension: "dat", subdirectory: "Data"),
            let text = try? String(contentsOf: url, encoding: .utf8)
        else { return [] }
        return text.split(separator: "\n").compactMap { line in
            let v = line.split(separator: " ").compactMap { Double($0) }
            guard v.count == 10 else { return nil }
            return GeodTestLine(
                lat1: v[0], lon1: v[1], azi1: v[2], lat2: v[3], lon2: v[4], azi2: v[5], s12: v[6],
                a12: v[7], m12: v[8])
        }
    }()
}

/// `b − a` reduced to (−180°, 180°].
func angleDifference(_ a: Double, _ b: Double) -> Double {
    var d = (b - a).truncatingRemainder(dividingBy: 360)
    if d > 180 { d -= 360 }
    if d <= -180 { d += 360 }
    return d
}

/// Distance in metres between two nearby points (local flat approximation; exact enough below a kilometre,
/// and well defined at the poles).
func metres(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double) -> Double {
    let r = 6_371_008.8
    let rad = Double.pi / 180
    let north = (lat2 - lat1) * rad * r
    let east = angleDifference(lon1, lon2) * rad * r * cos((lat1 + lat2) / 2 * rad)
    return (north * north + east * east).squareRoot()
}
