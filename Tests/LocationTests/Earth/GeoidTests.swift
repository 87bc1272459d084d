import Foundation
import Signals
import Testing

@testable import Location

@Suite("Geoid")
struct GeoidTests {
    let geoid = Geoid.egm96

    @Test("The grid decodes to 181 × 360 values within EGM96's range")
    func grid() {
        #expect(geoid.rows == 181)
        #expect(geoid.columns == 360)
        #expect(geoid.centimetres.count == 181 * 360)
        #expect(geoid.centimetres.min() == -10_659)  // −106.59 m at (5° N, 79° E), south of Sri Lanka
        #expect(geoid.centimetres.max() == 8_423)  // 84.23 m at (8° S, 147° E), New Guinea
    }

    @Test(
        "Whole-degree nodes are NGA's 15′ grid values to the centimetre",
        arguments: [(0.0, 0.0, 17.16), (90, 0, 13.61), (-90, 123, -29.53)])
    func nodes(latitude: Double, longitude: Double, expected: Double) throws {
        #expect(abs(try geoid.height(latitude: latitude, longitude: longitude) - expected) <= 0.0051)
    }

    /// NGA's EGM96 distribution's sample output of INTPT.F (OUTINTPT.DAT: the 15′ grid interpolated at the six
    /// points of INPUT.DAT), as its README.TXT prints it.
    @Test(
        "NGA's published test points (OUTINTPT.DAT, 15′ grid interpolated): within 0.5 m",
        arguments: [
            (38.6281550, 269.7791550, -31.628), (-14.6212170, 305.0211140, -2.969),
            (46.8743190, 102.4487290, -43.575), (-23.6174460, 133.8747120, 15.871),
            (38.6254730, 359.9995000, 50.066), (-0.4667440, 0.0023000, 17.329),
        ])
    func published(latitude: Double, longitude: Double, expected: Double) throws {
        let n = try geoid.height(latitude: latitude, longitude: longitude)
        #expect(abs(n - expected) <= 0.5, "(\(latitude), \(longitude)): \(n) m")
    }

    @Test("400 seeded 15′ nodes off the 1° lattice (the full model's values): RMS ≤ 0.6 m, max ≤ 13.7 m")
    func againstFifteenMinuteGrid() throws {
        let rows = EarthFixtures.rows("geoid_15min", count: 400)
        var errors = ErrorSummary()
        for r in rows {
            let error = abs(try geoid.height(latitude: r[0], longitude: r[1]) - r[2])
            errors.add(error)
            #expect(error <= 13.7, "(\(r[0]), \(r[1])): error \(error) m")
        }
        print("EGM96 1° grid vs 15′ nodes: RMS \(errors.rms) m, max \(errors.worst) m over \(rows.count) points")
        #expect(errors.rms <= 0.6)
    }

    @Test("Longitude wraps: 180° is −180°, 359.5° is −0.5°")
    func wrap() throws {
        #expect(try geoid.height(latitude: 12.3, longitude: 180) == geoid.height(latitude: 12.3, longitude: -180))
        #expect(
            abs(try geoid.height(latitude: -41.7, longitude: 359.5) - geoid.height(latitude: -41.7, longitude: -0.5))
                < 1e-12)
        #expect(
            abs(try geoid.height(latitude: 5, longitude: 179.5) - geoid.height(latitude: 5, longitude: -180.5)) < 1e-12)
    }

    @Test("Height above mean sea level is the ellipsoidal height less the geoid height")
    func meanSeaLevel() throws {
        let n = try geoid.height(latitude: 51.5007, longitude: -0.1246)
        #expect(abs(n - 45.94) < 0.01)
        #expect(
            try geoid.heightAboveMeanSeaLevel(ellipsoidalHeight: 60, latitude: 51.5007, longitude: -0.1246) == 60 - n)
    }

    @Test("A latitude outside −90° ... 90° throws .outOfRange", arguments: [90.5, -100])
    func latitudeOutOfRange(latitude: Double) {
        let error = #expect(throws: SignalError.self) { try geoid.height(latitude: latitude, longitude: 0) }
        #expect(error?.code == .outOfRange)
        #expect(error?.path == "$")
        #expect(error?.message == "latitude \(latitude)° is outside -90° ... 90°")
    }

    @Test("NaN throws .nonFinite")
    func nonFinite() {
        let error = #expect(throws: SignalError.self) { try geoid.height(latitude: 0, longitude: .nan) }
        #expect(error?.code == .nonFinite)
    }
}
