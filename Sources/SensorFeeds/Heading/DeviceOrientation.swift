/// The orientation a heading is reported for, mirroring Core Location's `CLDeviceOrientation` (the
/// ``LocationProviding/headingOrientation`` of a location manager); the raw values are Core Location's.
///
/// Core Location reports the heading of the axis that points "up" on the screen in that orientation, so
/// that a compass drawn in the interface's orientation stays right. With the device's y axis towards its
/// top and its x axis to the right in portrait:
///
/// | Orientation | Axis reported | Added to the y axis's heading |
/// | --- | --- | --- |
/// | ``portrait`` (default) | +y (the top) | 0° |
/// | ``landscapeLeft`` (home button on the right) | +x (the right side) | +90° |
/// | ``portraitUpsideDown`` | −y (the bottom) | +180° |
/// | ``landscapeRight`` (home button on the left) | −x (the left side) | +270° (−90°) |
///
/// The result is wrapped to 0 ..< 360 degrees; both the true and the magnetic heading turn, and an unknown
/// true heading (−1) stays unknown. The raw magnetometer values `x`, `y`, `z` stay in the device frame.
/// As in Core Location, setting ``unknown``, ``faceUp`` or ``faceDown`` on a manager keeps the reference it
/// had (``portrait`` at first), and a change applies to the headings reported after it.
///
/// ```swift
/// manager.headingOrientation = .landscapeLeft   // a heading of 10° in portrait is reported as 100°
/// ```
public enum DeviceOrientation: Int, Sendable, Hashable, CaseIterable {
    /// Not known: keeps the manager's previous reference.
    case unknown = 0
    /// Upright, home button (bottom) down: the heading of the device's top (+y).
    case portrait = 1
    /// Upside down, home button up: the heading of the device's bottom (−y), +180°.
    case portraitUpsideDown = 2
    /// Landscape, home button on the right: the heading of the device's right side (+x), +90°.
    case landscapeLeft = 3
    /// Landscape, home button on the left: the heading of the device's left side (−x), +270°.
    case landscapeRight = 4
    /// Flat, screen up: keeps the manager's previous reference.
    case faceUp = 5
    /// Flat, screen down: keeps the manager's previous reference.
    case faceDown = 6

    /// Whether setting this orientation changes the reference of the headings (portrait, upside down or
    /// landscape); ``unknown``, ``faceUp`` and ``faceDown`` do not.
    public var isReference: Bool {
        switch self {
        case .portrait, .portraitUpsideDown, .landscapeLeft, .landscapeRight: true
        case .unknown, .faceUp, .faceDown: false
        }
    }

    /// Degrees added to the heading of the device's y axis (0, 90, 180 or 270; 0 for the orientations that
    /// are not a reference).
    public var headingOffset: Double {
        switch self {
        case .unknown, .portrait, .faceUp, .faceDown: 0
        case .landscapeLeft: 90
        case .portraitUpsideDown: 180
        case .landscapeRight: 270
        }
    }

    /// `heading` (degrees, of the y axis) reported for this orientation: plus ``headingOffset``, in 0 ..< 360;
    /// a negative (unknown) heading is returned as it is.
    /// - Parameter heading: Degrees clockwise from north, 0 ..< 360, or negative when unknown.
    func turn(_ heading: Double) -> Double {
        let offset = headingOffset
        if offset == 0 || heading < 0 { return heading }
        var h = heading + offset
        if h >= 360 { h -= 360 }
        return h < 360 ? h : 0
    }
}
