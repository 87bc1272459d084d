import Formats
import Foundation
import Signals

/// Encodes rendered buffers as CSV, NumPy .npy v1.0 or raw little-endian float32.
struct SampleWriter {
    let format: RenderCommand.Format
    let channelCount: Int
    let frameCount: Int
    /// CSV column names after `t`, one per channel.
    let names: [String]

    /// - Parameter names: One column name per channel (default `value`, `x,y,z` or `c0,c1,…`).
    init(format: RenderCommand.Format, channelCount: Int, frameCount: Int, names: [String]? = nil) {
        self.format = format
        self.channelCount = channelCount
        self.frameCount = frameCount
        if let names, names.count == channelCount {
            self.names = names
        } else {
            self.names = MotionColumns.channelNames(count: channelCount)
        }
    }

    /// Column names after `t`: `value`, `x,y,z`, the motion columns of a point file
    /// (`userAcceleration.x,...,rotationRate.z`, then `attitude.w,x,y,z` with an attitude, so that
    /// `signals play` reads the file back), the IMU's `accelerometer.x,…,gyroscope.z`, or `c0,c1,...`.
    var columns: [String] { names }

    /// What precedes the samples: the CSV header line or the .npy header; nothing for f32.
    func header() -> Data {
        switch format {
        case .csv: return Data(([StreamTable.timeColumn] + columns).joined(separator: ",").appending("\n").utf8)
        case .f32: return Data()
        case .npy: return SampleWriter.npyHeader(frameCount: frameCount, channelCount: channelCount)
        case .mcap: preconditionFailure("MCAP is written by MCAPOutput")
        }
    }

    /// NumPy .npy v1.0 header for little-endian float32 of shape `(frames,)` or `(frames, channels)`,
    /// padded with spaces and a newline so that the data starts at a multiple of 64 bytes.
    static func npyHeader(frameCount: Int, channelCount: Int) -> Data {
        NPYHeader.encode(dtype: .float32, shape: channelCount == 1 ? [frameCount] : [frameCount, channelCount])
    }

    /// One buffer in the output format.
    /// - Throws: `SignalError` `.nonFinite` for a sample that is not finite (no output carries one).
    func encode(_ block: SampleBuffer) throws -> Data {
        try FiniteOutput.check(
            block.samples, what: "the render at samples \(block.startIndex) ..< \(block.startIndex + block.frameCount)")
        switch format {
        case .csv:
            var text = ""
            text.reserveCapacity(block.frameCount * (12 + 14 * channelCount))
            block.samples.withUnsafeBufferPointer { s in
                for i in 0..<block.frameCount {
                    text += "\(block.timestamp(of: i))"
                    for c in 0..<channelCount {
                        text += ","
                        text += "\(s[c * block.frameCount + i])"
                    }
                    text += "\n"
                }
            }
            return Data(text.utf8)
        case .mcap:
            preconditionFailure("MCAP is written by MCAPOutput")
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
