import ArgumentParser
import Formats
import Foundation
import InternalUtilities
import Navigation
import Sensors
import Signals
import Specs

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `signals dataset`: the recordings of one shard of a dataset plan, one `.npy` each, and their manifest.
struct DatasetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dataset",
        abstract:
            "Render the recordings of a dataset plan (one shard of them) to .npy files and a JSON Lines manifest.",
        discussion: """
            A plan ({"seed", "rate", "duration", "templates": [{"name", "labels",
            "weight", "parameters", "spec"}]}, each spec a signal, motion, IMU or
            trajectory spec) draws recording i's template, parameters and seeds from
            counter-based randomness keyed by (seed, i): any recording can be made
            alone, on any machine, and a shard's files are the same bytes on every run.
            Shard I of K holds the recordings i < --count with i mod K = I. Each goes to
            DIR/recordings/NNNNNN.npy (six digits or more; NumPy .npy v1.0, shape (rows,
            columns), columns as `signals render` names them), written to a temporary
            file and renamed into place. A signal, motion or IMU template writes
            little-endian float32; a trajectory template ({"trajectory": ...}) writes
            the one float64 table (latitudes need float64) that `signals render SPEC
            --rate RATE --duration DURATION -o x.npy` writes: every stream at the plan's
            rate (a sensor without a "rate", the GNSS receiver included, runs at the
            plan's rate; another rate is refused, as are GNSS outages and GPX files),
            every sensor's seed derived unless the template sets it. The manifest, one
            JSON line per recording in index order (index, template, parameters, labels,
            seeds, file, rows, columns, dtype = "float32" or "float64", checksum =
            "sha256:" + SHA-256 of the little-endian sample bytes after the .npy
            header), is
            DIR/manifest.jsonl for --shard 0/1 and DIR/manifest-I-of-K.jsonl otherwise;
            lines are journalled in DIR/.manifest-I-of-K.jsonl.partial while the shard
            runs. A rerun of an interrupted shard keeps each file whose checksum its
            journal or manifest records for the same plan and count, renders the rest,
            and removes the temporary recordings a killed run of the shard left.
            Two runs of the same shard on one directory take turns (a lock file,
            DIR/.shard-I-of-K.lock). A directory holds one plan's dataset
            (DIR/.dataset-plan.json records it): another plan is refused, naming both;
            the same plan bytes resume with any --count or --shard.
            Example: signals dataset plan.json --count 2000 --shard 0/4 --output-dir out
            """
    )

    @Argument(help: "The dataset plan (JSON).")
    var plan: String

    @Option(name: .long, parsing: .unconditional, help: "Recordings in the dataset (indices 0 ..< count).")
    var count: Int

    // Unconditional, so that `--shard -1/4` reaches the range check instead of being read as a flag.
    @Option(
        name: .long, parsing: .unconditional,
        help: "I/K: render shard I of K (the recordings i with i mod K = I). Default 0/1, all.")
    var shard: String = "0/1"

    @Option(name: .customLong("output-dir"), help: "Directory for recordings/ and the manifest (created if missing).")
    var outputDirectory: String

    func run() throws {
        let (index, of) = try DatasetCommand.parseShard(shard)
        guard count >= 0, count <= 1_000_000_000 else {
            throw CLIError("--count \(count): give a number of recordings from 0 to 1e9")
        }
        guard !outputDirectory.isEmpty else { throw CLIError("--output-dir '' names no directory") }
        let input = try openInput(plan, spoolLimit: SpecDocument.sizeLimit)
        let planData: Data
        let datasetPlan: DatasetPlan
        do {
            planData = try input.data(limit: SpecDocument.sizeLimit)
            datasetPlan = try DatasetPlan.decode(json: planData)
        } catch {
            throw error.located(file: input.name)
        }
        let inputs = try OutputSink.Inputs([plan])
        try DatasetCommand.makeDirectory(outputDirectory, inputs: inputs)
        // What an earlier run of this shard left is usable only for the same plan bytes and count.
        var planHash = SHA256()
        planHash.update(planData)
        let planDigest = planHash.hexDigest()
        planHash.update(Array("\ncount=\(count)\n".utf8))
        let stamp = planHash.hexDigest()
        // The directory is one plan's: another plan's recordings would overwrite files its manifests list.
        try DatasetDirectory.claim(
            outputDirectory, plan: plan, planDigest: planDigest, shardStamp: stamp, inputs: inputs)
        try DatasetCommand.makeDirectory(outputDirectory + "/recordings", inputs: inputs)
        let suffix = "\(index)-of-\(of)"
        let lock = try DatasetCommand.lock(outputDirectory + "/.shard-\(suffix).lock")
        defer { close(lock) }
        // A killed run of this shard may have left a temporary recording; no run of it is alive now (the lock).
        DatasetDirectory.removeStaleRecordings(outputDirectory, shard: index, of: of, inputs: inputs)
        let stampPath = outputDirectory + "/.shard-\(suffix).plan"
        let manifestPath = outputDirectory + "/" + DatasetManifest.fileName(shard: index, of: of)
        let journalPath = outputDirectory + "/" + DatasetManifest.journalName(shard: index, of: of)
        var earlier: [Int: ManifestLine] = [:]
        if (try? String(contentsOfFile: stampPath, encoding: .utf8)) == stamp + "\n" {
            for path in [manifestPath, journalPath] {
                earlier.merge(DatasetManifest.readLines(contentsOf: path)) { _, later in later }
            }
        }
        for path in [manifestPath, stampPath, journalPath] { try inputs.check(path, option: "--output-dir") }
        let stampSink = try OutputSink(path: stampPath, option: "--output-dir", inputs: inputs)
        try stampSink.finish { try stampSink.write(stamp + "\n") }
        let journal = open(journalPath, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o666)
        guard journal >= 0 else { throw CLIError("cannot open \(journalPath): \(String(cString: strerror(errno)))") }
        defer { close(journal) }

        let width = max(6, String(max(count - 1, 0)).count)
        var lines: [String] = []
        var rendered = 0
        var kept = 0
        var bytes = 0
        let started = Date()
        for i in stride(from: index, to: count, by: of) {
            let name = String(repeating: "0", count: max(0, width - String(i).count)) + String(i)
            let file = "recordings/\(name).npy"
            let path = outputDirectory + "/" + file
            let recording: DatasetItem
            do {
                recording = try datasetPlan.item(i)
            } catch {
                throw CLIError("\(input.name): recording \(i): \(error.description)")
            }
            // A recording is kept when its earlier line is the line the plan writes for it (a line edited by
            // hand, or written before `dtype` existed, is not), its file has that checksum, and the file's
            // shape is the line's rows and columns.
            if let line = earlier[i],
                line
                    == recording.manifestEntry(
                        file: file, rows: line.rows, columns: line.columns, checksum: line.checksum),
                let (checksum, frames, channels) = DatasetCommand.checksum(ofNPY: path), checksum == line.checksum,
                frames == line.rows, channels == line.columns.count
            {
                lines.append(line.text)
                kept += 1
                continue
            }
            let (rows, columns, checksum, written) = try DatasetCommand.render(
                recording, plan: datasetPlan, path: path, inputs: inputs)
            let line = recording.manifestLine(file: file, rows: rows, columns: columns, checksum: checksum)
            if let error = ProcessOutput.writeAll(journal, Data((line + "\n").utf8)) {
                throw CLIError("cannot write to \(journalPath): \(error)")
            }
            lines.append(line)
            rendered += 1
            bytes += written
        }
        let manifest = try OutputSink(path: manifestPath, option: "--output-dir", inputs: inputs)
        try manifest.finish { try manifest.write(lines.map { $0 + "\n" }.joined()) }
        unlink(journalPath)
        let seconds = Date().timeIntervalSince(started)
        ProcessOutput.error(
            "shard \(index)/\(of): \(rendered) recordings rendered, \(kept) kept, \(bytes) bytes written in \(String(format: "%.3f", seconds)) s; manifest \(manifestPath)\n"
        )
    }

    /// Renders one recording to `path` (temporary file, then rename).
    /// - Returns: Rows, column names, `sha256:` checksum of the sample bytes, bytes written.
    static func render(
        _ recording: DatasetItem, plan: DatasetPlan, path: String,
        inputs: OutputSink.Inputs
    ) throws -> (Int, [String], String, Int) {
        let request = try RenderRequest(sampleRate: plan.rate, duration: plan.duration)
        // No fsync per recording: a file a power loss tore fails its checksum on the next run, which renders it again.
        let sink = try OutputSink(
            path: path, option: "--output-dir", inputs: inputs, durable: false, removesStale: false)
        var hash = SHA256()
        var bytes = 0
        let columns: [String]
        /// Writes bytes to the recording's file and counts them; sample bytes (not the header) go into the checksum.
        func emit(_ data: Data, samples: Bool) throws {
            if samples { data.withUnsafeBytes { hash.update($0) } }
            try sink.write(data)
            bytes += data.count
        }
        func write<S: Signal>(_ signal: S, _ names: [String]) throws {
            let blocks = try signal.blocks(request, blockFrames: 16_384, options: RenderOptions())
            let writer = SampleWriter(
                format: .npy, channelCount: signal.channelCount, frameCount: request.frameCount, names: names)
            try sink.finish {
                try emit(writer.header(), samples: false)
                for block in blocks { try emit(try writer.encode(block), samples: true) }
            }
        }
        switch recording.document {
        case .signal(let signal):
            columns = columnNames(signal)
            try write(signal, columns)
        case .imu(let imu):
            columns = IMU.channelNames
            try write(imu, columns)
        case .trajectory(let trajectory):
            // What `signals render SPEC --rate RATE --duration DURATION -o x.npy` writes: one float64 table, every
            // stream at the plan's rate (`DatasetPlan.checkTable` refused any other when the plan loaded), its
            // rows the same round(duration · rate) as `request`'s frames.
            let name = "recording \(recording.index)"
            let streams = try routeStep(name) { () throws(SignalError) in try trajectory.series(rate: plan.rate) }
            let range = try TrajectoryOutput.samples(rate: plan.rate, start: 0, duration: plan.duration)
            columns = TrajectoryOutput.tableColumns(streams)
            try sink.finish {
                try emit(TrajectoryOutput.tableHeader(columns, rows: range.count, format: .npy), samples: false)
                try TrajectoryOutput.tableRows(trajectory, streams: streams, samples: range, name: name, format: .npy) {
                    try emit($0, samples: true)
                }
            }
        case .route, .motionAndRoute:
            throw CLIError(
                "recording \(recording.index): a template's spec must be a signal, motion, IMU or trajectory spec")
        }
        return (request.frameCount, columns, "sha256:" + hash.hexDigest(), bytes)
    }

    /// `sha256:` and the SHA-256 of the data after a .npy file's header (any version `NPYHeader` reads),
    /// with the file's frames and channels; `nil` when there is no such file or its header is not one.
    static func checksum(ofNPY path: String) -> (checksum: String, frames: Int, channels: Int)? {
        guard let data = FileManager.default.contents(atPath: path), let header = try? NPYHeader(data, name: path)
        else { return nil }
        var hash = SHA256()
        data.withUnsafeBytes { hash.update(UnsafeRawBufferPointer(rebasing: $0[header.dataOffset...])) }
        return ("sha256:" + hash.hexDigest(), header.frames, header.channels)
    }

    /// `I/K` with 0 ≤ I < K.
    static func parseShard(_ text: String) throws -> (Int, Int) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let i = Int(parts[0]), let k = Int(parts[1]), k >= 1, k <= 1_000_000, i >= 0, i < k
        else {
            throw CLIError("--shard \(text): give I/K with 0 ≤ I < K (e.g. 0/4; 0/1 is the whole dataset)")
        }
        return (i, k)
    }

    /// Creates a directory (and its parents); refuses a path that is a file, above all an input.
    static func makeDirectory(_ path: String, inputs: OutputSink.Inputs) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                if let identity = FileIdentity.of(path), let input = inputs.input(sameAs: identity) {
                    throw CLIError("--output-dir \(path) is the input \(input), not a directory; name a directory")
                }
                throw CLIError("--output-dir: \(path) exists and is not a directory")
            }
            return
        }
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw CLIError("cannot create the directory \(path): \(error.localizedDescription)")
        }
    }

    /// Opens and locks (`flock`, exclusive, waiting) the shard's lock file.
    static func lock(_ path: String) throws -> Int32 {
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o666)
        guard fd >= 0 else { throw CLIError("cannot open the lock file \(path): \(String(cString: strerror(errno)))") }
        guard flock(fd, LOCK_EX) == 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw CLIError("cannot lock \(path): \(reason)")
        }
        return fd
    }
}
