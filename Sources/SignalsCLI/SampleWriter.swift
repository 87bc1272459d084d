import Foundation
import Signals

/// Encodes rendered buffers as CSV, NumPy .npy v1.0 or raw little-endian float32.
struct SampleWriter {
    let format: RenderCommand.Format
    let channelCount: Int
    let frameCount: Int
    /// Nine channels of a motion signal: CSV columns named as in a point file.
    let motion: Bool

    init(format: RenderCommand.Format, channelCount: Int, frameCount: Int, motion: Bool = false) {
        self.format = format
        self.channelCount = channelCount
        self.frameCount = frameCount
        self.motion = motion && channelCount == 9
    }

    /// Column names after `t`: `value`, `x,y,z`, the nine motion columns of a point file
    /// (`userAcceleration.x,...,rotationRate.z`, so that `signals play` reads the file back), or `c0,c1,...`.
    var columns: [String] {
        if motion {
            return ["userAcceleration", "gravity", "rotationRate"].flatMap { part in ["x", "y", "z"].map { "\(part).\($0)" } }
        }
        switch channelCount {
        case 1: return ["value"]
        case 3: return ["x", "y", "z"]
        default: return (0 ..< channelCount).map { "c\($0)" }
        }
    }

    /// What precedes the samples: the CSV header line or the .npy header; nothing for f32.
    func header() -> Data {
        switch format {
        case .csv: return Data((["t"] + columns).joined(separator: ",").appending("\n").utf8)
        case .f32: return Data()
        case .npy: return SampleWriter.npyHeader(frameCount: frameCount, channelCount: channelCount)
        }
    }

    /// NumPy .npy v1.0 header for little-endian float32 of shape `(frames,)` or `(frames, channels)`,
    /// padded with spaces and a newline so that the data starts at a multiple of 64 bytes.
    static func npyHeader(frameCount: Int, channelCount: Int) -> Data {
        let shape = channelCount == 1 ? "(\(frameCount),)" : "(\(frameCount), \(channelCount))"
        var dict = "{'descr': '<f4', 'fortran_order': False, 'shape': \(shape), }"
        let unpadded = 10 + dict.utf8.count + 1
        dict += String(repeating: " ", count: (64 - unpadded % 64) % 64) + "\n"
        var data = Data([0x93] + Array("NUMPY".utf8) + [1, 0])
        let length = UInt16(dict.utf8.count)
        data.append(contentsOf: [UInt8(length & 0xFF), UInt8(length >> 8)])
        data.append(contentsOf: Array(dict.utf8))
        return data
    }

    /// One buffer in the output format.
    func encode(_ block: SampleBuffer) -> Data {
        switch format {
        case .csv:
            var text = ""
            text.reserveCapacity(block.frameCount * (12 + 14 * channelCount))
            block.samples.withUnsafeBufferPointer { s in
                for i in 0 ..< block.frameCount {
                    text += "\(block.timestamp(of: i))"
                    for c in 0 ..< channelCount {
                        text += ","
                        text += "\(s[c * block.frameCount + i])"
                    }
                    text += "\n"
                }
            }
            return Data(text.utf8)
        case .npy, .f32:
            let interleaved = block.interleaved()
            return interleaved.withUnsafeBufferPointer { p in
                var data = Data(count: p.count * 4)
                data.withUnsafeMutableBytes { raw in
                    for (i, v) in p.enumerated() {
                        raw.storeBytes(of: v.bitPattern.littleEndian, toByteOffset: i * 4, as: UInt32.self)
                    }
                }
                return data
            }
        }
    }
}
