import Foundation
import Sensors
import Signals

/// How the device sits on the platform: the rotation from the device frame (CoreMotion's: x right, y top
/// of the screen, z out of the screen) to the platform frame (x to the platform's right, y forward, z up).
/// The device's attitude is the platform's attitude × the mount.
///
/// The identity is a phone lying face up with its top pointing forward. In a spec, `"mount": "dashboard"`,
/// `"handheld"`, `"pocket"`, `"wrist"`, `"backpack"`, `"flat"`, `{"preset": "wrist", "hand": "right"}`, or
/// `{"quaternion": {"w": 1, "x": 0, "y": 0, "z": 0}}` (a unit quaternion, within 10⁻⁶).
///
/// A mount on a person is not rigid: the device moves with the ``BodyPart`` it is carried on (a hand, a
/// thigh, an arm, the trunk), so two mounts of one walk give different accelerations and rotations (see
/// ``Gait``). `flat`, `dashboard` and a quaternion are rigid on the platform.
public struct Mount: Sendable, Hashable {
    /// The JSON path of a trajectory's mount.
    public static let path = "$.trajectory.mount"
    /// The part of a person's body a device is carried on, which moves it relative to the platform.
    public enum BodyPart: String, Sendable, Hashable {
        /// Rigid on the platform (a table, a holder, a custom quaternion).
        case none
        /// Held in front in a hand, reading: the arm damps the steps, the hand trembles.
        case hand
        /// In a front trouser pocket: it swings with the thigh.
        case thigh
        /// On a wrist: it swings with the arm, once per stride, opposite to the same side's leg.
        case arm
        /// On the trunk (a backpack, a chest strap): the trunk's motion.
        case trunk
    }
    /// The preset's name, `nil` for a quaternion.
    public let name: String?
    /// The rotation from device-frame to platform-frame vectors (unit); for ``wrist``, a watch on the left wrist.
    public let quaternion: Quaternion
    /// The body part the device moves with (``BodyPart/none`` for a rigid mount).
    public let bodyPart: BodyPart

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

    init(name: String?, _ quaternion: Quaternion, bodyPart: BodyPart = .none) {
        self.name = name
        self.quaternion = quaternion
        self.bodyPart = bodyPart
    }

    /// The device's rotation into the platform frame when carried on `side` of the body: on the right wrist
    /// a watch is the left one's mirror image (face to the right, the crown toward the elbow); every other
    /// mount is the same on either side.
    /// - Parameter side: The hand that wears the watch.
    public func quaternion(on side: Person.Side) -> Quaternion {
        guard bodyPart == .arm, side == .right else { return quaternion }
        return Self.rightWrist
    }

    /// Lying face up, top pointing forward (the identity).
    public static let flat = Mount(name: "flat", .identity)
    /// Upright in a dashboard holder, screen toward the driver, top up: 90° about the platform's x axis
    /// (device y = platform up, device z = platform backward). Its y axis is vertical: the heading then
    /// comes from the back of the device (see ``Trajectory``).
    public static let dashboard = Mount(name: "dashboard", Quaternion(axis: (1, 0, 0), angle: .pi / 2))
    /// Held in front, screen up and tilted 30° toward the face, top pointing forward: 30° about the
    /// platform's x axis (device y forward and up).
    /// It moves with the hand (``BodyPart/hand``).
    public static let handheld = Mount(
        name: "handheld", Quaternion(axis: (1, 0, 0), angle: .pi / 6), bodyPart: .hand)
    /// In a front trouser pocket: upright but upside down (the top pointing at the ground), the screen
    /// facing the leg (backward): 90° about the platform's x axis, then 180° about the device's z axis
    /// (device y = platform down, device z = platform backward, device x = platform left). It swings with
    /// the thigh (``BodyPart/thigh``).
    public static let pocket = Mount(
        name: "pocket", Quaternion(axis: (1, 0, 0), angle: .pi / 2) * Quaternion(axis: (0, 0, 1), angle: .pi),
        bodyPart: .thigh)
    /// A watch on the left wrist, the arm hanging: the face outward (device z = platform left), the crown
    /// toward the hand (device x = down), 12 o'clock backward (device y = platform backward). It swings with
    /// the arm (``BodyPart/arm``); on the right wrist (``Person/hand``) the mirror image, face to the right.
    public static let wrist = Mount(
        name: "wrist", Quaternion(w: 0, x: 0.5.squareRoot(), y: 0, z: -0.5.squareRoot()), bodyPart: .arm)
    /// A watch on the right wrist: face outward (device z = platform right), the crown toward the elbow
    /// (device x = up), 12 o'clock backward.
    static let rightWrist = Quaternion(w: 0, x: 0.5.squareRoot(), y: 0, z: 0.5.squareRoot())
    /// Upright in a backpack or on a chest strap, screen facing backward, top up: as ``dashboard``, moving
    /// with the trunk (``BodyPart/trunk``).
    public static let backpack = Mount(
        name: "backpack", Quaternion(axis: (1, 0, 0), angle: .pi / 2), bodyPart: .trunk)

    /// The named mounts of a spec.
    public static let presets: [String: Mount] = [
        "flat": .flat, "dashboard": .dashboard, "handheld": .handheld, "pocket": .pocket, "wrist": .wrist,
        "backpack": .backpack,
    ]
}

extension Mount.BodyPart {
    /// The part as the shared waveforms name it.
    var waveformPart: BodyWaveform.Part {
        switch self {
        case .hand: .hand
        case .thigh: .thigh
        case .arm: .arm
        case .trunk: .trunk
        case .none: .none
        }
    }
}
