import Formats
import Foundation
import FuzzSupport
import Playback
import Signals

/// Fuzzes point-file reading: ``PointFile/decode(_:format:name:)`` in each format (JSON array, JSON
/// Lines, CSV), and opening the same bytes as an input whose format is detected.
///
/// For every input and format: decoding fails with a ``SignalError`` whose message is bounded, or
/// gives points whose numbers are all finite and whose timestamps never decrease. Read through buffers
/// of 1 and 5 bytes (so that every byte, a line break, a `\r\n` or a byte order mark sits at a refill
/// boundary), the input must decode to the same points, or fail too. A detected input's schedule must
/// count the points that decoding gives.
enum PointsHarness {
    static func run(_ data: Data) {
        for format in PointFormat.allCases {
            let points = decode(data, format)
            for size in [1, 5] {
                let small = decode(data, format, bufferSize: size)
                FuzzHarness.require(
                    small == points,
                    "\(format): \(points.map { "\($0.count) points" } ?? "an error") from the input, \(small.map { "\($0.count) points" } ?? "an error") through a buffer of \(size) bytes"
                )
            }
        }
        let input = NamedInput(name: "points", bytes: data)
        guard let file = try? PointFile(source: input) else { return }
        let direct = decode(data, file.format)
        do {
            let schedule = try file.schedule()
            FuzzHarness.require(
                schedule.count == direct?.count,
                "the schedule counts \(schedule.count) points, decoding gives \(direct.map { "\($0.count)" } ?? "an error")"
            )
        } catch {
            FuzzHarness.requireBounded(error)
            FuzzHarness.require(
                direct == nil, "decoding gives \(direct?.count ?? 0) points but the schedule throws \(error)")
        }
    }

    /// The points, checked; `nil` when decoding throws.
    static func decode(_ data: Data, _ format: PointFormat, bufferSize: Int? = nil) -> [MotionPoint]? {
        let points: [MotionPoint]
        do {
            if let bufferSize {
                points = try PointFile.decode(
                    ByteReader(data: data, name: "points", bufferSize: bufferSize), format: format)
            } else {
                points = try PointFile.decode(data, format: format, name: "points")
            }
        } catch {
            FuzzHarness.requireBounded(error)
            return nil
        }
        var previous = -Double.infinity
        for (i, p) in points.enumerated() {
            let numbers = [
                p.timestamp, p.userAcceleration.x, p.userAcceleration.y, p.userAcceleration.z,
                p.gravity.x, p.gravity.y, p.gravity.z, p.rotationRate.x, p.rotationRate.y, p.rotationRate.z,
            ]
            FuzzHarness.require(numbers.allSatisfy(\.isFinite), "\(format): point \(i) has a non-finite number: \(p)")
            FuzzHarness.require(
                p.timestamp >= previous, "\(format): point \(i) goes back in time: \(p.timestamp) after \(previous)")
            previous = p.timestamp
        }
        return points
    }
}

@main
enum Main {
    static func main() { FuzzHarness.main(PointsHarness.run) }
}
