import Foundation
import InternalUtilities
import Navigation
import Signals

/// Trajectory templates: each recording is the one table `signals render SPEC --rate RATE --duration
/// DURATION -o x.npy` writes (every stream at the plan's rate, float64).
extension DatasetPlan {
    /// `spec` with the plan's rate as the `rate` of a trajectory's GNSS receiver that sets none.
    ///
    /// A trajectory's IMU, magnetometer and barometer run at the render rate unless they set a rate; its
    /// GNSS receiver runs at 1 Hz. A dataset recording is one table, every stream at the plan's rate, so in
    /// a template every sensor without a `rate` runs at the plan's rate, the receiver included: a fix per
    /// row (its white `jitter` is drawn per fix, so it is per row too). Writing the rate into the spec keeps
    /// the recording's spec what `signals render` renders to the same table.
    /// - Throws: `SignalError` at `$.trajectory.sensors.gnss` when the plan's rate is above a receiver's
    ///   100 Hz (`GNSSReceiver.rates`).
    static func withPlanRate(_ spec: JSONValue, rate: Double) throws(SignalError) -> JSONValue {
        guard case .object(let document) = spec, case .object(let trajectory)? = document["trajectory"],
            case .object(let sensors)? = trajectory["sensors"], case .object(let gnss)? = sensors["gnss"],
            gnss["rate"] == nil
        else { return spec }
        guard GNSSReceiver.rates.contains(rate) else {
            throw SignalError(
                .outOfRange, path: "$.trajectory.sensors.gnss",
                "a GNSS receiver without a 'rate' runs at the plan's rate in a dataset (one table per recording: a fix per row), but a receiver runs at \(GNSSReceiver.rates.lowerBound) ... \(GNSSReceiver.rates.upperBound) Hz and the plan's rate is \(rate) Hz; lower the plan's 'rate' or leave 'gnss' out of the template"
            )
        }
        let rated = JSONObject(gnss.members + [.init(key: "rate", value: .number(JSONNumber(rate)))])
        let newSensors = replacing("gnss", in: sensors, with: .object(rated))
        let newTrajectory = replacing("sensors", in: trajectory, with: .object(newSensors))
        return .object(replacing("trajectory", in: document, with: .object(newTrajectory)))
    }

    /// `object` with the value of `key` replaced, in place.
    private static func replacing(_ key: String, in object: JSONObject, with value: JSONValue) -> JSONObject {
        JSONObject(object.members.map { $0.key == key ? .init(key: key, value: value) : $0 })
    }

    /// Refuses a spec that names a file: a trajectory's `{"gpx": FILE}` route, an IMU's `kalibr` file.
    ///
    /// A recording is a pure function of the plan and its index; a file may differ between the machines
    /// that render shards, or change between two shards, and the plan's bytes (which a rerun compares)
    /// would not show it.
    /// - Throws: `SignalError` `.invalidArgument` at the file's field (`$.trajectory.route.gpx`).
    static func refuseFiles(_ spec: JSONValue) throws(SignalError) {
        let why =
            "a dataset plan cannot name files: a recording must be a pure function of the plan and its index, and a file can differ between the machines that render shards or change between two shards"
        let document = spec.object
        let trajectory = document?["trajectory"]?.object
        if let route = trajectory?["route"]?.object, route["gpx"] != nil {
            throw SignalError(
                .invalidArgument, path: "$.trajectory.route.gpx",
                "\(why); give the route's waypoints in the template ({\"waypoints\": [{\"latitude\": …, \"longitude\": …}, …]}, speeds and pauses as parameters if they vary)"
            )
        }
        for (imu, path) in [
            (document?["imu"]?.object, "$.imu"),
            (trajectory?["sensors"]?.object?["imu"]?.object, "$.trajectory.sensors.imu"),
        ] where imu?["kalibr"] != nil {
            throw SignalError(
                .invalidArgument, path: "\(path).kalibr",
                "\(why); give the noise terms (accelerometer_noise_density, …) in the template")
        }
    }

    /// Checks that `trajectory` renders as one table at the plan's `rate`: every stream at `rate`, and no GNSS
    /// outages (rows without a fix), as `signals render` needs for one table.
    /// - Throws: `SignalError` at the offending field: `$.trajectory.sensors.imu.rate` for a sensor whose
    ///   rate differs, `$.trajectory.sensors.gnss.outages` for outages.
    static func checkTable(_ trajectory: Trajectory, rate: Double) throws(SignalError) {
        // The streams `signals render` would write at `rate` (the truth always at `rate`), each sensor at its own.
        for stream in try trajectory.series(rate: rate) where stream.rate != rate {
            let (name, own) = (stream.kind.rawValue, stream.rate)
            throw SignalError(
                .sampleRateMismatch, path: "$.trajectory.sensors.\(name).rate",
                "the \(name) runs at \(own) Hz, not the plan's rate \(rate) Hz, and a dataset recording is one table (one row per sample, every stream at the plan's rate); leave 'rate' out of the \(name) (it then runs at the plan's rate) or set it to \(rate)"
            )
        }
        if let gnss = trajectory.sensors.gnss, !gnss.outages.isEmpty {
            throw SignalError(
                .invalidArgument, path: "$.trajectory.sensors.gnss.outages",
                "GNSS outages leave rows without a fix, and a dataset recording is one table with a value in every row; leave 'outages' out of the template (signals render SPEC --output-dir DIR writes a trajectory with outages, one file per stream)"
            )
        }
    }
}
