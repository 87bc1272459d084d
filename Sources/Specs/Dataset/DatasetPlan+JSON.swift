import Formats
import Foundation
import InternalUtilities
import Navigation
import Sensors
import Signals

extension DatasetPlan {
    /// The fields of a plan and of a template.
    static let fieldNames = ["seed", "rate", "duration", "templates"]
    static let templateFieldNames = ["name", "labels", "weight", "parameters", "spec"]

    /// Decodes and checks a plan from JSON bytes with the package's strict reader.
    ///
    /// Every template is checked before anything is drawn: each `"$name"` names one of its parameters,
    /// and its spec decodes and validates at the plan's rate with every choice of every parameter (the
    /// others at their lower end or mean).
    /// - Throws: `SignalError` with the JSON path: `$.templates[1].parameters.cadence.uniform` for a ≥ b,
    ///   `$.templates[0].spec.imu.preset` for an unknown `$name` or a bad spec.
    package static func decode(json data: Data) throws(SignalError) -> DatasetPlan {
        try DatasetPlan(json: try JSONValue.parse(data))
    }

    /// Decodes and checks a parsed plan (see ``decode(json:)``).
    package init(json: JSONValue) throws(SignalError) {
        let f = try JSONFields(json, path: "$", what: "a dataset plan", fields: DatasetPlan.fieldNames)
        guard case .number(let seedNumber) = try f.required("seed"), let seed = seedNumber.unsignedInteger else {
            throw SignalError(.malformed, path: f.path("seed"), "'seed' must be a whole number from 0 to \(UInt64.max)")
        }
        let rate = try f.number("rate")
        let duration = try f.number("duration")
        guard rate > 0, rate <= 1e9 else {
            throw SignalError(.outOfRange, path: f.path("rate"), "'rate' must be > 0 and ≤ 1e9 Hz, got \(rate)")
        }
        guard duration > 0 else {
            throw SignalError(.outOfRange, path: f.path("duration"), "'duration' must be > 0 s, got \(duration)")
        }
        guard rate * duration <= 1e9, (rate * duration).rounded() >= 1 else {
            throw SignalError(
                .outOfRange, path: f.path("duration"),
                "rate · duration must give from 1 to 1e9 rows per recording, got \(rate * duration)")
        }
        guard case .array(let items) = try f.required("templates"), !items.isEmpty else {
            throw SignalError(
                .malformed, path: f.path("templates"), "'templates' must be a non-empty array of templates")
        }
        var templates: [Template] = []
        for (i, item) in items.enumerated() {
            let template = try Template(json: item, path: "\(f.path("templates"))[\(i)]")
            if templates.contains(where: { $0.name == template.name }) {
                throw SignalError(
                    .duplicateField, path: "\(f.path("templates"))[\(i)].name",
                    "two templates are named '\(SignalError.quoted(template.name, limit: 40))'; names must be unique")
            }
            templates.append(template)
        }
        self.init(seed: seed, rate: rate, duration: duration, templates: templates)
        for (i, template) in templates.enumerated() {
            try check(template, path: "$.templates[\(i)]")
        }
    }

    /// Decodes and validates the spec of `template` with each representative value of each parameter.
    private func check(_ template: Template, path: String) throws(SignalError) {
        let base = template.parameters.map { ($0.name, $0.distribution.representatives[0]) }
        var trials = [base]
        for (p, parameter) in template.parameters.enumerated() {
            for value in parameter.distribution.representatives.dropFirst() {
                var trial = base
                trial[p].1 = value
                trials.append(trial)
            }
        }
        for trial in trials {
            let spec = try DatasetPlan.substitute(template.spec, values: trial, path: "\(path).spec")
            _ = try prepared(spec, path: "\(path).spec", with: trial)
        }
    }

    /// Decodes a substituted spec and validates it at the plan's rate, with the plan's rate written into a
    /// trajectory's GNSS receiver that sets none (``withPlanRate(_:rate:)``).
    /// - Parameters:
    ///   - spec: The substituted (and seeded) spec.
    ///   - path: The template's spec path (`$.templates[0].spec`), which every error's path starts with.
    ///   - values: The parameters' values, named in every error's message.
    /// - Returns: The spec as rendered, and its document.
    /// - Throws: `SignalError` at `path` + the spec's own path: a bad spec; a route or a motion with a route
    ///   (not one table); a named file (``refuseFiles(_:)``); a trajectory whose streams do not all run at
    ///   the plan's rate or whose GNSS has outages (``checkTable(_:rate:)``); at `$.rate`, a plan rate
    ///   outside a trajectory's render rates.
    func prepared(
        _ spec: JSONValue, path: String, with values: [(String, JSONValue)]
    ) throws(SignalError)
        -> (spec: JSONValue, document: SpecDocument)
    {
        let drawn =
            values.isEmpty
            ? "" : " (with " + values.map { "\($0.0) = \($0.1.serialized)" }.joined(separator: ", ") + ")"
        func rebased(_ error: SignalError) -> SignalError {
            var e = SpecDocument.locatedAtPreset(error, in: spec)
            if let p = e.location.path, p.hasPrefix("$") {
                e.location.path = path + p.dropFirst()
            } else if e.location.path == nil {
                e.location.path = path
            }
            // A dataset has no way to accept aliasing: its sample rate is the plan's.
            if e.code == .aliasing { e.message += " (the sample rate is the plan's 'rate', at $.rate)" }
            e.message += drawn
            return e
        }
        if spec.object?["trajectory"] != nil, !Trajectory.renderRates.contains(rate) {
            throw SignalError(
                .outOfRange, path: "$.rate",
                "the template at \(path) is a trajectory, which renders at \(Trajectory.renderRates.lowerBound) ... \(Trajectory.renderRates.upperBound) Hz; the plan's 'rate' is \(rate) Hz"
            )
        }
        let rendered: JSONValue
        let document: SpecDocument
        do throws(SignalError) {
            try DatasetPlan.refuseFiles(spec)
            rendered = try DatasetPlan.withPlanRate(spec, rate: rate)
            document = try SpecDocument.decode(rendered, allowFiles: false)
            switch document {
            case .signal(let s): try s.validate(sampleRate: rate)
            case .imu(let imu): try imu.validate(sampleRate: rate)
            case .trajectory(let trajectory): try DatasetPlan.checkTable(trajectory, rate: rate)
            case .route, .motionAndRoute:
                throw SignalError(
                    .invalidArgument, path: "$",
                    "a template's spec must be a signal, motion, IMU or trajectory spec, not a \(document.kind) (one table per recording: put the route in a trajectory, {\"trajectory\": {\"route\": …, \"vehicle\": …}}, to render its truth and sensors as one table)"
                )
            }
        } catch {
            throw rebased(error)
        }
        return (rendered, document)
    }

    /// `spec` with every string `"$name"` replaced by its value.
    /// - Throws: `SignalError` at the string's path for a name that is no parameter.
    static func substitute(
        _ spec: JSONValue, values: [(String, JSONValue)], path: String
    ) throws(SignalError) -> JSONValue {
        switch spec {
        case .string(let s) where s.hasPrefix("$"):
            let name = String(s.dropFirst())
            if let value = values.first(where: { $0.0 == name })?.1 { return value }
            var message = "unknown parameter '\(SignalError.quoted(s, limit: 40))'"
            if let guess = SignalError.closestName(to: name, in: values.map(\.0)) {
                message += " (did you mean '$\(guess)'?)"
            }
            message +=
                values.isEmpty
                ? "; the template has no parameters"
                : "; the template's parameters are \(values.map { "$\($0.0)" }.joined(separator: ", "))"
            throw SignalError(.unknownField, path: path, message)
        case .object(let o):
            var members: [JSONObject.Member] = []
            for m in o.members {
                members.append(
                    .init(key: m.key, value: try substitute(m.value, values: values, path: JSONPath.child(path, m.key)))
                )
            }
            return .object(JSONObject(members))
        case .array(let items):
            var out: [JSONValue] = []
            for (i, item) in items.enumerated() {
                out.append(try substitute(item, values: values, path: "\(path)[\(i)]"))
            }
            return .array(out)
        default:
            return spec
        }
    }
}

extension DatasetPlan.Template {
    /// Decodes a template, naming the path of every problem.
    init(json: JSONValue, path: String) throws(SignalError) {
        let f = try JSONFields(json, path: path, what: "a dataset template", fields: DatasetPlan.templateFieldNames)
        let name = try f.string("name")
        guard !name.isEmpty else {
            throw SignalError(.malformed, path: f.path("name"), "a template's 'name' may not be empty")
        }
        var labels: [(key: String, value: String)] = []
        if let value = try f.value("labels") {
            guard case .object(let o) = value else {
                throw SignalError(
                    .malformed, path: f.path("labels"),
                    "'labels' must be an object of strings, e.g. {\"activity\": \"walking\"}")
            }
            for m in o.members {
                guard case .string(let s) = m.value else {
                    throw SignalError(
                        .malformed, path: JSONPath.child(f.path("labels"), m.key),
                        "a label's value must be a string, got \(m.value.preview())")
                }
                guard !m.key.isEmpty, !m.key.contains("/"), !m.key.contains("="), !m.key.hasPrefix("_") else {
                    throw SignalError(
                        .malformed, path: JSONPath.child(f.path("labels"), m.key),
                        "a label's name must be non-empty, without '/' or '=', and not start with '_' (it names a partition directory)"
                    )
                }
                labels.append((m.key, s))
            }
        }
        let weight = try f.number("weight", default: 1)
        guard weight > 0, weight <= 1e12 else {
            throw SignalError(.outOfRange, path: f.path("weight"), "'weight' must be > 0 (and ≤ 1e12), got \(weight)")
        }
        var parameters: [(name: String, distribution: DatasetDistribution)] = []
        if let value = try f.value("parameters") {
            guard case .object(let o) = value else {
                throw SignalError(
                    .malformed, path: f.path("parameters"), "'parameters' must be an object: name → distribution")
            }
            for m in o.members {
                let at = JSONPath.child(f.path("parameters"), m.key)
                guard let first = m.key.utf8.first, first == 0x5F || (first | 0x20) >= 0x61 && (first | 0x20) <= 0x7A,
                    m.key.utf8.allSatisfy({
                        $0 == 0x5F || ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A || $0 >= 0x30 && $0 <= 0x39
                    })
                else {
                    throw SignalError(
                        .malformed, path: at,
                        "a parameter's name is letters, digits and '_', starting with a letter or '_'")
                }
                parameters.append((m.key, try DatasetDistribution(json: m.value, path: at)))
            }
        }
        let spec = try f.required("spec")
        guard case .object = spec else {
            throw SignalError(.malformed, path: f.path("spec"), "'spec' must be a spec object")
        }
        self.init(name: name, labels: labels, weight: weight, parameters: parameters, spec: spec)
    }
}
