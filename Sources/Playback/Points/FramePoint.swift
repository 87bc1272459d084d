import Foundation
import Signals

/// A point read from one frame of a rendered signal: the ``Runner`` plays signals as these.
///
/// The frame is read straight from the rendered block (planar `Float` channels), so making a point
/// allocates nothing. `MotionPoint` reads 9 channels, `AxesPoint` 3 and `ScalarPoint` 1.
public protocol FramePoint: Timestamped, Sendable {
    /// Channels the point reads from a frame.
    static var channelCount: Int { get }

    /// Reads a point from one frame.
    /// - Parameters:
    ///   - timestamp: Time of the frame in seconds (`sampleIndex / sampleRate`).
    ///   - frame: Channel 0 of the frame; channel `c` is at `frame[c * channelStride]`.
    ///   - channelStride: Distance in samples between consecutive channels.
    init(timestamp: TimeInterval, frame: UnsafePointer<Float>, channelStride: Int)

    /// Whether the point can read frames of `channelCount` channels (default: `channelCount == Self.channelCount`).
    static func reads(channelCount: Int) -> Bool

    /// Reads a point from a frame of `channelCount` channels (one that ``reads(channelCount:)`` accepts).
    /// The default reads ``channelCount`` channels with ``init(timestamp:frame:channelStride:)``.
    init(timestamp: TimeInterval, frame: UnsafePointer<Float>, channelStride: Int, channelCount: Int)
}

extension FramePoint {
    /// `channelCount == Self.channelCount`.
    public static func reads(channelCount: Int) -> Bool { channelCount == Self.channelCount }

    /// Reads the point's own ``channelCount`` channels.
    @inlinable
    public init(timestamp: TimeInterval, frame: UnsafePointer<Float>, channelStride: Int, channelCount: Int) {
        self.init(timestamp: timestamp, frame: frame, channelStride: channelStride)
    }
}

extension MotionPoint: FramePoint {
    /// Nine: user acceleration x, y, z (g), gravity x, y, z (g), rotation rate x, y, z (rad/s); a
    /// motion with an attitude adds four (see ``reads(channelCount:)``).
    public static var channelCount: Int { 9 }

    /// Reads channels 0–2 as user acceleration, 3–5 as gravity and 6–8 as rotation rate.
    @inlinable
    public init(timestamp: TimeInterval, frame: UnsafePointer<Float>, channelStride s: Int) {
        self.init(
            timestamp: timestamp,
            userAcceleration: Acceleration(x: Double(frame[0]), y: Double(frame[s]), z: Double(frame[2 * s])),
            gravity: Acceleration(x: Double(frame[3 * s]), y: Double(frame[4 * s]), z: Double(frame[5 * s])),
            rotationRate: RotationRate(x: Double(frame[6 * s]), y: Double(frame[7 * s]), z: Double(frame[8 * s])))
    }

    /// Nine channels, or 13 (a motion with an attitude: the quaternion w, x, y, z in channels 9–12).
    public static func reads(channelCount: Int) -> Bool { channelCount == 9 || channelCount == 13 }

    /// Reads the nine channels, and with 13 the attitude quaternion too.
    @inlinable
    public init(timestamp: TimeInterval, frame: UnsafePointer<Float>, channelStride s: Int, channelCount: Int) {
        self.init(timestamp: timestamp, frame: frame, channelStride: s)
        if channelCount == 13 {
            attitude = Quaternion(
                w: Double(frame[9 * s]), x: Double(frame[10 * s]), y: Double(frame[11 * s]), z: Double(frame[12 * s]))
        }
    }
}

extension ScalarPoint: FramePoint {
    /// One.
    public static var channelCount: Int { 1 }

    /// Reads channel 0.
    @inlinable
    public init(timestamp: TimeInterval, frame: UnsafePointer<Float>, channelStride: Int) {
        self.init(timestamp: timestamp, value: Double(frame[0]))
    }
}

extension AxesPoint: FramePoint {
    /// Three.
    public static var channelCount: Int { 3 }

    /// Reads channels 0, 1 and 2.
    @inlinable
    public init(timestamp: TimeInterval, frame: UnsafePointer<Float>, channelStride s: Int) {
        self.init(timestamp: timestamp, x: Double(frame[0]), y: Double(frame[s]), z: Double(frame[2 * s]))
    }
}
