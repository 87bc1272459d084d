import Foundation
import Playback
import Signals
import FileReaders

/// Named channels at a uniform rate, read from a file for analysis (`signals allan FILE`).
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
public struct ChannelRecording: Sendable, Hashable {
    /// Channel names, in order.
    public var names: [String]
    /// The samples, one channel per name.
    public var buffer: SampleBuffer

    /// Creates a recording.
    /// - Parameters:
    ///   - names: One name per channel.
    ///   - buffer: The samples.
    public init(names: [String], buffer: SampleBuffer) {
        self.names = names
        self.buffer = buffer
    }

    static let motionColumns = ["userAcceleration", "gravity", "rotationRate"].flatMap { p in ["x", "y", "z"].map { "\(p).\($0)" } }

    /// Reads a file (see the type's documentation).
    /// - Parameters:
    ///   - input: The opened input.
    ///   - rate: The sample rate (Hz), required for `.npy`, else checked against the timestamps.
    /// - Throws: `SignalError` naming the file, line and column of a problem.
    package static func read(_ input: InputSource, rate: Double?) throws(SignalError) -> ChannelRecording {
        switch InputKind.detect(name: input.path, head: input.head) {
        case .points(.csv):
            return try csv(input, rate: rate)
        case .points(let format):
            let file: PointFile
            var points: [MotionPoint] = []
            do throws(SignalError) {
                file = try PointFile(source: input, format: format)
                var cursor = try file.makeCursor()
                while let (p, _) = try cursor.next() {
                    guard points.count < AllanDeviation.maximumSampleCount else {
                        throw SignalError(.invalidArgument, "holds more than \(AllanDeviation.maximumSampleCount) points, more than the Allan deviation analyses", file: input.name)
                    }
                    points.append(p)
                }
            } catch {
                throw SignalError(.malformed, error.message, file: error.file ?? input.name, line: error.line)
            }
            return try fromPoints(points, file: input.name, rate: rate)
        case .npy:
            guard let rate else {
                throw SignalError(.invalidArgument, "a .npy array has no time stamps: give its sample rate with --rate", file: input.name)
            }
            var head = input.head
            do throws(SignalError) {
                if head.count == 1 << 16 { head = try input.data(limit: 12 + NPYHeader.largestHeader, allowingMore: true) }
                let header = try NPYHeader(head, name: input.name)
                guard header.frames <= AllanDeviation.maximumSampleCount else {
                    throw SignalError(.invalidArgument, "holds \(header.frames) frames, more than the Allan deviation analyses (at most \(AllanDeviation.maximumSampleCount))", file: input.name)
                }
                let buffer = try Recording.read(input, sampleRate: rate, channelCount: header.channels, frameCount: header.frames)
                return ChannelRecording(names: (0 ..< header.channels).map { "c\($0)" }, buffer: buffer)
            } catch {
                throw SignalError(.malformed, error.message, file: input.name, line: error.line)
            }
        default:
            throw SignalError(.unknownFormat, "expected a CSV file with a header and a time column, a point file, or a .npy array",
                              file: input.name)
        }
    }

    static func csv(_ input: InputSource, rate: Double?) throws(SignalError) -> ChannelRecording {
        let table = try RecordingTable.read(input)
        guard let time = table.column("t", "timestamp", "time") else {
            throw SignalError(.unknownFormat, "the CSV header needs a time column named t, timestamp or time (seconds)",
                              file: table.file, line: table.headerLine)
        }
        guard table.rows.count <= AllanDeviation.maximumSampleCount else {
            throw SignalError(.invalidArgument, "holds \(table.rows.count) rows, more than the Allan deviation analyses (at most \(AllanDeviation.maximumSampleCount))",
                              file: table.file)
        }
        var times: [Double] = [], lines: [Int] = []
        var columns = [[Double]](repeating: [], count: table.header.count)
        for row in table.rows {
            guard row.fields.count == table.header.count else {
                throw SignalError(.malformed, "expected \(table.header.count) fields as in the header, found \(row.fields.count)",
                                  file: table.file, line: row.line, column: min(row.fields.count, table.header.count) + 1)
            }
            for c in table.header.indices {
                guard let v = try table.number(row, c) else {
                    throw SignalError(.malformed, "empty or NaN value in column \"\(table.header[c])\"", file: table.file, line: row.line, column: c + 1)
                }
                if c == time { times.append(v) } else { columns[c].append(v) }
            }
            lines.append(row.line)
        }
        let fs = try uniformRate(times, lines: lines, file: table.file, given: rate)
        let names = table.header.enumerated().filter { $0.offset != time }.map(\.element)
        var data = table.header.indices.filter { $0 != time }.map { columns[$0] }
        var outNames = names
        if Set(motionColumns).isSubset(of: Set(names)) {
            // A point file: its IMU view.
            func column(_ name: String) -> [Double] { data[names.firstIndex(of: name) ?? 0] }
            var imu: [[Double]] = []
            for axis in ["x", "y", "z"] {
                imu.append(zip(column("userAcceleration.\(axis)"), column("gravity.\(axis)")).map { $0 + $1 })
            }
            for axis in ["x", "y", "z"] { imu.append(column("rotationRate.\(axis)")) }
            data = imu
            outNames = IMU.channelNames
        }
        return ChannelRecording(names: outNames, buffer: buffer(data, rate: fs))
    }

    static func fromPoints(_ points: [MotionPoint], file: String, rate: Double?) throws(SignalError) -> ChannelRecording {
        let fs = try uniformRate(points.map(\.timestamp), lines: [], file: file, given: rate)
        let a = points.map { $0.userAcceleration + $0.gravity }
        let data = [a.map(\.x), a.map(\.y), a.map(\.z), points.map(\.rotationRate.x), points.map(\.rotationRate.y), points.map(\.rotationRate.z)]
        return ChannelRecording(names: IMU.channelNames, buffer: buffer(data, rate: fs))
    }

    static func buffer(_ channels: [[Double]], rate: Double) -> SampleBuffer {
        let frames = channels.first?.count ?? 0
        return SampleBuffer(sampleRate: rate, channelCount: channels.count, frameCount: frames,
                            samples: channels.flatMap { $0.map { Float($0) } })
    }

    /// The rate of uniform timestamps (median interval), checked to 1 %.
    static func uniformRate(_ times: [Double], lines: [Int], file: String, given: Double?) throws(SignalError) -> Double {
        guard times.count >= 4 else {
            throw SignalError(.tooShort, "holds \(times.count) samples; the Allan deviation needs at least 4", file: file)
        }
        let intervals = (1 ..< times.count).map { times[$0] - times[$0 - 1] }
        let median = intervals.sorted()[intervals.count / 2]
        guard median > 0 else { throw SignalError(.invalidTime, "timestamps do not increase", file: file) }
        for (i, d) in intervals.enumerated() where abs(d - median) > 0.01 * median {
            throw SignalError(.incompatible, "the interval before this sample is \(d) s but the median is \(median) s: the samples are not uniform; resample the recording first (signals import --rate)",
                              file: file, line: lines.indices.contains(i + 1) ? lines[i + 1] : nil)
        }
        var fs = 1 / median
        // Timestamps written in decimal (k/fs) give the rate to rounding: keep a whole number when it is one.
        if abs(fs - fs.rounded()) < 1e-6 * fs { fs = fs.rounded() }
        if let given, abs(given - fs) > 0.01 * fs {
            throw SignalError(.invalidArgument, "--rate \(given) Hz disagrees with the timestamps' \(fs) Hz", file: file)
        }
        let rate = given ?? fs
        guard SignalLimits.sampleRates.contains(rate) else {
            throw SignalError(.invalidArgument, "the timestamps give a rate of \(rate) Hz, outside \(SignalLimits.sampleRates.lowerBound) … \(SignalLimits.sampleRates.upperBound) Hz", file: file)
        }
        return rate
    }
}

extension Acceleration {
    static func + (a: Acceleration, b: Acceleration) -> Acceleration { Acceleration(x: a.x + b.x, y: a.y + b.y, z: a.z + b.z) }
}
