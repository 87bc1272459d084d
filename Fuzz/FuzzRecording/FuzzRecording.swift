import Formats
import Foundation
import FuzzSupport
import Playback
import Signals

/// Fuzzes the recording readers of `signals verify` and `signals plot`: the `.npy` header
/// (``NPYHeader``) and ``RecordedSamples/read(_:sampleRate:channelCount:frameCount:memoryLimit:)`` over
/// `.npy` and CSV bytes.
///
/// For every input: a parsed `.npy` header describes an array whose size cannot overflow and whose data
/// starts after the header; reading the input as a recording, with the channel and frame counts a user
/// could ask for (fixed ones, and those the header or the CSV's first line suggests, so that reads go
/// deep), fails with a bounded message or gives a buffer of exactly the frames and channels asked for,
/// all finite. The input is read under its bare name (format told from the bytes) and as `.npy` and
/// `.csv`.
enum RecordingHarness {
    static let memoryLimit = 1 << 24

    static func run(_ data: Data) {
        var channelCounts: Set<Int> = [1, 3, 9]
        var frameCounts: Set<Int> = [1, 7, 300]
        do {
            let header = try NPYHeader(data, name: "recording.npy")
            FuzzHarness.require(header.width == 4 || header.width == 8, "width \(header.width)")
            FuzzHarness.require(
                header.frames >= 0 && header.channels >= 1, "shape (\(header.frames), \(header.channels))")
            let (values, o1) = header.frames.multipliedReportingOverflow(by: header.channels)
            FuzzHarness.require(
                !o1 && !values.multipliedReportingOverflow(by: header.width).overflow,
                "shape (\(header.frames), \(header.channels)) overflows")
            FuzzHarness.require(
                header.dataOffset >= 10 && header.dataOffset <= data.count,
                "data offset \(header.dataOffset) of \(data.count) bytes")
            if header.channels <= 64 { channelCounts.insert(header.channels) }
            frameCounts.insert(min(header.frames, 4096))
        } catch {
            FuzzHarness.requireBounded(error)
        }
        if let newline = data.firstIndex(of: 0x0A) ?? (data.count < 4096 ? data.endIndex : nil) {
            let columns = data[data.startIndex..<newline].reduce(1) { $0 + ($1 == UInt8(ascii: ",") ? 1 : 0) }
            channelCounts.formUnion([columns, columns - 1].filter { $0 >= 1 && $0 <= 64 })
        }
        for name in ["recording", "recording.npy", "recording.csv"] {
            let input = NamedInput(name: name, bytes: data)
            for channels in channelCounts.sorted() {
                for frames in frameCounts.sorted() {
                    for rate in [1000.0, 1] {
                        read(input, rate: rate, channels: channels, frames: frames)
                    }
                }
            }
        }
    }

    static func read(_ input: NamedInput, rate: Double, channels: Int, frames: Int) {
        let buffer: SampleBuffer
        do {
            buffer = try RecordedSamples.read(
                input, sampleRate: rate, channelCount: channels, frameCount: frames,
                memoryLimit: memoryLimit)
        } catch {
            FuzzHarness.requireBounded(error)
            return
        }
        FuzzHarness.require(
            buffer.channelCount == channels && buffer.frameCount == frames && buffer.samples.count == channels * frames,
            "\(input.name): asked \(channels) × \(frames), got \(buffer.channelCount) × \(buffer.frameCount) (\(buffer.samples.count) samples)"
        )
        FuzzHarness.require(buffer.sampleRate == rate, "\(input.name): rate \(buffer.sampleRate), asked \(rate)")
        if let i = buffer.samples.firstIndex(where: { !$0.isFinite }) {
            FuzzHarness.fail("\(input.name): sample \(i) is \(buffer.samples[i])")
        }
    }
}

@main
enum Main {
    static func main() { FuzzHarness.main(RecordingHarness.run) }
}
