/// The named platforms of a trajectory spec (`"vehicle": "car"`). The figures are design values, argued
/// below; they are comfortable-to-brisk everyday motion, not the platform's physical maximum.
extension VehicleLimits {
    /// Walking: 2.0 m/s, 1.0 m/s², 1.5 m/s², π/2 rad/s, 2 m/s³.
    ///
    /// People change from walking to running near 2 m/s (the walk–run transition speed, about 2.0 m/s in
    /// treadmill studies such as Hreljac 1993), so a walk is never faster. Gait initiation reaches a
    /// 1.4 m/s walking speed in about one and a half strides (≈ 1.5 s), about 1 m/s². Pedestrians round
    /// corners of 1–2 m radius at 1.2–1.5 m/s: about 1.5 m/s² and up to a quarter turn a second.
    public static let walk = VehicleLimits(
        validatedSpeed: 2.0, longitudinal: 1.0, lateral: 1.5,
        yawRate: .pi / 2, jerk: 2)

    /// Running: 6.0 m/s, 2.0 m/s², 3.0 m/s², π/2 rad/s, 5 m/s³.
    ///
    /// 6 m/s is a fast recreational pace (2:47 min/km). A sprinter on the bend of a 400 m track (lane 1,
    /// radius 36.5 m) at 9–10 m/s carries 2.2–2.7 m/s², so 3 m/s² bounds everyday running turns.
    public static let run = VehicleLimits(
        validatedSpeed: 6.0, longitudinal: 2.0, lateral: 3.0,
        yawRate: .pi / 2, jerk: 5)

    /// Cycling: 12 m/s, 1.5 m/s², 2.5 m/s², 1.0 rad/s, 2 m/s³.
    ///
    /// 12 m/s (43 km/h) is a fast road-bike speed on the flat. A lateral acceleration `a` needs a lean of
    /// `atan(a / g)`: 2.5 m/s² is a 14° lean, inside the 15–20° that bicycle-facility design guides
    /// (AASHTO) take for a curve's design lean. 1.5 m/s² is firm braking on a bicycle.
    public static let bike = VehicleLimits(
        validatedSpeed: 12, longitudinal: 1.5, lateral: 2.5,
        yawRate: 1.0, jerk: 2)

    /// Car: 36.1 m/s, 2.5 m/s², 3.0 m/s², 0.5 rad/s, 1.5 m/s³.
    ///
    /// 36.1 m/s is 130 km/h, the highest common motorway limit. Ordinary drivers keep longitudinal
    /// acceleration within about 2.5 m/s² and lateral within about 3 m/s² (0.3 g, the comfort threshold
    /// reported across driving studies); a 90° junction turn in 3 s is 0.5 rad/s. Comfort studies put
    /// jerk at 1–2 m/s³; highway transition curves are designed for a lower 0.3–0.9 m/s³.
    public static let car = VehicleLimits(
        validatedSpeed: 36.1, longitudinal: 2.5, lateral: 3.0,
        yawRate: 0.5, jerk: 1.5)
}
