import Foundation
import SignalRunnerTesting
import Signals
import Testing

@testable import Sensors

@Suite struct ExampleSpecTests {
    static let specs = Examples.url("specs")

    @Test("every IMU example under Examples/specs/imu decodes, validates and renders")
    func imuExamples() throws {
        let dir = Self.specs.appendingPathComponent("imu")
        let files = try Examples.jsonFiles(in: "specs/imu")
        #expect(files.count >= 2)
        for file in files {
            let imu = try IMU.decode(json: Data(contentsOf: dir.appendingPathComponent(file)))
            _ = try imu.render(sampleRate: 100, duration: 0.5)
        }
    }

    @Test("the attitude example decodes as a 13-channel motion")
    func attitudeExample() throws {
        let node = try SignalNode.decode(
            json: Data(contentsOf: Self.specs.appendingPathComponent("tilt-attitude.json")))
        #expect(node.channelCount == 13)
        try node.validate(sampleRate: 100)
    }
}
