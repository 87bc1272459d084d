import Formats
import Foundation
import Signals

/// Named channels at a uniform rate, read from a file for analysis (`signals allan FILE`), in float64.
///
/// - A CSV file with a header: a time column (`t`, `timestamp` or `time`, seconds) and one column per
///   channel, named by the header, as `signals render` writes them (`t,accelerometer.x,…,gyroscope.z`
///   for an IMU) and `signals import` writes point files.
/// - A point file (CSV with the motion columns, JSON, JSON Lines): its IMU view, `accelerometer.x,y,z`
///   = user acceleration + gravity (g, CoreMotion's sign, the raw accelerometer) and `gyroscope.x,y,z`
///   = the rotation rate (rad/s).
/// - A NumPy `.npy` array (`signals render --format npy`): channels `c0`, `c1`, … at the rate given.
///
/// The rate is taken from the timestamps (their median interval), which must be uniform to 1 % (else
/// resample with `signals import --rate`); a rate given as well must agree with it to 1 %.
///
/// Every value is kept as the `Double` the file holds (a float32 `.npy` widens exactly): the stability
/// deviations of a clock's phase (`100 s + 10⁻⁹ s` of wander) or of a small frequency on a large offset
/// need every bit of it. The files are read row by row, so memory is the channels' 8 bytes a value
/// (and 16 bytes a frame more while the timestamps are checked), at most ``maximumValueCount`` values.
public struct ChannelRecording: Sendable, Hashable {
    /// Channel names, in order.
    public var names: [String]
    /// Samples per second (Hz).
    public var sampleRate: Double
    /// The samples, one array per name, all of one length.
    public var channels: [[Double]]

    /// The most values (channels × frames) a recording holds for analysis: 2 × 10⁸, 1.6 GB as `Double`.
    /// Besides them, reading checks the timestamps (16 bytes a frame) and the analysis of one channel
    /// holds its phase (8 bytes a frame), so `signals allan` peaks at about 8 bytes × (values + 2 × frames):
    /// 3.2 GB at most (10⁸ frames of two channels), an eighth of a 24 GiB machine.
    public static let maximumValueCount = 200_000_000

    /// Creates a recording.
    /// - Parameters:
    ///   - names: One name per channel.
    ///   - sampleRate: Samples per second (Hz).
    ///   - channels: One array of samples per name, all of one length.
    public init(names: [String], sampleRate: Double, channels: [[Double]]) {
        precondition(names.count == channels.count, "one name per channel")
        precondition(Set(channels.map(\.count)).count <= 1, "every channel has the same length")
        self.names = names
        self.sampleRate = sampleRate
        self.channels = channels
    }

    /// Creates a recording from a rendered or recorded buffer (each `Float` widened exactly).
    /// - Parameters:
    ///   - names: One name per channel.
    ///   - buffer: The samples.
    public init(names: [String], buffer: SampleBuffer) {
        self.init(
            names: names, sampleRate: buffer.sampleRate,
            channels: (0..<buffer.channelCount).map { c in buffer.channel(c).map { Double($0) } })
    }

    /// Frames per channel.
    public var frameCount: Int { channels.first?.count ?? 0 }

    /// Seconds the recording spans (`frameCount / sampleRate`).
    public var duration: Double { Double(frameCount) / sampleRate }

    static let motionColumns = MotionColumns.motion

    /// Throws unless `frames` frames of `channels` channels are within ``maximumValueCount`` and
    /// `AllanDeviation.maximumSampleCount` frames.
    /// - Parameters:
    ///   - frames: Frames (rows) so far, or in all.
    ///   - channels: Channels per frame.
    ///   - file: The file, for the message.
    ///   - what: What the frames are (`rows`, `frames`, `points`).
    ///   - known: Whether `frames` is the file's count (a header's), not a count reached while reading.
    static func checkSize(
        frames: Int, channels: Int, file: String?, what: String, known: Bool = false
    ) throws(SignalError) {
        let (values, overflow) = frames.multipliedReportingOverflow(by: max(channels, 1))
        guard frames <= AllanDeviation.maximumSampleCount, !overflow, values <= maximumValueCount else {
            let limit = min(AllanDeviation.maximumSampleCount, maximumValueCount / max(channels, 1))
            throw SignalError(
                .tooLarge,
                "holds \(known ? "\(frames)" : "more than \(limit)") \(what) of \(channels) channel\(channels == 1 ? "" : "s"): the analysis holds at most \(maximumValueCount) values (channels × samples, 8 bytes each) and \(AllanDeviation.maximumSampleCount) samples a channel; analyse a shorter part, or fewer columns",
                file: file)
        }
    }

    /// Reads a file (see the type's documentation).
    /// - Parameters:
    ///   - input: The opened input.
    ///   - rate: The sample rate (Hz), required for `.npy`, else checked against the timestamps.
    /// - Throws: `SignalError` naming the file, line and column of a problem; `.tooLarge` beyond
    ///   ``maximumValueCount`` values (checked as the file is read, before the memory is taken).
    package static func read(_ input: NamedInput, rate: Double?) throws(SignalError) -> ChannelRecording {
        switch InputKind.detect(name: input.path, head: input.head) {
        case .points(.csv):
            return try csv(input, rate: rate)
        case .points(let format):
            var times = Column()
            var data = [Column](repeating: Column(), count: 6)
            do throws(SignalError) {
                let reader = PointReader(try input.byteReader(), format: format)
                while let p = try reader.next() {
                    try checkSize(frames: times.count + 1, channels: 6, file: input.name, what: "points")
                    append(p, times: &times, data: &data)
                }
            } catch  where error.code == .tooLarge {
                throw error
            } catch {
                throw SignalError(.malformed, error.message, file: error.file ?? input.name, line: error.line)
            }
            let fs = try uniformRate(times, lines: LineMap(first: nil), file: input.name, given: rate)
            return ChannelRecording(
                names: IMU.channelNames, sampleRate: fs, channels: data.indices.map { data[$0].joined() })
        case .npy:
            guard let rate else {
                throw SignalError(
                    .invalidArgument, "a .npy array has no time stamps: give its sample rate with --rate",
                    file: input.name)
            }
            do throws(SignalError) {
                return try npy(input, rate: rate)
            } catch  where error.code == .tooLarge {
                throw error
            } catch {
                throw SignalError(.malformed, error.message, file: input.name, line: error.line)
            }
        default:
            throw SignalError(
                .unknownFormat, "expected a CSV file with a header and a time column, a point file, or a .npy array",
                file: input.name)
        }
    }

    /// A `.npy` array of float32 or float64, read in 1 MiB pieces into `Double` channels.
    static func npy(_ input: NamedInput, rate: Double) throws(SignalError) -> ChannelRecording {
        var head = input.head
        if head.count == 1 << 16 { head = try input.data(limit: 12 + NPYHeader.largestHeader, allowingMore: true) }
        let header = try NPYHeader(head, name: input.name)
        try checkSize(frames: header.frames, channels: header.channels, file: input.name, what: "frames", known: true)
        guard SignalLimits.sampleRates.contains(rate) else {
            throw SignalError(
                .invalidArgument,
                "--rate \(rate) Hz is outside \(SignalLimits.sampleRates.lowerBound) … \(SignalLimits.sampleRates.upperBound) Hz",
                file: input.name)
        }
        let reader = try input.byteReader()
        // Past the header.
        /// Fills `bytes` from the reader (the count read: fewer only at the end of the input).
        func fill(_ bytes: inout [UInt8], _ count: Int) throws(SignalError) -> Int {
            var result: Result<Int, SignalError> = .success(0)
            bytes.withUnsafeMutableBytes { b in
                result = Result { () throws(SignalError) in
                    try reader.read(into: UnsafeMutableRawBufferPointer(rebasing: b[0..<count]))
                }
            }
            return try result.get()
        }
        var skip = [UInt8](repeating: 0, count: header.dataOffset)
        guard try fill(&skip, header.dataOffset) == header.dataOffset else {
            throw SignalError(.malformed, ".npy data is truncated: the file ends inside its header", file: input.name)
        }
        let k = header.channels
        let width = header.width
        var channels = [[Double]](repeating: [], count: k)
        for c in 0..<k { channels[c].reserveCapacity(header.frames) }
        let framesPerPiece = max(1, (1 << 20) / (k * width))
        var piece = [UInt8](repeating: 0, count: framesPerPiece * k * width)
        var frame = 0
        while frame < header.frames {
            let frames = min(framesPerPiece, header.frames - frame)
            let bytes = frames * k * width
            let got = try fill(&piece, bytes)
            guard got == bytes else {
                throw SignalError(
                    .malformed,
                    ".npy data is truncated: \(frame * k * width + got) bytes for \(header.frames * k) values of \(width) bytes",
                    file: input.name)
            }
            var bad: (Int, Int, Double)?
            piece.withUnsafeBytes { raw in
                for i in 0..<frames {
                    for c in 0..<k {
                        let offset = (i * k + c) * width
                        let v =
                            width == 4
                            ? Double(
                                Float(
                                    bitPattern: UInt32(
                                        littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self))))
                            : Double(
                                bitPattern: UInt64(
                                    littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
                        if !v.isFinite, bad == nil { bad = (frame + i, c, v) }
                        channels[c].append(v)
                    }
                }
            }
            if let (i, c, v) = bad {
                throw SignalError(
                    .nonFinite, "frame \(i) of channel \(c) is not finite (\(v))", file: input.name, index: i)
            }
            frame += frames
        }
        guard frame >= 4 else {
            throw SignalError(
                .tooShort, "holds \(frame) samples; the Allan deviation needs at least 4", file: input.name)
        }
        return ChannelRecording(names: (0..<k).map { "c\($0)" }, sampleRate: rate, channels: channels)
    }

    /// A point file's IMU view (see the type's documentation), as the reader of JSON and JSON Lines
    /// point files makes it.
    static func fromPoints(_ points: [MotionPoint], file: String, rate: Double?) throws(SignalError) -> ChannelRecording
    {
        try checkSize(frames: points.count, channels: 6, file: file, what: "points", known: true)
        var times = Column()
        var data = [Column](repeating: Column(), count: 6)
        for p in points { append(p, times: &times, data: &data) }
        let fs = try uniformRate(times, lines: LineMap(first: nil), file: file, given: rate)
        return ChannelRecording(
            names: IMU.channelNames, sampleRate: fs, channels: data.indices.map { data[$0].joined() })
    }

    /// Appends a point's time and its IMU view: accelerometer = userAcceleration + gravity, gyroscope = rotationRate.
    private static func append(_ p: MotionPoint, times: inout Column, data: inout [Column]) {
        times.append(p.timestamp)
        let a = p.userAcceleration + p.gravity
        data[0].append(a.x)
        data[1].append(a.y)
        data[2].append(a.z)
        data[3].append(p.rotationRate.x)
        data[4].append(p.rotationRate.y)
        data[5].append(p.rotationRate.z)
    }

    /// A CSV file, read row by row into `Double` columns.
    static func csv(_ input: NamedInput, rate: Double?) throws(SignalError) -> ChannelRecording {
        var times = Column()
        var columns: [Column] = []
        var time = 0
        var lines = LineMap(first: nil)
        let table = try RecordingTable.scan(input) { table, row throws(SignalError) in
            if columns.isEmpty {
                guard let t = table.column(StreamTable.timeColumnNames) else {
                    throw SignalError(
                        .unknownFormat, "the CSV header needs a time column named t, timestamp or time (seconds)",
                        file: table.file, line: table.headerLine)
                }
                time = t
                columns = [Column](repeating: Column(), count: table.header.count)
                lines = LineMap(first: row.line)
            }
            try checkSize(frames: times.count + 1, channels: table.header.count - 1, file: table.file, what: "rows")
            guard row.fields.count == table.header.count else {
                throw SignalError(
                    .malformed, "expected \(table.header.count) fields as in the header, found \(row.fields.count)",
                    file: table.file, line: row.line, column: min(row.fields.count, table.header.count) + 1)
            }
            for c in table.header.indices {
                guard let v = try table.number(row, c) else {
                    throw SignalError(
                        .malformed, "empty or NaN value in column \"\(table.header[c])\"", file: table.file,
                        line: row.line, column: c + 1)
                }
                if c == time { times.append(v) } else { columns[c].append(v) }
            }
            lines.append(row.line, index: times.count - 1)
        }
        if columns.isEmpty, table.column(StreamTable.timeColumnNames) == nil {
            throw SignalError(
                .unknownFormat, "the CSV header needs a time column named t, timestamp or time (seconds)",
                file: table.file, line: table.headerLine)
        }
        let fs = try uniformRate(times, lines: lines, file: table.file, given: rate)
        times = Column()
        let names = table.header.enumerated().filter { $0.offset != time }.map(\.element)
        // Each column made contiguous in turn, its pieces freed as it goes: the peak is one column more.
        var data = table.header.indices.filter { $0 != time }.map { c in columns[c].joined() }
        columns = []
        if Set(motionColumns).isSubset(of: Set(names)) {
            // A point file: its IMU view, accelerometer = userAcceleration + gravity (in place), gyroscope = rotationRate.
            func index(_ name: String) -> Int { names.firstIndex(of: name) ?? 0 }
            var imu: [[Double]] = []
            for axis in ["x", "y", "z"] {
                var sum = data[index("userAcceleration.\(axis)")]
                data[index("userAcceleration.\(axis)")] = []
                let gravity = data[index("gravity.\(axis)")]
                for i in sum.indices { sum[i] += gravity[i] }
                imu.append(sum)
            }
            for axis in ["x", "y", "z"] { imu.append(data[index("rotationRate.\(axis)")]) }
            return ChannelRecording(names: IMU.channelNames, sampleRate: fs, channels: imu)
        }
        return ChannelRecording(names: names, sampleRate: fs, channels: data)
    }

    /// A column read value by value, in pieces of 2¹⁶ values: no array is reallocated as it grows (which
    /// would hold the old and the new copy at once), and ``joined()`` makes it contiguous a piece at a time.
    struct Column: Sendable {
        private var pieces: [[Double]] = []
        /// Values appended.
        private(set) var count = 0
        static let pieceSize = 1 << 16

        /// Appends a value.
        mutating func append(_ v: Double) {
            if count & (Column.pieceSize - 1) == 0 {
                var piece: [Double] = []
                piece.reserveCapacity(Column.pieceSize)
                pieces.append(piece)
            }
            pieces[pieces.count - 1].append(v)
            count += 1
        }

        /// Value `i`.
        subscript(i: Int) -> Double { pieces[i >> 16][i & (Column.pieceSize - 1)] }

        /// The values as one array; the column is left empty.
        mutating func joined() -> [Double] {
            var out: [Double] = []
            out.reserveCapacity(count)
            for k in pieces.indices {
                out.append(contentsOf: pieces[k])
                pieces[k] = []
            }
            pieces = []
            count = 0
            return out
        }
    }

    /// The line of each row, kept as the rows where the count jumps (blank lines), so that a file of
    /// 10⁸ rows does not hold 10⁸ line numbers.
    struct LineMap {
        /// `(row, line)` where row `row` is on `line` and the rows after it follow line by line.
        private var jumps: [(row: Int, line: Int)] = []

        /// A map whose row 0 is on `first` (`nil`: lines unknown).
        init(first: Int?) {
            if let first { jumps = [(0, first)] }
        }

        /// Records that row `index` is on `line`.
        mutating func append(_ line: Int, index: Int) {
            guard let last = jumps.last else { return }
            if line != last.line + (index - last.row) { jumps.append((index, line)) }
        }

        /// The line of row `index`, if known.
        func line(of index: Int) -> Int? {
            guard index >= 0, let k = jumps.lastIndex(where: { $0.row <= index }) else { return nil }
            return jumps[k].line + (index - jumps[k].row)
        }
    }

    /// The rate of uniform timestamps (median interval), checked to 1 %.
    static func uniformRate(_ times: Column, lines: LineMap, file: String, given: Double?) throws(SignalError) -> Double
    {
        guard times.count >= 4 else {
            throw SignalError(
                .tooShort, "holds \(times.count) samples; the Allan deviation needs at least 4", file: file)
        }
        var intervals = [Double](unsafeUninitializedCapacity: times.count - 1) { buffer, initialized in
            for i in 1..<times.count { (buffer.baseAddress! + i - 1).initialize(to: times[i] - times[i - 1]) }
            initialized = times.count - 1
        }
        let median = select(&intervals, intervals.count / 2)
        intervals = []
        guard median > 0 else { throw SignalError(.invalidTime, "timestamps do not increase", file: file) }
        for i in 1..<times.count {
            let d = times[i] - times[i - 1]
            guard abs(d - median) <= 0.01 * median else {
                throw SignalError(
                    .incompatible,
                    "the interval before this sample is \(d) s but the median is \(median) s: the samples are not uniform; resample the recording first (signals import --rate)",
                    file: file, line: lines.line(of: i))
            }
        }
        var fs = 1 / median
        // Timestamps written in decimal (k/fs) give the rate to rounding: keep a whole number when it is one.
        if abs(fs - fs.rounded()) < 1e-6 * fs { fs = fs.rounded() }
        if let given, abs(given - fs) > 0.01 * fs {
            throw SignalError(
                .invalidArgument, "--rate \(given) Hz disagrees with the timestamps' \(fs) Hz", file: file)
        }
        let rate = given ?? fs
        guard SignalLimits.sampleRates.contains(rate) else {
            throw SignalError(
                .invalidArgument,
                "the timestamps give a rate of \(rate) Hz, outside \(SignalLimits.sampleRates.lowerBound) … \(SignalLimits.sampleRates.upperBound) Hz",
                file: file)
        }
        return rate
    }

    /// The `k`-th smallest of `values` (0-based), reordering them: Hoare's selection, O(n) on average and
    /// fast on the near-equal intervals of a uniform recording (equal values split on both sides).
    static func select(_ values: inout [Double], _ k: Int) -> Double {
        var lo = 0
        var hi = values.count - 1
        while lo < hi {
            let mid = lo + (hi - lo) / 2
            // Median of three as the pivot.
            let a = values[lo]
            let b = values[mid]
            let c = values[hi]
            let pivot = max(min(a, b), min(max(a, b), c))
            var i = lo
            var j = hi
            while i <= j {
                while values[i] < pivot { i += 1 }
                while values[j] > pivot { j -= 1 }
                if i <= j {
                    values.swapAt(i, j)
                    i += 1
                    j -= 1
                }
            }
            if k <= j { hi = j } else if k >= i { lo = i } else { return values[k] }
        }
        return values[k]
    }
}

extension Acceleration {
    static func + (a: Acceleration, b: Acceleration) -> Acceleration {
        Acceleration(x: a.x + b.x, y: a.y + b.y, z: a.z + b.z)
    }
}
