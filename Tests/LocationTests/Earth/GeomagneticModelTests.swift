import Foundation
import Signals
import Testing

@testable import Location

@Suite("GeomagneticModel")
struct GeomagneticModelTests {
    let wmm = GeomagneticModel.wmm2025

    /// The field at a fixture row's year, height (m), latitude and longitude.
    func field(_ year: Double, _ height: Double, _ latitude: Double, _ longitude: Double) throws -> GeomagneticField {
        try wmm.field(latitude: latitude, longitude: longitude, height: height, decimalYear: year)
    }

    @Test("WMM2025 has degree 12, epoch 2025.0, validity 2025.0 ... 2030.0")
    func metadata() {
        #expect(wmm.degree == 12)
        #expect(wmm.epoch == 2025)
        #expect(wmm.validity == 2025.0...2030.0)
        #expect(wmm.coefficients.count == 91)
        #expect(wmm.coefficients[1] == SIMD4(-29_351.8, 0, 12.0, 0))  // (g, h, ġ, ḣ) of n = 1, m = 0
        #expect(wmm.coefficients[2] == SIMD4(-1_410.8, 4_545.4, 9.7, -21.5))  // n = 1, m = 1
        #expect(wmm.coefficients[90] == SIMD4(-0.7, 0.2, -0.1, -0.1))  // n = 12, m = 12
    }

    @Test("The WMM2025 report's test values: within 1 nT and 0.01°")
    func reportTestValues() throws {
        let rows = EarthFixtures.rows("wmm2025_report", count: 12)
        for r in rows {
            let f = try field(r[0], r[1] * 1_000, r[2], r[3])
            let at = "\(r[0]) \(r[1]) km (\(r[2]), \(r[3]))"
            #expect(abs(f.north - r[4]) <= 1, "X at \(at): \(f.north)")
            #expect(abs(f.east - r[5]) <= 1, "Y at \(at): \(f.east)")
            #expect(abs(f.down - r[6]) <= 1, "Z at \(at): \(f.down)")
            #expect(abs(f.horizontalIntensity - r[7]) <= 1, "H at \(at): \(f.horizontalIntensity)")
            #expect(abs(f.totalIntensity - r[8]) <= 1, "F at \(at): \(f.totalIntensity)")
            #expect(abs(f.inclination - r[9]) <= 0.01, "I at \(at): \(f.inclination)")
            #expect(abs(f.declination - r[10]) <= 0.01, "D at \(at): \(f.declination)")
            // The table rounds to 0.1 nT: this implementation is within that rounding.
            #expect(abs(f.north - r[4]) <= 0.05 + 1e-9, "X at \(at) beyond the table's rounding: \(f.north)")
            #expect(abs(f.down - r[6]) <= 0.05 + 1e-9, "Z at \(at) beyond the table's rounding: \(f.down)")
        }
    }

    @Test("pygeomag (an independent WMM2025) on 388 points: within 1e-3 nT and 1e-5°")
    func againstPygeomag() throws {
        let rows = EarthFixtures.rows("wmm2025_grid", count: 388)
        var nTErrors = ErrorSummary()
        var degreeErrors = ErrorSummary()
        for r in rows {
            let f = try field(r[0], r[1], r[2], r[3])
            let nT =
                [
                    f.north - r[4], f.east - r[5], f.down - r[6], f.horizontalIntensity - r[7],
                    f.totalIntensity - r[8],
                ].map(abs).max() ?? .nan
            let degrees = max(abs(f.inclination - r[9]), abs(angleDifference(r[10], f.declination)))
            nTErrors.add(nT)
            degreeErrors.add(degrees)
            #expect(nT <= 1e-3, "\(r[0...3]): \(nT) nT")
            #expect(degrees <= 1e-5, "\(r[0...3]): \(degrees)°")
        }
        print("WMM2025 vs pygeomag: worst \(nTErrors.worst) nT, \(degreeErrors.worst)°")
    }

    @Test(
        "An epoch outside 2025.0 ... 2030.0 throws .outOfRange naming the year and the validity",
        arguments: [2024.999, 2030.001, 2035.0, 1990.0])
    func epochOutOfRange(year: Double) {
        let error = #expect(throws: SignalError.self) {
            try wmm.field(latitude: 10, longitude: 20, height: 0, decimalYear: year)
        }
        #expect(error?.code == .outOfRange)
        #expect(error?.path == "$")
        #expect(error?.message == "epoch \(year) is outside WMM-2025's validity, 2025.0 ... 2030.0 (decimal year)")
    }

    @Test("The validity's ends are accepted", arguments: [2025.0, 2030.0])
    func epochEnds(year: Double) throws {
        let f = try wmm.field(latitude: 10, longitude: 20, height: 0, decimalYear: year)
        #expect(f.totalIntensity > 20_000)
    }

    @Test("A latitude outside −90° ... 90° throws .outOfRange", arguments: [90.0001, -91, 180])
    func latitudeOutOfRange(latitude: Double) {
        let error = #expect(throws: SignalError.self) {
            try wmm.field(latitude: latitude, longitude: 0, height: 0, decimalYear: 2026)
        }
        #expect(error?.code == .outOfRange)
        #expect(error?.message == "latitude \(latitude)° is outside -90° ... 90°")
    }

    @Test("A height outside −1 km ... 850 km throws .outOfRange", arguments: [-1_000.5, 850_001, 1e7])
    func heightOutOfRange(height: Double) {
        let error = #expect(throws: SignalError.self) {
            try wmm.field(latitude: 0, longitude: 0, height: height, decimalYear: 2026)
        }
        #expect(error?.code == .outOfRange)
        #expect(
            error?.message
                == "height \(height) m is outside WMM-2025's range, -1000 m ... 850000 m above the WGS84 ellipsoid")
    }

    @Test("NaN or an infinity throws .nonFinite")
    func nonFinite() {
        for (latitude, longitude, height, year) in [
            (Double.nan, 0.0, 0.0, 2026.0), (0, .infinity, 0, 2026),
            (0, 0, .nan, 2026), (0, 0, 0, .nan),
        ] {
            let error = #expect(throws: SignalError.self) {
                try wmm.field(latitude: latitude, longitude: longitude, height: height, decimalYear: year)
            }
            #expect(error?.code == .nonFinite)
        }
    }

    @Test("Longitude is periodic: 240° is −120°, 360° is 0°")
    func longitudePeriodic() throws {
        let a = try field(2026.3, 1_000, -33, 240)
        let b = try field(2026.3, 1_000, -33, -120)
        #expect(abs(a.north - b.north) < 1e-9)
        #expect(abs(a.east - b.east) < 1e-9)
        #expect(abs(a.down - b.down) < 1e-9)
        let c = try field(2026.3, 0, 12, 360)
        let d = try field(2026.3, 0, 12, 0)
        #expect(abs(c.east - d.east) < 1e-9)
    }

    @Test(
        "At the geographic poles the field is finite and continuous with its neighbourhood",
        arguments: [90.0, -90.0])
    func poles(latitude: Double) throws {
        let atPole = try field(2027, 0, latitude, 0)
        let near = try field(2027, 0, latitude > 0 ? latitude - 1e-7 : latitude + 1e-7, 0)
        #expect(atPole.totalIntensity.isFinite)
        #expect(abs(atPole.down - near.down) < 0.01)
        #expect(abs(atPole.horizontalIntensity - near.horizontalIntensity) < 0.01)
    }

    @Test("Dipole check: the field points north at the equator and down in the north, up in the south")
    func signs() throws {
        let equator = try field(2026, 0, 0, 0)
        let north = try field(2026, 0, 70, 0)
        let south = try field(2026, 0, -70, 140)
        #expect(equator.north > 25_000)
        #expect(north.down > 40_000)
        #expect(south.down < -40_000)
    }
}

@Suite("SchmidtLegendre")
struct SchmidtLegendreTests {
    /// `P` and `dP/dθ` at colatitude `theta` (radians), degree 12.
    func values(_ theta: Double) -> ([Double], [Double]) {
        var p = [Double](repeating: 0, count: 91)
        var dp = p
        p.withUnsafeMutableBufferPointer { pb in
            dp.withUnsafeMutableBufferPointer { db in
                SchmidtLegendre(degree: 12).fill(cosTheta: cos(theta), sinTheta: sin(theta), p: pb, dp: db)
            }
        }
        return (p, dp)
    }

    @Test("Degrees 1 and 2 match their closed forms", arguments: [0.0, 0.3, 1.2, .pi / 2, 2.5, .pi])
    func closedForms(theta: Double) {
        let (p, _) = values(theta)
        let x = cos(theta)
        let s = sin(theta)
        #expect(abs(p[1] - x) < 1e-15)
        #expect(abs(p[2] - s) < 1e-15)
        #expect(abs(p[3] - (3 * x * x - 1) / 2) < 1e-15)
        #expect(abs(p[4] - 3.0.squareRoot() * x * s) < 1e-15)
        #expect(abs(p[5] - 3.0.squareRoot() / 2 * s * s) < 1e-15)
    }

    @Test("Schmidt normalisation: Σₘ (Pₙᵐ)² = 1 for every degree (the addition theorem)", arguments: [0.1, 0.9, 2.0])
    func addition(theta: Double) {
        let (p, _) = values(theta)
        for n in 1...12 {
            let sum = (0...n).map { p[n * (n + 1) / 2 + $0] }.reduce(0) { $0 + $1 * $1 }
            #expect(abs(sum - 1) < 1e-13, "n = \(n): \(sum)")
        }
    }

    @Test("The derivatives match central differences", arguments: [0.2, 1.0, 2.9])
    func derivatives(theta: Double) {
        let step = 1e-6
        let (_, dp) = values(theta)
        let (above, _) = values(theta + step)
        let (below, _) = values(theta - step)
        for k in 0..<91 {
            #expect(abs(dp[k] - (above[k] - below[k]) / (2 * step)) < 1e-8, "k = \(k)")
        }
    }
}
