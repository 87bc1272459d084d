import Foundation
import Playback

/// The orientation of the device, shaped like CoreMotion's `CMAttitude`: a unit quaternion that turns
/// the reference frame into the device frame, and the same as roll, pitch and yaw in radians.
///
/// CoreMotion's conventions: the device frame has x to the right of the screen, y up the screen, z out
/// of the screen; the reference frame has z vertical, up. Roll is the rotation about y, pitch about x,
/// yaw about z.
///
/// ```swift
/// let flat = Attitude.identity            // lying face up: roll = pitch = yaw = 0
/// let tilted = Attitude(gravity: Acceleration(x: 0, y: -1, z: 0))   // standing upright (portrait)
/// tilted.pitch                            // π/2
/// ```
public struct Attitude: Sendable, Hashable, Codable {
    /// Quaternion component w (the scalar part).
    public var w: Double
    /// Quaternion component x.
    public var x: Double
    /// Quaternion component y.
    public var y: Double
    /// Quaternion component z.
    public var z: Double

    /// Creates an attitude from a quaternion (normalised here; the zero quaternion is the identity).
    /// - Parameters:
    ///   - w: Scalar part.
    ///   - x: x part.
    ///   - y: y part.
    ///   - z: z part.
    public init(w: Double, x: Double, y: Double, z: Double) {
        let n = (w * w + x * x + y * y + z * z).squareRoot()
        guard n > 0, n.isFinite else {
            self.w = 1; self.x = 0; self.y = 0; self.z = 0
            return
        }
        self.w = w / n; self.x = x / n; self.y = y / n; self.z = z / n
    }

    /// No rotation: the device lies face up with the top of the screen pointing along the reference y axis.
    public static let identity = Attitude(w: 1, x: 0, y: 0, z: 0)

    /// The tilt that gravity implies (yaw 0): the smallest rotation taking the reference frame's
    /// down (0, 0, −1) to `gravity` as the device sees it. A source without an attitude (a plain motion
    /// signal, a point file) reports this, as the tilting phone of a web page would.
    /// - Parameter gravity: Gravity in the device frame (g); any non-zero length.
    public init(gravity: Acceleration) {
        let n = (gravity.x * gravity.x + gravity.y * gravity.y + gravity.z * gravity.z).squareRoot()
        guard n > 0, n.isFinite else {
            self = .identity
            return
        }
        // Roll and pitch as CoreMotion reports them for a device at rest (yaw 0).
        let gx = gravity.x / n, gy = gravity.y / n, gz = gravity.z / n
        let pitch = asin(max(-1, min(1, -gy)))
        let roll = atan2(gx, -gz + 0)          // + 0: upright (gz = 0) is roll 0, not π
        self.init(roll: roll, pitch: pitch, yaw: 0)
    }

    /// An attitude from Euler angles in radians, applied as CoreMotion's: yaw about z, then pitch about
    /// x, then roll about y.
    /// - Parameters:
    ///   - roll: Rotation about y (radians).
    ///   - pitch: Rotation about x (radians).
    ///   - yaw: Rotation about z (radians).
    public init(roll: Double, pitch: Double, yaw: Double) {
        // q = q_z(yaw) · q_x(pitch) · q_y(roll)
        let cz = cos(yaw / 2), sz = sin(yaw / 2)
        let cx = cos(pitch / 2), sx = sin(pitch / 2)
        let cy = cos(roll / 2), sy = sin(roll / 2)
        // q_z · q_x
        let aw = cz * cx, ax = cz * sx, ay = sz * sx, az = sz * cx
        // (q_z · q_x) · q_y
        self.init(w: aw * cy - ay * sy, x: ax * cy - az * sy, y: aw * sy + ay * cy, z: az * cy + ax * sy)
    }

    /// The reference frame's down, (0, 0, −1), in the device frame: the gravity this attitude implies (g).
    ///
    /// The quaternion turns device coordinates into reference ones (`v_ref = q · v_dev · q*`), so
    /// gravity is the reference down turned back: `q* · (0, 0, −1) · q`.
    public var gravity: Acceleration {
        // Third row of the rotation matrix of q, negated: R^T · (0, 0, −1) = −(R₂₀, R₂₁, R₂₂).
        Acceleration(x: -2 * (x * z - w * y), y: -2 * (y * z + w * x), z: -(1 - 2 * (x * x + y * y)))
    }

    /// Rotation about y in radians, in (−π, π].
    public var roll: Double {
        atan2(2 * (w * y - x * z), 1 - 2 * (x * x + y * y))
    }

    /// Rotation about x in radians, in [−π/2, π/2].
    public var pitch: Double {
        asin(max(-1, min(1, 2 * (w * x + y * z))))
    }

    /// Rotation about z in radians, in (−π, π].
    public var yaw: Double {
        atan2(2 * (w * z - x * y), 1 - 2 * (x * x + z * z))
    }
}
