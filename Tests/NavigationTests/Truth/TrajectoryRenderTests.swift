import Foundation
import Location
import Sensors
import Signals
import Testing

@testable import Navigation

/// The renderer is a pure function of the sample index: one block, odd-sized blocks and streams rendered
/// together (sharing the truth) give the same bits.
@Suite struct TrajectoryRenderTests {
    static func drive(bandwidth: Double) throws -> Trajectory {
        var imu = IMU(preset: .bmi160, seed: 7)
        imu.accelerometer.randomWalk = SIMD3(repeating: 3e-4)
        imu.gyroscope.biasInstability = SIMD3(repeating: 1e-4)
        imu.gyroscope.biasCorrelationTime = SIMD3(repeating: 30)
        imu.accelerometer.bandwidth = SIMD3(repeating: bandwidth)
        return try Trajectory(
            route: TruthChecks.carRoute(), vehicle: .car, mount: .dashboard, epoch: "2026-06-01T12:00:00Z",
            sensors: TruthChecks.sensors(imu: imu, barometerRate: 50))
    }

    /// `values` bit for bit.
    static func bits(_ values: [Double]) -> [UInt64] { values.map(\.bitPattern) }

    @Test(
        "One block and odd-sized blocks give the same bits, stream by stream and streams together",
        arguments: [0.0, 20])
    func chunkingDoesNotChangeABit(bandwidth: Double) throws {
        let drive = try Self.drive(bandwidth: bandwidth)
        let rate = 50.0
        let streams = try drive.series(rate: rate).filter { $0.rate == rate }
        #expect(streams.count == 4)
        let samples = 1_234..<4_321  // across the start (rest), the turns and a low-pass cell boundary
        let whole = try drive.render(streams, samples: samples)
        for (stream, rows) in zip(streams, whole) {
            #expect(rows.count == samples.count * (1 + stream.columns.count), "\(stream.kind)")
            #expect(Self.bits(try drive.render(stream, samples: samples)) == Self.bits(rows), "\(stream.kind) alone")
        }
        var pieces = [[Double]](repeating: [], count: streams.count)
        var n = samples.lowerBound
        for size in [1, 7, 333, 2_049, 1, 500, 10_000] where n < samples.upperBound {
            let end = min(n + size, samples.upperBound)
            for (k, rows) in try drive.render(streams, samples: n..<end).enumerated() { pieces[k] += rows }
            n = end
        }
        for k in streams.indices {
            #expect(Self.bits(pieces[k]) == Self.bits(whole[k]), "\(streams[k].kind) in odd blocks")
        }
        // The failing case: a different start gives different rows.
        let shifted = try drive.render(streams[0], samples: samples.lowerBound + 1..<samples.upperBound + 1)
        #expect(Self.bits(shifted) != Self.bits(whole[0]))
    }

    @Test(
        "Rows from the one-pass renderer (partial states, shared geoid height) are the full states' and the sensor models' public results"
    )
    func rowsMatchTheFullStatesAndThePublicModels() throws {
        let drive = try Self.drive(bandwidth: 0)
        let first = 100
        let count = 900
        let rate = 50.0
        let states = drive.states(first: first, count: count, rate: rate)
        let truth = try drive.render(TrajectorySeries(kind: .truth, rate: rate), samples: first..<first + count)
        let expected = states.flatMap { s in
            [
                s.time, s.latitude, s.longitude, s.altitude, s.velocity.x, s.velocity.y, s.velocity.z,
                s.acceleration.x, s.acceleration.y, s.acceleration.z, s.attitude.w, s.attitude.x, s.attitude.y,
                s.attitude.z,
                s.rotationRate.x, s.rotationRate.y, s.rotationRate.z, s.altitudeAboveMeanSeaLevel, s.trueHeading,
                s.magneticHeading, Double(s.steps), s.speed,
            ]
        }
        #expect(Self.bits(truth) == Self.bits(expected))
        let barometer = try #require(drive.sensors.barometer).at(rate: rate)
        // The barometer reads the state's height above mean sea level (the geoid interpolated on the 1 s grid).
        let pressures = try barometer.pressures(first: first, count: count) { n in
            let s = states[n - first]
            return (s.latitude, s.longitude, s.altitude, s.altitudeAboveMeanSeaLevel)
        }
        let baroRows = try drive.render(TrajectorySeries(kind: .barometer, rate: rate), samples: first..<first + count)
        #expect(Self.bits(stride(from: 1, to: baroRows.count, by: 2).map { baroRows[$0] }) == Self.bits(pressures))
        let magnetometer = try #require(drive.sensors.magnetometer).at(rate: rate)
        let magRows = try drive.render(
            TrajectorySeries(kind: .magnetometer, rate: rate), samples: first..<first + count)
        let fields = states.enumerated().flatMap { k, s in
            let m = magnetometer.measured(s.magneticField, sample: first + k)
            return [s.time, m.x, m.y, m.z]
        }
        #expect(Self.bits(magRows) == Self.bits(fields))
        // The failing case: a neighbouring sample's state differs.
        #expect(Self.bits(Array(expected.dropFirst(21))) != Self.bits(Array(truth.dropLast(21))))
    }

    @Test("The states of a block are the states at each time")
    func statesAreTheStatesAtEachTime() throws {
        let drive = try Self.drive(bandwidth: 0)
        let states = drive.states(first: 3_000, count: 200, rate: 50)
        for (k, s) in states.enumerated() { #expect(s == drive.state(at: Double(3_000 + k) / 50)) }
    }

    @Test(
        "Half angles by square roots match sin and cos of the half angle within 2e-16",
        arguments: stride(from: -3.14159, through: 3.14159, by: 0.0137).map { $0 } + [.pi, 0, 1e-9, -1e-9, .pi - 1e-9])
    func halfAngles(angle: Double) {
        let h = Trajectory.halfAngle(cos: cos(angle), sin: sin(angle))
        #expect(abs(h.cos - cos(angle / 2)) < 2e-16)
        #expect(abs(h.sin - sin(angle / 2)) < 2e-16)
        #expect(h.cos >= 0)
    }
}
