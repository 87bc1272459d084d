/// The names of a motion's values in point files and renders: the one list of the CSV columns of a motion
/// point file (what `signals import` writes, `signals render` writes for a motion spec, `signals play` and
/// `signals allan` read), of a point line's members, and of a render's default channel names.
///
/// ```
/// timestamp,userAcceleration.x,userAcceleration.y,userAcceleration.z,gravity.x,gravity.y,gravity.z,
/// rotationRate.x,rotationRate.y,rotationRate.z[,attitude.w,attitude.x,attitude.y,attitude.z]
/// ```
///
/// Units: g (user acceleration, gravity), rad/s (rotation rate), a unit quaternion (attitude), seconds (time).
package enum MotionColumns {
    /// The time column as written by `signals import` and as a point line's member.
    package static let time = "timestamp"
    /// The time column's other name (`signals render` writes it; every reader accepts it).
    package static let timeAlias = "t"
    /// The nine motion columns: user acceleration, gravity and rotation rate, x, y, z each.
    package static let motion = ["userAcceleration", "gravity", "rotationRate"].flatMap { part in
        ["x", "y", "z"].map { "\(part).\($0)" }
    }
    /// The attitude's four columns, w, x, y, z.
    package static let attitude = ["w", "x", "y", "z"].map { "attitude.\($0)" }
    /// The short form of a point file: `x,y,z` is the user acceleration.
    package static let short = ["x", "y", "z"]

    /// The motion columns, with the attitude's when `attitude` is true.
    package static func names(attitude: Bool) -> [String] { attitude ? motion + Self.attitude : motion }

    /// The default names of `count` channels of a render: `value` for one, `x,y,z` for three, else
    /// `c0, c1, …`.
    package static func channelNames(count: Int) -> [String] {
        switch count {
        case 1: ["value"]
        case 3: short
        default: (0..<count).map { "c\($0)" }
        }
    }
}
