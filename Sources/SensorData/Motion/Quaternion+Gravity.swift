import Foundation

extension Quaternion {
    /// The tilt that gravity implies (yaw 0): the attitude whose reference down, (0, 0, −1), is
    /// `gravity` as the device sees it, with CoreMotion's roll and pitch for a device at rest. A source
    /// without an attitude (a plain motion signal, a point file) reports this, as the tilting phone of a
    /// web page would.
    ///
    /// ```swift
    /// Quaternion(gravity: Acceleration(x: 0, y: -1, z: 0)).pitch   // π/2: standing upright (portrait)
    /// ```
    /// - Parameter gravity: Gravity in the device frame (g); any non-zero length. Zero or non-finite gives
    ///   the identity.
    public init(gravity: Acceleration) {
        let n = (gravity.x * gravity.x + gravity.y * gravity.y + gravity.z * gravity.z).squareRoot()
        guard n > 0, n.isFinite else {
            self = .identity
            return
        }
        let gx = gravity.x / n
        let gy = gravity.y / n
        let gz = gravity.z / n
        let pitch = asin(max(-1, min(1, -gy)))
        let roll = atan2(gx, -gz + 0)  // + 0: upright (gz = 0) is roll 0, not π
        self.init(roll: roll, pitch: pitch, yaw: 0)
    }
}
