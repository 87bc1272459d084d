import Formats
import Foundation
import Signals

/// Reads a recording for `signals verify` and `signals plot`: NumPy `.npy` (v1–v3, little-endian
/// float32 or float64, shape `(frames,)` or `(frames, channels)`, C order) or CSV (one column per
/// channel; an optional header line; a first column named `t`/`time`/`timestamp`, or one column more
/// than there are channels, is the time in seconds), as `signals render` writes them.
///
/// When the CSV has a time column, every row's time must be that of its sample index at the given
/// rate (to 1 % of a sample period): a recording made at another rate is refused, not misread.
package enum RecordedSamples {
    /// Reads the first `frameCount` frames of `input` as a buffer at `sampleRate`.
    /// - Parameters:
    ///   - input: The recording.
    ///   - sampleRate: Its sample rate (Hz).
    ///   - channelCount: The channels the signal renders.
    ///   - frameCount: Frames to read.
    ///   - memoryLimit: Largest buffer allocated, in bytes.
    /// - Throws: `SignalError` naming the file, line and problem (format, channel count, too few
    ///   frames, a time column at another rate, a non-finite sample).
    package static func read(
        _ input: NamedInput, sampleRate: Double, channelCount: Int, frameCount: Int,
        memoryLimit: Int = RenderOptions.defaultMemoryLimit
    ) throws(SignalError) -> SampleBuffer {
        let (count, overflow) = frameCount.multipliedReportingOverflow(by: channelCount)
        guard !overflow, count <= memoryLimit / MemoryLayout<Float>.size else {
            throw SignalError(
                .invalidArgument,
                "\(frameCount) frames × \(channelCount) channels is more than the memory limit of \(memoryLimit) bytes allows",
                file: input.name)
        }
        switch InputKind.detect(name: input.path, head: input.head) {
        case .npy:
            return try npy(input, sampleRate: sampleRate, channelCount: channelCount, frameCount: frameCount)
        case .points(.csv):
            return try csv(input, sampleRate: sampleRate, channelCount: channelCount, frameCount: frameCount)
        default:
            throw SignalError(
                .unknownFormat, "a recording must be a .npy array or a CSV file with one column per channel",
                file: input.name)
        }
    }

    private static func npy(
        _ input: NamedInput, sampleRate: Double, channelCount: Int, frameCount: Int
    ) throws(SignalError) -> SampleBuffer {
        var head = input.head
        if head.count < 12 + NPYHeader.largestHeader, head.count == 1 << 16 {
            head = try input.data(limit: 12 + NPYHeader.largestHeader, allowingMore: true)
        }
        let header = try NPYHeader(head, name: input.name)
        guard header.channels == channelCount else {
            throw SignalError(
                .channelMismatch,
                "the recording has \(header.channels) channel(s) but the spec renders \(channelCount)",
                file: input.name)
        }
        guard header.frames >= frameCount else {
            throw SignalError(
                .invalidArgument,
                "the recording has \(header.frames) frames but --rate × --duration asks for \(frameCount)",
                file: input.name)
        }
        let needed = frameCount * channelCount * header.width
        let data = try input.data(limit: header.dataOffset + needed, allowingMore: true)
        guard data.count - header.dataOffset >= needed else {
            throw SignalError(
                .malformed,
                ".npy data is truncated: \(max(0, data.count - header.dataOffset)) bytes for \(frameCount * channelCount) values of \(header.width) bytes",
                file: input.name)
        }
        var planar = [Float](repeating: 0, count: frameCount * channelCount)
        var bad: (Int, Int)?
        data.withUnsafeBytes { raw in
            let base = header.dataOffset
            for i in 0..<frameCount {
                for c in 0..<channelCount {
                    let k = i * channelCount + c
                    let v: Float =
                        header.width == 4
                        ? Float(
                            bitPattern: UInt32(
                                littleEndian: raw.loadUnaligned(fromByteOffset: base + 4 * k, as: UInt32.self)))
                        : Float(
                            Double(
                                bitPattern: UInt64(
                                    littleEndian: raw.loadUnaligned(fromByteOffset: base + 8 * k, as: UInt64.self))))
                    if !v.isFinite, bad == nil { bad = (i, c) }
                    planar[c * frameCount + i] = v
                }
            }
        }
        if let (i, c) = bad {
            throw SignalError(
                .nonFinite, "frame \(i) of channel \(c) is not a finite Float (NaN, infinite, or beyond ±3.4e38)",
                file: input.name, index: i)
        }
        return SampleBuffer(sampleRate: sampleRate, channelCount: channelCount, frameCount: frameCount, samples: planar)
    }

    private static func csv(
        _ input: NamedInput, sampleRate: Double, channelCount: Int, frameCount: Int
    ) throws(SignalError) -> SampleBuffer {
        let reader = CSVReader(try input.byteReader())
        var fields: [String] = []
        guard try reader.nextRecord(into: &fields) else {
            throw SignalError(.malformed, "the file is empty", file: input.name)
        }
        let columns = fields.count
        // Header names go into messages and error fields: cut like any quoted input.
        var names = fields.map { SignalError.quoted($0, limit: 100) }
        let isHeader = fields.contains { CSVReader.number($0) == nil }
        var hasTime: Bool
        if isHeader {
            hasTime = StreamTable.isTimeColumn(fields[0])
        } else {
            names = (0..<columns).map { "column \($0 + 1)" }
            hasTime = false
        }
        if !hasTime && columns == channelCount + 1 { hasTime = true }
        let channels = columns - (hasTime ? 1 : 0)
        guard channels == channelCount else {
            throw SignalError(
                .channelMismatch,
                "the recording has \(channels) data column(s)\(hasTime ? " after its time column" : "") but the spec renders \(channelCount) channel(s)",
                file: input.name, line: reader.line)
        }
        var planar = [Float](repeating: 0, count: frameCount * channelCount)
        var frame = 0
        var firstTime: Double?
        var pending = !isHeader
        while frame < frameCount {
            if !pending {
                guard try reader.nextRecord(into: &fields) else { break }
            }
            pending = false
            guard fields.count == columns else {
                throw SignalError(
                    .malformed, "line has \(fields.count) columns, expected \(columns)", file: input.name,
                    line: reader.line)
            }
            var k = 0
            if hasTime {
                let t = try reader.finiteNumber(fields[0], column: names[0], index: frame)
                let t0 = firstTime ?? t
                firstTime = t0
                let expected = t0 + Double(frame) / sampleRate
                if abs(t - expected) > 0.01 / sampleRate + 1e-9 * abs(t) {
                    var message =
                        "time \(t) s in column '\(names[0])' is not that of sample \(frame) at --rate \(sampleRate) Hz (\(expected) s)"
                    if frame >= 1 {
                        let measured = Double(frame) / (t - t0)
                        if measured.isFinite, measured > 0 { message += "; the recording advances at \(measured) Hz" }
                    }
                    throw SignalError(
                        .invalidArgument, message, file: input.name, line: reader.line, index: frame, field: names[0])
                }
                k = 1
            }
            for c in 0..<channelCount {
                let v = try reader.finiteNumber(fields[k + c], column: names[k + c], index: frame)
                guard abs(v) <= Double(Float.greatestFiniteMagnitude) else {
                    throw SignalError(
                        .nonFinite, "\(v) in column '\(names[k + c])' is beyond the range of a Float",
                        file: input.name, line: reader.line, index: frame, field: names[k + c])
                }
                planar[c * frameCount + frame] = Float(v)
            }
            frame += 1
        }
        guard frame == frameCount else {
            throw SignalError(
                .invalidArgument, "the recording has \(frame) frames but --rate × --duration asks for \(frameCount)",
                file: input.name)
        }
        return SampleBuffer(sampleRate: sampleRate, channelCount: channelCount, frameCount: frameCount, samples: planar)
    }
}
