import Testing

@testable import Formats

/// The stream tables of a render directory: one list of names and positions per table, which the render's
/// writer, the render-directory reader and the MCAP mapping all use.
@Suite struct StreamColumnsTests {
    /// The headers every render has written since the tables existed (frozen: users' scripts read them).
    /// A column is only ever appended: the truth's `speed` (the platform's) came after `steps`.
    static let headers: [StreamTable: String] = [
        .truth:
            "t,latitude,longitude,altitude,velocity.east,velocity.north,velocity.up,acceleration.east,acceleration.north,acceleration.up,attitude.w,attitude.x,attitude.y,attitude.z,rotationRate.x,rotationRate.y,rotationRate.z,altitude.msl,heading.true,heading.magnetic,steps,speed",
        .imu: "t,accelerometer.x,accelerometer.y,accelerometer.z,gyroscope.x,gyroscope.y,gyroscope.z",
        .magnetometer: "t,magnetometer.x,magnetometer.y,magnetometer.z",
        .barometer: "t,pressure",
        .gnss: "t,latitude,longitude,altitude,speed,course,horizontalAccuracy,verticalAccuracy",
    ]

    @Test("each table's header is the frozen one, and its file is named for it", arguments: StreamTable.allCases)
    func golden(table: StreamTable) {
        #expect((["t"] + table.columns).joined(separator: ",") == Self.headers[table])
        // A header that ends at `steps` is still the truth's prefix, column for column, so older readers work.
        let before =
            "t,latitude,longitude,altitude,velocity.east,velocity.north,velocity.up,acceleration.east,acceleration.north,acceleration.up,attitude.w,attitude.x,attitude.y,attitude.z,rotationRate.x,rotationRate.y,rotationRate.z,altitude.msl,heading.true,heading.magnetic,steps"
        if table == .truth { #expect(Self.headers[table]?.hasPrefix(before + ",") == true) }
        #expect(Set(table.columns).count == table.columns.count, "a name appears twice")
        #expect(table.fileName() == "\(table.rawValue).csv")
        #expect(table.fileName("npy") == "\(table.rawValue).npy")
    }

    @Test("positions follow the names: column k is at index k + 1 of a row that starts with t")
    func positions() {
        func check<C: StreamColumn>(_: C.Type) {
            for (k, column) in C.allCases.enumerated() {
                #expect(column.rawValue == k, "\(column.name)")
                #expect(column.position == k + 1, "\(column.name)")
                #expect(C.names[k] == column.name)
            }
        }
        check(TruthColumn.self)
        check(IMUColumn.self)
        check(MagnetometerColumn.self)
        check(BarometerColumn.self)
        check(LocationColumn.self)
        #expect(LocationColumns.names == LocationColumn.names)
        #expect(IMUColumn.accelerometer.map(\.name) == ["accelerometer.x", "accelerometer.y", "accelerometer.z"])
        #expect(IMUColumn.gyroscope.map(\.name) == ["gyroscope.x", "gyroscope.y", "gyroscope.z"])
    }

    @Test("a column's value is read from its own place in a row, also from a slice of a longer buffer")
    func values() {
        // Two truth rows back to back; each value is its row number × 100 + its index.
        let width = 1 + TruthColumn.allCases.count
        let buffer = (0..<(2 * width)).map { Double($0 / width * 100 + $0 % width) }
        let second = buffer[width..<(2 * width)]
        #expect(TruthColumn.latitude.value(in: second) == 101)
        #expect(TruthColumn.attitudeW.value(in: second) == 110)
        #expect(TruthColumn.steps.value(in: second) == 120)
        // The failing case: a row read one place off does not give the column's value.
        let shifted = buffer[(width + 1)..<(2 * width)]
        #expect(TruthColumn.attitudeW.value(in: shifted) != 110)
    }

    @Test("a recording's time column: t, timestamp or time, any case, quoted or not; nothing else")
    func timeColumn() {
        for name in ["t", "T", "timestamp", "\"Timestamp\"", "time", "TIME"] {
            #expect(StreamTable.isTimeColumn(name), "\(name)")
        }
        for name in ["tt", "seconds", "seconds_elapsed", "", "x"] {
            #expect(!StreamTable.isTimeColumn(name), "\(name)")
        }
        #expect(StreamTable.timeColumn == "t")
    }
}
