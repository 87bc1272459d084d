import Foundation
import Location
import Signals
import Testing

@testable import Navigation

@Suite("BarometerModel")
struct BarometerModelTests {
    /// The ISA troposphere in closed form, written here independently of `StandardAtmosphere`:
    /// `p = p₀ (1 − L H / T₀)^(g₀ / (R L))`, L = 0.0065 K/m, for geopotential height `H` below 11 km.
    static func troposphere(_ h: Double, p0: Double = 101_325, t0: Double = 288.15) -> Double {
        let lapse = 0.0065
        let g0 = 9.806_65
        let r = 287.052_87
        return p0 * pow(1 - lapse * h / t0, g0 / (r * lapse))
    }

    /// Geopotential height of a geometric height, ICAO's Earth radius 6 356 766 m.
    static func geopotential(_ z: Double) -> Double { 6_356_766 * z / (6_356_766 + z) }

    let london = (latitude: 51.5007, longitude: -0.1246)

    @Test(
        "No error terms: exactly the ISA at the MSL height, and within 1e-6 Pa of the closed-form troposphere",
        arguments: [-400.0, 0, 60, 1_500, 8_000])
    func idealIsISA(altitude: Double) throws {
        let baro = try BarometerModel(sampleRate: 25)
        let n = try Geoid.egm96.height(latitude: london.latitude, longitude: london.longitude)
        let h = Self.geopotential(altitude - n)
        let p = try baro.pressure(
            latitude: london.latitude, longitude: london.longitude, altitude: altitude, sample: 17)
        #expect(p == (try StandardAtmosphere.isa.pressure(geopotentialHeight: h)))
        #expect(abs(p - Self.troposphere(h)) <= 1e-6, "p = \(p) Pa, closed form \(Self.troposphere(h)) Pa")
        // The failing case: ignoring the geoid (45.9 m here) is 237 Pa (at 8 km) to 560 Pa (at −400 m) off.
        #expect(abs(p - Self.troposphere(Self.geopotential(altitude))) > 200)
    }

    @Test("Sea-level pressure and temperature are the ISA's settable p₀ and T₀")
    func nonStandardDay() throws {
        let baro = try BarometerModel(sampleRate: 1, seaLevelPressure: 102_000, seaLevelTemperature: 298.15)
        let n = try Geoid.egm96.height(latitude: london.latitude, longitude: london.longitude)
        let h = Self.geopotential(500 - n)
        let p = try baro.truePressure(latitude: london.latitude, longitude: london.longitude, altitude: 500)
        #expect(abs(p - Self.troposphere(h, p0: 102_000, t0: 298.15)) <= 1e-6)
        // The failing case: the standard day is 700 Pa lower there.
        #expect(abs(p - Self.troposphere(h)) > 500)
    }

    /// At 5° N 78° E (south of India) the EGM96 geoid is 104.68 m below the ellipsoid, so a point on the
    /// ellipsoid is 104.68 m above mean sea level: its pressure is lower than the sea-level pressure.
    @Test(
        "The geoid height is subtracted: h − N, with N = −104.68 m at 5° N 78° E and +78.24 m at 5° S 148° E",
        arguments: [(5.0, 78.0, -104.68), (-5.0, 148.0, 78.24)])
    func geoidSign(latitude: Double, longitude: Double, geoidHeight: Double) throws {
        let baro = try BarometerModel(sampleRate: 1)
        let n = try Geoid.egm96.height(latitude: latitude, longitude: longitude)
        #expect(abs(n - geoidHeight) < 1e-9)
        let p = try baro.truePressure(latitude: latitude, longitude: longitude, altitude: 0)
        let right = Self.troposphere(Self.geopotential(-geoidHeight))
        let wrong = Self.troposphere(Self.geopotential(geoidHeight))
        #expect(abs(p - right) <= 1e-6, "p = \(p) Pa, expected \(right) Pa")
        #expect(abs(p - wrong) > 1_500, "the wrong sign gives \(wrong) Pa")
        if geoidHeight < 0 {
            #expect(p < 101_325 - 1_000)
        } else {
            #expect(p > 101_325 + 800)
        }
    }

    @Test("White noise: mean 0 and standard deviation N·√fs (0.5 Pa/√Hz at 100 Hz: 5 Pa) over 20 000 samples")
    func whiteNoiseStatistics() throws {
        let baro = try BarometerModel(sampleRate: 100, noiseDensity: 0.5, seed: 3)
        let truth = try baro.truePressure(latitude: london.latitude, longitude: london.longitude, altitude: 60)
        let p = try baro.pressures(first: 1_000, count: 20_000) { _ in (london.latitude, london.longitude, 60) }
        let e = p.map { $0 - truth }
        let mean = e.reduce(0, +) / Double(e.count)
        let std = (e.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(e.count - 1)).squareRoot()
        #expect(abs(mean) < 4 * 5 / Double(e.count).squareRoot(), "mean \(mean) Pa")
        #expect(abs(std / 5 - 1) < 0.03, "std \(std) Pa")
        // The failing case: a different seed gives different samples.
        let other = try BarometerModel(sampleRate: 100, noiseDensity: 0.5, seed: 4)
        #expect(
            try other.pressures(first: 1_000, count: 20) { _ in (london.latitude, london.longitude, 60) }
                != Array(p[0..<20]))
    }

    @Test("Weather: Gauss–Markov with σ = 100 Pa, τ = 10 s at 10 Hz (lag-1 correlation e^−0.01 ≈ 0.990)")
    func weatherStatistics() throws {
        let baro = try BarometerModel(sampleRate: 10, weatherDeviation: 100, weatherCorrelationTime: 10, seed: 9)
        let w = try baro.weather(first: 0, count: 200_000)
        let mean = w.reduce(0, +) / Double(w.count)
        let variance = w.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(w.count - 1)
        var lag = 0.0
        for i in 1..<w.count { lag += (w[i] - mean) * (w[i - 1] - mean) }
        let rho = lag / Double(w.count - 1) / variance
        // 200 000 samples are 2 000 correlation times: the mean's standard error is 100·√(2/2000) ≈ 3.2 Pa.
        #expect(abs(mean) < 15, "mean \(mean) Pa")
        #expect(abs(variance.squareRoot() / 100 - 1) < 0.1, "std \(variance.squareRoot()) Pa")
        #expect(abs(rho - exp(-0.01)) < 0.003, "lag-1 correlation \(rho)")
        // The failing case: white samples (τ → 0) are not correlated like this.
        #expect(abs(rho - 0) > 0.5)
    }

    @Test("Bit-identical in any order and chunking (every term on, moving position)")
    func chunking() throws {
        let baro = try BarometerModel(
            sampleRate: 25, weatherDeviation: 50, weatherCorrelationTime: 20,
            noiseDensity: 0.03, resolution: 0.016, seed: 11)
        let position: (Int) -> (latitude: Double, longitude: Double, altitude: Double) = { n in
            (51.5 + 1e-5 * Double(n), -0.12, 60 + 0.1 * Double(n))
        }
        let first = 300
        let count = 1_000
        let whole = try baro.pressures(first: first, count: count, position: position)
        for chunk in [1, 7, 127, 128, 129, 333] {
            var parts: [Double] = []
            var n = first
            while n < first + count {
                let k = min(chunk, first + count - n)
                parts += try baro.pressures(first: n, count: k, position: position)
                n += k
            }
            #expect(parts == whole, "chunks of \(chunk)")
        }
        for n in stride(from: first + count - 1, through: first, by: -37) {
            let (lat, lon, alt) = position(n)
            #expect(
                try baro.pressure(latitude: lat, longitude: lon, altitude: alt, sample: n) == whole[n - first],
                "sample \(n)")
        }
        // The failing case: shifting the block by one sample changes the values.
        #expect(try baro.pressures(first: first + 1, count: count, position: position) != whole)
    }

    @Test("Quantisation to 0.016 Pa: every value a multiple of the step, within half a step of the unquantised")
    func quantisation() throws {
        let step = 0.016
        let quantised = try BarometerModel(sampleRate: 25, noiseDensity: 0.03, resolution: step, seed: 5)
        let raw = try BarometerModel(sampleRate: 25, noiseDensity: 0.03, seed: 5)
        let at: (Int) -> (latitude: Double, longitude: Double, altitude: Double) = { n in
            (51.5, -0.12, 60 + 0.01 * Double(n))
        }
        let q = try quantised.pressures(first: 0, count: 500, position: at)
        let r = try raw.pressures(first: 0, count: 500, position: at)
        var offGrid = 0
        for i in 0..<q.count {
            #expect(abs(q[i] / step - (q[i] / step).rounded()) < 1e-6, "sample \(i): \(q[i]) Pa")
            #expect(abs(q[i] - r[i]) <= step / 2 + 1e-9, "sample \(i): \(q[i]) Pa vs \(r[i]) Pa")
            if abs(r[i] / step - (r[i] / step).rounded()) > 1e-3 { offGrid += 1 }
        }
        // The failing case: without the resolution the values are not on the grid.
        #expect(offGrid > 450)
    }

    /// Builds a barometer with one parameter changed.
    static func make(_ field: String, _ value: Double) throws(SignalError) -> BarometerModel {
        switch field {
        case "rate": try BarometerModel(sampleRate: value)
        case "sea_level_pressure": try BarometerModel(sampleRate: 1, seaLevelPressure: value)
        case "sea_level_temperature": try BarometerModel(sampleRate: 1, seaLevelTemperature: value)
        case "weather_sigma": try BarometerModel(sampleRate: 1, weatherDeviation: value, weatherCorrelationTime: 60)
        case "weather_correlation_time":
            try BarometerModel(sampleRate: 1, weatherDeviation: 10, weatherCorrelationTime: value)
        case "noise_density": try BarometerModel(sampleRate: 1, noiseDensity: value)
        case "resolution": try BarometerModel(sampleRate: 1, resolution: value)
        default: preconditionFailure("no field \(field)")
        }
    }

    @Test(
        "Invalid parameters throw at their JSON path",
        arguments: [
            ("rate", 0.0, SignalError.Code.outOfRange), ("rate", .nan, .nonFinite), ("rate", 2e6, .outOfRange),
            ("sea_level_pressure", 40_000, .outOfRange), ("sea_level_pressure", .infinity, .nonFinite),
            ("sea_level_temperature", 100, .outOfRange), ("weather_sigma", -1, .outOfRange),
            ("weather_correlation_time", 0, .missingField), ("weather_correlation_time", -5, .outOfRange),
            ("noise_density", -0.1, .outOfRange), ("noise_density", .nan, .nonFinite),
            ("resolution", -1, .outOfRange), ("resolution", .infinity, .nonFinite),
        ])
    func invalid(field: String, value: Double, code: SignalError.Code) throws {
        let error = #expect(throws: SignalError.self) { try Self.make(field, value) }
        #expect(error?.code == code)
        #expect(error?.path == "$.trajectory.sensors.barometer.\(field)")
    }

    @Test(
        "Valid neighbours of the invalid values are accepted (the checks can pass)",
        arguments: [
            ("rate", 1e-3), ("sea_level_pressure", 50_000), ("sea_level_temperature", 173.15), ("weather_sigma", 0),
            ("weather_correlation_time", 1e6), ("noise_density", 0), ("resolution", 1_000),
        ])
    func validEdges(field: String, value: Double) throws {
        _ = try Self.make(field, value)
    }

    @Test("Out-of-domain positions and samples throw at the barometer's path")
    func invalidSamples() throws {
        let baro = try BarometerModel(sampleRate: 1)
        let index = #expect(throws: SignalError.self) {
            try baro.pressure(latitude: 0, longitude: 0, altitude: 0, sample: -1)
        }
        #expect(index?.code == .invalidRender)
        let latitude = #expect(throws: SignalError.self) {
            try baro.truePressure(latitude: 91, longitude: 0, altitude: 0)
        }
        #expect(latitude?.code == .outOfRange)
        #expect(latitude?.path == "$.trajectory.sensors.barometer")
        let high = #expect(throws: SignalError.self) {
            try baro.truePressure(latitude: 0, longitude: 0, altitude: 90_000)
        }
        #expect(high?.code == .outOfRange)
        let nan = #expect(throws: SignalError.self) { try baro.truePressure(latitude: 0, longitude: 0, altitude: .nan) }
        #expect(nan?.code == .nonFinite)
    }
}
