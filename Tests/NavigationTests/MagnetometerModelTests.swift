import Foundation
import Location
import Signals
import Testing

@testable import Navigation

@Suite("MagnetometerModel")
struct MagnetometerModelTests {
    static let (latitude, longitude, altitude, year) = (51.5007, -0.1246, 60.0, 2026.4)

    /// WMM2025's north X, east Y, down Z at London, nT.
    static func wmm() throws -> GeomagneticField {
        try GeomagneticModel.wmm2025.field(
            latitude: latitude, longitude: longitude, height: altitude, decimalYear: year)
    }

    static func trueField(_ model: MagnetometerModel, _ q: Quaternion) throws -> SIMD3<Double> {
        try model.trueField(
            latitude: latitude, longitude: longitude, altitude: altitude, decimalYear: year, attitude: q)
    }

    static func close(_ a: SIMD3<Double>, _ b: SIMD3<Double>, _ tolerance: Double = 1e-12) -> Bool {
        ((a - b) * (a - b)).sum().squareRoot() <= tolerance
    }

    @Test("Identity attitude: (x, y, z) = (east, north, up) = (Y, X, −Z) of WMM, in µT")
    func identity() throws {
        let mag = try MagnetometerModel(sampleRate: 50)
        let f = try Self.wmm()
        let b = try Self.trueField(mag, .identity)
        let expected = SIMD3(f.east, f.north, -f.down) / 1_000
        #expect(Self.close(b, expected), "\(b) µT vs \(expected) µT")
        #expect(abs(b.y - 19.4) < 1, "London's north component ≈ 19.4 µT, got \(b.y)")
        #expect(b.z < -40, "the field points down in the northern hemisphere: up = \(b.z) µT")
        // The failing case: the north-east-down order is a different vector.
        #expect(!Self.close(b, SIMD3(f.north, f.east, f.down) / 1_000, 1))
    }

    @Test("A device turned 90° about up (its x axis to the north): (x, y, z) = (north, −east, up)")
    func rotatedAboutUp() throws {
        let mag = try MagnetometerModel(sampleRate: 50)
        let enu = try Self.trueField(mag, .identity)
        let q = Quaternion(axis: (x: 0, y: 0, z: 1), angle: .pi / 2)
        let b = try Self.trueField(mag, q)
        #expect(Self.close(b, SIMD3(enu.y, -enu.x, enu.z)), "\(b) µT")
        // The failing case: the unrotated reading.
        #expect(!Self.close(b, enu, 1))
    }

    @Test("A phone upright in portrait facing north (pitch +90°): y up, z south")
    func portrait() throws {
        let mag = try MagnetometerModel(sampleRate: 50)
        let enu = try Self.trueField(mag, .identity)
        let b = try Self.trueField(mag, Quaternion(roll: 0, pitch: .pi / 2, yaw: 0))
        // Device x → east, y → up, z (out of the screen) → south.
        #expect(Self.close(b, SIMD3(enu.x, enu.z, -enu.y)), "\(b) µT")
    }

    @Test(
        "Identity soft iron and no hard iron preserve the norm (|B| = F/1000) at any attitude",
        arguments: [(0.3, -1.2, 2.0), (1.5, 0.1, -0.7), (-2.9, 0.6, 0.0), (0.0, 0.0, 3.1)])
    func normPreserved(roll: Double, pitch: Double, yaw: Double) throws {
        let mag = try MagnetometerModel(sampleRate: 50)
        let f = try Self.wmm()
        let b = try mag.field(
            latitude: Self.latitude, longitude: Self.longitude, altitude: Self.altitude, decimalYear: Self.year,
            attitude: Quaternion(roll: roll, pitch: pitch, yaw: yaw), sample: 3)
        let norm = (b * b).sum().squareRoot()
        #expect(abs(norm - f.totalIntensity / 1_000) <= 1e-12 * norm, "|B| = \(norm) µT")
        // The failing case: a soft iron that is not a rotation changes the norm.
        let scaled = try MagnetometerModel(
            sampleRate: 50, softIron: [SIMD3(1.1, 0, 0), SIMD3(0, 1.1, 0), SIMD3(0, 0, 1.1)])
        let c = try scaled.field(
            latitude: Self.latitude, longitude: Self.longitude, altitude: Self.altitude, decimalYear: Self.year,
            attitude: Quaternion(roll: roll, pitch: pitch, yaw: yaw), sample: 3)
        #expect(abs((c * c).sum().squareRoot() - norm) > 1)
    }

    @Test("Soft iron then hard iron: m = S·B + b")
    func iron() throws {
        let s = [SIMD3(1.1, 0.05, 0.0), SIMD3(0.0, 0.9, 0.02), SIMD3(0.01, 0.0, 1.0)]
        let hard = SIMD3(10.0, -20.0, 30.0)
        let mag = try MagnetometerModel(sampleRate: 50, hardIron: hard, softIron: s)
        let q = Quaternion(roll: 0.2, pitch: 0.4, yaw: 1.0)
        let truth = try Self.trueField(try MagnetometerModel(sampleRate: 50), q)
        let m = try mag.field(
            latitude: Self.latitude, longitude: Self.longitude, altitude: Self.altitude, decimalYear: Self.year,
            attitude: q, sample: 0)
        let expected = SIMD3((s[0] * truth).sum(), (s[1] * truth).sum(), (s[2] * truth).sum()) + hard
        #expect(Self.close(m, expected), "\(m) µT vs \(expected) µT")
        // The failing cases: hard iron before soft iron, and no iron at all.
        let swapped = SIMD3((s[0] * (truth + hard)).sum(), (s[1] * (truth + hard)).sum(), (s[2] * (truth + hard)).sum())
        #expect(!Self.close(m, swapped, 0.1))
        #expect(!Self.close(m, truth, 1))
    }

    @Test("White noise 0.1 µT/√Hz at 100 Hz: mean 0, std 1 µT per axis over 20 000 samples; independent axes")
    func noiseStatistics() throws {
        let mag = try MagnetometerModel(sampleRate: 100, noiseDensity: 0.1, seed: 21)
        let truth = try Self.trueField(mag, .identity)
        let samples = try (0..<20_000).map { n in
            try mag.field(
                latitude: Self.latitude, longitude: Self.longitude, altitude: Self.altitude, decimalYear: Self.year,
                attitude: .identity, sample: n) - truth
        }
        for axis in 0..<3 {
            let e = samples.map { $0[axis] }
            let mean = e.reduce(0, +) / Double(e.count)
            let std = (e.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(e.count - 1)).squareRoot()
            #expect(abs(mean) < 4 / Double(e.count).squareRoot(), "axis \(axis) mean \(mean) µT")
            #expect(abs(std - 1) < 0.03, "axis \(axis) std \(std) µT")
        }
        let xy = samples.map { $0.x * $0.y }.reduce(0, +) / Double(samples.count)
        #expect(abs(xy) < 4 / Double(samples.count).squareRoot(), "x·y correlation \(xy)")
        // The failing case: sample n is the same in any order, and differs from sample n + 1.
        let again =
            try mag.field(
                latitude: Self.latitude, longitude: Self.longitude, altitude: Self.altitude, decimalYear: Self.year,
                attitude: .identity, sample: 19_999) - truth
        #expect(again == samples[19_999])
        #expect(samples[19_998] != samples[19_999])
    }

    @Test("Quantisation to 0.15 µT: every axis a multiple of the step, within half a step")
    func quantisation() throws {
        let step = 0.15
        let q = try MagnetometerModel(sampleRate: 100, noiseDensity: 0.05, resolution: step, seed: 2)
        let raw = try MagnetometerModel(sampleRate: 100, noiseDensity: 0.05, seed: 2)
        let truth = try Self.trueField(raw, .identity)
        var offGrid = 0
        for n in 0..<300 {
            let a = q.measured(truth, sample: n)
            let b = raw.measured(truth, sample: n)
            for axis in 0..<3 {
                #expect(abs(a[axis] / step - (a[axis] / step).rounded()) < 1e-9)
                #expect(abs(a[axis] - b[axis]) <= step / 2 + 1e-12)
                if abs(b[axis] / step - (b[axis] / step).rounded()) > 1e-3 { offGrid += 1 }
            }
        }
        #expect(offGrid > 850)
    }

    /// Builds a magnetometer with one bad parameter.
    static func make(_ name: String) throws(SignalError) -> MagnetometerModel {
        switch name {
        case "rate": try MagnetometerModel(sampleRate: -1)
        case "rate nan": try MagnetometerModel(sampleRate: .nan)
        case "hard_iron[1]": try MagnetometerModel(sampleRate: 1, hardIron: SIMD3(0, .infinity, 0))
        case "hard_iron[2]": try MagnetometerModel(sampleRate: 1, hardIron: SIMD3(0, 0, 2e4))
        case "soft_iron rows": try MagnetometerModel(sampleRate: 1, softIron: [SIMD3(1, 0, 0), SIMD3(0, 1, 0)])
        case "soft_iron[2][0]":
            try MagnetometerModel(sampleRate: 1, softIron: [SIMD3(1, 0, 0), SIMD3(0, 1, 0), SIMD3(.nan, 0, 1)])
        case "soft_iron[0][1]":
            try MagnetometerModel(sampleRate: 1, softIron: [SIMD3(1, 11, 0), SIMD3(0, 1, 0), SIMD3(0, 0, 1)])
        case "soft_iron singular":
            try MagnetometerModel(sampleRate: 1, softIron: [SIMD3(1, 2, 3), SIMD3(2, 4, 6), SIMD3(0, 0, 1)])
        case "noise_density[0]": try MagnetometerModel(sampleRate: 1, noiseDensity: SIMD3(-0.1, 0, 0))
        case "resolution": try MagnetometerModel(sampleRate: 1, resolution: .nan)
        default: preconditionFailure("no case \(name)")
        }
    }

    @Test(
        "Invalid parameters throw at their JSON path",
        arguments: [
            ("rate", SignalError.Code.outOfRange, "rate"), ("rate nan", .nonFinite, "rate"),
            ("hard_iron[1]", .nonFinite, "hard_iron[1]"), ("hard_iron[2]", .outOfRange, "hard_iron[2]"),
            ("soft_iron rows", .malformed, "soft_iron"), ("soft_iron[2][0]", .nonFinite, "soft_iron[2][0]"),
            ("soft_iron[0][1]", .outOfRange, "soft_iron[0][1]"), ("soft_iron singular", .outOfRange, "soft_iron"),
            ("noise_density[0]", .outOfRange, "noise_density[0]"), ("resolution", .nonFinite, "resolution"),
        ])
    func invalid(name: String, code: SignalError.Code, field: String) throws {
        let error = #expect(throws: SignalError.self) { try Self.make(name) }
        #expect(error?.code == code)
        #expect(error?.path == "$.trajectory.sensors.magnetometer.\(field)")
    }

    @Test("A nearly singular but invertible soft iron (det 1e-5) and the range edges are accepted")
    func validEdges() throws {
        _ = try MagnetometerModel(sampleRate: 1, softIron: [SIMD3(1e-5, 0, 0), SIMD3(0, 1, 0), SIMD3(0, 0, 1)])
        _ = try MagnetometerModel(
            sampleRate: 1e6, hardIron: SIMD3(repeating: 1e4), noiseDensity: 1_000, resolution: 1_000)
    }

    @Test(
        "Epochs outside WMM2025 (2025.0 ... 2030.0) throw at $.trajectory.epoch",
        arguments: [2024.99, 2030.01, Double.nan])
    func epoch(year: Double) throws {
        let mag = try MagnetometerModel(sampleRate: 1)
        let error = #expect(throws: SignalError.self) {
            try mag.trueField(latitude: 0, longitude: 0, altitude: 0, decimalYear: year, attitude: .identity)
        }
        #expect(error?.path == "$.trajectory.epoch")
        #expect(error?.code == (year.isNaN ? .nonFinite : .outOfRange))
        // The failing case: the validity's ends are accepted.
        _ = try mag.trueField(
            latitude: 0, longitude: 0, altitude: 0, decimalYear: year < 2027 ? 2025.0 : 2030.0, attitude: .identity)
    }

    @Test("An attitude that is not a unit quaternion, a bad position or sample throw")
    func invalidInputs() throws {
        let mag = try MagnetometerModel(sampleRate: 1)
        let attitude = #expect(throws: SignalError.self) {
            try mag.trueField(
                latitude: 0, longitude: 0, altitude: 0, decimalYear: 2026, attitude: Quaternion(w: 2, x: 0, y: 0, z: 0))
        }
        #expect(attitude?.code == .invalidArgument)
        #expect(attitude?.path == "$.trajectory.sensors.magnetometer")
        let latitude = #expect(throws: SignalError.self) {
            try mag.trueField(latitude: 95, longitude: 0, altitude: 0, decimalYear: 2026, attitude: .identity)
        }
        #expect(latitude?.code == .outOfRange)
        #expect(latitude?.path == "$.trajectory.sensors.magnetometer")
        let sample = #expect(throws: SignalError.self) {
            try mag.field(latitude: 0, longitude: 0, altitude: 0, decimalYear: 2026, attitude: .identity, sample: -1)
        }
        #expect(sample?.code == .invalidRender)
    }
}
