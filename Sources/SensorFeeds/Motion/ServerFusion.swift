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
        let calibration =
            self.calibration.withLock { $0 }
            ?? {
                let fetched = Self.calibration(address)
                self.calibration.withLock { $0 = fetched }
                return fetched
            }()
        let a = motion.userAcceleration
        let g = motion.gravity
        let w = motion.rotationRate
        let input = FusionInput(
            timestamp: point.timestamp, accelerometer: SIMD3(a.x + g.x, a.y + g.y, a.z + g.z),
            gyroscope: SIMD3(w.x, w.y, w.z), field: calibration.calibrate(field),
            truth: motion.attitude ?? .identity,
            declination: TrajectoryMath.signedDegrees(heading.trueHeading - heading.magneticHeading))
        let fused = fusion.withLock { $0.update(input) }
        return MotionSample(motion: motion, fused: fused, rawField: field)
    }
}
