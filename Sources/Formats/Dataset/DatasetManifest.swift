import Foundation
import InternalUtilities
import SensorData

/// One line of a dataset manifest (`manifest.jsonl`, `manifest-I-of-K.jsonl` and the shard's journal): the
/// one writer and the one reader of the format, which `signals dataset` writes, reads back to resume a
/// shard, and users' loaders (the Python integration) read.
///
/// A line is one compact JSON object with exactly these fields, in this order:
///
/// ```
/// {"index":7,"template":"walk","parameters":{"speed":1.3},"labels":{"activity":"walking"},
///  "seeds":{"$.imu.seed":123},"file":"recordings/000007.npy","rows":500,"columns":["t","x"],
///  "dtype":"float32","checksum":"sha256:…"}
/// ```
///
/// `index` ≥ 0; `rows` ≥ 0; seeds are exact integers from 0 to 2⁵³ − 1 (exact in any JSON reader);
/// `dtype` is `float32` or `float64`; `checksum` is `sha256:` and 64 hex digits of the sample bytes after
/// the `.npy` header.
package struct ManifestLine: Sendable, Hashable {
    /// The recording's index in the plan, ≥ 0.
    package var index: Int
    /// The template it was drawn from.
    package var template: String
    /// The drawn parameters, in the template's order.
    package var parameters: JSONObject
    /// The template's labels, in its order: each value a string.
    package var labels: JSONObject
    /// Every seed of the recording's spec by its JSON path (`$.imu.seed`), in order: each an exact integer
    /// from 0 to ``seedLimit``.
    package var seeds: JSONObject
    /// The recording's file, relative to the output directory.
    package var file: String
    /// Rows (frames) in the file, ≥ 0.
    package var rows: Int
    /// Column names, one per column of the file.
    package var columns: [String]
    /// The sample type, `float32` or `float64`.
    package var dtype: SampleType
    /// `sha256:` and the lowercase hex SHA-256 of the sample bytes.
    package var checksum: String

    /// The type of a recording's samples, as the manifest names it.
    package enum SampleType: String, Sendable, Hashable {
        /// Little-endian float32 (`.npy` `<f4`).
        case float32
        /// Little-endian float64 (`.npy` `<f8`).
        case float64
    }

    /// The field names, in the order they are written.
    package static let fields = [
        "index", "template", "parameters", "labels", "seeds", "file", "rows", "columns", "dtype", "checksum",
    ]
    /// The largest seed a line holds: 2⁵³ − 1, exact as a JSON number in any reader.
    package static let seedLimit: UInt64 = (1 << 53) - 1

    /// A line with every field.
    package init(
        index: Int, template: String, parameters: JSONObject, labels: JSONObject, seeds: JSONObject, file: String,
        rows: Int,
        columns: [String], dtype: SampleType, checksum: String
    ) {
        self.index = index
        self.template = template
        self.parameters = parameters
        self.labels = labels
        self.seeds = seeds
        self.file = file
        self.rows = rows
        self.columns = columns
        self.dtype = dtype
        self.checksum = checksum
    }

    /// The line: compact JSON, no newline.
    package var text: String {
        JSONValue.object(
            JSONObject([
                .init(key: "index", value: .number(index)),
                .init(key: "template", value: .string(template)),
                .init(key: "parameters", value: .object(parameters)),
                .init(key: "labels", value: .object(labels)),
                .init(key: "seeds", value: .object(seeds)),
                .init(key: "file", value: .string(file)),
                .init(key: "rows", value: .number(rows)),
                .init(key: "columns", value: .array(columns.map { .string($0) })),
                .init(key: "dtype", value: .string(dtype.rawValue)),
                .init(key: "checksum", value: .string(checksum)),
            ])
        ).serialized
    }

    /// Reads a line strictly: every field present with its type and range, no other field.
    /// - Throws: `SignalError` naming the field (`$.rows`) and what is wrong.
    package init(parsing line: some StringProtocol) throws(SignalError) {
        let f = try JSONFields(JSONValue.parse(String(line)), path: "$", what: "a manifest line", fields: Self.fields)
        func string(_ name: String) throws(SignalError) -> String {
            guard case .string(let s) = try f.required(name) else {
                throw SignalError(.malformed, path: f.path(name), "'\(name)' must be a string")
            }
            return s
        }
        func count(_ name: String) throws(SignalError) -> Int {
            guard case .number(let n) = try f.required(name), let i = n.integer, i >= 0 else {
                throw SignalError(.malformed, path: f.path(name), "'\(name)' must be an integer ≥ 0")
            }
            return i
        }
        func object(_ name: String) throws(SignalError) -> JSONObject {
            guard case .object(let o) = try f.required(name) else {
                throw SignalError(.malformed, path: f.path(name), "'\(name)' must be an object")
            }
            return o
        }
        index = try count("index")
        template = try string("template")
        parameters = try object("parameters")
        labels = try object("labels")
        for m in labels.members {
            guard case .string = m.value else {
                throw SignalError(
                    .malformed, path: JSONPath.child(f.path("labels"), m.key), "a label's value must be a string")
            }
        }
        seeds = try object("seeds")
        for m in seeds.members {
            guard case .number(let n) = m.value, let i = n.integer, i >= 0, UInt64(i) <= Self.seedLimit else {
                throw SignalError(
                    .outOfRange, path: JSONPath.child(f.path("seeds"), m.key),
                    "a seed must be an integer from 0 to 2^53 - 1")
            }
        }
        file = try string("file")
        rows = try count("rows")
        guard case .array(let names) = try f.required("columns") else {
            throw SignalError(.malformed, path: f.path("columns"), "'columns' must be an array of strings")
        }
        columns = try names.map { (v) throws(SignalError) in
            guard case .string(let s) = v else {
                throw SignalError(.malformed, path: f.path("columns"), "'columns' must be an array of strings")
            }
            return s
        }
        let type = try string("dtype")
        guard let dtype = SampleType(rawValue: type) else {
            throw SignalError(
                .malformed, path: f.path("dtype"),
                "'dtype' must be float32 or float64, got '\(SignalError.quoted(type, limit: 20))'")
        }
        self.dtype = dtype
        checksum = try string("checksum")
        let hex = checksum.dropFirst("sha256:".count)
        guard checksum.hasPrefix("sha256:"), hex.count == 64, hex.allSatisfy({ $0.isHexDigit && !$0.isUppercase })
        else {
            throw SignalError(
                .malformed, path: f.path("checksum"), "'checksum' must be sha256: and 64 lowercase hex digits")
        }
    }
}

/// The files of a dataset's output directory besides the recordings: the manifests and journals.
package enum DatasetManifest {
    /// The manifest of shard `index` of `count`: `manifest.jsonl` for the whole dataset, else
    /// `manifest-I-of-K.jsonl`.
    package static func fileName(shard index: Int, of count: Int) -> String {
        count == 1 ? "manifest.jsonl" : "manifest-\(index)-of-\(count).jsonl"
    }

    /// The journal of a shard under way (hidden, removed when the manifest is written).
    package static func journalName(shard index: Int, of count: Int) -> String {
        ".manifest-\(index)-of-\(count).jsonl.partial"
    }

    /// The lines of a manifest or journal that read as manifest lines, by index (a later line of an index
    /// wins). A torn last line or a line that is not a manifest line (an edit, a crash) is skipped: its
    /// recording is rendered again. A missing file has none.
    package static func readLines(contentsOf path: String) -> [Int: ManifestLine] {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [:] }
        var lines: [Int: ManifestLine] = [:]
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            guard let parsed = try? ManifestLine(parsing: line) else { continue }
            lines[parsed.index] = parsed
        }
        return lines
    }
}
