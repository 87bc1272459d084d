import Foundation
import SensorData
import Testing

@testable import Formats

/// GPX: what the writer writes, the reader reads back (to the writer's 9 and 3 decimals and 1 µs).
@Suite struct GPXCodecTests {
    @Test(
        "write → read: the same points, to 1e-9 degrees, 1 mm and 1 µs (plus a Double's step at 2023); a point without <ele> or <time> too"
    )
    func roundTrip() throws {
        var random = SplitMix(state: 42)
        var points = (0..<50).map { k in
            GPXPoint(
                latitude: Double.random(in: -90...90, using: &random),
                longitude: Double.random(in: -180...180, using: &random),
                elevation: Double.random(in: -400...8000, using: &random),
                time: 1_700_000_000 + Double(k) * 0.25 + Double.random(in: 0..<0.2, using: &random))
        }
        points.append(GPXPoint(latitude: 0, longitude: -0.0))
        let text = GPXCodec.waypoints(points)
        let read = try GPXCodec.read(Data(text.utf8), altitude: -1000...10_000)
        try #require(read.count == points.count)
        for (a, b) in zip(points, read) {
            #expect(abs(a.latitude - b.latitude) <= 5e-10)
            #expect(abs(a.longitude - b.longitude) <= 5e-10)
            #expect(a.elevation == nil ? b.elevation == nil : abs(a.elevation! - b.elevation!) <= 5e-4)
            #expect(a.time == nil ? b.time == nil : abs(a.time! - b.time!) <= 1e-6)
        }
        #expect(text.contains("<wpt lat=\"0\" lon=\"0\">"), "-0 is written as 0")
        // The failing case: an <ele> outside the reader's range is refused, naming it.
        let error = #expect(throws: SignalError.self) { try GPXCodec.read(Data(text.utf8), altitude: 0...1) }
        #expect(error?.message.contains("<ele>") == true, "\(error?.message ?? "")")
    }

    @Test(
        "decimal: at most the digits asked, no trailing zeros, no exponent",
        arguments: [
            (1.5, 9, "1.5"), (1e-10, 9, "0"), (-1e-10, 9, "0"), (123_456.000_4, 3, "123456"),
            (0.1234567891, 9, "0.123456789"),
            (1e20, 3, "100000000000000000000"),
        ] as [(Double, Int, String)])
    func decimal(value: Double, digits: Int, text: String) {
        #expect(GPXCodec.decimal(value, digits: digits) == text)
    }
}
