/// Device attitudes with a name, as `UIDeviceOrientation` names them, with yaw 0.
///
/// | name | gravity (g) | roll, pitch |
/// | --- | --- | --- |
/// | `faceUp` | (0, 0, −1) | 0, 0 |
/// | `faceDown` | (0, 0, +1) | π, 0 |
/// | `portrait` | (0, −1, 0) | 0, π/2 (screen facing reference −y) |
/// | `portraitUpsideDown` | (0, +1, 0) | portrait turned 180° about the screen's normal |
/// | `landscapeLeft` | (−1, 0, 0) | portrait turned +90° about the screen's normal (home button right) |
/// | `landscapeRight` | (+1, 0, 0) | portrait turned −90° about the screen's normal (home button left) |
///
/// In JSON: `"attitude": "faceUp"`.
public enum NamedAttitude: String, Sendable, Hashable, CaseIterable, Codable {
    /// Lying on its back, screen up.
    case faceUp
    /// Lying on its screen.
    case faceDown
    /// Upright, top edge up, screen facing the user.
    case portrait
    /// Upright, top edge down.
    case portraitUpsideDown
    /// Upright on its long edge, top edge to the left (home button right).
    case landscapeLeft
    /// Upright on its long edge, top edge to the right (home button left).
    case landscapeRight

    /// The attitude as a unit quaternion (device → reference).
    public var quaternion: Quaternion {
        let h = (0.5 as Double).squareRoot()
        let portrait = Quaternion(w: h, x: h, y: 0, z: 0)
        switch self {
        case .faceUp: return .identity
        case .faceDown: return Quaternion(w: 0, x: 0, y: 1, z: 0)
        case .portrait: return portrait
        case .portraitUpsideDown: return portrait * Quaternion(w: 0, x: 0, y: 0, z: 1)
        case .landscapeLeft: return portrait * Quaternion(w: h, x: 0, y: 0, z: h)
        case .landscapeRight: return portrait * Quaternion(w: h, x: 0, y: 0, z: -h)
        }
    }
}
