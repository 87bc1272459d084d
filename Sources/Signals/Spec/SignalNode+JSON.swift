import Formats
import Foundation
import InternalUtilities

extension SignalNode {
    /// Decodes a spec from JSON bytes with the package's strict reader: no duplicate keys, trailing
    /// commas, `null`s, unknown fields or non-finite numbers.
    ///
    /// ```swift
    /// let node = try SignalNode.decode(json: Data(#"{"sine": {"frequency": 5}}"#.utf8))
    /// ```
    /// - Throws: `SignalError` with the JSON path of the problem (and the line and column of a
    ///   syntax error).
    public static func decode(json data: Data) throws(SignalError) -> SignalNode {
        try SignalNode(json: JSONValue.parse(data), path: "$")
    }

    /// Decodes a node from a parsed JSON value.
    /// - Parameters:
    ///   - json: The value: an object with exactly one key naming the node.
    ///   - path: JSON path of the value, for errors.
    /// - Throws: `SignalError` with the JSON path of the problem.
    package init(json: JSONValue, path: String) throws(SignalError) {
        guard case .object(let object) = json else {
            throw SignalError(
                .malformed, path: path,
                "a signal must be a JSON object with one key naming the node (\(SignalNode.kinds.joined(separator: ", "))), got \(json.preview())"
            )
        }
        let known = object.keys.filter(SignalNode.kinds.contains)
        if object.count > 1, known.count == 1, let extra = object.keys.first(where: { $0 != known[0] }) {
            throw SignalError(
                .unknownField, path: JSONPath.child(path, extra),
                "a signal has one key naming its node ('\(known[0])'); '\(SignalError.quoted(extra, limit: 40))' is not allowed beside it"
            )
        }
        guard object.count == 1, let member = object.members.first else {
            let found = object.keys.map { "'\(SignalError.quoted($0, limit: 40))'" }.joined(separator: ", ")
            throw SignalError(
                .malformed, path: path,
                "a signal node must have exactly one key naming it, found \(object.count == 0 ? "none" : found)")
        }
        let name = member.key
        let here = JSONPath.child(path, name)
        guard SignalNode.kinds.contains(name) else {
            var message = "unknown signal node '\(SignalError.quoted(name, limit: 60))'"
            if let guess = SignalError.closestName(to: name, in: SignalNode.kinds) {
                message += " (did you mean '\(guess)'?)"
            }
            message += "; known nodes are \(SignalNode.kinds.joined(separator: ", "))"
            throw SignalError(.unknownNode, path: here, message)
        }
        let inner = member.value
        if case .null = inner {
            throw SignalError(.malformed, path: here, "'\(name)' is null; it needs its fields")
        }
        func fields(_ names: [String]) throws(SignalError) -> JSONFields {
            try JSONFields(inner, path: here, what: "'\(name)'", fields: names)
        }
        switch name {
        case "sine", "sawtooth", "triangle":
            let wave = try WaveParameters(fields(["amplitude", "frequency", "phase", "offset"]))
            switch name {
            case "sine": self = .sine(Sine(wave))
            case "sawtooth": self = .sawtooth(Sawtooth(wave))
            default: self = .triangle(Triangle(wave))
            }
        case "square":
            let f = try fields(["amplitude", "frequency", "phase", "offset", "dutyCycle"])
            self = .square(Square(try WaveParameters(f), dutyCycle: try f.number("dutyCycle", default: 0.5)))
        case "chirp":
            let f = try fields(["amplitude", "startFrequency", "endFrequency", "duration", "phase", "offset"])
            self = .chirp(
                Chirp(
                    amplitude: try f.number("amplitude", default: 1),
                    startFrequency: try f.number("startFrequency"), endFrequency: try f.number("endFrequency"),
                    duration: try f.number("duration"), phase: try f.number("phase", default: 0),
                    offset: try f.number("offset", default: 0)))
        case "noise":
            let f = try fields(["amplitude", "distribution", "seed"])
            var distribution = Noise.Distribution.gaussian
            if let text = try f.optionalString("distribution") {
                guard let d = Noise.Distribution(rawValue: text) else {
                    let names = Noise.Distribution.allCases.map(\.rawValue)
                    var message =
                        "distribution must be one of \(names.map { "\"\($0)\"" }.joined(separator: ", ")), got \"\(SignalError.quoted(text, limit: 40))\""
                    if let guess = SignalError.closestName(to: text, in: names) {
                        message += " (did you mean \"\(guess)\"?)"
                    }
                    throw SignalError(.malformed, path: f.path("distribution"), message)
                }
                distribution = d
            }
            self = .noise(
                Noise(
                    amplitude: try f.number("amplitude", default: 1), distribution: distribution,
                    seed: try f.optionalUnsigned("seed") ?? 0))
        case "constant":
            let f = try fields(["value"])
            self = .constant(Constant(try f.number("value")))
        case "sum", "channels":
            guard case .array(let elements) = inner else {
                throw SignalError(
                    .malformed, path: here, "'\(name)' must be a JSON array of signal nodes, got \(inner.preview())")
            }
            var terms: [SignalNode] = []
            terms.reserveCapacity(elements.count)
            for (i, element) in elements.enumerated() {
                terms.append(try SignalNode(json: element, path: "\(here)[\(i)]"))
            }
            self = name == "sum" ? .sum(terms) : .channels(terms)
        case "scaled", "offset":
            let f = try fields(["by", "signal"])
            let by = try f.number("by")
            let signal = try SignalNode(json: try f.required("signal"), path: f.path("signal"))
            self = name == "scaled" ? .scaled(by: by, signal) : .offset(by: by, signal)
        case "axes":
            let f = try fields(["x", "y", "z"])
            func axis(_ key: String) throws(SignalError) -> SignalNode {
                guard let v = try f.value(key) else { return .constant(Constant(0)) }
                return try SignalNode(json: v, path: f.path(key))
            }
            self = .axes(x: try axis("x"), y: try axis("y"), z: try axis("z"))
        default:  // "motion"
            let f = try fields(MotionNode.fieldNames)
            func part(_ key: String) throws(SignalError) -> SignalNode? {
                guard let v = try f.value(key) else { return nil }
                let node = try SignalNode(json: v, path: f.path(key))
                guard node.channelCount == 3 else {
                    throw SignalError(
                        .channelMismatch, path: f.path(key),
                        "\(key) must be a three-channel signal such as {\"axes\": {...}}, this one has \(node.channelCount) channel\(node.channelCount == 1 ? "" : "s")"
                    )
                }
                return node
            }
            if let v = try f.value("attitude") {
                for derived in ["gravity", "rotationRate"] where f.has(derived) {
                    throw SignalError(
                        .malformed, path: f.path(derived),
                        "with an attitude, \(derived) is derived from it; remove '\(derived)' (or remove 'attitude' for a free motion)"
                    )
                }
                let attitude = try AttitudeNode(json: v, path: f.path("attitude"))
                self = .motion(
                    MotionNode(
                        attitude: attitude, userAcceleration: try part("userAcceleration"),
                        worldAcceleration: try part("worldAcceleration")))
            } else {
                if f.has("worldAcceleration") {
                    throw SignalError(
                        .malformed, path: f.path("worldAcceleration"),
                        "worldAcceleration is rotated into the device frame by the attitude; give an 'attitude' too (or use userAcceleration)"
                    )
                }
                self = .motion(
                    MotionNode(
                        userAcceleration: try part("userAcceleration"), gravity: try part("gravity"),
                        rotationRate: try part("rotationRate")))
            }
        }
    }

    /// The node as a JSON value, every field written out (defaults included), keys in a fixed order.
    package var jsonValue: JSONValue {
        func number(_ v: Double) -> JSONValue { .number(JSONNumber(v)) }
        func object(_ pairs: [(String, JSONValue)]) -> JSONValue {
            .object(JSONObject(pairs.map { JSONObject.Member(key: $0.0, value: $0.1) }))
        }
        /// The fields of a periodic wave, in order.
        func wave(_ p: WaveParameters) -> [(String, JSONValue)] {
            [
                ("amplitude", number(p.amplitude)), ("frequency", number(p.frequency)), ("phase", number(p.phase)),
                ("offset", number(p.offset)),
            ]
        }
        let body: JSONValue
        switch self {
        case .sine(let s):
            body = object(wave(s.parameters))
        case .square(let s):
            body = object(wave(s.parameters) + [("dutyCycle", number(s.dutyCycle))])
        case .sawtooth(let s):
            body = object(wave(s.parameters))
        case .triangle(let s):
            body = object(wave(s.parameters))
        case .chirp(let s):
            body = object([
                ("amplitude", number(s.amplitude)), ("startFrequency", number(s.startFrequency)),
                ("endFrequency", number(s.endFrequency)), ("duration", number(s.duration)),
                ("phase", number(s.phase)), ("offset", number(s.offset)),
            ])
        case .noise(let s):
            body = object([
                ("amplitude", number(s.amplitude)), ("distribution", .string(s.distribution.rawValue)),
                ("seed", .number(JSONNumber(text: String(s.seed), value: Double(s.seed)))),
            ])
        case .constant(let s):
            body = object([("value", number(s.value))])
        case .sum(let terms), .channels(let terms):
            body = .array(terms.map(\.jsonValue))
        case .scaled(let by, let s), .offset(let by, let s):
            body = object([("by", number(by)), ("signal", s.jsonValue)])
        case .axes(let x, let y, let z):
            body = object([("x", x.jsonValue), ("y", y.jsonValue), ("z", z.jsonValue)])
        case .motion(let m):
            var pairs: [(String, JSONValue)] = []
            if let attitude = m.attitude { pairs.append(("attitude", attitude.jsonValue)) }
            if let ua = m.userAcceleration { pairs.append(("userAcceleration", ua.jsonValue)) }
            if let world = m.worldAcceleration { pairs.append(("worldAcceleration", world.jsonValue)) }
            if let g = m.gravity { pairs.append(("gravity", g.jsonValue)) }
            if let r = m.rotationRate { pairs.append(("rotationRate", r.jsonValue)) }
            body = object(pairs)
        }
        return object([(kind, body)])
    }

    /// The spec as JSON text (pretty-printed with two-space indents, or compact), fields in a fixed
    /// order, every default written out. Decoding it gives the same node.
    public func json(pretty: Bool = true) -> Data {
        Data((pretty ? jsonValue.prettyPrinted : jsonValue.serialized).utf8)
    }
}

extension SignalNode: Codable {
    /// Decodes a node from any `Decoder` by reading its JSON value and then applying the same strict
    /// rules as ``decode(json:)`` (unknown fields, `null`s and non-finite numbers are errors; duplicate
    /// keys and trailing commas are caught only by ``decode(json:)``, because a `Decoder` has already
    /// merged or accepted them).
    /// - Throws: `SignalError` with the JSON path of the problem.
    public init(from decoder: any Decoder) throws {
        let value = try JSONValue(from: decoder)
        try self.init(json: value, path: JSONValue.path(decoder.codingPath))
    }

    /// Encodes the node with every field written out (defaults included).
    public func encode(to encoder: any Encoder) throws {
        try jsonValue.encode(to: encoder)
    }
}

extension WaveParameters {
    /// Reads a periodic wave's `amplitude` (default 1), `frequency`, `phase` (default 0) and `offset`
    /// (default 0), in that order.
    /// - Parameter fields: The wave's JSON object.
    /// - Throws: `SignalError` for a missing frequency or a field that is not a number.
    fileprivate init(_ fields: JSONFields) throws(SignalError) {
        self.init(
            amplitude: try fields.number("amplitude", default: 1), frequency: try fields.number("frequency"),
            phase: try fields.number("phase", default: 0), offset: try fields.number("offset", default: 0))
    }
}
