import Foundation
import Testing

@testable import Signals

@Suite struct AttitudeNodeTests {
    @Test(
        "every JSON form decodes and round-trips",
        arguments: [
            #"{"motion": {"attitude": "landscapeLeft"}}"#,
            #"{"motion": {"attitude": {"quaternion": {"w": 1, "x": 0, "y": 0, "z": 0}}}}"#,
            #"{"motion": {"attitude": {"roll": 0.1, "pitch": 0.6}}}"#,
            #"{"motion": {"attitude": {"roll": {"sine": {"amplitude": 0.2, "frequency": 0.5}}, "yaw": 0.3}, "userAcceleration": {"axes": {"x": {"constant": {"value": 0.1}}}}}}"#,
            #"{"motion": {"attitude": {"rotationRate": {"axes": {"z": {"constant": {"value": 0.5}}}}, "initial": "portrait"}, "worldAcceleration": {"axes": {}}}}"#,
            #"{"motion": {"attitude": {"rotationRate": {"axes": {}}, "initial": {"roll": 0.1, "pitch": 0, "yaw": 2}}}}"#,
        ])
    func roundTrip(_ json: String) throws {
        let node = try SignalNode.decode(json: Data(json.utf8))
        #expect(node.channelCount == 13)
        #expect(try SignalNode.decode(json: node.json()) == node)
        _ = try AnySignal(node: node).render(sampleRate: 50, duration: 0.2)
    }

    @Test("numbers only are a fixed attitude; a signal makes it vary")
    func fixedOrVarying() throws {
        let fixed = try SignalNode.decode(json: Data(#"{"motion": {"attitude": {"roll": 0.1}}}"#.utf8))
        let m = try #require({ if case .motion(let m) = fixed { m } else { nil } }(), "not a motion node: \(fixed)")
        #expect(m.attitude == .fixed(.angles(roll: 0.1, pitch: 0, yaw: 0)))
        #expect(m.fixedAttitudeEquivalent != nil)
    }

    @Test(
        "bad attitudes name their path",
        arguments: [
            (#"{"motion": {"attitude": "faceup"}}"#, "$.motion.attitude", "did you mean \"faceUp\""),
            (#"{"motion": {"attitude": "faceUp", "gravity": {"axes": {}}}}"#, "$.motion.gravity", "derived"),
            (#"{"motion": {"attitude": "faceUp", "rotationRate": {"axes": {}}}}"#, "$.motion.rotationRate", "derived"),
            (#"{"motion": {"worldAcceleration": {"axes": {}}}}"#, "$.motion.worldAcceleration", "attitude"),
            (
                #"{"motion": {"attitude": {"roll": {"noise": {"amplitude": 0.1}}}}}"#, "$.motion.attitude.roll.noise",
                "not differentiable"
            ),
            (
                #"{"motion": {"attitude": {"pitch": {"sum": [{"sine": {"frequency": 1}}, {"square": {"frequency": 2}}]}}}}"#,
                "$.motion.attitude.pitch.sum[1].square", "jumps"
            ),
            (#"{"motion": {"attitude": {"yaw": {"axes": {}}}}}"#, "$.motion.attitude.yaw", "one-channel"),
            (
                #"{"motion": {"attitude": {"rotationRate": {"sine": {"frequency": 1}}}}}"#,
                "$.motion.attitude.rotationRate", "three-channel"
            ),
            (
                #"{"motion": {"attitude": {"quaternion": {"w": 0, "x": 0, "y": 0, "z": 0}}}}"#,
                "$.motion.attitude.quaternion", "norm"
            ),
            (#"{"motion": {"attitude": {"roll": 0.1, "spin": 2}}}"#, "$.motion.attitude.spin", "unknown field"),
            (
                #"{"motion": {"attitude": {"rotationRate": {"axes": {}}, "initial": "sideways"}}}"#,
                "$.motion.attitude.initial", "unknown attitude"
            ),
            (#"{"motion": {"attitude": 3}}"#, "$.motion.attitude", "attitude must be"),
        ])
    func errors(_ json: String, _ path: String, _ fragment: String) {
        do {
            _ = try SignalNode.decode(json: Data(json.utf8))
            Issue.record("accepted \(json)")
        } catch {
            #expect(error.path == path, "\(error)")
            #expect(error.message.contains(fragment), "\(error.message)")
        }
    }

    @Test("a rate at or above Nyquist in an angle is caught at validation, with its path")
    func validation() throws {
        let node = try SignalNode.decode(
            json: Data(#"{"motion": {"attitude": {"roll": {"sine": {"frequency": 60}}}}}"#.utf8))
        do {
            try node.validate(sampleRate: 100)
            Issue.record("accepted")
        } catch {
            #expect(error.path?.hasPrefix("$.motion.attitude.roll.sine") == true)
            #expect(error.code == .aliasing)
        }
    }
}

/// An attitude that can turn by more than half a turn between samples aliases, like a frequency above
/// Nyquist: validation refuses it unless aliasing is allowed.
@Suite struct AttitudeAliasingTests {
    @Test(
        "more than π rad between samples is refused, naming the attitude",
        arguments: [
            #"{"motion": {"attitude": {"rotationRate": {"axes": {"x": {"constant": {"value": 1e30}}}}, "initial": "faceUp"}}}"#,
            #"{"motion": {"attitude": {"rotationRate": {"axes": {"z": {"constant": {"value": 320}}}}, "initial": "faceUp"}}}"#,
            #"{"motion": {"attitude": {"roll": {"sine": {"amplitude": 1e30, "frequency": 1}}}}}"#,
        ])
    func refused(_ json: String) throws {
        let node = try SignalNode.decode(json: Data(json.utf8))
        do {
            try node.validate(sampleRate: 100)
            Issue.record("accepted \(json)")
        } catch {
            #expect(error.path == "$.motion.attitude", "\(error)")
            #expect(error.message.contains("more than half a turn"), "\(error.message)")
        }
        try node.validate(sampleRate: 100, allowAliasing: true)
    }

    @Test("the limit is π rad a sample: 300 rad/s about z passes at 100 Hz (3 rad a sample), fails at 90 Hz")
    func limit() throws {
        let node = try SignalNode.decode(
            json: Data(
                #"{"motion": {"attitude": {"rotationRate": {"axes": {"z": {"constant": {"value": 300}}}}, "initial": "faceUp"}}}"#
                    .utf8))
        try node.validate(sampleRate: 100)
        #expect(#expect(throws: SignalError.self) { try node.validate(sampleRate: 90) }?.code == .aliasing)
    }
}
