import Foundation
import Signals
import Testing

@testable import Location

@Suite("StandardAtmosphere")
struct StandardAtmosphereTests {
    let isa = StandardAtmosphere.isa

    /// ambiance integrates from ICAO's tabulated base pressures, rounded to 6 significant digits (22 632.0 Pa
    /// at 11 km where the definition gives 22 632.06 Pa; 177 687 Pa at −5 km), so it differs from the exact
    /// model by up to 2.05 × 10⁻⁶ relative: 0.046 Pa at −5 km, 0.005 Pa at sea level.
    @Test(
        "ambiance (an independent ICAO 1993) from −5 km (geopotential) to 81 km: within 0.05 Pa, 1e-6 K, 2.5e-6 relative"
    )
    func againstAmbiance() throws {
        let rows = EarthFixtures.rows("isa", count: 173)
        var pascalErrors = ErrorSummary()
        var relativeErrors = ErrorSummary()
        for r in rows {
            let (z, hRef, tRef, pRef, rhoRef) = (r[0], r[1], r[2], r[3], r[4])
            let h = StandardAtmosphere.geopotentialHeight(geometricHeight: z)
            #expect(abs(h - hRef) < 1e-5, "H of z = \(z) m: \(h)")
            let air = try isa.state(geopotentialHeight: h)
            pascalErrors.add(abs(air.pressure - pRef))
            relativeErrors.add(abs(air.pressure / pRef - 1))
            #expect(abs(air.pressure - pRef) <= 0.05, "p at z = \(z) m: \(air.pressure) Pa")
            #expect(abs(air.temperature - tRef) <= 1e-6, "T at z = \(z) m: \(air.temperature) K")
            #expect(abs(air.pressure / pRef - 1) <= 2.5e-6, "p at z = \(z) m: \(air.pressure) Pa")
            #expect(abs(air.density / rhoRef - 1) <= 2.5e-6, "ρ at z = \(z) m: \(air.density)")
        }
        print("ISA vs ambiance: worst pressure difference \(pascalErrors.worst) Pa, \(relativeErrors.worst) relative")
    }

    /// The U.S. Standard Atmosphere 1976's tabulated base pressures: its gas constant (8.31432 / 28.9644)
    /// differs from ICAO's in the 7th digit, so the pressures agree within 10⁻⁵, not better.
    @Test(
        "Tabulated layer bases (U.S. Standard Atmosphere 1976, identical layers)",
        arguments: [
            (0.0, 288.15, 101_325.0), (11_000, 216.65, 22_632.06), (20_000, 216.65, 5_474.889),
            (32_000, 228.65, 868.0187), (47_000, 270.65, 110.9063), (51_000, 270.65, 66.93887),
            (71_000, 214.65, 3.956420),
        ])
    func layerBases(height: Double, temperature: Double, pressure: Double) throws {
        let air = try isa.state(geopotentialHeight: height)
        #expect(abs(air.temperature - temperature) < 1e-9)
        #expect(abs(air.pressure / pressure - 1) < 1e-5, "\(height) m: \(air.pressure) Pa")
    }

    @Test("Sea-level density is 1.225 kg/m³")
    func seaLevelDensity() throws {
        #expect(abs(try isa.density(geopotentialHeight: 0) - 1.225) < 1e-6)
    }

    @Test(
        "Pressure is continuous across every layer boundary",
        arguments: [11_000.0, 20_000, 32_000, 47_000, 51_000, 71_000])
    func continuity(boundary: Double) throws {
        let below = try isa.pressure(geopotentialHeight: boundary.nextDown)
        let above = try isa.pressure(geopotentialHeight: boundary)
        #expect(abs(above / below - 1) < 1e-12)
    }

    @Test("Geometric ↔ geopotential height round-trips, and 8848 m geometric is 8835.7 m geopotential")
    func heights() {
        for z in stride(from: -5_000.0, through: 86_000, by: 1_250) {
            let back = StandardAtmosphere.geometricHeight(
                geopotentialHeight: StandardAtmosphere.geopotentialHeight(geometricHeight: z))
            #expect(abs(back - z) < 1e-8)
        }
        #expect(abs(StandardAtmosphere.geopotentialHeight(geometricHeight: 8_848) - 8_835.70) < 0.01)
        #expect(abs(StandardAtmosphere.geometricHeight(geopotentialHeight: 84_852) - 86_000) < 1)
    }

    @Test("A sea-level pressure scales every pressure by p₀ / 101325 at the standard temperature")
    func seaLevelPressure() throws {
        let high = try StandardAtmosphere(seaLevelPressure: 103_000)
        for h in [-2_000.0, 0, 1_500, 15_000, 60_000] {
            let ratio = try high.pressure(geopotentialHeight: h) / isa.pressure(geopotentialHeight: h)
            #expect(abs(ratio - 103_000 / 101_325.0) < 1e-12)
        }
    }

    @Test("A sea-level temperature shifts the profile by ΔT, and the pressure stays hydrostatic")
    func seaLevelTemperature() throws {
        let warm = try StandardAtmosphere(seaLevelPressure: 100_000, seaLevelTemperature: 303.15)
        #expect(try warm.temperature(geopotentialHeight: 0) == 303.15)
        #expect(try warm.pressure(geopotentialHeight: 0) == 100_000)
        #expect(abs(try warm.temperature(geopotentialHeight: 15_000) - 231.65) < 1e-9)
        #expect(abs(try warm.temperature(geopotentialHeight: 80_000) - (196.65 + 15)) < 1e-9)
        // dp/dH = −ρ g₀, by central differences, in every layer.
        for h in [-3_000.0, 5_000, 15_000, 25_000, 40_000, 49_000, 60_000, 80_000] {
            let dp = (try warm.pressure(geopotentialHeight: h + 1) - warm.pressure(geopotentialHeight: h - 1)) / 2
            let rhoG = try warm.density(geopotentialHeight: h) * StandardAtmosphere.standardGravity
            #expect(abs(dp / -rhoG - 1) < 1e-7, "H = \(h) m")
        }
        // Warmer air is less dense, so the pressure falls more slowly with height.
        #expect(
            try warm.pressure(geopotentialHeight: 5_000) / 100_000 > isa.pressure(geopotentialHeight: 5_000) / 101_325)
    }

    @Test("A height outside −5000 m ... 84852 m throws .outOfRange naming it", arguments: [-5_000.5, 84_853, 1e6])
    func heightOutOfRange(height: Double) {
        let error = #expect(throws: SignalError.self) { try isa.state(geopotentialHeight: height) }
        #expect(error?.code == .outOfRange)
        #expect(error?.path == "$")
        #expect(error?.message == "geopotential height \(height) m is outside -5000 m ... 84852 m")
    }

    @Test("A NaN height throws .nonFinite")
    func nanHeight() {
        let error = #expect(throws: SignalError.self) { try isa.pressure(geopotentialHeight: .nan) }
        #expect(error?.code == .nonFinite)
    }

    @Test("Sea-level pressure and temperature outside their ranges throw .outOfRange")
    func badSeaLevel() {
        let pressure = #expect(throws: SignalError.self) { try StandardAtmosphere(seaLevelPressure: 10) }
        #expect(pressure?.code == .outOfRange)
        #expect(pressure?.message == "sea-level pressure 10.0 Pa is outside 50000 Pa ... 150000 Pa")
        let temperature = #expect(throws: SignalError.self) { try StandardAtmosphere(seaLevelTemperature: 15) }
        #expect(temperature?.code == .outOfRange)
        #expect(temperature?.message == "sea-level temperature 15.0 K is outside 173.15 K ... 373.15 K")
        let nan = #expect(throws: SignalError.self) { try StandardAtmosphere(seaLevelPressure: .nan) }
        #expect(nan?.code == .nonFinite)
    }
}
