import Foundation
import Signals

/// How the device sits on the platform: the rotation from the device frame (CoreMotion's: x right, y top
/// of the screen, z out of the screen) to the platform frame (x to the platform's right, y forward, z up).
/// The device's attitude is the platform's attitude × the mount.
///
/// The identity is a phone lying face up with its top pointing forward. In a spec, `"mount": "dashboard"`,
/// `"handheld"`, `"pocket"`, `"flat"`, or `{"quaternion": {"w": 1, "x": 0, "y": 0, "z": 0}}` (a unit
/// quaternion, within 10⁻⁶).
public struct Mount: Sendable, Hashable {
    /// The JSON path of a trajectory's mount.
    public static let path = "$.trajectory.mount"
    /// The preset's name, `nil` for a quaternion.
    public let name: String?
    /// The rotation from device-frame to platform-frame vectors (unit).
    public let quaternion: Quaternion

    /// A mount from a rotation.
    /// - Parameter quaternion: A unit quaternion (norm within 10⁻⁶ of 1; it is normalised).
    /// - Throws: `SignalError` `.nonFinite` or `.invalidArgument` at `$.trajectory.mount.quaternion` for a
    ///   quaternion that is not finite or not a rotation.
    public init(quaternion: Quaternion) throws(SignalError) {
        let q = quaternion
        guard q.w.isFinite, q.x.isFinite, q.y.isFinite, q.z.isFinite else {
            throw SignalError(.nonFinite, path: "\(Self.path).quaternion", "the mount's quaternion must be finite")
        }
        guard abs(q.norm - 1) <= 1e-6 else {
            throw SignalError(
                .invalidArgument, path: "\(Self.path).quaternion",
                "the mount's quaternion (\(q.w), \(q.x), \(q.y), \(q.z)) has norm \(q.norm); a rotation is a unit quaternion (norm 1 within 1e-6)"
            )
        }
        self.init(name: nil, q.normalized)
    }

    init(name: String?, _ quaternion: Quaternion) {
        self.name = name
        self.quaternion = quaternion
    }

    /// Lying face up, top pointing forward (the identity).
    public static let flat = Mount(name: "flat", .identity)
    /// Upright in a dashboard holder, screen toward the driver, top up: 90° about the platform's x axis
    /// (device y = platform up, device z = platform backward). Its y axis is vertical: the heading then
    /// comes from the back of the device (see ``Trajectory``).
    public static let dashboard = Mount(name: "dashboard", Quaternion(axis: (1, 0, 0), angle: .pi / 2))
    /// Held in front, screen up and tilted 30° toward the face, top pointing forward: 30° about the
    /// platform's x axis (device y forward and up).
    public static let handheld = Mount(name: "handheld", Quaternion(axis: (1, 0, 0), angle: .pi / 6))
    /// In a front trouser pocket: upright but upside down (the top pointing at the ground), the screen
    /// facing the leg (backward): 90° about the platform's x axis, then 180° about the device's z axis
    /// (device y = platform down, device z = platform backward, device x = platform left).
    public static let pocket = Mount(
        name: "pocket", Quaternion(axis: (1, 0, 0), angle: .pi / 2) * Quaternion(axis: (0, 0, 1), angle: .pi))

    /// The named mounts of a spec.
    public static let presets: [String: Mount] = [
        "flat": .flat, "dashboard": .dashboard, "handheld": .handheld, "pocket": .pocket,
    ]
}
