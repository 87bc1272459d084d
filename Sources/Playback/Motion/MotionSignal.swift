import Foundation
import Signals

/// A device motion over time: user acceleration and gravity (g) and rotation rate (rad/s), each three
/// signals, one per axis. It renders nine channels with the engine's block kernels and plays as
/// ``MotionPoint``s.
///
/// ```swift
/// let motion = MotionSignal {
///     UserAcceleration(x: Sine(amplitude: 2, frequency: 1, phase: 0.2, offset: 0.5), y: Constant(0),
///                      z: Noise(amplitude: 0.02, seed: 1))
///     Gravity(x: Constant(0), y: Constant(0), z: Constant(-1))
///     RotationRate(x: Square(amplitude: 0.1, frequency: 0.5), y: Constant(0), z: Constant(0))
/// }
/// let buffer = try motion.render(sampleRate: 100, duration: 1)   // 9 channels, 100 frames
/// ```
///
/// Channels 0–2 are the user acceleration x, y, z, 3–5 gravity, 6–8 rotation rate (see ``MotionSlot``).
/// A part that is not given is zero. In JSON:
/// `{"motion": {"userAcceleration": {"axes": ...}, "gravity": {"axes": ...}, "rotationRate": {"axes": ...}}}`.
///
/// The parts are kept type-erased (``AnySignal``), so a motion decoded from JSON and one built in code
/// are the same type; each part is walked once per block (never per sample) and rendered by the same
/// SIMD kernels as a statically typed signal.
public struct MotionSignal: Signal {
    /// User acceleration (g), three channels.
    public var userAcceleration: AnySignal
    /// Gravity (g), three channels.
    public var gravity: AnySignal
    /// Rotation rate (rad/s), three channels.
    public var rotationRate: AnySignal

    /// Three zero axes: a part that is not given.
    public static let zeroAxes = AnySignal(node: .axes(x: .constant(Constant(0)), y: .constant(Constant(0)),
                                                       z: .constant(Constant(0))))

    /// Creates a motion from parts listed with ``MotionBuilder``.
    /// - Parameter content: ``UserAcceleration``, ``Gravity`` and ``RotationRateSignal`` parts; a part
    ///   listed twice is the sum of both, a part not listed is zero.
    public init(@MotionBuilder _ content: () -> [MotionPart]) {
        self.init(parts: content())
    }

    /// Creates a motion from erased parts; a slot listed twice is the sum of both, a slot absent is zero.
    /// - Parameter parts: The parts, each three channels.
    public init(parts: [MotionPart]) {
        func combine(_ slot: MotionSlot) -> AnySignal {
            let nodes = parts.filter { $0.slot == slot }.map(\.signal.node)
            switch nodes.count {
            case 0: return MotionSignal.zeroAxes
            case 1: return AnySignal(node: nodes[0])
            default: return AnySignal(node: .sum(nodes))
            }
        }
        userAcceleration = combine(.userAcceleration)
        gravity = combine(.gravity)
        rotationRate = combine(.rotationRate)
    }

    /// The signal of one part.
    public subscript(slot: MotionSlot) -> AnySignal {
        switch slot {
        case .userAcceleration: userAcceleration
        case .gravity: gravity
        case .rotationRate: rotationRate
        }
    }

    /// `{"channels": [userAcceleration, gravity, rotationRate]}`: the engine's nine-channel form.
    public var node: SignalNode { .channels([userAcceleration.node, gravity.node, rotationRate.node]) }

    /// Rebuilds a motion from its `channels` node of three three-channel parts.
    /// - Throws: ``SignalError`` for any other node.
    public init(node: SignalNode) throws {
        guard case .channels(let parts) = node, parts.count == 3 else {
            throw SignalError(.malformed, "expected a 'channels' node of three three-channel parts (user acceleration, gravity, rotation rate), found '\(node.kind)'")
        }
        self.init(parts: [
            try MotionPart(.userAcceleration, AnySignal(node: parts[0])),
            try MotionPart(.gravity, AnySignal(node: parts[1])),
            try MotionPart(.rotationRate, AnySignal(node: parts[2])),
        ])
    }

    /// Checks every parameter for a render at `sampleRate`, naming the part in the JSON path
    /// (`$.motion.gravity.axes.z.sine.frequency`).
    /// - Parameters:
    ///   - sampleRate: Samples per second (Hz).
    ///   - allowAliasing: Accept frequencies at or above Nyquist.
    /// - Throws: ``SignalError`` naming the field, its value and the limit.
    public func validate(sampleRate: Double, allowAliasing: Bool = false) throws(SignalError) {
        for slot in MotionSlot.allCases {
            try self[slot].node.validate(sampleRate: sampleRate, allowAliasing: allowAliasing, path: "$.motion.\(slot.rawValue)")
        }
    }

    /// Renders each part into its three channels of the nine.
    public func render(into block: RenderBlock, _ transform: Affine) {
        userAcceleration.render(into: block.channels(MotionSlot.userAcceleration.channels), transform)
        gravity.render(into: block.channels(MotionSlot.gravity.channels), transform)
        rotationRate.render(into: block.channels(MotionSlot.rotationRate.channels), transform)
    }

    /// The motion as points at `sampleRate`, ready for a ``Runner``: `round(duration · sampleRate)` points at
    /// `t = start, start + 1/sampleRate, …` rendered block by block (bounded memory, no per-point allocation).
    /// - Parameters:
    ///   - sampleRate: Points per second (Hz).
    ///   - duration: Seconds of motion.
    ///   - start: Time of the first point in seconds (default 0).
    ///   - options: Aliasing policy and block size of the render.
    /// - Throws: ``SignalError`` for a bad rate, duration or parameter.
    public func points(sampleRate: Double, duration: TimeInterval, start: TimeInterval = 0,
                       options: RenderOptions = RenderOptions()) throws -> SignalPoints<MotionSignal, MotionPoint> {
        try validate(sampleRate: sampleRate, allowAliasing: options.allowAliasing)
        return try SignalPoints(self, sampleRate: sampleRate, duration: duration, start: start, as: MotionPoint.self,
                         options: options)
    }
}

extension MotionSignal {
    private static let partNames = MotionSlot.allCases.map(\.rawValue)

    /// Decodes `{"motion": {"userAcceleration": node, "gravity": node, "rotationRate": node}}`; an absent part is zero.
    /// - Throws: ``SignalError`` with the JSON path of the problem (`$.motion.gravity.axes.z.sine.frequency`):
    ///   an unknown field, a malformed node, a part that does not have three channels.
    public init(from decoder: any Decoder) throws {
        let path = decoder.codingPath
        let root: KeyedDecodingContainer<FieldKey>
        do {
            root = try decoder.container(keyedBy: FieldKey.self)
        } catch {
            throw SignalError(.malformed, path: signalPath(path), "a motion spec must be a JSON object {\"motion\": {...}}")
        }
        let keys = root.allKeys.map(\.stringValue)
        guard keys == ["motion"] else {
            let other = keys.first { $0 != "motion" } ?? ""
            if keys.isEmpty || other.isEmpty {
                throw SignalError(.missingField, path: signalPath(path), "a motion spec is {\"motion\": {...}}")
            }
            throw SignalError(.unknownField, path: signalPath(path, other),
                              "a motion spec has the one key 'motion', found '\(other)'")
        }
        let motionKey = FieldKey("motion")
        let inner: KeyedDecodingContainer<FieldKey>
        do {
            inner = try root.nestedContainer(keyedBy: FieldKey.self, forKey: motionKey)
        } catch {
            throw SignalError(.malformed, path: signalPath(path, "motion"),
                              "'motion' must be a JSON object with the fields \(MotionSignal.partNames.joined(separator: ", "))")
        }
        for key in inner.allKeys where !MotionSignal.partNames.contains(key.stringValue) {
            var message = "unknown field '\(key.stringValue)' in 'motion'"
            if let guess = SignalError.closestName(to: key.stringValue, in: MotionSignal.partNames) { message += " (did you mean '\(guess)'?)" }
            message += "; its fields are \(MotionSignal.partNames.joined(separator: ", "))"
            throw SignalError(.unknownField, path: signalPath(path + [motionKey], key.stringValue), message)
        }
        var parts: [MotionPart] = []
        for slot in MotionSlot.allCases {
            let key = FieldKey(slot.rawValue)
            guard inner.contains(key) else { continue }
            let node: SignalNode
            do {
                node = try inner.decode(SignalNode.self, forKey: key)
            } catch let error as SignalError {
                throw error
            } catch {
                throw SignalError(.malformed, path: signalPath(path + [motionKey], slot.rawValue), "not a signal node: \(error)")
            }
            do {
                parts.append(try MotionPart(slot, AnySignal(node: node)))
            } catch {
                throw SignalError(error.code, path: signalPath(path + [motionKey], slot.rawValue), error.message)
            }
        }
        self.init(parts: parts)
    }

    /// Encodes `{"motion": {...}}` with all three parts written out.
    public func encode(to encoder: any Encoder) throws {
        var root = encoder.container(keyedBy: FieldKey.self)
        var inner = root.nestedContainer(keyedBy: FieldKey.self, forKey: FieldKey("motion"))
        try inner.encode(userAcceleration.node, forKey: FieldKey(MotionSlot.userAcceleration.rawValue))
        try inner.encode(gravity.node, forKey: FieldKey(MotionSlot.gravity.rawValue))
        try inner.encode(rotationRate.node, forKey: FieldKey(MotionSlot.rotationRate.rawValue))
    }

    /// Decodes a motion spec from JSON bytes.
    /// - Throws: ``SignalError`` with the JSON path of the problem (malformed JSON included).
    public static func decode(json data: Data) throws(SignalError) -> MotionSignal {
        do {
            return try JSONDecoder().decode(MotionSignal.self, from: data)
        } catch let error as SignalError {
            throw error
        } catch {
            throw SignalError(.malformed, "not valid JSON: \(error)")
        }
    }

    /// Whether JSON bytes hold a motion spec (an object whose one key is `motion`), without decoding it.
    public static func isMotionSpec(json data: Data) -> Bool {
        struct Probe: Decodable {
            let isMotion: Bool
            init(from decoder: any Decoder) throws {
                isMotion = (try? decoder.container(keyedBy: FieldKey.self).contains(FieldKey("motion"))) ?? false
            }
        }
        return (try? JSONDecoder().decode(Probe.self, from: data).isMotion) ?? false
    }
}

/// A coding path as the engine's JSON path: `$.motion.gravity`.
func signalPath(_ codingPath: [any CodingKey], _ last: String? = nil) -> String {
    var s = "$"
    for key in codingPath {
        if let i = key.intValue { s += "[\(i)]" } else { s += ".\(key.stringValue)" }
    }
    if let last { s += ".\(last)" }
    return s
}
