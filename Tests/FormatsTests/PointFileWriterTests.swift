import Foundation
import SensorData
import Testing

@testable import Formats

/// Point files: what the writer writes, the reader reads back bit for bit, in every format.
@Suite struct PointFileWriterTests {
    static func points(_ count: Int) -> [MotionPoint] {
        var random = SplitMix(state: UInt64(count))
        func v() -> Double { Double.random(in: -4...4, using: &random) }
        return (0..<count).map { k in
            MotionPoint(
                timestamp: Double(k) / 100 + 0.001 * v(), userAcceleration: Acceleration(x: v(), y: v(), z: v()),
                gravity: Acceleration(x: v(), y: v(), z: -1),
                rotationRate: RotationRate(x: v(), y: v(), z: .leastNonzeroMagnitude))
        }
    }

    @Test("write → read gives the same points bit for bit", arguments: PointFormat.allCases, [0, 1, 5000])
    func roundTrip(format: PointFormat, count: Int) throws {
        let points = Self.points(count)
        var writer = PointFileWriter(format: format)
        var text = writer.header()
        for p in points { text += try writer.write(p) }
        text += writer.trailer()
        if format == .csv && count == 0 {
            // A header alone is a point file with no points.
            #expect(text.split(separator: "\n").count == 1)
        }
        let reader = PointReader(ByteReader(data: Data(text.utf8), name: "points"), format: format)
        var read: [MotionPoint] = []
        while let p = try reader.next() { read.append(p) }
        #expect(read == points)
    }

    @Test("the CSV header is timestamp and the nine motion columns; a non-finite value is refused, named")
    func csv() throws {
        var writer = PointFileWriter(format: .csv)
        #expect(writer.header().hasPrefix("timestamp,userAcceleration.x,"))
        var bad = Self.points(1)[0]
        bad.gravity.y = .nan
        let error = #expect(throws: SignalError.self) { _ = try writer.write(bad) }
        #expect(error?.code == .nonFinite)
        #expect(error?.description.contains("gravity.y") == true, "\(error?.description ?? "")")
    }
}
