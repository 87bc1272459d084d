import Foundation
import Location
import Navigation
import Sensors

/// The trajectory rows: a car on a 10-minute route at 100 Hz, one core, rendered in blocks of 16 384
/// samples (what `signals render --output-dir` streams): the truth alone, and the whole sensor set (truth,
/// IMU with every error term and the car's vibration, magnetometer with noise, barometer with weather and
/// noise, GNSS at 1 Hz with its error).
func trajectoryRows(quick: Bool, wanted: (String) -> Bool) throws -> [Row] {
    var rows: [Row] = []
    let rate = 100.0
    let reps = quick ? 2 : 5
    let route = Route(speed: 13.9) {
        Waypoint(latitude: 51.5007, longitude: -0.1246, altitude: 10)
        Waypoint(latitude: 51.5107, longitude: -0.1246, altitude: 20)
        Waypoint(latitude: 51.5107, longitude: -0.1046, altitude: 15)
        Waypoint(latitude: 51.5257, longitude: -0.1046, altitude: 30)
        Waypoint(latitude: 51.5257, longitude: -0.0846, altitude: 12)
        Waypoint(latitude: 51.5007, longitude: -0.0846, altitude: 10)
    }
    let frames = quick ? 1 << 15 : Int(rate * 600)

    func throughput(_ trajectory: Trajectory, _ name: String) throws -> Row {
        let streams = try trajectory.series(rate: rate)
        // Streams at one rate render together (one truth per sample for all of them).
        var groups: [[TrajectorySeries]] = []
        for stream in streams {
            if let g = groups.firstIndex(where: { $0[0].rate == stream.rate }) {
                groups[g].append(stream)
            } else {
                groups.append([stream])
            }
        }
        func run() {
            for group in groups {
                let count = Int((Double(frames) * group[0].rate / rate).rounded())
                var start = 0
                while start < count {
                    let end = min(start + 16_384, count)
                    let blocks = (try? trajectory.render(group, samples: start..<end)) ?? []
                    for rows in blocks { blackHole(rows.last ?? 0) }
                    start = end
                }
            }
        }
        let (t, _) = interleaved(repetitions: reps, run, baseline: {})
        return Row(
            name: name, unit: "Mframes/s", value: Double(frames) / t.median / 1e6, baseline: nil, baselineValue: nil,
            ratio: nil, spread: spreadText(Double(frames) / t.max / 1e6, Double(frames) / t.min / 1e6))
    }

    /// The car with the whole sensor set: IMU with every term, magnetometer, barometer, GNSS at 1 Hz.
    func everySensor() throws -> Trajectory {
        let sensors = TrajectorySensors(
            imu: benchIMU(),
            magnetometer: try MagnetometerModel(sampleRate: rate, noiseDensity: 0.1, resolution: 0.01, seed: 3),
            barometer: try BarometerModel(
                sampleRate: rate, weatherDeviation: 50, weatherCorrelationTime: 3600, noiseDensity: 1,
                resolution: 0.1, seed: 4),
            gnss: try GNSSReceiver(
                error: GNSSErrorModel(sigma: 3, correlationTime: 60, seed: 2), rate: 1, velocitySigma: 0.1))
        return try Trajectory(
            route: route, vehicle: .car, mount: .dashboard, epoch: "2026-06-01T12:00:00Z", sensors: sensors)
    }

    let truth = "trajectory truth [car, 100 Hz, 22 columns, 1 core]"
    if wanted(truth) {
        rows.append(
            try throughput(
                try Trajectory(route: route, vehicle: .car, mount: .dashboard, epoch: "2026-06-01T12:00:00Z"), truth))
    }
    // The body model's cost: a walk with a watch (the trunk's stride tables, the arm's swing and lever, the
    // per-step variability) over the same streets.
    let walk = "trajectory truth [walk, wrist, 100 Hz, 22 columns, 1 core]"
    if wanted(walk) {
        var slow = route
        slow.speed = 1.4
        rows.append(
            try throughput(
                try Trajectory(route: slow, vehicle: .walk, mount: .wrist, epoch: "2026-06-01T12:00:00Z"), walk))
    }
    let all =
        "trajectory, every sensor [car, 100 Hz: truth + IMU every term + vibration + magnetometer + barometer + GNSS 1 Hz, 1 core]"
    if wanted(all) {
        rows.append(try throughput(try everySensor(), all))
    }
    for (start, truthOnly) in [
        ("trajectory block start [every sensor, one sample at a random index, 1 core]", false),
        ("trajectory block start [truth, one sample at a random index, 1 core]", true),
    ] where wanted(start) {
        let trajectory = try everySensor()
        let streams = try trajectory.series(rate: rate)
        let sameRate = streams.filter { $0.rate == rate && (!truthOnly || $0.kind == .truth) }
        let starts = quick ? 200 : 2000
        var generator = SystemRandomNumberGenerator()
        let indices = (0..<starts).map { _ in Int.random(in: 0..<60_000, using: &generator) }
        func run() {
            for n in indices {
                let rows = (try? trajectory.render(sameRate, samples: n..<n + 1)) ?? []
                blackHole(rows.last?.last ?? 0)
            }
        }
        let (t, _) = interleaved(repetitions: reps, run, baseline: {})
        rows.append(
            Row(
                name: start, unit: "µs", value: t.median / Double(starts) * 1e6, baseline: nil, baselineValue: nil,
                ratio: nil, spread: spreadText(t.min / Double(starts) * 1e6, t.max / Double(starts) * 1e6)))
    }
    return rows
}
