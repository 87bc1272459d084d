import Signals

/// Who carries the device: how this person differs from the vehicle's typical walker or runner, and which
/// hand and pocket they use. A dataset plan varies these as it varies the speed and the mount, so that each
/// recording is a different person.
///
/// ```json
/// "person": {"stepLength": 0.72, "impact": 1.3, "sway": 0.8, "tremor": 1.5, "gestures": 1, "variability": 1.2,
///            "hand": "right", "pocket": "left", "seed": 42}
/// ```
/// Every field is optional; the default person is the vehicle's gait as fitted to real recordings.
public struct Person: Sendable, Hashable {
    /// The JSON path of a trajectory's person.
    public static let path = "$.trajectory.person"
    /// The fields of a `person` object.
    public static let jsonFields = [
        "stepLength", "impact", "sway", "tremor", "gestures", "variability", "hand", "pocket", "seed",
    ]
    /// A side of the body.
    public enum Side: String, Sendable, Hashable, CaseIterable {
        /// The left hand, wrist or pocket.
        case left
        /// The right one.
        case right
    }

    /// Step length, metres (0.1 … 3), instead of the gait's; `nil` keeps the gait's.
    public internal(set) var stepLength: Double?
    /// Factor on the gait's heel-strike impacts and braking, 0 … 5.
    public internal(set) var impact: Double = 1
    /// Factor on the postural sway when standing and the trunk's sideways sway when walking, 0 … 5.
    public internal(set) var sway: Double = 1
    /// Factor on the physiological tremor of a hand-held device or a watch, 0 … 10.
    public internal(set) var tremor: Double = 1
    /// Factor on the size of a standing person's hand gestures (a hand-held device or a watch), 0 … 5.
    public internal(set) var gestures: Double = 1
    /// Factor on the stride-to-stride and step-to-step variability, 0 … 5.
    public internal(set) var variability: Double = 1
    /// The hand that holds the phone or wears the watch.
    public internal(set) var hand: Side = .left
    /// The trouser pocket the phone is in.
    public internal(set) var pocket: Side = .right
    /// The seed of this person's variability and gestures (different seeds, different people).
    public internal(set) var seed: UInt64 = 0

    /// The default person.
    public init() {}

    /// A person, checking each parameter.
    /// - Parameters:
    ///   - stepLength: Metres, 0.1 … 3, or `nil` for the gait's.
    ///   - impact: Factor, 0 … 5.
    ///   - sway: Factor, 0 … 5.
    ///   - tremor: Factor, 0 … 10.
    ///   - gestures: Factor, 0 … 5.
    ///   - variability: Factor, 0 … 5.
    ///   - hand: The hand holding the device.
    ///   - pocket: The pocket holding it.
    ///   - seed: The person's seed.
    /// - Throws: `SignalError` `.nonFinite` or `.outOfRange` at `$.trajectory.person.FIELD`.
    public init(
        stepLength: Double? = nil, impact: Double = 1, sway: Double = 1, tremor: Double = 1, gestures: Double = 1,
        variability: Double = 1, hand: Side = .left, pocket: Side = .right, seed: UInt64 = 0
    ) throws(SignalError) {
        let check = ParameterCheck(path: Self.path)
        if let stepLength { try check.check(stepLength, "stepLength", unit: "m", in: 0.1...3) }
        try check.check(impact, "impact", unit: "", in: 0...5)
        try check.check(sway, "sway", unit: "", in: 0...5)
        try check.check(tremor, "tremor", unit: "", in: 0...10)
        try check.check(gestures, "gestures", unit: "", in: 0...5)
        try check.check(variability, "variability", unit: "", in: 0...5)
        self.stepLength = stepLength
        self.impact = impact
        self.sway = sway
        self.tremor = tremor
        self.gestures = gestures
        self.variability = variability
        self.hand = hand
        self.pocket = pocket
        self.seed = seed
    }
}
