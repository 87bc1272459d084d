import Foundation

/// A coding key for any field name (used to see every key a JSON object has).
struct AnyKey: CodingKey, Hashable {
    var stringValue: String
    var intValue: Int?
    init(_ string: String) { stringValue = string; intValue = nil }
    init?(stringValue: String) { self.init(stringValue) }
    init?(intValue: Int) { stringValue = "Index \(intValue)"; self.intValue = intValue }
}

/// Formats a coding path as a JSON path: `$.sum[1].sine.amplitude`.
func jsonPath(_ codingPath: [any CodingKey]) -> String {
    var s = "$"
    for key in codingPath {
        if let i = key.intValue { s += "[\(i)]" } else { s += ".\(key.stringValue)" }
    }
    return s
}

/// A keyed container that reports unknown fields and missing required ones with their JSON path.
struct FieldReader {
    let container: KeyedDecodingContainer<AnyKey>
    let path: [any CodingKey]

    init(_ decoder: any Decoder, node: String, fields: [String]) throws {
        path = decoder.codingPath
        do {
            container = try decoder.container(keyedBy: AnyKey.self)
        } catch {
            throw SignalError(.malformed, path: jsonPath(path),
                              "'\(node)' must be a JSON object with the fields \(fields.joined(separator: ", "))")
        }
        for key in container.allKeys where !fields.contains(key.stringValue) {
            var message = "unknown field '\(key.stringValue)' in '\(node)'"
            if let guess = SignalError.closestName(to: key.stringValue, in: fields) { message += " (did you mean '\(guess)'?)" }
            message += "; its fields are \(fields.joined(separator: ", "))"
            throw SignalError(.unknownField, path: jsonPath(path + [key]), message)
        }
    }

    func optional<T: Decodable>(_ name: String, _ type: T.Type = T.self) throws -> T? {
        let key = AnyKey(name)
        do {
            return try container.decodeIfPresent(T.self, forKey: key)
        } catch let error as SignalError {
            throw error
        } catch {
            throw SignalError(.malformed, path: jsonPath(path + [key]),
                              "'\(name)' must be \(describe(T.self)): \(decodingReason(error))")
        }
    }

    func required<T: Decodable>(_ name: String, _ type: T.Type = T.self) throws -> T {
        guard let value: T = try optional(name) else {
            throw SignalError(.missingField, path: jsonPath(path),
                              "missing required field '\(name)'")
        }
        return value
    }
}

private func describe(_ type: Any.Type) -> String {
    switch type {
    case is Double.Type: "a number"
    case is UInt64.Type: "a whole number ≥ 0"
    case is String.Type: "a string"
    case is Noise.Distribution.Type: "\"gaussian\" or \"uniform\""
    default: "a signal node"
    }
}

/// The most useful sentence in a `DecodingError`.
func decodingReason(_ error: any Error) -> String {
    switch error {
    case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context),
         DecodingError.dataCorrupted(let context):
        var text = context.debugDescription
        if let underlying = context.underlyingError as NSError?,
           let detail = underlying.userInfo[NSDebugDescriptionErrorKey] as? String {
            text += " (\(detail))"
        }
        return text
    case DecodingError.keyNotFound(let key, _):
        return "missing field '\(key.stringValue)'"
    default:
        return "\(error)"
    }
}

extension SignalNode: Codable {
    /// Decodes a node: exactly one key naming the node; unknown fields, unknown nodes and missing
    /// required fields throw ``SignalError`` with the JSON path.
    public init(from decoder: any Decoder) throws {
        let path = decoder.codingPath
        let container: KeyedDecodingContainer<AnyKey>
        do {
            container = try decoder.container(keyedBy: AnyKey.self)
        } catch {
            throw SignalError(.malformed, path: jsonPath(path),
                              "a signal must be a JSON object with one key naming the node (\(SignalNode.kinds.joined(separator: ", ")))")
        }
        let keys = container.allKeys
        guard keys.count == 1, let key = keys.first else {
            let found = keys.map { "'\($0.stringValue)'" }.joined(separator: ", ")
            throw SignalError(.malformed, path: jsonPath(path),
                              "a signal node must have exactly one key naming it, found \(keys.isEmpty ? "none" : found)")
        }
        let name = key.stringValue
        guard SignalNode.kinds.contains(name) else {
            var message = "unknown signal node '\(name)'"
            if let guess = SignalError.closestName(to: name, in: SignalNode.kinds) { message += " (did you mean '\(guess)'?)" }
            message += "; known nodes are \(SignalNode.kinds.joined(separator: ", "))"
            throw SignalError(.unknownNode, path: jsonPath(path + [key]), message)
        }
        let inner = try container.superDecoder(forKey: key)
        switch name {
        case "sine":
            let f = try FieldReader(inner, node: name, fields: ["amplitude", "frequency", "phase", "offset"])
            self = .sine(Sine(amplitude: try f.optional("amplitude") ?? 1, frequency: try f.required("frequency"),
                              phase: try f.optional("phase") ?? 0, offset: try f.optional("offset") ?? 0))
        case "square":
            let f = try FieldReader(inner, node: name, fields: ["amplitude", "frequency", "phase", "offset", "dutyCycle"])
            self = .square(Square(amplitude: try f.optional("amplitude") ?? 1, frequency: try f.required("frequency"),
                                  phase: try f.optional("phase") ?? 0, offset: try f.optional("offset") ?? 0,
                                  dutyCycle: try f.optional("dutyCycle") ?? 0.5))
        case "sawtooth":
            let f = try FieldReader(inner, node: name, fields: ["amplitude", "frequency", "phase", "offset"])
            self = .sawtooth(Sawtooth(amplitude: try f.optional("amplitude") ?? 1, frequency: try f.required("frequency"),
                                      phase: try f.optional("phase") ?? 0, offset: try f.optional("offset") ?? 0))
        case "triangle":
            let f = try FieldReader(inner, node: name, fields: ["amplitude", "frequency", "phase", "offset"])
            self = .triangle(Triangle(amplitude: try f.optional("amplitude") ?? 1, frequency: try f.required("frequency"),
                                      phase: try f.optional("phase") ?? 0, offset: try f.optional("offset") ?? 0))
        case "chirp":
            let f = try FieldReader(inner, node: name, fields: ["amplitude", "startFrequency", "endFrequency",
                                                                "duration", "phase", "offset"])
            self = .chirp(Chirp(amplitude: try f.optional("amplitude") ?? 1,
                                startFrequency: try f.required("startFrequency"),
                                endFrequency: try f.required("endFrequency"), duration: try f.required("duration"),
                                phase: try f.optional("phase") ?? 0, offset: try f.optional("offset") ?? 0))
        case "noise":
            let f = try FieldReader(inner, node: name, fields: ["amplitude", "distribution", "seed"])
            self = .noise(Noise(amplitude: try f.optional("amplitude") ?? 1,
                                distribution: try f.optional("distribution") ?? .gaussian,
                                seed: try f.optional("seed") ?? 0))
        case "constant":
            let f = try FieldReader(inner, node: name, fields: ["value"])
            self = .constant(Constant(try f.required("value")))
        case "sum", "channels":
            do {
                var list = try inner.unkeyedContainer()
                var terms: [SignalNode] = []
                while !list.isAtEnd { terms.append(try list.decode(SignalNode.self)) }
                self = name == "sum" ? .sum(terms) : .channels(terms)
            } catch let error as SignalError {
                throw error
            } catch {
                throw SignalError(.malformed, path: jsonPath(path + [key]),
                                  "'\(name)' must be a JSON array of signal nodes: \(decodingReason(error))")
            }
        case "scaled", "offset":
            let f = try FieldReader(inner, node: name, fields: ["by", "signal"])
            let by: Double = try f.required("by")
            let signal: SignalNode = try f.required("signal")
            self = name == "scaled" ? .scaled(by: by, signal) : .offset(by: by, signal)
        default: // "axes"
            let f = try FieldReader(inner, node: name, fields: ["x", "y", "z"])
            let zero = SignalNode.constant(Constant(0))
            self = .axes(x: try f.optional("x") ?? zero, y: try f.optional("y") ?? zero, z: try f.optional("z") ?? zero)
        }
    }

    /// Encodes the node with every field written out (defaults included).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyKey.self)
        let key = AnyKey(kind)
        switch self {
        case .sine(let s):
            var c = container.nestedContainer(keyedBy: AnyKey.self, forKey: key)
            try c.encode(s.amplitude, forKey: AnyKey("amplitude")); try c.encode(s.frequency, forKey: AnyKey("frequency"))
            try c.encode(s.phase, forKey: AnyKey("phase")); try c.encode(s.offset, forKey: AnyKey("offset"))
        case .square(let s):
            var c = container.nestedContainer(keyedBy: AnyKey.self, forKey: key)
            try c.encode(s.amplitude, forKey: AnyKey("amplitude")); try c.encode(s.frequency, forKey: AnyKey("frequency"))
            try c.encode(s.phase, forKey: AnyKey("phase")); try c.encode(s.offset, forKey: AnyKey("offset"))
            try c.encode(s.dutyCycle, forKey: AnyKey("dutyCycle"))
        case .sawtooth(let s):
            var c = container.nestedContainer(keyedBy: AnyKey.self, forKey: key)
            try c.encode(s.amplitude, forKey: AnyKey("amplitude")); try c.encode(s.frequency, forKey: AnyKey("frequency"))
            try c.encode(s.phase, forKey: AnyKey("phase")); try c.encode(s.offset, forKey: AnyKey("offset"))
        case .triangle(let s):
            var c = container.nestedContainer(keyedBy: AnyKey.self, forKey: key)
            try c.encode(s.amplitude, forKey: AnyKey("amplitude")); try c.encode(s.frequency, forKey: AnyKey("frequency"))
            try c.encode(s.phase, forKey: AnyKey("phase")); try c.encode(s.offset, forKey: AnyKey("offset"))
        case .chirp(let s):
            var c = container.nestedContainer(keyedBy: AnyKey.self, forKey: key)
            try c.encode(s.amplitude, forKey: AnyKey("amplitude"))
            try c.encode(s.startFrequency, forKey: AnyKey("startFrequency"))
            try c.encode(s.endFrequency, forKey: AnyKey("endFrequency"))
            try c.encode(s.duration, forKey: AnyKey("duration"))
            try c.encode(s.phase, forKey: AnyKey("phase")); try c.encode(s.offset, forKey: AnyKey("offset"))
        case .noise(let s):
            var c = container.nestedContainer(keyedBy: AnyKey.self, forKey: key)
            try c.encode(s.amplitude, forKey: AnyKey("amplitude"))
            try c.encode(s.distribution, forKey: AnyKey("distribution")); try c.encode(s.seed, forKey: AnyKey("seed"))
        case .constant(let s):
            var c = container.nestedContainer(keyedBy: AnyKey.self, forKey: key)
            try c.encode(s.value, forKey: AnyKey("value"))
        case .sum(let terms), .channels(let terms):
            try container.encode(terms, forKey: key)
        case .scaled(let by, let s), .offset(let by, let s):
            var c = container.nestedContainer(keyedBy: AnyKey.self, forKey: key)
            try c.encode(by, forKey: AnyKey("by")); try c.encode(s, forKey: AnyKey("signal"))
        case .axes(let x, let y, let z):
            var c = container.nestedContainer(keyedBy: AnyKey.self, forKey: key)
            try c.encode(x, forKey: AnyKey("x")); try c.encode(y, forKey: AnyKey("y")); try c.encode(z, forKey: AnyKey("z"))
        }
    }

    /// Decodes a spec from JSON bytes.
    /// - Throws: ``SignalError`` with the JSON path of the problem (malformed JSON included).
    public static func decode(json data: Data) throws(SignalError) -> SignalNode {
        do {
            return try JSONDecoder().decode(SignalNode.self, from: data)
        } catch let error as SignalError {
            throw error
        } catch {
            throw SignalError(.malformed, "not valid JSON: \(decodingReason(error))")
        }
    }

    /// The spec as pretty-printed JSON with sorted keys.
    public func json(pretty: Bool = true) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes] : [.sortedKeys]
        // Encoding a validated tree cannot fail (no non-finite numbers reach JSONEncoder unchecked).
        return (try? encoder.encode(self)) ?? Data("{}".utf8)
    }
}

extension Signal {
    /// Decodes the signal from the JSON spec format (see ``SignalNode``).
    public init(from decoder: any Decoder) throws {
        try self.init(node: SignalNode(from: decoder))
    }

    /// Encodes the signal in the JSON spec format (see ``SignalNode``).
    public func encode(to encoder: any Encoder) throws {
        try node.encode(to: encoder)
    }
}
