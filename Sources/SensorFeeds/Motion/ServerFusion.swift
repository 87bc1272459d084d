import Foundation
import Navigation
import Playback
import Signals
import Synchronization

/// The fusion of one device-motion start from a server: the filter's state across the points the server
/// sends (in order, on the client's reader thread), and the magnetometer's calibration read once from the
/// server's spec (`GET /v1/spec`: `trajectory.sensors.magnetometer`'s `hard_iron` and `soft_iron`).
final class ServerFusion: Sendable {
    private let fusion: Mutex<AttitudeFusion>
    private let calibration = Mutex<MagnetometerCalibration?>(nil)
    private let address: ServerAddress

    init(frame: AttitudeReferenceFrame, address: ServerAddress) {
        fusion = Mutex(AttitudeFusion(frame: frame))
        self.address = address
    }

    /// The sample of a server's point: fused when it is a trajectory's (motion, heading and field), else
    /// the point's own motion.
    func sample(_ point: RemotePoint) -> MotionSample? {
        guard let motion = point.motion else { return nil }
        guard let field = point.magneticField, let heading = point.heading else { return MotionSample(motion: motion) }
        let calibration = self.calibration.withLock { $0 } ?? {
            let fetched = Self.calibration(address)
            self.calibration.withLock { $0 = fetched }
            return fetched
        }()
        let a = motion.userAcceleration, g = motion.gravity, w = motion.rotationRate
        let input = FusionInput(timestamp: point.timestamp, accelerometer: SIMD3(a.x + g.x, a.y + g.y, a.z + g.z),
                                gyroscope: SIMD3(w.x, w.y, w.z), field: calibration.calibrate(field),
                                truth: motion.attitude ?? .identity,
                                declination: TrajectoryMath.signedDegrees(heading.trueHeading - heading.magneticHeading))
        let fused = fusion.withLock { $0.update(input) }
        return MotionSample(motion: motion, fused: fused, rawField: field)
    }

    /// The magnetometer's calibration in the server's spec, or none (the identity) when the spec has no
    /// magnetometer distortion or cannot be read.
    static func calibration(_ address: ServerAddress) -> MagnetometerCalibration {
        guard let wakeup = try? Wakeup(),
              let http = try? HTTPStream(address, path: "/v1/spec", timeout: 2, wakeup: wakeup), http.status == 200,
              let body = try? http.readAll(limit: 1 << 20, timeout: 2),
              let spec = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any],
              let trajectory = spec["trajectory"] as? [String: Any], let sensors = trajectory["sensors"] as? [String: Any],
              let magnetometer = sensors["magnetometer"] as? [String: Any] else {
            return MagnetometerCalibration(nil)
        }
        /// A number for every axis, or three.
        func vector(_ value: Any?, default d: Double) -> SIMD3<Double>? {
            if value == nil { return SIMD3(repeating: d) }
            if let x = (value as? NSNumber)?.doubleValue { return SIMD3(repeating: x) }
            guard let xs = (value as? [Any])?.compactMap({ ($0 as? NSNumber)?.doubleValue }), xs.count == 3 else { return nil }
            return SIMD3(xs[0], xs[1], xs[2])
        }
        let hard = vector(magnetometer["hard_iron"], default: 0) ?? .zero
        var rows = MagnetometerModel.identity
        if let soft = magnetometer["soft_iron"] as? [Any], soft.count == 3 {
            let parsed = soft.compactMap { vector($0, default: 0) }
            if parsed.count == 3 { rows = parsed }
        }
        return MagnetometerCalibration(hardIron: hard, softIron: rows) ?? MagnetometerCalibration(nil)
    }
}
