import Foundation
import SensorData
import Testing

@testable import Formats

/// `sensors.json` of a render directory: golden bytes, write → read round trips, and every refusal once.
@Suite struct SensorsSidecarTests {
    static let walk = SensorsSidecar(
        epoch: "2026-06-01T08:30:00Z", accelerometerUnit: "g",
        magnetometer: .init(hardIron: SIMD3(12, -3, 40), softIron: MagnetometerCalibrationRules.identity))

    /// The bytes `signals render --output-dir` wrote before the codec (string concatenation), unchanged.
    @Test("the writer's bytes are the file format as it was")
    func golden() throws {
        let text = try Self.walk.json()
        #expect(
            text
                == #"{"epoch": "2026-06-01T08:30:00Z", "accelerometerUnit": "g", "magnetometer": {"hard_iron": [12.0, -3.0, 40.0], "soft_iron": [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]]}}"#
                + "\n")
        #expect(try SensorsSidecar().json() == "{}\n")
        #expect(try SensorsSidecar(accelerometerUnit: "m/s^2").json() == #"{"accelerometerUnit": "m/s^2"}"# + "\n")
    }

    @Test("write → read is the identity, bit for bit, for valid sidecars (−0, subnormals and the range ends included)")
    func roundTrip() throws {
        var random = SplitMix(state: 32)
        let specials: [Double] = [
            -0.0, .leastNonzeroMagnitude, -2.2250738585072014e-308, 10_000, -10_000, 0.1, 1.0 / 3,
        ]
        for k in 0..<200 {
            func value() -> Double {
                k % 4 == 0
                    ? specials.randomElement(using: &random)! : Double.random(in: -10_000...10_000, using: &random)
            }
            var soft = MagnetometerCalibrationRules.identity
            for i in 0..<3 { for j in 0..<3 { soft[i][j] += Double.random(in: -0.2...0.2, using: &random) } }
            let seconds = Double(Int.random(in: 1_700_000_000...1_900_000_000, using: &random))
            let sidecar = SensorsSidecar(
                epoch: k % 5 == 0 ? nil : ISO8601.format(seconds),
                accelerometerUnit: k % 3 == 0 ? nil : SensorsSidecar.accelerometerUnits[k % 2],
                magnetometer: k % 7 == 0 ? nil : .init(hardIron: SIMD3(value(), value(), value()), softIron: soft))
            let back = try SensorsSidecar.read(Data(try sidecar.json().utf8))
            #expect(back == sidecar)
            let bits = { (s: SensorsSidecar) in
                s.magnetometer.map { m in
                    [m.hardIron.x, m.hardIron.y, m.hardIron.z].map(\.bitPattern)
                        + m.softIron.flatMap { [$0.x, $0.y, $0.z].map(\.bitPattern) }
                }
            }
            #expect(bits(back) == bits(sidecar), "sidecar \(k)")
            #expect(back.epochSeconds == sidecar.epoch.map { _ in seconds })
        }
    }

    @Test("the spec's shapes are read: a number for every axis, and a number for a soft-iron row")
    func specShapes() throws {
        let s = try SensorsSidecar.read(
            Data(#"{"magnetometer": {"hard_iron": 2, "soft_iron": [[2, 0, 0], 1, [0, 0, 1]]}}"#.utf8))
        let m = try #require(s.magnetometer)
        #expect(m.hardIron == SIMD3(2, 2, 2))
        #expect(m.softIron == [SIMD3(2, 0, 0), SIMD3(1, 1, 1), SIMD3(0, 0, 1)])
    }

    /// One refusal per row: the text, the error's code and JSON path.
    static let hostile: [(String, SignalError.Code, String)] = [
        ("[1, 2]", .malformed, "$"),
        ("\"sensors\"", .malformed, "$"),
        ("{\"epoch\": \"x\"", .malformed, "$"),
        (#"{"epoch": 5}"#, .malformed, "$.epoch"),
        (#"{"epoch": null}"#, .malformed, "$.epoch"),
        (#"{"epoch": "2026-13-01T00:00:00Z"}"#, .malformed, "$.epoch"),
        (#"{"epoch": "yesterday"}"#, .malformed, "$.epoch"),
        (#"{"accelerometerUnit": "furlongs"}"#, .malformed, "$.accelerometerUnit"),
        (#"{"accelerometerUnit": true}"#, .malformed, "$.accelerometerUnit"),
        (#"{"accelerometer_unit": "g"}"#, .unknownField, "$.accelerometer_unit"),
        (#"{"epoch": "2026-06-01T08:30:00Z", "epoch": "2026-06-01T08:30:00Z"}"#, .malformed, "$"),
        (#"{"magnetometer": [1, 2, 3]}"#, .malformed, "$.magnetometer"),
        (#"{"magnetometer": {"hard_iron": [1, 2]}}"#, .malformed, "$.magnetometer.hard_iron"),
        (#"{"magnetometer": {"hard_iron": [1, 2, 3]}}"#, .missingField, "$.magnetometer"),
        (#"{"magnetometer": {"soft_iron": [[1, 0, 0], [0, 1, 0], [0, 0, 1]]}}"#, .missingField, "$.magnetometer"),
        (#"{"magnetometer": {"hard_iron": ["a", 1, 2], "soft_iron": 1}}"#, .malformed, "$.magnetometer.hard_iron[0]"),
        (#"{"magnetometer": {"hard_iron": [true, 1, 2], "soft_iron": 1}}"#, .malformed, "$.magnetometer.hard_iron[0]"),
        (#"{"magnetometer": {"hard_iron": [NaN, 1, 2], "soft_iron": 1}}"#, .malformed, "$.magnetometer.hard_iron[0]"),
        (#"{"magnetometer": {"hard_iron": [1e999, 1, 2], "soft_iron": 1}}"#, .malformed, "$.magnetometer.hard_iron[0]"),
        (
            #"{"magnetometer": {"hard_iron": [10001, 1, 2], "soft_iron": [1, [0, 1, 0], [0, 0, 1]]}}"#, .outOfRange,
            "$.magnetometer.hard_iron[0]"
        ),
        (
            #"{"magnetometer": {"hard_iron": 0, "soft_iron": [[11, 0, 0], [0, 1, 0], [0, 0, 1]]}}"#, .outOfRange,
            "$.magnetometer.soft_iron[0][0]"
        ),
        (
            #"{"magnetometer": {"hard_iron": 0, "soft_iron": [[1, 0, 0], [0, 1, 0]]}}"#, .malformed,
            "$.magnetometer.soft_iron"
        ),
        (
            #"{"magnetometer": {"hard_iron": 0, "soft_iron": [[1, 0, 0], [0, 1, 0], [0, 0, 1e-7]]}}"#, .outOfRange,
            "$.magnetometer.soft_iron"
        ),
        (
            #"{"magnetometer": {"hard_iron": 0, "soft_iron": [[1, 2, 3], [2, 4, 6], [0, 0, 1]]}}"#, .outOfRange,
            "$.magnetometer.soft_iron"
        ),
        (
            #"{"magnetometer": {"hard_iron": 0, "soft_iron": [[1, 0, 0], [0, 1, 0], [0, 0, 1]], "noise_density": 0}}"#,
            .unknownField, "$.magnetometer.noise_density"
        ), (#"{"movingActivity": "walking", "legs": []}"#, .malformed, "$.legs"),
        (#"{"movingActivity": "walking", "legs": {"start": 0}}"#, .malformed, "$.legs"),
        (
            #"{"movingActivity": "walking", "legs": [{"start": 1, "movingActivity": "walking"}]}"#, .outOfRange,
            "$.legs[0].start"
        ),
        (
            #"{"movingActivity": "walking", "legs": [{"start": 0, "movingActivity": "walking"}, {"start": 0, "movingActivity": "cycling"}]}"#,
            .outOfRange, "$.legs[1].start"
        ),
        (
            #"{"movingActivity": "walking", "legs": [{"start": 0, "movingActivity": "walking"}, {"start": 5, "movingActivity": "flying"}]}"#,
            .malformed, "$.legs[1].movingActivity"
        ),
        (#"{"movingActivity": "walking", "legs": [{"start": 0}]}"#, .missingField, "$.legs[0]"),
        (
            #"{"movingActivity": "walking", "legs": [{"start": 0, "movingActivity": "walking", "end": 3}]}"#,
            .unknownField, "$.legs[0].end"
        ),
        (
            #"{"movingActivity": "cycling", "legs": [{"start": 0, "movingActivity": "walking"}]}"#, .invalidArgument,
            "$.movingActivity"
        ),
        (#"{"legs": [{"start": 0, "movingActivity": "walking"}]}"#, .invalidArgument, "$.movingActivity"),
    ]

    @Test("a trip's legs: written and read back, each leg's rule from its start to the next's")
    func legs() throws {
        let trip = SensorsSidecar(
            epoch: "2026-06-01T08:30:00Z", movingActivity: .walking,
            legs: [.init(start: 0, movingActivity: .walking), .init(start: 134, movingActivity: .automotive)])
        let text = try trip.json()
        #expect(
            text
                == #"{"epoch": "2026-06-01T08:30:00Z", "movingActivity": "walking", "legs": [{"start": 0.0, "movingActivity": "walking"}, {"start": 134.0, "movingActivity": "automotive"}]}"#
                + "\n")
        let back = try SensorsSidecar.read(Data(text.utf8))
        #expect(back == trip)
        #expect(back.movingActivity(at: -1) == .walking)
        #expect(back.movingActivity(at: 133.99) == .walking)
        #expect(back.movingActivity(at: 134) == .automotive)
        #expect(back.movingActivity(at: 1e9) == .automotive)
        // Without legs, the one rule holds throughout.
        #expect(SensorsSidecar(movingActivity: .cycling).movingActivity(at: 500) == .cycling)
    }

    @Test("hostile files are refused with the code and JSON path of the value at fault", arguments: hostile)
    func refused(_ text: String, _ code: SignalError.Code, _ path: String) {
        expectRefusal(code, at: path) { _ = try SensorsSidecar.read(Data(text.utf8)) }
    }

    /// The error reading `text` throws, or `nil` when it is read.
    static func refusal(_ text: String) -> SignalError? {
        do {
            _ = try SensorsSidecar.read(Data(text.utf8))
            return nil
        } catch {
            return error
        }
    }

    @Test("the singular threshold is the model's: |det| = 1e-6 is read, 0.999e-6 is refused")
    func singularThreshold() throws {
        func text(_ d: Double) -> String {
            #"{"magnetometer": {"hard_iron": 0, "soft_iron": [[1, 0, 0], [0, 1, 0], [0, 0, \#(d)]]}}"#
        }
        #expect(MagnetometerCalibrationRules.minimumSoftIronDeterminant == 1e-6)
        let read = try SensorsSidecar.read(Data(text(1e-6).utf8))
        #expect(read.magnetometer?.softIron[2].z == 1e-6)
        #expect(Self.refusal(text(0.999e-6))?.code == .outOfRange)
        #expect(Self.refusal(text(-0.999e-6))?.code == .outOfRange)
        #expect(Self.refusal(text(-1e-6)) == nil)
    }

    @Test("the size limit: 1 MiB is read, 1 MiB + 1 byte is refused as too large")
    func sizeLimit() throws {
        let body = #"{"accelerometerUnit": "g"}"#
        let padded = body + String(repeating: " ", count: SensorsSidecar.sizeLimit - body.utf8.count)
        #expect(try SensorsSidecar.read(Data(padded.utf8)).accelerometerUnit == "g")
        #expect {
            _ = try SensorsSidecar.read(Data((padded + " ").utf8))
        } throws: { error in
            (error as? SignalError)?.code == .tooLarge
        }
    }

    @Test("the writer refuses what the reader would: NaN, infinity, a singular matrix, a bad epoch or unit")
    func writerRefuses() {
        let identity = MagnetometerCalibrationRules.identity
        let cases: [(SensorsSidecar, SignalError.Code, String)] = [
            (
                SensorsSidecar(magnetometer: .init(hardIron: SIMD3(.nan, 0, 0), softIron: identity)), .nonFinite,
                "$.magnetometer.hard_iron[0]"
            ),
            (
                SensorsSidecar(
                    magnetometer: .init(
                        hardIron: .zero, softIron: [SIMD3(1, 0, 0), SIMD3(0, .infinity, 0), SIMD3(0, 0, 1)])),
                .nonFinite, "$.magnetometer.soft_iron[1][1]"
            ),
            (
                SensorsSidecar(
                    magnetometer: .init(hardIron: .zero, softIron: [SIMD3(1, 0, 0), SIMD3(0, 1, 0), SIMD3(0, 0, 0)])),
                .outOfRange, "$.magnetometer.soft_iron"
            ),
            (SensorsSidecar(epoch: "2026-06-01 08:30"), .malformed, "$.epoch"),
            (SensorsSidecar(accelerometerUnit: "G"), .malformed, "$.accelerometerUnit"),
        ]
        for (sidecar, code, path) in cases {
            expectRefusal(code, at: path) { _ = try sidecar.json() }
        }
    }

    @Test("a file's errors name the file; an absent file is unreadable")
    func fromFile() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sidecar-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent(SensorsSidecar.fileName)
        try Data(try Self.walk.json().utf8).write(to: url)
        #expect(try SensorsSidecar.read(contentsOf: url) == Self.walk)
        try Data(#"{"epoch": 5}"#.utf8).write(to: url)
        #expect {
            _ = try SensorsSidecar.read(contentsOf: url)
        } throws: { error in
            (error as? SignalError)?.location.file == "sensors.json"
        }
        #expect {
            _ = try SensorsSidecar.read(contentsOf: dir.appendingPathComponent("absent.json"))
        } throws: { error in
            (error as? SignalError)?.code == .unreadable
        }
    }
}
