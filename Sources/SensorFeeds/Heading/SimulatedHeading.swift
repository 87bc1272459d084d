import Foundation
import Navigation

/// One heading update, shaped like Core Location's `CLHeading`: what a ``SimulatedLocationManager`` hands
/// to ``LocationProvidingDelegate/locationManager(_:didUpdateHeading:)`` and keeps as its
/// ``SimulatedLocationManager/heading``.
///
/// ```swift
/// func locationManager(_ manager: any LocationProviding, didUpdateHeading heading: SimulatedHeading) {
///     compass.rotation = -heading.trueHeading        // degrees clockwise from true north
/// }
/// ```
///
/// The headings are of the axis the manager's ``LocationProviding/headingOrientation`` calls "up" (the
/// device's y axis, its top, in portrait; see ``DeviceOrientation``); `x`, `y` and `z` are the raw
/// magnetometer reading in the device frame, which the orientation does not change (as in Core Location).
public struct SimulatedHeading: Sendable, Hashable {
    /// Degrees clockwise from magnetic north, 0 ..< 360.
    public var magneticHeading: Double
    /// Degrees clockwise from true (geographic) north, 0 ..< 360; −1 when unknown, as Core Location
    /// reports it (a trajectory always knows it).
    public var trueHeading: Double
    /// The largest likely error of ``magneticHeading``, degrees (0 for a noiseless magnetometer; negative
    /// when the heading is invalid, as Core Location reports it).
    public var headingAccuracy: Double
    /// The magnetometer's reading along the device's x axis, µT.
    public var x: Double
    /// The magnetometer's reading along the device's y axis, µT.
    public var y: Double
    /// The magnetometer's reading along the device's z axis, µT.
    public var z: Double
    /// Seconds on the source's timeline (as the manager's locations' timestamps are); an adapted `CLHeading`
    /// gives seconds since 1970.
    public var timestamp: TimeInterval

    /// Creates a heading.
    /// - Parameters:
    ///   - magneticHeading: Degrees clockwise from magnetic north, 0 ..< 360.
    ///   - trueHeading: Degrees clockwise from true north, 0 ..< 360, or −1 when unknown.
    ///   - headingAccuracy: Degrees (negative: invalid).
    ///   - x: Magnetometer reading along the device's x axis, µT.
    ///   - y: Magnetometer reading along the device's y axis, µT.
    ///   - z: Magnetometer reading along the device's z axis, µT.
    ///   - timestamp: Seconds on the source's timeline.
    public init(
        magneticHeading: Double, trueHeading: Double, headingAccuracy: Double,
        x: Double, y: Double, z: Double, timestamp: TimeInterval
    ) {
        self.magneticHeading = magneticHeading
        self.trueHeading = trueHeading
        self.headingAccuracy = headingAccuracy
        self.x = x
        self.y = y
        self.z = z
        self.timestamp = timestamp
    }

    /// The raw magnetometer reading (device frame, µT).
    public var magneticField: MagneticField { MagneticField(x: x, y: y, z: z) }
}

extension SimulatedHeading {
    /// The heading of a trajectory's point (of the device's y axis): its true and magnetic headings, its
    /// heading accuracy, and its magnetic field (the magnetometer's reading, or the true field without one).
    /// - Parameter point: The point.
    init(_ point: TrajectoryPoint) {
        self.init(
            magneticHeading: point.magneticHeading, trueHeading: point.trueHeading,
            headingAccuracy: point.headingAccuracy,
            x: point.magneticField.x, y: point.magneticField.y, z: point.magneticField.z, timestamp: point.timestamp)
    }

    /// The heading of a server's point that carries one (`heading`, and `magneticField` when present: 0 µT
    /// on each axis without it); `nil` for a point without a heading.
    /// - Parameter point: The point.
    init?(_ point: RemotePoint) {
        guard let h = point.heading else { return nil }
        let b = point.magneticField ?? .zero
        self.init(
            magneticHeading: h.magneticHeading, trueHeading: h.trueHeading, headingAccuracy: h.headingAccuracy,
            x: b.x, y: b.y, z: b.z, timestamp: point.timestamp)
    }

    /// This heading (of the device's y axis) reported for `orientation`: both headings turned by its
    /// ``DeviceOrientation/headingOffset`` (an unknown, negative, one kept), the magnetometer's values kept.
    /// - Parameter orientation: The orientation.
    func turned(to orientation: DeviceOrientation) -> SimulatedHeading {
        var h = self
        h.magneticHeading = orientation.turn(magneticHeading)
        h.trueHeading = orientation.turn(trueHeading)
        return h
    }
}
