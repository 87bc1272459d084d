import Formats
import Foundation
import InternalUtilities
import Navigation
import Sensors
import Signals

/// Recording `i` of a dataset: its template, drawn parameters, labels, seeds and spec, a pure function of
/// (plan, i) (see ``DatasetPlan/item(_:)``).
package struct DatasetItem: Sendable {
    /// The recording's index (0-based).
    package var index: Int
    /// The template it was drawn from.
    package var template: String
    /// The drawn parameters, in the template's order.
    package var parameters: [(name: String, value: JSONValue)]
    /// The template's labels.
    package var labels: [(key: String, value: String)]
    /// Every seed of the spec by its JSON path (`$.imu.seed`): derived ones and those the template fixes.
    package var seeds: [(path: String, seed: UInt64)]
    /// The spec after substitution and seeding (and, for a trajectory, the plan's rate as its GNSS receiver's
    /// `rate` when it sets none): what `signals render` renders to the same samples.
    package var spec: JSONValue
    /// The decoded spec (a signal, motion, IMU or trajectory).
    package var document: SpecDocument

    /// The type of a recording's samples in its `.npy` file.
    package enum SampleType: String, Sendable, Hashable {
        /// Little-endian float32 (`<f4`): a signal, motion or IMU.
        case float32
        /// Little-endian float64 (`<f8`): a trajectory, whose latitudes and longitudes (degrees) need it:
        /// float32 steps them by 3.8e-6° (0.42 m) from 32° to 64° and by up to 1.5e-5° (1.7 m) beyond 128° of
        /// longitude, while a walk at 50 Hz moves 3 cm per row.
        case float64
    }

    /// The type of this recording's samples: float64 for a trajectory, float32 otherwise.
    package var sampleType: SampleType {
        if case .trajectory = document { .float64 } else { .float32 }
    }

    /// The manifest's line for this recording (compact JSON, no newline): `index`, `template`,
    /// `parameters`, `labels`, `seeds`, `file`, `rows`, `columns`, `dtype` (`"float32"` or `"float64"`, see
    /// ``sampleType``), `checksum`.
    /// - Parameters:
    ///   - file: The recording's file, relative to the output directory.
    ///   - rows: Rows (frames) in the file.
    ///   - columns: Column names, one per column of the file.
    ///   - checksum: `sha256:` and the hex SHA-256 of the little-endian sample bytes (float32 or float64).
    package func manifestLine(file: String, rows: Int, columns: [String], checksum: String) -> String {
        manifestEntry(file: file, rows: rows, columns: columns, checksum: checksum).text
    }

    /// The manifest's line for this recording as a value (see ``manifestLine(file:rows:columns:checksum:)``).
    package func manifestEntry(file: String, rows: Int, columns: [String], checksum: String) -> ManifestLine {
        ManifestLine(
            index: index, template: template,
            parameters: JSONObject(parameters.map { .init(key: $0.name, value: $0.value) }),
            labels: JSONObject(labels.map { .init(key: $0.key, value: .string($0.value)) }),
            seeds: JSONObject(
                seeds.map {
                    .init(key: $0.path, value: .number(JSONNumber(text: String($0.seed), value: Double($0.seed))))
                }),
            file: file, rows: rows,
            columns: columns, dtype: sampleType == .float64 ? .float64 : .float32, checksum: checksum)
    }
}

extension DatasetPlan {
    /// The largest derived seed: 2⁵³ − 1, so that every seed is exact as a JSON number in any reader.
    package static let seedMask: UInt64 = (1 << 53) - 1

    /// The template recording `index` is drawn from: weighted (stream `template`).
    package func template(of index: Int) -> Int {
        let total = templates.reduce(0) { $0 + $1.weight }
        let u = DatasetRandom.unit(seed: seed, index: index, stream: DatasetRandom.stream("template")) * total
        var sum = 0.0
        for (t, template) in templates.enumerated() {
            sum += template.weight
            if u < sum { return t }
        }
        return templates.count - 1
    }

    /// Recording `index`: a pure function of the plan and `index`, made alone.
    ///
    /// Its template is drawn by weight, each parameter from its distribution (stream
    /// `parameter:TEMPLATE.NAME`), and every seed the spec can hold but does not fix gets a derived one
    /// (stream `seed:PATH`, below 2⁵³): the `imu` object's `seed`, each `noise` node's `seed`, a
    /// `car-ride` motion preset's `seed`, and a trajectory's sensors' (`$.trajectory.sensors.imu.seed`,
    /// `.magnetometer.seed`, `.barometer.seed`, `.gnss.seed`). A trajectory's GNSS receiver without a `rate`
    /// gets the plan's (see ``withPlanRate(_:rate:)``).
    /// - Parameter index: The recording's index, ≥ 0.
    /// - Throws: `SignalError` at the template's spec path when the drawn values make an invalid spec
    ///   (a normal draw outside a parameter's range, say), naming the values.
    package func item(_ index: Int) throws(SignalError) -> DatasetItem {
        precondition(index >= 0, "a recording's index is ≥ 0")
        let t = template(of: index)
        let template = templates[t]
        let values: [(name: String, value: JSONValue)] = template.parameters.map { p in
            (
                p.name,
                p.distribution.draw(
                    seed: seed, index: index, stream: DatasetRandom.stream("parameter:\(template.name).\(p.name)"))
            )
        }
        let path = "$.templates[\(t)].spec"
        let substituted = try DatasetPlan.substitute(
            template.spec, values: values.map { ($0.name, $0.value) }, path: path)
        var seeds: [(path: String, seed: UInt64)] = []
        let seededSpec = seeded(substituted, path: "$", index: index, seeds: &seeds)
        let (spec, document) = try prepared(seededSpec, path: path, with: values.map { ($0.name, $0.value) })
        return DatasetItem(
            index: index, template: template.name, parameters: values, labels: template.labels, seeds: seeds,
            spec: spec, document: document)
    }

    /// `spec` with a derived `seed` in every object that takes one and has none; records every seed.
    private func seeded(
        _ spec: JSONValue, path: String, index: Int, seeds: inout [(path: String, seed: UInt64)],
        takesSeed: Bool = false
    ) -> JSONValue {
        switch spec {
        case .object(let o):
            var members: [JSONObject.Member] = []
            for m in o.members {
                let child = JSONPath.child(path, m.key)
                var takes = m.key == "imu" || m.key == "noise"
                if m.key == "motion", case .object(let body) = m.value, body["preset"] == .string("car-ride") {
                    takes = true
                }
                if path == "$.trajectory.sensors", Trajectory.sensorNames.contains(m.key) { takes = true }
                members.append(
                    .init(
                        key: m.key, value: seeded(m.value, path: child, index: index, seeds: &seeds, takesSeed: takes)))
            }
            if takesSeed {
                let at = JSONPath.child(path, "seed")
                if case .number(let n)? = o["seed"], let fixed = n.unsignedInteger {
                    seeds.append((at, fixed))
                } else if o["seed"] == nil {
                    let s =
                        DatasetRandom.bits(seed: seed, index: index, stream: DatasetRandom.stream("seed:\(at)"))
                        & DatasetPlan.seedMask
                    seeds.append((at, s))
                    members.append(.init(key: "seed", value: .number(JSONNumber(text: String(s), value: Double(s)))))
                }
            }
            return .object(JSONObject(members))
        case .array(let items):
            return .array(
                items.enumerated().map {
                    seeded($0.element, path: "\(path)[\($0.offset)]", index: index, seeds: &seeds)
                })
        default:
            return spec
        }
    }
}
