import Foundation
import Navigation
import SignalRunnerTesting

/// The walk example's trajectory, or the same route with the barometer given (JSON text) or none.
enum WalkTrajectory {
    static let examples = Examples.url("trajectories")

    /// `Examples/trajectories/walk.json` as it is.
    static func example() throws -> Trajectory {
        let url = examples.appendingPathComponent("walk.json")
        return try Trajectory(json: Data(contentsOf: url), baseDirectory: examples)
    }

    /// The walk's route and platform with only a barometer (`barometer`: its JSON object), or no sensor.
    static func with(barometer: String?) throws -> Trajectory {
        try with(sensors: "{" + (barometer.map { "\"barometer\": \($0)" } ?? "") + "}")
    }

    /// The walk's route with `sensors` (JSON text of the `sensors` object) and `mount`.
    static func with(sensors: String, mount: String = "handheld") throws -> Trajectory {
        let json = """
            {"trajectory": {
              "route": {"speed": 1.4, "waypoints": [
                {"latitude": 51.5007, "longitude": -0.1246, "altitude": 56},
                {"latitude": 51.5010, "longitude": -0.1236, "altitude": 58},
                {"latitude": 51.5016, "longitude": -0.1240, "altitude": 64},
                {"latitude": 51.5020, "longitude": -0.1228, "altitude": 62}]},
              "vehicle": "walk", "mount": "\(mount)", "epoch": "2026-06-01T08:30:00Z",
              "sensors": \(sensors)}}
            """
        return try Trajectory(json: Data(json.utf8), baseDirectory: examples)
    }

    /// The truth at `seconds` on a `rate` Hz timeline (the sample at or before it).
    static func point(_ trajectory: Trajectory, at seconds: Double, rate: Double = 100) throws -> TrajectoryPoint {
        let n = Int((seconds * rate + 1e-9).rounded(.down))
        return try trajectory.points(first: n, count: 1, rate: rate)[0]
    }
}
