import Formats
import Foundation
import Signals

/// Turns phone recordings (phyphox or Sensor Logger CSV files, one per sensor) into motion points on a
/// uniform grid: the streams are merged on time (over the span they all cover), resampled at ``rate``
/// (see ``Interpolation``), and combined into CoreMotion's parts:
///
/// - rotation rate from the gyroscope;
/// - user acceleration and gravity as recorded when both are; one from the other and the raw
///   accelerometer (`userAcceleration = accelerometer − gravity`) when the raw one is recorded with
///   either; from the raw accelerometer alone, gravity is estimated as its centred moving average over
///   ``gravityWindow`` seconds scaled to 1 g, and user acceleration is the rest, so that their sum is
///   the recorded accelerometer exactly (what `signals allan` analyses);
/// - a part that cannot be derived is zero.
///
/// Timestamps start at 0 (the first instant every stream covers). A repeated sample (a row with the
/// previous row's time) is dropped; decreasing times, a time shared by more than two rows (rounded
/// times), gaps longer than max(0.5 s, 20 median intervals), streams that do not overlap and two files
/// for one sensor are refused with the file and line.
///
/// ```swift
/// var recording = RecordingImport(rate: 100)
/// let series = try recording.read(["Accelerometer.csv", "Gyroscope.csv"])
/// let points = try recording.points(series)      // [MotionPoint]
/// ```
public struct RecordingImport: Sendable, Hashable {
    /// Output rate (Hz).
    public var rate: Double
    /// Resampling method.
    public var interpolation: Interpolation
    /// Moving-average width for estimating gravity from the raw accelerometer alone (s).
    public var gravityWindow: Double
    /// Sensor Logger's sign convention when no `Metadata.csv` is given.
    public var convention: SensorLoggerRecording.Convention?

    /// Largest number of points produced (10⁸).
    public static let largestCount = 10_000_000

    /// Creates an importer.
    /// - Parameters:
    ///   - rate: Output rate in Hz.
    ///   - interpolation: Linear (default) or cubic.
    ///   - gravityWindow: Gravity estimate's window (s), default 1.
    ///   - convention: Sensor Logger's convention, if known.
    public init(
        rate: Double, interpolation: Interpolation = .linear, gravityWindow: Double = 1,
        convention: SensorLoggerRecording.Convention? = nil
    ) {
        self.rate = rate
        self.interpolation = interpolation
        self.gravityWindow = gravityWindow
        self.convention = convention
    }

    /// Reads recording files, telling phyphox from Sensor Logger by their headers.
    /// - Parameter paths: The files (a Sensor Logger `Metadata.csv` among them sets the convention).
    /// - Returns: Their sensor series.
    /// - Throws: `SignalError` naming the file (and line and column) of the first problem.
    public func read(_ paths: [String]) throws(SignalError) -> [SensorSeries] {
        var notes: [String] = []
        return try read(paths, notes: &notes)
    }

    /// Reads recording files or folders, telling phyphox from Sensor Logger by their headers, and tells
    /// what it skipped or assumed.
    ///
    /// A folder stands for its `.csv` files (a Sensor Logger export unzipped, or a phyphox export with
    /// its `meta/device.csv`). Sensor Logger's files of other sensors (`Annotation.csv`, `Barometer.csv`,
    /// `Location.csv`, `Magnetometer.csv`, ...) and empty ones are skipped with a note, and so is its
    /// `GyroscopeUncalibrated.csv` when a `Gyroscope.csv` is among the files (alone, it is the gyroscope).
    /// The platform comes from a Sensor Logger `Metadata.csv` or a phyphox `meta/device.csv` (among the
    /// files, or phyphox's beside its file), else from ``convention``; when both are known and disagree,
    /// the import is refused. Sensor Logger files whose recordings started more than a second apart (each
    /// file's `time` minus its `seconds_elapsed`) are from two exports and are refused.
    ///
    /// ```swift
    /// var notes: [String] = []
    /// let series = try RecordingImport(rate: 100).read(["Recording-2024-05-01"], notes: &notes)
    /// ```
    /// - Parameters:
    ///   - paths: Files or folders.
    ///   - notes: Sentences appended for the user: files skipped, a unit assumed.
    /// - Returns: Their sensor series.
    /// - Throws: `SignalError` naming the file (and line and column) of the first problem.
    public func read(_ paths: [String], notes: inout [String]) throws(SignalError) -> [SensorSeries] {
        let files = try InputFiles.expand(paths, extensions: RecordingImport.folderExtensions)
        // Sensor Logger's uncalibrated gyroscope is read only when its calibrated one is not among the files.
        let calibratedGyroscope = files.contains { ($0 as NSString).lastPathComponent.lowercased() == "gyroscope.csv" }
        var tables: [(String, RecordingTable)] = []
        var stated: (SensorLoggerRecording.Convention, RecordingTable)?
        var device: (PhyphoxRecording.Platform, RecordingTable)?
        for path in files {
            let input: NamedInput
            do { input = try NamedInput.open(path) } catch {
                throw SignalError(.unreadable, error.message, file: error.file ?? path)
            }
            let fileName = (path as NSString).lastPathComponent
            let lowered = fileName.lowercased()
            // Both apps share their exports as zip archives; this reads the CSV files inside, never the archive.
            if input.head.starts(with: [0x50, 0x4B, 0x03, 0x04]) || input.head.starts(with: [0x50, 0x4B, 0x05, 0x06])
                || lowered.hasSuffix(".zip")
            {
                let folder = lowered.hasSuffix(".zip") ? String(path.dropLast(4)) : path + "-unzipped"
                throw SignalError(
                    .unknownFormat,
                    "this is a zip archive, and import reads the CSV files of an unzipped export, not the archive: unzip it first (unzip '\(path)' -d '\(folder)') and give the folder",
                    file: input.name)
            }
            let known = SensorLoggerRecording.otherFiles.contains(lowered)
            let uncalibratedGyroscope = lowered == "gyroscopeuncalibrated.csv"
            if known || uncalibratedGyroscope,
                input.head.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 })
            {
                notes.append("skipped \(input.name): it is empty")
                continue
            }
            let head = input.head.prefix { $0 != 0x0A && $0 != 0x0D }
            guard
                case .points(.csv)? = InputKind.detect(name: input.path, head: input.head)
                    ?? (head.contains(UInt8(ascii: ";")) || head.contains(0x09) ? .points(.csv) : nil)
            else {
                throw SignalError(
                    .unknownFormat, "not a phyphox or Sensor Logger CSV export (not a CSV file)", file: input.name)
            }
            let table = try RecordingTable.read(input)
            if SensorLoggerRecording.isMetadata(table.header) {
                stated = (try SensorLoggerRecording.convention(table), table)
                continue
            }
            if PhyphoxRecording.isDeviceSheet(table.header) {
                device = (try PhyphoxRecording.platform(device: table), table)
                continue
            }
            if known {
                // Both apps name some files alike (Location.csv, Magnetometer.csv): the header tells whose it is.
                let app =
                    PhyphoxRecording.isExport(table.header)
                    ? "phyphox's " : SensorLoggerRecording.isExport(table.header) ? "Sensor Logger's " : ""
                notes.append(
                    table.rows.isEmpty
                        ? "skipped \(input.name): it holds no rows"
                        : "skipped \(input.name): \(app)\((fileName as NSString).deletingPathExtension), not a motion sensor this import reads"
                )
                continue
            }
            if uncalibratedGyroscope, calibratedGyroscope || table.rows.isEmpty,
                SensorLoggerRecording.recognises(table.header)
            {
                notes.append(
                    table.rows.isEmpty
                        ? "skipped \(input.name): it holds no rows"
                        : "skipped \(input.name): Sensor Logger's uncalibrated gyroscope; the calibrated Gyroscope.csv among the files is read"
                )
                continue
            }
            tables.append((path, table))
        }
        var convention = self.convention
        if let (said, table) = stated {
            if let given = self.convention, given != said {
                throw SignalError(
                    .incompatible,
                    "--platform \(given == .ios ? "ios" : "android") contradicts this Metadata.csv, whose accelerations have \(said == .ios ? "iOS's (CoreMotion's) sign" : "Android's sign (platform Android, or iOS with standardisation on)"); drop --platform, or leave out a Metadata.csv from another recording",
                    file: table.file, line: table.rows.first?.line)
            }
            convention = said
        }
        let given: PhyphoxRecording.Platform? = self.convention.map { $0 == .ios ? .ios : .android }
        if let (said, table) = device, let given, given != said {
            throw SignalError(
                .incompatible,
                "--platform \(given.rawValue) contradicts this phyphox device sheet, which names \(said == .ios ? "an Apple device" : "an Android device"); drop --platform",
                file: table.file)
        }
        var series: [SensorSeries] = []
        var recording: (start: Double, file: String)?
        for (path, table) in tables {
            if PhyphoxRecording.recognises(table.header) {
                var platform = device?.0
                if platform == nil, let sheet = try PhyphoxRecording.deviceSheet(besides: path) {
                    let said = try PhyphoxRecording.platform(device: sheet)
                    if let given, given != said {
                        throw SignalError(
                            .incompatible,
                            "--platform \(given.rawValue) contradicts this phyphox device sheet, which names \(said == .ios ? "an Apple device" : "an Android device"); drop --platform",
                            file: sheet.file)
                    }
                    platform = said
                }
                platform = platform ?? given
                // The bare 1.1.16 headers come from iOS only; rates need no platform.
                let bare = table.header.contains("X (m/s^2)") || table.header.contains("X (rad/s)")
                if platform == nil, !bare, PhyphoxRecording.kind(table.header)?.0 != .gyroscope {
                    notes.append(
                        "\(table.file): no phyphox meta/device.csv and no --platform: accelerations read with iOS's 9.81 m/s² per g (an Android recording, in m/s² of 9.80665, then reads 0.03 % low)"
                    )
                }
                series += try PhyphoxRecording.read(table, name: path, platform: platform)
            } else if SensorLoggerRecording.recognises(table.header) {
                guard let convention else {
                    throw SignalError(
                        .invalidArgument,
                        "Sensor Logger's acceleration sign depends on the phone: pass its Metadata.csv too, or --platform ios|android",
                        file: table.file)
                }
                if let (start, line) = SensorLoggerRecording.recordingStart(table) {
                    if let first = recording, abs(start - first.start) > SensorLoggerRecording.sameRecording {
                        throw SignalError(
                            .incompatible,
                            "this file is from another Sensor Logger recording than \(first.file): its recording started at \(Date(timeIntervalSince1970: start)) (its time minus its seconds_elapsed), that one at \(Date(timeIntervalSince1970: first.start)); give the files of one recording",
                            file: table.file, line: line)
                    }
                    if recording == nil { recording = (start, table.file) }
                }
                series += try SensorLoggerRecording.read(table, name: path, convention: convention)
            } else {
                let shown = table.header.prefix(6).map { "\"\($0)\"" }.joined(separator: ",")
                throw SignalError(
                    .unknownFormat,
                    "not a phyphox or Sensor Logger CSV export (header \(shown)); expected phyphox's \"Time (s)\",\"Acceleration x (m/s^2)\",… or Sensor Logger's time,seconds_elapsed,z,y,x",
                    file: table.file, line: table.headerLine)
            }
        }
        guard !series.isEmpty else {
            throw SignalError(.invalidArgument, "no sensor file among the inputs (only metadata or skipped files)")
        }
        return series
    }

    /// What a folder given to ``read(_:notes:)`` stands for: its `.csv` files.
    static let folderExtensions: Set<String> = ["csv"]

    /// Every file ``read(_:notes:)`` of `paths` may open, registered by identity: the files given, every
    /// file beneath a folder given, and the phyphox device sheet (`meta/device.csv`) beside each recording.
    /// A command checks its outputs against these before it writes (so `-o` never lands on an export's
    /// own `Accelerometer.csv`, `Metadata.csv` or `meta/device.csv`).
    ///
    /// ```swift
    /// let inputs = try RecordingImport.inputs(["Recording-2024-05-01"])
    /// inputs.input(sameAs: FileIdentity.of("Recording-2024-05-01/Metadata.csv")!)   // its name
    /// ```
    /// - Parameter paths: Files or folders, as given to ``read(_:notes:)``.
    /// - Returns: The files, by identity.
    /// - Throws: `SignalError` naming a folder with no `.csv` file or too many files to check.
    package static func inputs(_ paths: [String]) throws(SignalError) -> InputFiles {
        var inputs = try InputFiles(paths)
        for file in try InputFiles.expand(paths, extensions: folderExtensions) {
            try inputs.add(PhyphoxRecording.deviceSheetPath(besides: file))
        }
        return inputs
    }

    /// Merges and resamples series into points (see the type's documentation).
    /// - Throws: `SignalError`: a bad rate, two series of one kind, no overlap, a gap, too many points.
    public func points(_ series: [SensorSeries]) throws(SignalError) -> [MotionPoint] {
        guard rate.isFinite, rate > 0, rate <= 1e6 else {
            throw SignalError(.invalidArgument, "the import rate must be above 0 Hz and at most 10^6 Hz, got \(rate)")
        }
        guard gravityWindow.isFinite, gravityWindow > 0 else {
            throw SignalError(
                .invalidArgument, "the gravity window must be a positive number of seconds, got \(gravityWindow)")
        }
        var byKind: [SensorSeries.Kind: SensorSeries] = [:]
        for s in series {
            if let other = byKind[s.kind] {
                throw SignalError(
                    .incompatible, "two recordings of the \(s.kind.rawValue): \(other.file) and \(s.file)", file: s.file
                )
            }
            byKind[s.kind] = s
        }
        guard let start = series.map({ $0.times[0] }).max(), let end = series.map({ $0.times[$0.count - 1] }).min(),
            end > start
        else {
            let spans = series.map { "\($0.file) \($0.times.first ?? 0)…\($0.times.last ?? 0) s" }.joined(
                separator: ", ")
            throw SignalError(.incompatible, "the recordings do not overlap in time: \(spans)")
        }
        let span = (end - start) * rate
        guard span < Double(RecordingImport.largestCount) else {
            throw SignalError(
                .invalidArgument, "\(end - start) s at \(rate) Hz is more than \(RecordingImport.largestCount) points")
        }
        let count = Int(span.rounded(.down)) + 1
        guard count >= 2 else {
            throw SignalError(
                .invalidArgument,
                "the recordings overlap for \(end - start) s: at \(rate) Hz that is fewer than two points; raise --rate"
            )
        }
        for s in series { try RecordingImport.checkGaps(s, from: start, to: end) }
        let grid = (0..<count).map { start + Double($0) / rate }
        func resampled(_ kind: SensorSeries.Kind) -> [[Double]]? {
            guard let s = byKind[kind] else { return nil }
            return s.axes.map { interpolation.resample(times: s.times, values: $0, at: grid) }
        }
        let total = resampled(.accelerometer)
        let user = resampled(.userAcceleration)
        var gravity = resampled(.gravity)
        let rotation = resampled(.gyroscope)
        var userAcceleration = user
        if gravity == nil, let total, let user {
            gravity = (0..<3).map { a in zip(total[a], user[a]).map { $0 - $1 } }
        } else if gravity == nil, let total {
            // Only an estimate needs the window, so only then must it fit in the overlap.
            guard gravityWindow <= end - start else {
                throw SignalError(
                    .invalidArgument,
                    "the gravity window \(gravityWindow) s is longer than the recordings' overlap \(end - start) s; gravity is estimated from the raw accelerometer alone: shorten --gravity-window, or give a gravity or linear-acceleration recording too"
                )
            }
            // gravityWindow ≤ end − start, so the window is at most count + 1 samples (no overflow).
            gravity = RecordingImport.gravityEstimate(
                total, window: min(count, max(1, Int((gravityWindow * rate).rounded()))))
        }
        if userAcceleration == nil, let total, let gravity {
            userAcceleration = (0..<3).map { a in zip(total[a], gravity[a]).map { $0 - $1 } }
        }
        let zero = [[Double]](repeating: [Double](repeating: 0, count: count), count: 3)
        let ua = userAcceleration ?? zero
        let g = gravity ?? zero
        let w = rotation ?? zero
        return (0..<count).map { k in
            MotionPoint(
                timestamp: Double(k) / rate, userAcceleration: Acceleration(x: ua[0][k], y: ua[1][k], z: ua[2][k]),
                gravity: Acceleration(x: g[0][k], y: g[1][k], z: g[2][k]),
                rotationRate: RotationRate(x: w[0][k], y: w[1][k], z: w[2][k]))
        }
    }

    /// Refuses gaps longer than max(0.5 s, 20 median intervals) inside `[from, to]`.
    package static func checkGaps(_ s: SensorSeries, from: Double, to: Double) throws(SignalError) {
        let intervals = (1..<s.count).map { s.times[$0] - s.times[$0 - 1] }.sorted()
        let median = intervals[intervals.count / 2]
        let limit = max(0.5, 20 * median)
        for i in 1..<s.count where s.times[i] > from && s.times[i - 1] < to && s.times[i] - s.times[i - 1] > limit {
            throw SignalError(
                .incompatible,
                "a gap of \(s.times[i] - s.times[i - 1]) s (the median interval is \(median) s) between samples at \(s.times[i - 1]) s and \(s.times[i]) s; interpolating across it would invent data: split the recording there",
                file: s.file, line: s.lines.indices.contains(i) ? s.lines[i] : nil)
        }
    }

    /// Gravity from the raw accelerometer: a centred moving average of `window` samples, scaled to 1 g.
    static func gravityEstimate(_ total: [[Double]], window: Int) -> [[Double]] {
        let n = total[0].count
        let half = window / 2
        var sums = (0..<3).map { a -> [Double] in
            var prefix = [Double](repeating: 0, count: n + 1)
            for i in 0..<n { prefix[i + 1] = prefix[i] + total[a][i] }
            return prefix
        }
        var out = [[Double]](repeating: [Double](repeating: 0, count: n), count: 3)
        for i in 0..<n {
            let lo = max(0, i - half)
            let hi = min(n, i + half + 1)
            var v = (0..<3).map { (sums[$0][hi] - sums[$0][lo]) / Double(hi - lo) }
            let norm = (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]).squareRoot()
            if norm > 0 { v = v.map { $0 / norm } }
            for a in 0..<3 { out[a][i] = v[a] }
        }
        sums.removeAll()
        return out
    }
}
