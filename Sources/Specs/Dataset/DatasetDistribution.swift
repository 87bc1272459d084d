import Foundation
import InternalUtilities
import Signals

/// How a dataset template's parameter is drawn: `{"uniform": [a, b]}`, `{"normal": [mean, sd]}`,
/// `{"choice": [...]}` or `{"int": [a, b]}`.
///
/// ```json
/// {"cadence": {"uniform": [1.5, 2.1]}, "device": {"choice": ["bmi160", "android-hifi"]}}
/// ```
package enum DatasetDistribution: Sendable, Hashable {
    /// Uniform on [a, b) (a < b, finite).
    case uniform(Double, Double)
    /// Normal with a mean and a standard deviation (sd ≥ 0; 0 always draws the mean), by Box–Muller.
    case normal(mean: Double, sd: Double)
    /// One of the values, each with the same probability (at least one value; any JSON value but `null`).
    case choice([JSONValue])
    /// A whole number from a to b, both included (a ≤ b, |a|, |b| ≤ 2⁵³).
    case int(Int, Int)

    /// The names a distribution object may hold (exactly one of them).
    static let kinds = ["uniform", "normal", "choice", "int"]

    /// Draws the value of recording `index` (see `DatasetRandom`).
    /// - Parameters:
    ///   - seed: The plan's seed.
    ///   - index: The recording's index.
    ///   - stream: The parameter's stream.
    /// - Returns: A JSON number (or the chosen value).
    package func draw(seed: UInt64, index: Int, stream: UInt64) -> JSONValue {
        func unit(_ counter: UInt64) -> Double {
            DatasetRandom.unit(seed: seed, index: index, stream: stream, counter: counter)
        }
        switch self {
        case .uniform(let a, let b):
            return .number(JSONNumber(min(a + (b - a) * unit(0), b.nextDown)))
        case .normal(let mean, let sd):
            // Box–Muller: u1 in (0, 1], so the logarithm is finite.
            let u1 = 1 - unit(0)
            let u2 = unit(1)
            return .number(
                JSONNumber(mean + sd * (-2 * Foundation.log(u1)).squareRoot() * Foundation.cos(2 * Double.pi * u2)))
        case .choice(let values):
            return values[min(Int(unit(0) * Double(values.count)), values.count - 1)]
        case .int(let a, let b):
            let span = Double(b - a + 1)
            return .number(JSONNumber(a + min(Int(unit(0) * span), b - a)))
        }
    }

    /// A value the parameter can take for each case a check should try: the lower end, the mean, or every
    /// choice.
    var representatives: [JSONValue] {
        switch self {
        case .uniform(let a, _): [.number(JSONNumber(a))]
        case .normal(let mean, _): [.number(JSONNumber(mean))]
        case .choice(let values): values
        case .int(let a, _): [.number(JSONNumber(a))]
        }
    }

    /// Decodes a distribution object, naming the path of every problem.
    /// - Throws: `SignalError`: not one of the four kinds, wrong arity, a ≥ b, sd < 0, an empty choice.
    init(json: JSONValue, path: String) throws(SignalError) {
        guard case .object(let object) = json, object.count == 1, let kind = object.keys.first else {
            throw SignalError(
                .malformed, path: path,
                "a parameter is an object with one key, uniform, normal, choice or int (e.g. {\"uniform\": [1.5, 2.1]}), got \(json.preview())"
            )
        }
        let at = JSONPath.child(path, kind)
        guard DatasetDistribution.kinds.contains(kind) else {
            var message = "unknown distribution '\(SignalError.quoted(kind, limit: 40))'"
            if let guess = SignalError.closestName(to: kind, in: DatasetDistribution.kinds) {
                message += " (did you mean '\(guess)'?)"
            }
            throw SignalError(
                .unknownField, path: at, message + "; the distributions are uniform, normal, choice and int")
        }
        guard case .array(let items) = object.members[0].value else {
            throw SignalError(
                .malformed, path: at, "'\(kind)' must be an array, got \(object.members[0].value.preview())")
        }
        if kind == "choice" {
            guard !items.isEmpty else {
                throw SignalError(.outOfRange, path: at, "'choice' must list at least one value")
            }
            for (i, item) in items.enumerated() where item == .null {
                throw SignalError(.malformed, path: "\(at)[\(i)]", "a choice may not be null")
            }
            self = .choice(items)
            return
        }
        guard items.count == 2 else {
            throw SignalError(
                .malformed, path: at, "'\(kind)' must be an array of two numbers, got \(items.count) values")
        }
        var pair: [Double] = []
        for (i, item) in items.enumerated() {
            pair.append(try JSONFields.number(item, path: "\(at)[\(i)]", name: kind))
        }
        switch kind {
        case "uniform":
            guard pair[0] < pair[1] else {
                throw SignalError(.outOfRange, path: at, "'uniform' needs a < b, got [\(pair[0]), \(pair[1])]")
            }
            self = .uniform(pair[0], pair[1])
        case "normal":
            guard pair[1] >= 0 else {
                throw SignalError(
                    .outOfRange, path: "\(at)[1]", "the standard deviation of 'normal' must be ≥ 0, got \(pair[1])")
            }
            self = .normal(mean: pair[0], sd: pair[1])
        default:
            var ints: [Int] = []
            for (i, item) in items.enumerated() {
                // `magnitude`, not `abs`: abs(Int.min) traps, and -2^63 is a literal a plan can hold.
                guard case .number(let n) = item, let v = n.integer, v.magnitude <= 1 << 53 else {
                    throw SignalError(
                        .malformed, path: "\(at)[\(i)]",
                        "'int' bounds must be whole numbers from -2^53 to 2^53, got \(item.preview())")
                }
                ints.append(v)
            }
            guard ints[0] <= ints[1] else {
                throw SignalError(.outOfRange, path: at, "'int' needs a ≤ b, got [\(ints[0]), \(ints[1])]")
            }
            self = .int(ints[0], ints[1])
        }
    }
}
