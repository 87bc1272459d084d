import Sensors
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
/// ``VehicleLimits``) and optionally `"banks"` (bool), `"gait"` (see ``Gait``) and `"vibration"` (`rms`, `low`, `high`).
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

    /// Walking (``VehicleLimits/walk``) with ``Gait/walk``: at 1.4 m/s an adult takes about 110 steps a
    /// minute (1.83 steps/s, 0.765 m steps); no vibration.
    public static let walk = Vehicle(limits: .walk, gait: .walk, name: "walk")
    /// Running (``VehicleLimits/run``) with ``Gait/run``: at 3.5 m/s a recreational runner takes about 170
    /// steps a minute (2.9 steps/s, 1.2 m steps) with a flight phase; no vibration.
    public static let run = Vehicle(limits: .run, gait: .run, name: "run")
    /// Cycling (``VehicleLimits/bike``): banks into turns; ``Vibration/bike``: the road's 0.5 m/s² RMS over
    /// 5–40 Hz at 5 m/s, and bumps.
    public static let bike = Vehicle(limits: .bike, banks: true, vibration: .bike, name: "bike")
    /// A car (``VehicleLimits/car``); ``Vibration/car``: the road's 0.3 m/s² RMS over 5–50 Hz at 50 km/h
    /// (a phone in a dashboard holder), the engine idling at 27 Hz (a four-cylinder engine at 800 rpm), and
    /// bumps ringing down through the suspension's body mode and wheel hop (1.3 and 12 Hz).
    public static let car = Vehicle(limits: .car, vibration: .car, name: "car")
}

/// How a person walks or runs, part of the truth: the trunk's motion over one stride (two steps), shaped as
/// real walks are (a heel-strike impact, braking and push-off, the body rising and falling once per step and
/// swaying once per stride; for a run, a flight phase between stances), with stride-to-stride variability.
/// With the ``Person`` and the ``Mount`` it gives the device's motion relative to the path (see
/// `BodyModel`): a hand damps the steps, a pocket swings with the thigh, a watch with the arm.
///
/// The waveforms are the trunk's accelerations over a stride at ``referenceCadence``, built from ``bounce``
/// (the fundamental, once per step), ``impact`` (a heel-strike pulse of width ``impactWidth`` on each step,
/// ``asymmetry`` larger on one side), ``braking`` (the forward deceleration at heel strike, and the push-off
/// that balances it) and ``sway`` (sideways, once per stride); a run (``flight`` > 0) falls freely for that
/// fraction of each step and is returned by a stance pulse. The stride phase is a function of the distance
/// walked (steps of ``stepLength``), so the cadence follows the speed and the accelerations follow the
/// cadence's square. ``walk`` and ``run`` were fitted to real recordings (the *Realistic people* article).
///
/// In a spec, `"gait"` in a custom vehicle: `stepLength` (required), and optionally `bounce`, `sway`,
/// `impact`, `impactWidth`, `braking`, `asymmetry`, `flight`, `cadenceVariation`, `impactVariation`,
/// `stepVariation`, `referenceCadence` (each absent one 0, except `impactWidth` 0.02 s and
/// `referenceCadence` 1.8 steps/s: a custom gait of the three old fields is the old smooth bounce and sway).
public struct Gait: Sendable, Hashable {
    /// The JSON path of a custom gait.
    public static let path = "\(VehicleLimits.path).gait"
    /// The fields of a custom gait.
    public static let jsonFields = [
        "stepLength", "bounce", "sway", "impact", "impactWidth", "braking", "asymmetry", "flight",
        "cadenceVariation", "impactVariation", "stepVariation", "referenceCadence",
    ]
    /// Step length, metres (half a stride). The cadence is the speed divided by it.
    public let stepLength: Double
    /// The numbers that shape the gait's waveform (shared with the motion presets: `BodyWaveform`).
    let shape: BodyWaveform.Shape
    /// Amplitude of the trunk's vertical oscillation once per step, metres.
    public var bounce: Double { shape.bounce }
    /// Amplitude of the trunk's sideways sway once per stride, metres.
    public var sway: Double { shape.sway }
    /// Peak of the heel-strike impact on the trunk's vertical acceleration, m/s² (at ``referenceCadence``).
    public var impact: Double { shape.impact }
    /// The impact pulse's width (a Gaussian's standard deviation), seconds (at ``referenceCadence``).
    public var impactWidth: Double { shape.impactWidth }
    /// Peak of the forward deceleration at heel strike, m/s² (at ``referenceCadence``; a push-off later in
    /// the step balances it).
    public var braking: Double { shape.braking }
    /// How much stronger one side's impacts are: the left foot's are `1 − asymmetry` times, the right's
    /// `1 + asymmetry` times the mean, 0 … 0.5.
    public var asymmetry: Double { shape.asymmetry }
    /// For a run: the fraction of each step in the air (free fall), 0 (a walk) … 0.6.
    public var flight: Double { shape.flight }
    /// Stride-to-stride variation of the cadence (the RMS of its relative modulation), 0 … 0.2.
    public let cadenceVariation: Double
    /// Step-to-step variation of the impacts (the standard deviation of their logarithm), 0 … 1.
    public let impactVariation: Double
    /// Step-to-step variation of the step's fundamental (the standard deviation of its logarithm), 0 … 1.
    public let stepVariation: Double
    /// The cadence the waveforms' accelerations are given at, steps per second.
    public var referenceCadence: Double { shape.referenceCadence }

    /// Creates a gait, checking each parameter.
    /// - Parameters:
    ///   - stepLength: Metres, 0.1 … 3.
    ///   - bounce: Metres, 0 … 0.2.
    ///   - sway: Metres, 0 … 0.2.
    ///   - impact: m/s², 0 … 200.
    ///   - impactWidth: Seconds, 0.005 … 0.1.
    ///   - braking: m/s², 0 … 200.
    ///   - asymmetry: 0 … 0.5.
    ///   - flight: 0 … 0.6.
    ///   - cadenceVariation: 0 … 0.2.
    ///   - impactVariation: 0 … 1.
    ///   - stepVariation: 0 … 1.
    ///   - referenceCadence: Steps per second, 0.5 … 5.
    /// - Throws: `SignalError` `.nonFinite` or `.outOfRange` at `$.trajectory.vehicle.gait.FIELD`.
    public init(
        stepLength: Double, bounce: Double, sway: Double, impact: Double = 0, impactWidth: Double = 0.02,
        braking: Double = 0, asymmetry: Double = 0, flight: Double = 0, cadenceVariation: Double = 0,
        impactVariation: Double = 0, stepVariation: Double = 0, referenceCadence: Double = 1.8
    ) throws(SignalError) {
        let check = ParameterCheck(path: Self.path)
        try check.check(stepLength, "stepLength", unit: "m", in: 0.1...3)
        try check.check(bounce, "bounce", unit: "m", in: 0...0.2)
        try check.check(sway, "sway", unit: "m", in: 0...0.2)
        try check.check(impact, "impact", unit: "m/s^2", in: 0...200)
        try check.check(impactWidth, "impactWidth", unit: "s", in: 0.005...0.1)
        try check.check(braking, "braking", unit: "m/s^2", in: 0...200)
        try check.check(asymmetry, "asymmetry", unit: "", in: 0...0.5)
        try check.check(flight, "flight", unit: "", in: 0...0.6)
        try check.check(cadenceVariation, "cadenceVariation", unit: "", in: 0...0.2)
        try check.check(impactVariation, "impactVariation", unit: "", in: 0...1)
        try check.check(stepVariation, "stepVariation", unit: "", in: 0...1)
        try check.check(referenceCadence, "referenceCadence", unit: "steps/s", in: 0.5...5)
        self.init(
            validatedStepLength: stepLength,
            shape: BodyWaveform.Shape(
                bounce: bounce, sway: sway, impact: impact, impactWidth: impactWidth, braking: braking,
                asymmetry: asymmetry, flight: flight, referenceCadence: referenceCadence),
            cadenceVariation: cadenceVariation, impactVariation: impactVariation, stepVariation: stepVariation)
    }

    /// A gait of `shape`'s waveform, its numbers already checked.
    init(
        validatedStepLength: Double, shape: BodyWaveform.Shape, cadenceVariation: Double = 0,
        impactVariation: Double = 0, stepVariation: Double = 0
    ) {
        stepLength = validatedStepLength
        self.shape = shape
        self.cadenceVariation = cadenceVariation
        self.impactVariation = impactVariation
        self.stepVariation = stepVariation
    }

    /// An adult's walk at 1.4 m/s: 0.765 m steps at 1.83 steps/s, the trunk rising and falling 23 mm once per
    /// step with a heel strike and braking, 3 % cadence variation, fitted to real walks (hand, pocket, wrist).
    public static let walk = Gait(
        validatedStepLength: 0.765, shape: BodyWaveform.walk, cadenceVariation: 0.03, impactVariation: 0.5,
        stepVariation: 0.3)

    /// A recreational run at 3.5 m/s: 1.15 m steps at 2.9 steps/s, 35 % of each step in the air, hard heel
    /// strikes, 2 % cadence variation, fitted to real watch runs.
    public static let run = Gait(
        validatedStepLength: 1.15, shape: BodyWaveform.run, cadenceVariation: 0.02, impactVariation: 0.15,
        stepVariation: 0.05)
}

/// Random vibration added to the accelerometer's output, as gnss-ins-sim's `vib_def` adds it: not part
/// of the truth (the trajectory's position is unaffected).
///
/// - **Road** (``rms`` over ``band``): band-limited white noise on each axis, flat over the band, through a
///   63-tap FIR. Sampled at a rate `R`, the part of the band above `0.45 R` is dropped (an IMU's
///   anti-alias filter), so the RMS rendered is `rms · √(kept bandwidth / bandwidth)`. With a
///   ``referenceSpeed`` it follows the platform's speed `v` as `√(v / referenceSpeed)` (a road's roughness
///   under the wheels: ISO 8608's displacement spectrum ∝ n⁻² gives an acceleration power ∝ `v`), and is
///   0 at rest; without one it is constant.
/// - **Engine** (``engineRMS`` at ``engineFrequency``): a tone whose phase jitters (a narrow band) along one
///   direction of the device fixed by the IMU's seed, whether the platform moves or not: a car idling at a
///   stop (a four-cylinder engine at 800 rpm fires at 27 Hz).
/// - **Bumps** (``bumpsPerKilometre`` of ``bumpAcceleration``): a pothole or a joint in the road, placed by
///   the IMU's seed along the path, each a damped oscillation of the suspension (1.3 Hz body mode, ζ 0.3,
///   and a 12 Hz wheel hop) on the local vertical, as the platform passes it.
///
/// The trajectory's `"vibration"` key scales the three (`0` turns vibration off). In a custom vehicle:
/// `{"rms", "low", "high"}` and optionally `"referenceSpeed"` (m/s), `"engine": {"rms", "frequency"}`,
/// `"bumps": {"perKilometre", "acceleration"}`.
public struct Vibration: Sendable, Hashable {
    /// The JSON path of a custom vibration.
    public static let path = "\(VehicleLimits.path).vibration"
    /// Total RMS acceleration of the road's vibration over the band, per axis, m/s² (at ``referenceSpeed``).
    public let rms: Double
    /// The band, Hz.
    public let band: ClosedRange<Double>
    /// The speed at which the road's vibration has ``rms``, m/s; `nil`: constant, moving or not.
    public private(set) var referenceSpeed: Double?
    /// The engine's vibration, m/s² RMS along its one direction in the device frame (0: none).
    public private(set) var engineRMS = 0.0
    /// The engine's firing frequency, Hz.
    public private(set) var engineFrequency = 27.0
    /// Bumps per kilometre of road (0: none).
    public private(set) var bumpsPerKilometre = 0.0
    /// A bump's peak vertical acceleration, m/s² (each bump 0.5–1.5 times it).
    public private(set) var bumpAcceleration = 0.0

    /// No vibration.
    public static let none = Vibration(validatedRMS: 0, band: 1...2)

    /// Creates a vibration, checking each parameter.
    /// - Parameters:
    ///   - rms: m/s², 0 … 100.
    ///   - band: Hz, within 0.01 … 100 000, at least 1 % wide (`high ≥ 1.01 low`).
    ///   - referenceSpeed: m/s, 0.1 … 100, or `nil` for a road vibration that does not follow the speed.
    ///   - engineRMS: m/s², 0 … 100.
    ///   - engineFrequency: Hz, 1 … 1000.
    ///   - bumpsPerKilometre: 0 … 1000.
    ///   - bumpAcceleration: m/s², 0 … 100.
    /// - Throws: `SignalError` `.nonFinite` or `.outOfRange` at `$.trajectory.vehicle.vibration.FIELD`.
    public init(
        rms: Double, band: ClosedRange<Double>, referenceSpeed: Double? = nil, engineRMS: Double = 0,
        engineFrequency: Double = 27, bumpsPerKilometre: Double = 0, bumpAcceleration: Double = 0
    ) throws(SignalError) {
        let check = ParameterCheck(path: Self.path)
        try check.check(rms, "rms", unit: "m/s^2", in: 0...100)
        try check.check(band.lowerBound, "low", unit: "Hz", in: 0.01...100_000)
        try check.check(
            band.upperBound, "high", unit: "Hz", in: band.lowerBound * 1.01...max(100_000, band.lowerBound * 1.01))
        if let referenceSpeed { try check.check(referenceSpeed, "referenceSpeed", unit: "m/s", in: 0.1...100) }
        try check.check(engineRMS, "engine.rms", unit: "m/s^2", in: 0...100)
        try check.check(engineFrequency, "engine.frequency", unit: "Hz", in: 1...1000)
        try check.check(bumpsPerKilometre, "bumps.perKilometre", unit: "", in: 0...1000)
        try check.check(bumpAcceleration, "bumps.acceleration", unit: "m/s^2", in: 0...100)
        self.init(validatedRMS: rms, band: band)
        self.referenceSpeed = referenceSpeed
        self.engineRMS = engineRMS
        self.engineFrequency = engineFrequency
        self.bumpsPerKilometre = bumpsPerKilometre
        self.bumpAcceleration = bumpAcceleration
    }

    init(validatedRMS: Double, band: ClosedRange<Double>) {
        rms = validatedRMS
        self.band = band
    }

    /// The same vibration with its road, engine and bumps multiplied by `factor` (≥ 0).
    public func scaled(by factor: Double) -> Vibration {
        var v = Vibration(validatedRMS: rms * factor, band: band)
        v.referenceSpeed = referenceSpeed
        v.engineRMS = engineRMS * factor
        v.engineFrequency = engineFrequency
        v.bumpsPerKilometre = bumpsPerKilometre
        v.bumpAcceleration = bumpAcceleration * factor
        return v
    }

    /// Whether it adds nothing.
    var isOff: Bool { rms == 0 && engineRMS == 0 && (bumpsPerKilometre == 0 || bumpAcceleration == 0) }
}

extension Vibration {
    /// A car's: the road 0.3 m/s² RMS over 5–50 Hz at 13.9 m/s (50 km/h), the engine 0.04 m/s² at 27 Hz
    /// (idling at a stop), 10 bumps per kilometre of 1.5 m/s².
    public static let car: Vibration = {
        var v = Vibration(validatedRMS: 0.3, band: 5...50)
        v.referenceSpeed = 13.9
        v.engineRMS = 0.04
        v.engineFrequency = 27
        v.bumpsPerKilometre = 10
        v.bumpAcceleration = 1.5
        return v
    }()

    /// A bicycle's: the road 0.5 m/s² RMS over 5–40 Hz at 5 m/s, no engine, 20 bumps per kilometre of
    /// 2 m/s².
    public static let bike: Vibration = {
        var v = Vibration(validatedRMS: 0.5, band: 5...40)
        v.referenceSpeed = 5
        v.bumpsPerKilometre = 20
        v.bumpAcceleration = 2
        return v
    }()
}
