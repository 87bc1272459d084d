import Formats
import Foundation
import Playback
import SensorFeeds
import Sensors
import SignalSpectrum

/// One recording `signals compare` reads, told by what is at its path, and read by the package's reader
/// of that format:
///
/// | path | read by | acceleration | rotation rate |
/// | --- | --- | --- | --- |
/// | a folder holding `truth.csv` | `RenderDirectory` (SensorFeeds), as the managers' `.file(dir)` | `imu.csv`'s accelerometer (the truth's ideal reading without it) | `imu.csv`'s gyroscope (the truth's rate without it) |
/// | any other folder, or a CSV whose header does not start with `timestamp` | ``RecordingImport`` (`signals import`) at 100 Hz | the accelerometer, or user acceleration plus gravity | the gyroscope, when recorded |
/// | a `.json`, `.jsonl` or CSV point file | ``PointFile`` | `userAcceleration + gravity` | `rotationRate`, unless all zero |
enum CompareInput {
    /// What a path holds.
    enum Kind: Equatable {
        case renderDirectory
        case export
        case points
    }

    /// The most points read from a point file: 4 million (3 hours at 370 Hz, more than a comparison takes).
    static let pointLimit = 4_000_000

    /// What `path` holds (see the type's table).
    /// - Throws: ``CLIError`` for standard input or a path where nothing is.
    static func kind(_ path: String) throws -> Kind {
        guard path != "-" else {
            throw CLIError(
                "compare reads two files or folders, not standard input: save the recording to a file and name it")
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw CLIError("\(path): no such file or folder")
        }
        if isDirectory.boolValue {
            return RenderDirectory.isRecording(URL(fileURLWithPath: path)) ? .renderDirectory : .export
        }
        let input = try openInput(path)
        switch InputKind.detect(name: path, head: input.head) {
        case .points(.json)?, .points(.jsonLines)?: return .points
        case .points(.csv)?:
            // A point file's CSV header starts with `timestamp`; phyphox's with "Time (s)", Sensor Logger's with time.
            var text = input.head.prefix { $0 != 0x0A && $0 != 0x0D }[...]
            if text.starts(with: [0xEF, 0xBB, 0xBF]) { text = text.dropFirst(3) }
            let first =
                String(decoding: text, as: UTF8.self).split(separator: ",", omittingEmptySubsequences: false).first
                ?? ""
            return first.trimmingCharacters(in: CharacterSet(charactersIn: " \"")).lowercased() == "timestamp"
                ? .points : .export
        case .spec?:
            throw CLIError(
                "\(path): this is a spec, not a recording: render it first (signals render '\(path)' --rate 100 --output-dir DIR) and give the folder DIR instead"
            )
        case .npy?, .gpx?:
            throw CLIError(
                "\(path): compare reads motion recordings (a phone export, a render directory or a point file), not \((path as NSString).pathExtension.lowercased()) files"
            )
        case nil: return .export
        }
    }

    /// Every file reading `paths` may open, by identity, for the output checks (a folder's files too, and
    /// the phyphox device sheet beside a phyphox file).
    static func inputs(_ paths: [String]) throws -> InputFiles {
        var inputs = try RecordingImport.inputs(paths)
        for path in paths { try inputs.add(path) }
        return inputs
    }

    /// Reads the recording at `path`.
    /// - Parameters:
    ///   - path: A render directory, a phone export (folder or CSV file) or a point file.
    ///   - platform: The phone's platform for exports that do not say it (see `signals import`).
    ///   - notes: Sentences for the user (files skipped, a unit assumed).
    /// - Throws: `SignalError` or ``CLIError`` naming the file at fault; a recording too short, too long,
    ///   with a gap or sampled too slowly for a comparison (see ``RealismRecording``).
    static func read(
        _ path: String, platform: ImportCommand.Platform?, notes: inout [String]
    ) throws -> RealismRecording {
        switch try kind(path) {
        case .renderDirectory:
            let recording = try sensorsStep { () throws(SignalError) in
                try RenderDirectory(directory: URL(fileURLWithPath: path))
            }
            let points = recording.points.map(\.motion)
            let truthRate = try rate(of: points.map(\.timestamp), name: path)
            let sampleRate = min(truthRate, recording.imuRate ?? truthRate)
            if sampleRate < truthRate {
                notes.append(
                    "\(path): imu.csv runs at \(RealismComparison.number(sampleRate)) Hz, slower than truth.csv: compared up to \(RealismComparison.number(sampleRate / 2)) Hz"
                )
            }
            return try sensorsStep { () throws(SignalError) in
                try RealismRecording(name: path, points: points, hasRotationRate: true, sampleRate: sampleRate)
            }
        case .points:
            let file = try sensorsStep { () throws(SignalError) in try PointFile(path: path) }
            var cursor = try sensorsStep { () throws(SignalError) in try file.makeCursor() }
            var points: [MotionPoint] = []
            while let (point, _) = try sensorsStep({ () throws(SignalError) in try cursor.next() }) {
                guard points.count < pointLimit else {
                    throw CLIError(
                        "\(path): more than \(pointLimit) points; compare takes at most \(Int(RealismRecording.maximumDuration / 3600)) hours of a recording: cut a steady stretch"
                    )
                }
                points.append(point)
            }
            return try sensorsStep { () throws(SignalError) in try RealismRecording(name: path, points: points) }
        case .export:
            var importer = RecordingImport(rate: RealismComparison.analysisRate)
            importer.convention = platform.map { $0 == .ios ? .ios : .android }
            // The importer's notes name their files.
            let series = try sensorsStep { () throws(SignalError) in try importer.read([path], notes: &notes) }
            // The overlap of the streams, checked before the points are made (the importer makes up to 10^7).
            let start = series.map { $0.times[0] }.max() ?? 0
            let end = series.map { $0.times[$0.count - 1] }.min() ?? 0
            if end - start > RealismRecording.maximumDuration {
                throw CLIError(
                    "\(path): the recording lasts \(RealismComparison.number(end - start)) s; compare takes at most \(RealismComparison.number(RealismRecording.maximumDuration)) s (3 hours): cut a steady stretch"
                )
            }
            let points = try sensorsStep { () throws(SignalError) in try importer.points(series) }
            // The device's rate: the slowest stream's (the importer interpolates every stream onto 100 Hz).
            let sampleRate =
                try series.map { s throws in try rate(of: s.times, name: s.file) }.min()
                ?? RealismComparison.analysisRate
            let gyroscope = series.contains { $0.kind == .gyroscope }
            return try sensorsStep { () throws(SignalError) in
                try RealismRecording(name: path, points: points, hasRotationRate: gyroscope, sampleRate: sampleRate)
            }
        }
    }

    /// The rate of samples at `times` (Hz): the reciprocal of their median interval.
    /// - Throws: ``CLIError`` for fewer than two samples or no interval above 0.
    static func rate(of times: [Double], name: String) throws -> Double {
        let intervals = zip(times.dropFirst(), times).map { $0 - $1 }.filter { $0 > 0 }.sorted()
        guard !intervals.isEmpty else {
            throw CLIError(
                "\(name): fewer than two samples at different times; compare needs at least \(Int(RealismRecording.minimumDuration)) s"
            )
        }
        return RealismRecording.rate(interval: intervals[intervals.count / 2])
    }
}
