import Signals

/// A platform that carries the device along a trajectory: its kinematic limits, whether it banks into
/// turns, its gait (walking and running) and its vibration.
///
/// ```swift
/// let car = Vehicle.car
/// let scooter = Vehicle(limits: try VehicleLimits(maximumSpeed: 7, longitudinalAcceleration: 1.5,
///                                                 lateralAcceleration: 2, yawRate: 1, jerk: 2),
///                       banks: true, vibration: try Vibration(rms: 0.4, band: 8 ... 60))
/// ```
/// In a spec, `"vehicle": "walk"`, `"run"`, `"bike"`, `"car"`, or an object with the five limits (see
/// ``VehicleLimits``) and optionally `"banks"` (bool), `"gait"` (`stepLength`, `bounce`, `sway`) and `"vibration"` (`rms`, `low`, `high`).
public struct Vehicle: Sendable, Hashable {
    /// The preset's name (`walk`, `run`, `bike`, `car`), `nil` for a custom vehicle.
    public var name: String?
    /// How fast it goes and how hard it accelerates and turns.
    public var limits: VehicleLimits
    /// Whether it leans into turns (a bicycle): roll `atan(a_lat / g)` toward the turn's centre.
    public var banks: Bool
    /// The walking or running motion of a person carrying the device, `nil` for a vehicle with wheels.
    public var gait: Gait?
    /// Vibration added to the accelerometer's output (not part of the truth); ``Vibration/none`` for none.
    public var vibration: Vibration

    /// Creates a vehicle.
    /// - Parameters:
    ///   - limits: The kinematic limits.
    ///   - banks: Whether it banks into turns.
    ///   - gait: The gait of a pedestrian platform, or `nil`.
    ///   - vibration: Its vibration (default none).
    ///   - name: A preset's name, or `nil`.
    public init(
        limits: VehicleLimits, banks: Bool = false, gait: Gait? = nil, vibration: Vibration = .none,
        name: String? = nil
    ) {
        self.limits = limits
        self.banks = banks
        self.gait = gait
        self.vibration = vibration
        self.name = name
    }

    /// What the platform does while it moves, the rule of the truth's activity (`TrajectoryPoint.activity`):
    /// the `walk` preset walks and the `run` preset runs; another vehicle with a gait walks or runs by its
    /// speed (`MovingActivity.onFoot`); without a gait, one that banks cycles and the others are automotive.
    public var movingActivity: MovingActivity {
        guard gait != nil else { return banks ? .cycling : .automotive }
        switch name {
        case "walk": return .walking
        case "run": return .running
        default: return .onFoot
        }
    }

    /// The named vehicles of a spec.
    public static let presets: [String: Vehicle] = ["walk": .walk, "run": .run, "bike": .bike, "car": .car]

    /// Walking (``VehicleLimits/walk``): 0.7 m steps, 25 mm bounce and 20 mm sway, no vibration.
    ///
    /// A 1.4 m/s walk at 1.75 m per stride (0.7 m steps, 2 steps/s) is the average adult's preferred gait;
    /// the centre of mass rises and falls 40–50 mm peak to peak once per step (25 mm amplitude: a vertical
    /// acceleration of ±3.9 m/s² at 2 Hz, what a phone held in the hand reads) and sways ±20 mm once per stride.
    public static let walk = Vehicle(
        limits: .walk, gait: Gait(validatedStepLength: 0.7, bounce: 0.025, sway: 0.02),
        name: "walk")
    /// Running (``VehicleLimits/run``): 1.2 m steps, 40 mm bounce and 10 mm sway, no vibration.
    ///
    /// At 3.5 m/s a recreational runner takes about 170 steps a minute (2.9 Hz, 1.2 m steps); the vertical
    /// oscillation of the centre of mass is 70–100 mm peak to peak (40 mm amplitude: ±13 m/s² at 2.9 Hz).
    public static let run = Vehicle(
        limits: .run, gait: Gait(validatedStepLength: 1.2, bounce: 0.04, sway: 0.01),
        name: "run")
    /// Cycling (``VehicleLimits/bike``): banks into turns; road vibration 0.5 m/s² RMS over 5–40 Hz.
    public static let bike = Vehicle(
        limits: .bike, banks: true, vibration: Vibration(validatedRMS: 0.5, band: 5...40),
        name: "bike")
    /// A car (``VehicleLimits/car``): engine and road vibration 0.3 m/s² RMS over 5–50 Hz (a phone in a
    /// dashboard holder: the firing frequency of a four-cylinder engine at 800–1500 rpm is 27–50 Hz, the
    /// wheel-hop and body modes of the suspension 1–15 Hz).
    public static let car = Vehicle(limits: .car, vibration: Vibration(validatedRMS: 0.3, band: 5...50), name: "car")
}

/// The walking or running motion of a person carrying the device, part of the truth: the body rises and
/// falls once per step and sways sideways once per stride (two steps).
///
/// With step length `L`, the step phase is `p = s / L` at station `s` (so the cadence `v / L` steps/s follows
/// the speed `v`), and the offsets from the path are `bounce · F(s) · sin 2πp` up and `sway · F(s) · sin πp`
/// to the right, `F` fading in over the first stride and out over the last (a quintic smoothstep at each
/// end). Being functions of the distance walked, the offsets stop when the walker stops, and their
/// velocity and acceleration are continuous wherever the path's are.
public struct Gait: Sendable, Hashable {
    /// The JSON path of a custom gait.
    public static let path = "\(VehicleLimits.path).gait"
    /// Step length, metres (half a stride).
    public let stepLength: Double
    /// Amplitude of the vertical oscillation, metres.
    public let bounce: Double
    /// Amplitude of the sideways sway, metres.
    public let sway: Double

    /// Creates a gait, checking each parameter.
    /// - Parameters:
    ///   - stepLength: Metres, 0.1 … 3.
    ///   - bounce: Metres, 0 … 0.2.
    ///   - sway: Metres, 0 … 0.2.
    /// - Throws: `SignalError` `.nonFinite` or `.outOfRange` at `$.trajectory.vehicle.gait.FIELD`.
    public init(stepLength: Double, bounce: Double, sway: Double) throws(SignalError) {
        let check = ParameterCheck(path: Self.path)
        try check.check(stepLength, "stepLength", unit: "m", in: 0.1...3)
        try check.check(bounce, "bounce", unit: "m", in: 0...0.2)
        try check.check(sway, "sway", unit: "m", in: 0...0.2)
        self.init(validatedStepLength: stepLength, bounce: bounce, sway: sway)
    }

    init(validatedStepLength: Double, bounce: Double, sway: Double) {
        stepLength = validatedStepLength
        self.bounce = bounce
        self.sway = sway
    }
}

/// Random vibration added to the accelerometer's output, as gnss-ins-sim's `vib_def` adds it: not part
/// of the truth (the trajectory's position is unaffected).
///
/// Band-limited white noise on each axis, with a flat spectrum over ``band`` and a total RMS of ``rms``
/// m/s². Sampled at a rate `R`, the part of the band above `0.45 R` is dropped (an IMU's anti-alias filter),
/// so the RMS rendered is `rms · √(kept bandwidth / bandwidth)`. The trajectory's `"vibration"` key scales
/// ``rms`` (`0` turns it off).
public struct Vibration: Sendable, Hashable {
    /// The JSON path of a custom vibration.
    public static let path = "\(VehicleLimits.path).vibration"
    /// Total RMS acceleration over the band, per axis, m/s².
    public let rms: Double
    /// The band, Hz.
    public let band: ClosedRange<Double>

    /// No vibration.
    public static let none = Vibration(validatedRMS: 0, band: 1...2)

    /// Creates a vibration, checking each parameter.
    /// - Parameters:
    ///   - rms: m/s², 0 … 100.
    ///   - band: Hz, within 0.01 … 100 000, at least 1 % wide (`high ≥ 1.01 low`).
    /// - Throws: `SignalError` `.nonFinite` or `.outOfRange` at `$.trajectory.vehicle.vibration.rms`, `.low`
    ///   or `.high`.
    public init(rms: Double, band: ClosedRange<Double>) throws(SignalError) {
        let check = ParameterCheck(path: Self.path)
        try check.check(rms, "rms", unit: "m/s^2", in: 0...100)
        try check.check(band.lowerBound, "low", unit: "Hz", in: 0.01...100_000)
        try check.check(
            band.upperBound, "high", unit: "Hz", in: band.lowerBound * 1.01...max(100_000, band.lowerBound * 1.01))
        self.init(validatedRMS: rms, band: band)
    }

    init(validatedRMS: Double, band: ClosedRange<Double>) {
        rms = validatedRMS
        self.band = band
    }

    /// The same vibration with its RMS multiplied by `factor` (≥ 0).
    public func scaled(by factor: Double) -> Vibration {
        Vibration(validatedRMS: rms * factor, band: band)
    }
}
