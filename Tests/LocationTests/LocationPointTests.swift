import Foundation
import Testing

@testable import Location

@Suite struct LocationPointTests {
    @Test("defaults as Core Location: accuracies 0, speed 0, course −1")
    func defaults() {
        let p = LocationPoint(timestamp: 1, latitude: 2, longitude: 3)
        #expect(p.altitude == 0)
        #expect(p.horizontalAccuracy == 0)
        #expect(p.verticalAccuracy == 0)
        #expect(p.speed == 0)
        #expect(p.course == -1)
    }

    @Test(
        "JSON line: {timestamp, location: {latitude, longitude, altitude, horizontalAccuracy, verticalAccuracy, speed, course}}"
    )
    func jsonLine() throws {
        let p = LocationPoint(
            timestamp: 0.5, latitude: 51.5007, longitude: -0.1246, altitude: 10, horizontalAccuracy: 4.5,
            verticalAccuracy: 6.75, speed: 1.4, course: 45)
        #expect(
            try p.jsonLine
                == #"{"timestamp":0.5,"location":{"latitude":51.5007,"longitude":-0.1246,"altitude":10.0,"horizontalAccuracy":4.5,"verticalAccuracy":6.75,"speed":1.4,"course":45.0}}"#
        )
        let decoded = try JSONDecoder().decode(LocationPoint.self, from: Data(p.jsonLine.utf8))
        #expect(decoded == p)
        let encoded = try JSONEncoder().encode(p)
        #expect(try JSONDecoder().decode(LocationPoint.self, from: encoded) == p)
    }

    @Test(
        "decoding is strict (the point lines' rules): unknown fields, missing coordinates and out-of-range ones are refused; the rest defaults"
    )
    func strictDecoding() throws {
        let minimal = try JSONDecoder().decode(
            LocationPoint.self, from: Data(#"{"timestamp": 1, "location": {"latitude": 1, "longitude": 2}}"#.utf8))
        #expect(minimal == LocationPoint(timestamp: 1, latitude: 1, longitude: 2))
        for bad in [
            #"{"timestamp": 1, "location": {"latitude": 1, "longitude": 2, "heading": 3}}"#,
            #"{"timestamp": 1, "location": {"latitude": 1}}"#,
            #"{"timestamp": 1, "location": {"latitude": 1, "longitude": 2}, "extra": 0}"#,
            #"{"location": {"latitude": 1, "longitude": 2}}"#,
            #"{"timestamp": 1, "location": {"latitude": 90.5, "longitude": 2}}"#,
            #"{"timestamp": 1, "location": {"latitude": 1, "longitude": null}}"#,
        ] {
            #expect(throws: SignalError.self, "\(bad)") {
                try JSONDecoder().decode(LocationPoint.self, from: Data(bad.utf8))
            }
        }
    }

    @Test(
        "speedAccuracy and courseAccuracy: −1 (unknown) by default and then not written; known ones written after course and read back"
    )
    func velocityAccuracies() throws {
        let unknown = LocationPoint(timestamp: 1, latitude: 2, longitude: 3, speed: 1.4, course: 45)
        #expect(unknown.speedAccuracy == -1)
        #expect(unknown.courseAccuracy == -1)
        #expect(try !unknown.jsonLine.contains("Accuracy\":-1"))
        #expect(try !unknown.jsonLine.contains("speedAccuracy"))
        let known = LocationPoint(
            timestamp: 1, latitude: 2, longitude: 3, speed: 1.4, course: 45, speedAccuracy: 0.1, courseAccuracy: 4.08)
        #expect(
            try known.jsonLine
                == #"{"timestamp":1.0,"location":{"latitude":2.0,"longitude":3.0,"altitude":0.0,"horizontalAccuracy":0.0,"verticalAccuracy":0.0,"speed":1.4,"course":45.0,"speedAccuracy":0.1,"courseAccuracy":4.08}}"#
        )
        let decoded = try JSONDecoder().decode(LocationPoint.self, from: Data(known.jsonLine.utf8))
        #expect(decoded == known)
        #expect(decoded != unknown)  // the failing case: the accuracies take part in equality
        #expect(try JSONDecoder().decode(LocationPoint.self, from: JSONEncoder().encode(known)) == known)
        // Only the speed's known: the course's stays out and reads back as −1.
        let half = LocationPoint(timestamp: 1, latitude: 2, longitude: 3, speedAccuracy: 0.5)
        #expect(try !half.jsonLine.contains("courseAccuracy"))
        #expect(try JSONDecoder().decode(LocationPoint.self, from: Data(half.jsonLine.utf8)) == half)
    }
}
