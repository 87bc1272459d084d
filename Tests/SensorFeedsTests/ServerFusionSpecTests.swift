import Foundation
import Navigation
import Testing

@testable import SensorFeeds

/// The magnetometer calibration a client reads from a server's `/v1/spec`: the trajectory spec's own
/// decoder and rules, so it agrees with the model and with a render directory's `sensors.json`.
@Suite struct ServerFusionSpecTests {
    static func spec(_ magnetometer: String) -> Data {
        Data(#"{"trajectory": {"route": [], "sensors": {"magnetometer": \#(magnetometer)}}}"#.utf8)
    }

    static func isIdentity(_ c: MagnetometerCalibration) -> Bool {
        c.hardIron == .zero && c.inverse == MagnetometerModel.identity
    }

    @Test("a spec's hard and soft iron give the model's calibration (a number for every axis, as the spec allows)")
    func read() throws {
        let c = ServerFusion.calibration(
            spec: Self.spec(
                #"{"hard_iron": [12, -3, 40], "soft_iron": [2, [0, 1, 0], [0, 0, 1]], "noise_density": 0.1}"#))
        let model = try MagnetometerModel(
            sampleRate: 100, hardIron: SIMD3(12, -3, 40),
            softIron: [SIMD3(2, 2, 2), SIMD3(0, 1, 0), SIMD3(0, 0, 1)])
        let expected = MagnetometerCalibration(model)
        #expect(c.hardIron == expected.hardIron)
        #expect(c.inverse == expected.inverse)
        #expect(!Self.isIdentity(c))
    }

    @Test(
        "what the model refuses gives no calibration: a singular matrix (|det| < 1e-6), a non-number, an unknown key",
        arguments: [
            #"{"hard_iron": 1, "soft_iron": [[1, 0, 0], [0, 1, 0], [0, 0, 1e-7]]}"#,
            #"{"hard_iron": ["a", 1, 2, 3]}"#, #"{"hard_iron": [true, 1, 2]}"#, #"{"hard_iron": 1, "hardiron": 2}"#,
            #"{"hard_iron": 20000}"#,
        ])
    func refused(_ magnetometer: String) {
        #expect(Self.isIdentity(ServerFusion.calibration(spec: Self.spec(magnetometer))))
    }

    @Test("a spec that is not strict JSON, or has no magnetometer, gives no calibration")
    func absent() {
        #expect(
            Self.isIdentity(
                ServerFusion.calibration(
                    spec: Data(#"{"trajectory": {"sensors": {"magnetometer": {"hard_iron": 1,}}}}"#.utf8))))
        #expect(Self.isIdentity(ServerFusion.calibration(spec: Data(#"{"signal": {"sine": {}}}"#.utf8))))
        // The failing case of the two above: the same spec, valid.
        #expect(
            !Self.isIdentity(
                ServerFusion.calibration(
                    spec: Data(#"{"trajectory": {"sensors": {"magnetometer": {"hard_iron": 1}}}}"#.utf8))))
    }
}
