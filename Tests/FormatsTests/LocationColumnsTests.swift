import Testing

@testable import Formats

/// The location CSV's columns: one list for a route's render, a trajectory's `gnss.csv` and the reader.
@Suite struct LocationColumnsTests {
    @Test("the header is the one every route render and gnss.csv has always had")
    func golden() {
        #expect(
            (["t"] + LocationColumns.names).joined(separator: ",")
                == "t,latitude,longitude,altitude,speed,course,horizontalAccuracy,verticalAccuracy")
    }

    @Test("a row's values sit under their names")
    func rowOrder() throws {
        let row = LocationColumns.row(
            latitude: 1, longitude: 2, altitude: 3, speed: 4, course: 5, horizontalAccuracy: 6, verticalAccuracy: 7)
        let expected: [String: Double] = [
            "latitude": 1, "longitude": 2, "altitude": 3, "speed": 4, "course": 5,
            "horizontalAccuracy": 6, "verticalAccuracy": 7,
        ]
        #expect(row.count == LocationColumns.names.count)
        for (name, value) in zip(LocationColumns.names, row) {
            #expect(expected[name] == value, "column \(name)")
        }
        // The failing case: a row in another order does not match the names.
        let swapped = [row[1], row[0]] + row.dropFirst(2)
        #expect(zip(LocationColumns.names, swapped).contains { expected[$0] != $1 })
    }
}
