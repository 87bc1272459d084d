import Formats
import Foundation
import InternalUtilities

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The output directory of `signals dataset`: the one plan it belongs to, and the temporary files a killed
/// run of a shard left in it.
///
/// A directory holds one plan's recordings: its manifests list each recording's checksum, and another
/// plan's recording `i` would overwrite the file a manifest still lists. The first run records its plan
/// (the SHA-256 of its bytes, and its path) in `DIR/.dataset-plan.json`; every later run, of any shard and
/// any `--count`, must bring the same plan bytes (recording `i` is a function of the plan and `i` alone,
/// so the same plan writes the same files whatever the count or the sharding).
///
/// ```swift
/// try DatasetDirectory.claim("out", plan: "plan.json", planDigest: digest, shardStamp: stamp, inputs: inputs)
/// ```
enum DatasetDirectory {
    /// The record of the directory's plan: `{"plan": PATH, "sha256": HEX}`.
    static let recordName = ".dataset-plan.json"
    /// Held while a run checks and writes the record, so that two first runs do not both claim it.
    static let lockName = ".dataset.lock"

    /// Claims `directory` for the plan `name` whose bytes hash to `planDigest`, or refuses it.
    ///
    /// A directory with a record of the same plan is resumed; one with another plan's record is refused,
    /// naming both plans. One with no record is claimed when it holds no dataset, or only this plan's at
    /// this count (every `.shard-I-of-K.plan` stamp in it is `shardStamp`); a directory holding other
    /// dataset files (manifests, stamps, recordings) and no record is refused, since nothing tells whose
    /// they are.
    /// - Parameters:
    ///   - directory: The `--output-dir` (it exists).
    ///   - name: The plan's path as given (`-` is standard input).
    ///   - planDigest: The hex SHA-256 of the plan's bytes.
    ///   - shardStamp: What this run writes to its `.shard-I-of-K.plan` (the plan and count's digest).
    ///   - inputs: The command's inputs, which the record may not overwrite.
    /// - Throws: ``CLIError`` naming the directory and both plans, and saying how to go on.
    static func claim(
        _ directory: String, plan name: String, planDigest: String, shardStamp: String,
        inputs: OutputSink.Inputs
    ) throws {
        let lock = try DatasetCommand.lock(directory + "/" + lockName)
        defer { close(lock) }
        let shown =
            name == "-" ? "the plan read from standard input" : URL(fileURLWithPath: name).standardizedFileURL.path
        let recordPath = directory + "/" + recordName
        let remedy = "give another --output-dir, or remove \(directory) to start it again with this plan"
        if let identity = FileIdentity.of(recordPath), let input = inputs.input(sameAs: identity) {
            throw CLIError(
                "--output-dir \(directory): the directory's plan record goes to \(recordPath), which is the input \(input); give another --output-dir, or name the plan otherwise"
            )
        }
        if FileManager.default.fileExists(atPath: recordPath) {
            guard let data = FileManager.default.contents(atPath: recordPath), let value = try? JSONValue.parse(data),
                case .object(let record) = value, case .string(let digest)? = record["sha256"]
            else {
                throw CLIError(
                    "--output-dir \(directory): its plan record \(recordPath) cannot be read, so this run cannot tell whether the dataset there is of \(shown); \(remedy)"
                )
            }
            guard digest == planDigest else {
                var owner = "another plan"
                if case .string(let path)? = record["plan"] { owner = "the plan \(path)" }
                throw CLIError(
                    "--output-dir \(directory) holds the dataset of \(owner) (sha256 \(digest.prefix(12))…), and \(shown) is another plan (sha256 \(planDigest.prefix(12))…): its recordings would overwrite files that \(directory)'s manifests list; a directory holds one plan's dataset: \(remedy)"
                )
            }
            return
        }
        let foreign = unrecordedDataset(directory, shardStamp: shardStamp)
        if !foreign.isEmpty {
            let list = foreign.prefix(3).joined(separator: ", ") + (foreign.count > 3 ? ", …" : "")
            throw CLIError(
                "--output-dir \(directory) holds a dataset (\(list)) that records no plan, and not one of \(shown) at this --count, so its files could be another plan's: a directory holds one plan's dataset; \(remedy)"
            )
        }
        let record = JSONValue.object(
            JSONObject([
                .init(key: "plan", value: .string(shown)),
                .init(key: "sha256", value: .string(planDigest)),
            ]))
        let sink = try OutputSink(path: recordPath, option: "--output-dir", inputs: inputs)
        try sink.finish { try sink.write(record.serialized + "\n") }
    }

    /// The dataset files in `directory` that could be another plan's: manifests, journals and stamps when
    /// any `.shard-I-of-K.plan` stamp differs from `shardStamp` or none is there, and a recording when the
    /// stamps are absent too. Empty when the directory holds no dataset, or only this plan's at this count.
    static func unrecordedDataset(_ directory: String, shardStamp: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        let stamps = names.filter { $0.hasPrefix(".shard-") && $0.hasSuffix(".plan") }
        let bookkeeping = names.filter { name in
            (name.hasPrefix("manifest") && name.hasSuffix(".jsonl"))
                || (name.hasPrefix(".manifest-") && name.hasSuffix(".jsonl.partial"))
        }
        if !stamps.isEmpty {
            let ours = stamps.allSatisfy {
                (try? String(contentsOfFile: directory + "/" + $0, encoding: .utf8)) == shardStamp + "\n"
            }
            return ours ? [] : (bookkeeping + stamps).sorted().map { directory + "/" + $0 }
        }
        if !bookkeeping.isEmpty { return bookkeeping.sorted().map { directory + "/" + $0 } }
        // No manifest and no stamp: a recording alone still belongs to someone.
        let recordings = directory + "/recordings"
        guard let stream = opendir(recordings) else { return [] }
        defer { closedir(stream) }
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            if !name.hasPrefix("."), name.hasSuffix(".npy") { return [recordings + "/" + name] }
        }
        return []
    }

    /// Removes the temporary recordings (`recordings/.NNNNNN.npy.partial-XXXXXX`) of shard `index` of `of`
    /// that a killed run left (see ``OutputSink/removeStalePartials(in:sparing:where:)``); another shard's, and one
    /// a live run is writing, stay.
    /// - Returns: How many were removed.
    @discardableResult
    static func removeStaleRecordings(_ directory: String, shard index: Int, of: Int, inputs: OutputSink.Inputs) -> Int
    {
        OutputSink.removeStalePartials(in: directory + "/recordings", sparing: inputs) { base in
            guard base.hasSuffix(".npy") else { return false }
            let digits = base.dropLast(4)
            guard !digits.isEmpty, digits.count <= 18, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
                let i = Int(digits)
            else { return false }
            return i % of == index
        }
    }
}
