import Foundation
import InternalUtilities

extension RealismComparison {
    /// The JSON form (`signals compare --json`), keys in this order:
    ///
    /// ```json
    /// {"similar": true,
    ///  "features": [{"name": "linearAcceleration.rms", "a": 2.9, "b": 3.1, "similar": true,
    ///                "deviation": 0.067, "tolerance": 1.43, "unit": "m/s²", "decisive": true}, …],
    ///  "omitted": [{"name": "rotationRate", "reason": "walk.csv has no gyroscope: …"}],
    ///  "recordings": [{"name": "…", "duration": 40, "sampleRate": 100, "gyroscope": true, "gravity": true}, {…}],
    ///  "band": 50, "rate": 100, "framesAgree": true, "gravityAngle": 8.6}
    /// ```
    ///
    /// `similar`, `features` and each feature's `name`, `a`, `b` and `similar` are the contract; the rest
    /// is added. `similar` at the top is true when every row with `decisive` true (the magnitudes') is;
    /// the axes' rows are reported with `decisive` false. Every number is finite: a feature that has no value is in `omitted`, never `NaN`;
    /// `deviation` is absent when one value is 0 and the other not, `gravityAngle` when either recording
    /// holds no gravity.
    public func json() -> Data {
        let features: [JSONValue] = rows.map { row in
            var members: [JSONObject.Member] = [
                .init(key: "name", value: .string(row.name)), .init(key: "a", value: .number(row.a)),
                .init(key: "b", value: .number(row.b)), .init(key: "similar", value: .bool(row.similar)),
            ]
            if let deviation = row.deviation { members.append(.init(key: "deviation", value: .number(deviation))) }
            members.append(.init(key: "tolerance", value: .number(row.tolerance)))
            members.append(.init(key: "unit", value: .string(row.feature.unit(on: row.channel))))
            members.append(.init(key: "decisive", value: .bool(row.decisive)))
            return .object(JSONObject(members))
        }
        let omissions: [JSONValue] = omitted.map { .object(["name": .string($0.name), "reason": .string($0.reason)]) }
        let recordings: [JSONValue] = [a, b].map { s in
            .object([
                "name": .string(s.name), "duration": .number(s.duration), "sampleRate": .number(s.sampleRate),
                "gyroscope": .bool(s.hasGyroscope), "gravity": .bool(s.hasGravity),
            ])
        }
        var members: [JSONObject.Member] = [
            .init(key: "similar", value: .bool(similar)), .init(key: "features", value: .array(features)),
            .init(key: "omitted", value: .array(omissions)), .init(key: "recordings", value: .array(recordings)),
            .init(key: "band", value: .number(band)), .init(key: "rate", value: .number(RealismSignals.rate)),
            .init(key: "framesAgree", value: .bool(framesAgree)),
        ]
        if let gravityAngle { members.append(.init(key: "gravityAngle", value: .number(gravityAngle))) }
        return Data(JSONValue.object(JSONObject(members)).spacedSerialization.utf8)
    }

    /// A fixed-width table for people: the two recordings, the band and the frames, one line per
    /// feature (values, deviation, tolerance, verdict; an axis's verdict in lower case, as it does not
    /// decide), what was not compared, and the verdict.
    public var table: String {
        func pad(_ s: String, _ n: Int) -> String {
            s.count >= n ? s + " " : s + String(repeating: " ", count: n - s.count)
        }
        func value(_ v: Double) -> String { RealismComparison.number(v) }
        func describe(_ label: String, _ s: Source) -> String {
            "\(label): \(s.name) (\(value(s.duration)) s at \(value(s.sampleRate)) Hz; \(s.hasGyroscope ? "gyroscope" : "no gyroscope"); \(s.hasGravity ? "gravity" : "linear acceleration only"))\n"
        }
        var out = describe("A", a) + describe("B", b)
        out += "compared at \(value(RealismSignals.rate)) Hz up to \(value(band)) Hz"
        if let gravityAngle {
            out +=
                "; gravity directions \(value(gravityAngle))° apart: "
                + (framesAgree ? "axes compared" : "axes not compared")
        }
        out += "\n\n"
        let width = max(40, (rows.map(\.name.count).max() ?? 0) + 9)
        out +=
            pad("feature", width) + pad("A", 11) + pad("B", 11) + pad("deviation", 11) + pad("tolerance", 11)
            + "result\n"
        for row in rows {
            let unit = row.feature.unit(on: row.channel)
            out +=
                pad(row.name + (unit.isEmpty ? "" : " (\(unit))"), width) + pad(value(row.a), 11)
                + pad(value(row.b), 11)
                + pad(row.deviation.map(value) ?? "0 vs not", 11) + pad(value(row.tolerance), 11)
                + (row.similar ? "similar" : row.decisive ? "DIFFERENT" : "different (axis: reported, not decisive)")
                + "\n"
        }
        for omission in omitted { out += "not compared: \(omission.name): \(omission.reason)\n" }
        let outside = differences
        let decisive = rows.filter(\.decisive).count
        if outside.isEmpty {
            out += "similar: all \(decisive) decisive features within their tolerance\n"
        } else {
            out +=
                "not similar: \(outside.count) of \(decisive) decisive features outside their tolerance (\(outside.prefix(5).map(\.name).joined(separator: ", "))\(outside.count > 5 ? ", …" : ""))\n"
        }
        return out
    }
}
