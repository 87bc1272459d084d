import Foundation
import Signals

/// Reads a recording for `--input`: NumPy `.npy` (v1–v3, little-endian float32 or float64, shape
/// `(frames,)` or `(frames, channels)`, C order) or CSV (one column per channel; an optional header
/// line; a first column named `t`/`time`/`timestamp`, or one column more than there are channels, is
/// time and is skipped), as `signals render` writes them.
enum RecordingReader {
    /// Reads the first `frameCount` frames of `path` as a buffer at `sampleRate`.
    /// - Throws: ``CLIError`` naming the file and the problem (bad format, channel count, too few frames).
    static func read(_ path: String, sampleRate: Double, channelCount: Int, frameCount: Int) throws -> SampleBuffer {
        let data = try readInput(path)
        let (frames, channels, samples): (Int, Int, [Float])
        if data.starts(with: [0x93] + Array("NUMPY".utf8)) {
            (frames, channels, samples) = try npy(data, path: path)
        } else {
            (frames, channels, samples) = try csv(data, path: path, channelCount: channelCount)
        }
        guard channels == channelCount else {
            throw CLIError("\(path): the recording has \(channels) channel(s) but the spec renders \(channelCount)")
        }
        guard frames >= frameCount else {
            throw CLIError("\(path): the recording has \(frames) frames but --rate × --duration asks for \(frameCount)")
        }
        // Interleaved to planar, first frameCount frames.
        var planar = [Float](repeating: 0, count: frameCount * channels)
        for i in 0 ..< frameCount {
            for c in 0 ..< channels { planar[c * frameCount + i] = samples[i * channels + c] }
        }
        if let bad = planar.firstIndex(where: { !$0.isFinite }) {
            throw CLIError("\(path): sample \(bad % max(frameCount, 1)) of channel \(bad / max(frameCount, 1)) is not a finite number")
        }
        return SampleBuffer(sampleRate: sampleRate, channelCount: channels, frameCount: frameCount, samples: planar)
    }

    /// Parses a .npy file: returns frames, channels and interleaved samples.
    static func npy(_ data: Data, path: String) throws -> (Int, Int, [Float]) {
        let bytes = [UInt8](data)
        guard bytes.count >= 10 else { throw CLIError("\(path): truncated .npy header") }
        let major = bytes[6]
        let headerLength: Int, headerStart: Int
        switch major {
        case 1:
            headerLength = Int(bytes[8]) | Int(bytes[9]) << 8
            headerStart = 10
        case 2, 3:
            guard bytes.count >= 12 else { throw CLIError("\(path): truncated .npy header") }
            headerLength = Int(bytes[8]) | Int(bytes[9]) << 8 | Int(bytes[10]) << 16 | Int(bytes[11]) << 24
            headerStart = 12
        default:
            throw CLIError("\(path): unsupported .npy version \(major)")
        }
        guard bytes.count >= headerStart + headerLength else { throw CLIError("\(path): truncated .npy header") }
        let header = String(decoding: bytes[headerStart ..< headerStart + headerLength], as: UTF8.self)
        func field(_ name: String) -> String? {
            guard let range = header.range(of: "'\(name)':") else { return nil }
            return String(header[range.upperBound...]).trimmingCharacters(in: .whitespaces)
        }
        guard let descr = field("descr") else { throw CLIError("\(path): .npy header has no 'descr'") }
        let width: Int
        if descr.hasPrefix("'<f4'") || descr.hasPrefix("'float32'") { width = 4 }
        else if descr.hasPrefix("'<f8'") || descr.hasPrefix("'float64'") { width = 8 }
        else {
            throw CLIError("\(path): .npy dtype \(descr.prefix { $0 != "," }) is not supported; use little-endian float32 (<f4) or float64 (<f8)")
        }
        if let order = field("fortran_order"), order.hasPrefix("True") {
            throw CLIError("\(path): Fortran-ordered .npy arrays are not supported; save with C order")
        }
        guard let shapeText = field("shape"), shapeText.hasPrefix("("), let close = shapeText.firstIndex(of: ")") else {
            throw CLIError("\(path): .npy header has no shape")
        }
        let dims = shapeText[shapeText.index(after: shapeText.startIndex) ..< close]
            .split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        let shape = dims.compactMap { Int($0) }
        guard shape.count == dims.count, shape.count == 1 || shape.count == 2 else {
            throw CLIError("\(path): .npy shape (\(dims.joined(separator: ", "))) must be (frames,) or (frames, channels)")
        }
        let frames = shape[0], channels = shape.count == 2 ? shape[1] : 1
        let count = frames * channels
        let start = headerStart + headerLength
        guard bytes.count - start >= count * width else {
            throw CLIError("\(path): .npy data is truncated: \(bytes.count - start) bytes for \(count) values of \(width) bytes")
        }
        var samples = [Float](repeating: 0, count: count)
        data.withUnsafeBytes { raw in
            for i in 0 ..< count {
                if width == 4 {
                    samples[i] = Float(bitPattern: UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: start + 4 * i, as: UInt32.self)))
                } else {
                    samples[i] = Float(Double(bitPattern: UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: start + 8 * i, as: UInt64.self))))
                }
            }
        }
        return (frames, channels, samples)
    }

    /// Parses CSV: returns frames, channels and interleaved samples.
    static func csv(_ data: Data, path: String, channelCount: Int) throws -> (Int, Int, [Float]) {
        let text = String(decoding: data, as: UTF8.self)
        var lines = text.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
        guard let first = lines.first else { throw CLIError("\(path): the file is empty") }
        var skipTime = false
        let firstFields = first.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        if firstFields.contains(where: { Double($0) == nil }) {
            // A header line.
            if let name = firstFields.first?.lowercased(), ["t", "time", "timestamp"].contains(name) { skipTime = true }
            lines.removeFirst()
        }
        let columns = firstFields.count
        if !skipTime && columns == channelCount + 1 { skipTime = true }
        let channels = columns - (skipTime ? 1 : 0)
        guard channels >= 1 else { throw CLIError("\(path): no data columns") }
        var samples: [Float] = []
        samples.reserveCapacity(lines.count * channels)
        var frames = 0
        for (number, line) in lines.enumerated() {
            if line.allSatisfy({ $0 == " " }) { continue }
            let fields = line.split(separator: ",", omittingEmptySubsequences: false)
            guard fields.count == columns else {
                throw CLIError("\(path): line \(number + 2 - (firstFields.contains { Double($0) == nil } ? 0 : 1)) has \(fields.count) columns, expected \(columns)")
            }
            for field in fields.dropFirst(skipTime ? 1 : 0) {
                guard let v = Float(field.trimmingCharacters(in: .whitespaces)) else {
                    throw CLIError("\(path): '\(field)' is not a number")
                }
                samples.append(v)
            }
            frames += 1
        }
        return (frames, channels, samples)
    }
}
