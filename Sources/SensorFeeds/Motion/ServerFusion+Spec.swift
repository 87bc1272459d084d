import Formats
import Foundation
import InternalUtilities
import Navigation

extension ServerFusion {
    /// The magnetometer's calibration in the server's spec, or none (the identity) when the spec has no
    /// magnetometer or cannot be read. The spec is read by the package's strict JSON parser and its
    /// magnetometer by the trajectory spec's own decoder (`Trajectory.magnetometer(_:path:)`), so the
    /// server's calibration obeys the model's rules (a singular soft-iron matrix, |det| < 1e-6, is refused).
    static func calibration(_ address: ServerAddress) -> MagnetometerCalibration {
        guard let wakeup = try? Wakeup(),
            let http = try? HTTPResponseReader(address, path: "/v1/spec", timeout: 2, wakeup: wakeup),
            http.status == 200,
            let body = try? http.readAll(limit: 1 << 20, timeout: 2)
        else {
            return MagnetometerCalibration(nil)
        }
        return calibration(spec: Data(body))
    }

    /// The calibration of the magnetometer at `trajectory.sensors.magnetometer` in a spec's bytes, or none
    /// (the identity) when the spec is not JSON, has no trajectory magnetometer, or breaks the model's rules.
    static func calibration(spec: Data) -> MagnetometerCalibration {
        guard let spec = try? JSONValue.parse(spec), let trajectory = spec.object?["trajectory"],
            let sensors = trajectory.object?["sensors"], let magnetometer = sensors.object?["magnetometer"],
            let model = (try? Trajectory.magnetometer(magnetometer, path: "$.trajectory.sensors.magnetometer"))?.model
        else {
            return MagnetometerCalibration(nil)
        }
        return MagnetometerCalibration(model)
    }
}
