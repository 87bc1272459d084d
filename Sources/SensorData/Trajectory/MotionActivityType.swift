/// What the person carrying the device is doing at an instant, as a trajectory's truth knows it: the
/// `activity` of a ``TrajectoryPoint`` and of its JSON (`"activity": "walking"`).
///
/// A phone's activity classifier reports these with a delay and a confidence (SensorFeeds'
/// `SimulatedMotionActivityManager`); the truth has neither: it changes at the instant the motion does.
public enum MotionActivityType: String, Sendable, Hashable, CaseIterable {
    /// Not moving: a pause, the start or the end of a trip, a vehicle waiting.
    case stationary
    /// On foot, walking.
    case walking
    /// On foot, running.
    case running
    /// On a bicycle.
    case cycling
    /// In a car or another motor vehicle.
    case automotive
    /// Not known (a point that does not come from a trajectory).
    case unknown
}

/// What a trajectory's platform does while it moves: the rule that turns the truth's velocity into its
/// ``MotionActivityType``, one rule for every place that needs it (the trajectory, and the reader of a
/// render directory, which has the velocity and this rule but not the vehicle).
///
/// ```swift
/// MovingActivity.onFoot.activity(velocity: SIMD3(0, 1.4, 0))   // .walking
/// MovingActivity.onFoot.activity(velocity: SIMD3(0, 3.0, 0))   // .running
/// MovingActivity.automotive.activity(velocity: .zero)          // .stationary
/// ```
public enum MovingActivity: String, Sendable, Hashable, CaseIterable {
    /// A walker (the `walk` vehicle): `walking` while moving.
    case walking
    /// A runner (the `run` vehicle): `running` while moving.
    case running
    /// A custom vehicle with a gait: `walking` below ``runningSpeed``, `running` at or above it.
    case onFoot = "on-foot"
    /// A bicycle (a vehicle that banks into turns): `cycling` while moving.
    case cycling
    /// A vehicle with wheels that does not bank (a car): `automotive` while moving.
    case automotive

    /// The speed below which the platform stands still, m/s: 5 cm/s, far below a slow walk (0.5 m/s) and
    /// above the numerical noise of a stop.
    public static let stationarySpeed = 0.05
    /// The speed from which a person on foot runs, m/s: 2.2, above the walk–run transition people choose
    /// (2.0–2.2 m/s; Hreljac 1993, Thorstensson & Roberthson 1987).
    public static let runningSpeed = 2.2

    /// The activity at the platform's speed (m/s, along the path: the truth's `speed`, not the device's
    /// velocity, which a swinging arm or thigh adds to): ``MotionActivityType/stationary`` below
    /// ``stationarySpeed``, else the platform's.
    /// - Parameter speed: The platform's speed, m/s.
    /// - Returns: `.unknown` for a speed that is not finite.
    @inlinable
    public func activity(speed: Double) -> MotionActivityType {
        guard speed.isFinite else { return .unknown }
        guard speed >= Self.stationarySpeed else { return .stationary }
        switch self {
        case .walking: return .walking
        case .running: return .running
        case .onFoot: return speed >= Self.runningSpeed ? .running : .walking
        case .cycling: return .cycling
        case .automotive: return .automotive
        }
    }

    /// The activity at a velocity (m/s, any frame): ``activity(speed:)`` of its magnitude. For a render
    /// without the truth's `speed` column (before it was added); a device carried on a swinging body part
    /// moves faster and slower than the person.
    /// - Parameter velocity: The truth's velocity, m/s (a render directory's `velocity.east/north/up`).
    /// - Returns: `.unknown` for a velocity that is not finite.
    @inlinable
    public func activity(velocity: SIMD3<Double>) -> MotionActivityType {
        activity(speed: (velocity.x * velocity.x + velocity.y * velocity.y + velocity.z * velocity.z).squareRoot())
    }
}
