import Formats
import Testing

@testable import Navigation

/// The truth row is written by literal positions (the render's hot loop); each must be where `TruthColumn`,
/// the one list of the columns, says its value is.
@Suite struct TruthRowTests {
    @Test("every value of a truth row sits under its TruthColumn name, for states along a drive")
    func positions() throws {
        let drive = try TrajectoryRenderTests.drive(bandwidth: 0)
        let width = 1 + TruthColumn.allCases.count
        for s in drive.states(first: 0, count: 400, rate: 2) {
            let row = [Double](unsafeUninitializedCapacity: width) { buffer, count in
                Trajectory.writeTruthRow(s, to: buffer.baseAddress!)
                count = width
            }
            let expected: [TruthColumn: Double] = [
                .latitude: s.latitude, .longitude: s.longitude, .altitude: s.altitude,
                .velocityEast: s.velocity.x, .velocityNorth: s.velocity.y, .velocityUp: s.velocity.z,
                .accelerationEast: s.acceleration.x, .accelerationNorth: s.acceleration.y,
                .accelerationUp: s.acceleration.z, .attitudeW: s.attitude.w, .attitudeX: s.attitude.x,
                .attitudeY: s.attitude.y, .attitudeZ: s.attitude.z, .rotationRateX: s.rotationRate.x,
                .rotationRateY: s.rotationRate.y, .rotationRateZ: s.rotationRate.z,
                .altitudeMSL: s.altitudeAboveMeanSeaLevel, .headingTrue: s.trueHeading,
                .headingMagnetic: s.magneticHeading, .steps: Double(s.steps), .speed: s.speed,
            ]
            #expect(row[0] == s.time)
            for column in TruthColumn.allCases {
                #expect(
                    column.value(in: row).bitPattern == expected[column]?.bitPattern, "\(column.name) at \(s.time) s")
            }
        }
        // The failing case: a row with two columns swapped does not match.
        let s = drive.states(first: 100, count: 1, rate: 2)[0]
        var row = [Double](repeating: 0, count: width)
        row.withUnsafeMutableBufferPointer { Trajectory.writeTruthRow(s, to: $0.baseAddress!) }
        row.swapAt(TruthColumn.headingTrue.position, TruthColumn.headingMagnetic.position)
        #expect(TruthColumn.headingTrue.value(in: row) != s.trueHeading)
    }
}
