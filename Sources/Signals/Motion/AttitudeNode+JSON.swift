import InternalUtilities

extension AttitudeNode {
    /// Decodes an `attitude` value strictly (see ``AttitudeNode`` for the forms).
    /// - Parameters:
    ///   - json: The value.
    ///   - path: Its JSON path (`$.motion.attitude`).
    /// - Throws: `SignalError` naming the path: an unknown name (with a suggestion), mixed forms,
    ///   a non-differentiable angle, a rate that is not three channels, a zero quaternion.
    package init(json: JSONValue, path: String) throws(SignalError) {
        switch json {
        case .string:
            self = .fixed(try FixedAttitude(json: json, path: path))
        case .object(let object):
            let keys = object.keys
            if keys.contains("quaternion") {
                self = .fixed(try FixedAttitude(json: json, path: path))
            } else if keys.contains("rotationRate") || keys.contains("initial") {
                let f = try JSONFields(
                    json, path: path, what: "an integrated attitude", fields: ["rotationRate", "initial"])
                let rate = try SignalNode(json: try f.required("rotationRate"), path: f.path("rotationRate"))
                guard rate.channelCount == 3 else {
                    throw SignalError(
                        .channelMismatch, path: f.path("rotationRate"),
                        "rotationRate must be a three-channel signal (rad/s, device frame) such as {\"axes\": {...}}, this one has \(rate.channelCount) channel\(rate.channelCount == 1 ? "" : "s")"
                    )
                }
                var initial = FixedAttitude.named(.faceUp)
                if let v = try f.value("initial") { initial = try FixedAttitude(json: v, path: f.path("initial")) }
                self = .integrated(IntegratedAttitude(rotationRate: rate, initial: initial))
            } else {
                let f = try JSONFields(
                    json, path: path,
                    what:
                        "an attitude given by angles (or use \"rotationRate\" and \"initial\", \"quaternion\", or a name)",
                    fields: ["roll", "pitch", "yaw"])
                // Numbers only: a fixed attitude. Any signal node: angles over time (numbers are constants).
                var numbers = true
                for name in ["roll", "pitch", "yaw"] {
                    if let v = try f.value(name), v.double == nil { numbers = false }
                }
                if numbers {
                    self = .fixed(
                        .angles(
                            roll: try f.number("roll", default: 0), pitch: try f.number("pitch", default: 0),
                            yaw: try f.number("yaw", default: 0)))
                    return
                }
                func angle(_ name: String) throws(SignalError) -> SignalNode {
                    guard let v = try f.value(name) else { return .constant(Constant(0)) }
                    if case .number(let n) = v { return .constant(Constant(n.value)) }
                    return try SignalNode(json: v, path: f.path(name))
                }
                self = .angles(
                    try EulerAttitude(
                        roll: try angle("roll"), pitch: try angle("pitch"), yaw: try angle("yaw"), path: path))
            }
        default:
            throw SignalError(
                .malformed, path: path,
                "attitude must be a name (\(NamedAttitude.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))), {\"quaternion\": {...}}, {\"roll\": ..., \"pitch\": ..., \"yaw\": ...} or {\"rotationRate\": ..., \"initial\": ...}, got \(json.preview())"
            )
        }
    }

    /// The attitude as a JSON value (angles as signal nodes, names as strings).
    package var jsonValue: JSONValue {
        switch self {
        case .fixed(let f):
            return f.jsonValue
        case .angles(let e):
            return .object(
                JSONObject([
                    .init(key: "roll", value: e.roll.jsonValue), .init(key: "pitch", value: e.pitch.jsonValue),
                    .init(key: "yaw", value: e.yaw.jsonValue),
                ]))
        case .integrated(let i):
            return .object(
                JSONObject([
                    .init(key: "rotationRate", value: i.rotationRate.jsonValue),
                    .init(key: "initial", value: i.initial.jsonValue),
                ]))
        }
    }
}

extension FixedAttitude {
    /// Decodes a constant attitude: a name, `{"quaternion": {...}}` or `{"roll": r, "pitch": p, "yaw": y}` (numbers).
    /// - Throws: `SignalError` naming the path.
    package init(json: JSONValue, path: String) throws(SignalError) {
        switch json {
        case .string(let text):
            guard let named = NamedAttitude(rawValue: text) else {
                let message = SignalError.unknownName(
                    text, kind: "attitude", names: NamedAttitude.allCases.map(\.rawValue), plural: "named attitudes")
                throw SignalError(.malformed, path: path, message)
            }
            self = .named(named)
        case .object(let object) where object.keys.contains("quaternion"):
            let f = try JSONFields(json, path: path, what: "a quaternion attitude", fields: ["quaternion"])
            let q = try JSONFields(
                try f.required("quaternion"), path: f.path("quaternion"), what: "'quaternion'",
                fields: ["w", "x", "y", "z"])
            let value = Quaternion(
                w: try q.number("w"), x: try q.number("x"), y: try q.number("y"), z: try q.number("z"))
            let norm = value.norm
            guard norm.isFinite, norm >= 1e-6 else {
                throw SignalError(
                    .outOfRange, path: f.path("quaternion"),
                    "a quaternion attitude must have a norm of at least 1e-6 (it is normalised), got \(norm)")
            }
            self = .quaternion(value)
        case .object:
            let f = try JSONFields(
                json, path: path, what: "a constant attitude (angles in radians)", fields: ["roll", "pitch", "yaw"])
            self = .angles(
                roll: try f.number("roll", default: 0), pitch: try f.number("pitch", default: 0),
                yaw: try f.number("yaw", default: 0))
        default:
            throw SignalError(
                .malformed, path: path,
                "a constant attitude must be a name, {\"quaternion\": {...}} or {\"roll\": r, \"pitch\": p, \"yaw\": y}, got \(json.preview())"
            )
        }
    }

    /// The attitude as a JSON value.
    package var jsonValue: JSONValue {
        func number(_ v: Double) -> JSONValue { .number(JSONNumber(v)) }
        switch self {
        case .named(let n):
            return .string(n.rawValue)
        case .quaternion(let q):
            let inner = JSONValue.object(
                JSONObject([
                    .init(key: "w", value: number(q.w)), .init(key: "x", value: number(q.x)),
                    .init(key: "y", value: number(q.y)), .init(key: "z", value: number(q.z)),
                ]))
            return .object(JSONObject([.init(key: "quaternion", value: inner)]))
        case .angles(let r, let p, let y):
            return .object(
                JSONObject([
                    .init(key: "roll", value: number(r)), .init(key: "pitch", value: number(p)),
                    .init(key: "yaw", value: number(y)),
                ]))
        }
    }
}
