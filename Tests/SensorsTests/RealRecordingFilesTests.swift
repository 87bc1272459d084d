import Foundation
import Signals
import Testing

@testable import Sensors

/// Real phone exports from other projects (Data/phyphox-DeadReckoning, Data/phyphox-pyphox,
/// Data/phyphox-Activity-Tracking-Project, Data/SensorLogger-kalman-net, Data/SensorLogger-quaternion-complementary-filter;
/// each folder's README.md names the repository, commit, licence and trimming). Every expected number below is
/// copied from the file's own rows.
@Suite struct RealRecordingFilesTests {
    /// A file or folder under the bundled Data/.
    static func data(_ path: String) throws -> String {
        let url = try #require(Bundle.module.resourceURL).appendingPathComponent("Data").appendingPathComponent(path)
        try #require(FileManager.default.fileExists(atPath: url.path), "missing \(url.path)")
        return url.path
    }

    /// Whether two lists agree to 1e-12 (relative): the importers multiply by a reciprocal.
    static func close(_ a: [Double], _ b: [Double]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) <= 1e-12 * max(1, abs($1)) }
    }

    /// Sample `k` of a series as [x, y, z].
    static func sample(_ s: SensorSeries, _ k: Int) -> [Double] { s.axes.map { $0[k] } }

    // MARK: phyphox for iOS (Aymdi/DeadReckoning)

    @Test("phyphox iOS Accelerometer.csv (\"X (m/s^2)\"): 300 samples, CoreMotion g = −value / 9.81, lines 2…301")
    func phyphoxAccelerometer() throws {
        let series = try PhyphoxRecording.read(path: Self.data("phyphox-DeadReckoning/Accelerometer.csv"))
        let s = try #require(series.first)
        #expect(series.count == 1)
        #expect(s.kind == .accelerometer)
        #expect(s.count == 300)
        // Row 1: 3.446083327E-3,-4.806504822E-1,1.707798615E0,9.449848938E0
        #expect(s.times.first == 3.446083327E-3)
        #expect(Self.close(Self.sample(s, 0), [4.806504822E-1 / 9.81, -1.707798615 / 9.81, -9.449848938 / 9.81]))
        // Row 300: 2.973284875E0,-8.282276917E-1,1.668280792E0,9.593400421E0
        #expect(s.times.last == 2.973284875)
        #expect(Self.close(Self.sample(s, 299), [8.282276917E-1 / 9.81, -1.668280792 / 9.81, -9.593400421 / 9.81]))
        #expect(s.lines.first == 2)
        #expect(s.lines.last == 301)
    }

    @Test("the phyphox check fails on Android's g: the same row read with 9.80665 differs by more than 1e-12")
    func phyphoxAccelerometerCheckCanFail() throws {
        let s = try #require(
            try PhyphoxRecording.read(path: Self.data("phyphox-DeadReckoning/Accelerometer.csv")).first)
        #expect(
            !Self.close(Self.sample(s, 0), [4.806504822E-1 / 9.80665, -1.707798615 / 9.80665, -9.449848938 / 9.80665]))
    }

    @Test("phyphox iOS Gyroscope.csv (\"X (rad/s)\"): 300 samples in rad/s, unchanged")
    func phyphoxGyroscope() throws {
        let s = try #require(try PhyphoxRecording.read(path: Self.data("phyphox-DeadReckoning/Gyroscope.csv")).first)
        #expect(s.kind == .gyroscope)
        #expect(s.count == 300)
        // Row 1: 1.958608333E-2,1.314016283E-1,1.265425533E-1,7.930336893E-2
        #expect(s.times.first == 1.958608333E-2)
        #expect(Self.sample(s, 0) == [1.314016283E-1, 1.265425533E-1, 7.930336893E-2])
        // Row 300: 2.989424875E0,-4.531011879E-1,-2.002098709E-1,1.094695032E-1
        #expect(s.times.last == 2.989424875)
        #expect(Self.sample(s, 299) == [-4.531011879E-1, -2.002098709E-1, 1.094695032E-1])
    }

    @Test(
        "the phyphox export's folder: both files, no note (only iOS writes these headers), 296 points at 100 Hz over the overlap"
    )
    func phyphoxFolder() throws {
        let importer = RecordingImport(rate: 100)
        var notes: [String] = []
        let series = try importer.read([Self.data("phyphox-DeadReckoning")], notes: &notes)
        #expect(series.map(\.kind) == [.accelerometer, .gyroscope])
        #expect(notes.isEmpty, "\(notes)")
        let points = try importer.points(series)
        // From the gyroscope's first sample (0.01958608333 s) to the accelerometer's last (2.973284875 s).
        #expect(points.count == Int(((2.973284875 - 1.958608333E-2) * 100).rounded(.down)) + 1)
        let first = try #require(points.first)
        #expect(first.timestamp == 0)
        // The grid starts on the gyroscope's first sample: its rate exactly.
        #expect(
            Self.close(
                [first.rotationRate.x, first.rotationRate.y, first.rotationRate.z],
                [1.314016283E-1, 1.265425533E-1, 7.930336893E-2]))
        // Gravity is estimated (scaled to 1 g); user acceleration + gravity is the recorded accelerometer,
        // interpolated between its rows 2 and 3 (1.337908334E-2 s and 2.33… s).
        let g = first.gravity
        #expect(abs((g.x * g.x + g.y * g.y + g.z * g.z).squareRoot() - 1) < 1e-12)
        let a = try #require(series.first { $0.kind == .accelerometer })
        let k = try #require(a.times.lastIndex { $0 <= 1.958608333E-2 })
        let w = (1.958608333E-2 - a.times[k]) / (a.times[k + 1] - a.times[k])
        let recorded = (0..<3).map { a.axes[$0][k] + w * (a.axes[$0][k + 1] - a.axes[$0][k]) }
        let total = [first.userAcceleration.x + g.x, first.userAcceleration.y + g.y, first.userAcceleration.z + g.z]
        #expect(zip(total, recorded).allSatisfy { abs($0 - $1) < 1e-12 }, "\(total) vs \(recorded)")
    }

    /// Reads a Sensor Logger folder (iOS) of two streams, expecting `kinds` in order, no note, and 300
    /// samples in each; returns the two series.
    static func sensorLoggerPair(
        _ folder: String, _ kinds: [SensorSeries.Kind], sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> (SensorSeries, SensorSeries) {
        var notes: [String] = []
        let series = try RecordingImport(rate: 100, convention: .ios).read([data(folder)], notes: &notes)
        #expect(series.map(\.kind) == kinds, sourceLocation: sourceLocation)
        #expect(notes.isEmpty, "\(notes)", sourceLocation: sourceLocation)
        let first = try #require(series.first, sourceLocation: sourceLocation)
        let last = try #require(series.last, sourceLocation: sourceLocation)
        #expect(first.count == 300, sourceLocation: sourceLocation)
        #expect(last.count == 300, sourceLocation: sourceLocation)
        return (first, last)
    }

    // MARK: Sensor Logger, Accelerometer.csv and Gyroscope.csv (Ash920323/kalman-net)

    @Test(
        "Sensor Logger Accelerometer.csv and Gyroscope.csv (z,y,x), iOS: 300 samples each, seconds_elapsed the time, x the last column"
    )
    func sensorLoggerIOS() throws {
        let (user, gyro) = try Self.sensorLoggerPair("SensorLogger-kalman-net", [.userAcceleration, .gyroscope])
        // Row 1 of Accelerometer.csv: 1746650740041851600,0.0228515625,-0.05398235007822513,-0.010347553551103918,0.040905997184314764
        #expect(user.times.first == 0.0228515625)
        #expect(
            Self.close(
                Self.sample(user, 0),
                [0.040905997184314764 / 9.80665, -0.010347553551103918 / 9.80665, -0.05398235007822513 / 9.80665]))
        // Row 300: 1746650743021583400,3.002583251953125,-0.0320242007702589,-0.07778501300802454,-0.10406118991188705
        #expect(user.times.last == 3.002583251953125)
        #expect(
            Self.close(
                Self.sample(user, 299),
                [-0.10406118991188705 / 9.80665, -0.07778501300802454 / 9.80665, -0.0320242007702589 / 9.80665]))
        // Gyroscope.csv row 1: …,0.0228515625,0.0003267227439209819,-0.003185904584825039,0.0018055193359032273
        #expect(gyro.times.first == 0.0228515625)
        #expect(Self.sample(gyro, 0) == [0.0018055193359032273, -0.003185904584825039, 0.0003267227439209819])
        // Row 300: …,3.002583251953125,-0.017218708992004395,0.017264794558286667,0.003969147335737944
        #expect(Self.sample(gyro, 299) == [0.003969147335737944, 0.017264794558286667, -0.017218708992004395])
    }

    @Test("Sensor Logger with --platform android: the accelerations' sign turns, the rates' does not")
    func sensorLoggerAndroid() throws {
        let ios = try RecordingImport(rate: 100, convention: .ios).read([Self.data("SensorLogger-kalman-net")])
        let android = try RecordingImport(rate: 100, convention: .android).read([Self.data("SensorLogger-kalman-net")])
        #expect(android[0].axes[0] == ios[0].axes[0].map { -$0 })
        #expect(android[0].axes[2] == ios[0].axes[2].map { -$0 })
        #expect(android[1].axes == ios[1].axes)
    }

    @Test("Sensor Logger without Metadata.csv or a platform: refused naming the first sensor file and the two ways out")
    func sensorLoggerNeedsPlatform() throws {
        let error = #expect(throws: SignalError.self) {
            try RecordingImport(rate: 100).read([Self.data("SensorLogger-kalman-net")])
        }
        #expect(error?.code == .invalidArgument)
        #expect(
            error?.file?.hasSuffix("SensorLogger-kalman-net/Accelerometer.csv") == true, "\(String(describing: error))")
        #expect(error?.message.contains("pass its Metadata.csv too, or --platform ios|android") == true)
    }

    @Test("a real Sensor Logger file renamed by its author (noise_Gyr.csv): refused, its name does not tell the sensor")
    func sensorLoggerRenamed() throws {
        // Right to refuse: Sensor Logger's header (time,seconds_elapsed,z,y,x) is the same for every sensor,
        // and only the name tells an accelerometer without gravity from one with it, or from a gyroscope.
        let path = try Self.data("SensorLogger-kalman-net/renamed/noise_Gyr.csv")
        let error = #expect(throws: SignalError.self) { try RecordingImport(rate: 100, convention: .ios).read([path]) }
        #expect(error?.code == .unknownFormat)
        #expect(error?.file == path)
        #expect(
            error?.message.contains("a Sensor Logger file is named after its sensor") == true,
            "\(String(describing: error))")
        #expect(error?.message.contains("this one's name does not tell") == true)
        // Renamed back to Sensor Logger's name, the same bytes read: 300 rates, row 1's x last.
        let dir = try RecordingFixtures.folder()
        let renamed = dir.appendingPathComponent("Gyroscope.csv")
        try FileManager.default.copyItem(atPath: path, toPath: renamed.path)
        let gyro = try #require(try RecordingImport(rate: 100, convention: .ios).read([renamed.path]).first)
        #expect(gyro.count == 300)
        #expect(Self.sample(gyro, 0) == [-0.001963005168363452, -0.0005883350968360901, -0.0014150890056043863])
    }

    // MARK: Sensor Logger, uncalibrated (simorxb/quaternion-complementary-filter)

    @Test("Sensor Logger iOS AccelerometerUncalibrated.csv (g) and GyroscopeUncalibrated.csv alone: both read, no note")
    func sensorLoggerUncalibrated() throws {
        let (raw, gyro) = try Self.sensorLoggerPair(
            "SensorLogger-quaternion-complementary-filter", [.accelerometer, .gyroscope])
        // Row 1: 1699734109763076400,0.037076416015625,-0.940948486328125,-0.2747650146484375,0.0849761962890625 (g, CoreMotion's sign)
        #expect(raw.times.first == 0.037076416015625)
        #expect(Self.sample(raw, 0) == [0.0849761962890625, -0.2747650146484375, -0.940948486328125])
        // Row 300: 1699734112760386000,3.034385986328125,-0.207733154296875,-0.9764556884765625,0.0344696044921875
        #expect(raw.times.last == 3.034385986328125)
        #expect(Self.sample(raw, 299) == [0.0344696044921875, -0.9764556884765625, -0.207733154296875])
        // GyroscopeUncalibrated.csv row 1: 1699734109846237400,0.120237548828125,0.0007491472060792148,-0.16851603984832764,0.062139272689819336
        #expect(gyro.times.first == 0.120237548828125)
        #expect(Self.sample(gyro, 0) == [0.062139272689819336, -0.16851603984832764, 0.0007491472060792148])
        // Row 300: 1699734112843582000,3.11758203125,0.07216367870569229,-0.6804555058479309,0.2777266800403595
        #expect(gyro.times.last == 3.11758203125)
        #expect(Self.sample(gyro, 299) == [0.2777266800403595, -0.6804555058479309, 0.07216367870569229])
    }

    @Test(
        "the uncalibrated export imports to points with its rotation rate (was zero: GyroscopeUncalibrated.csv was skipped)"
    )
    func sensorLoggerUncalibratedPoints() throws {
        let importer = RecordingImport(rate: 100, convention: .ios)
        let points = try importer.points(try importer.read([Self.data("SensorLogger-quaternion-complementary-filter")]))
        // From the gyroscope's first sample (0.120237548828125 s) to the accelerometer's last (3.034385986328125 s).
        #expect(points.count == Int(((3.034385986328125 - 0.120237548828125) * 100).rounded(.down)) + 1)
        let first = try #require(points.first)
        #expect(
            Self.close(
                [first.rotationRate.x, first.rotationRate.y, first.rotationRate.z],
                [0.062139272689819336, -0.16851603984832764, 0.0007491472060792148]))
    }

    @Test(
        "GyroscopeUncalibrated.csv beside a Gyroscope.csv: the calibrated one is read, the other skipped with a note saying why"
    )
    func sensorLoggerUncalibratedBesideCalibrated() throws {
        let dir = try RecordingFixtures.folder()
        for (from, name) in [
            ("SensorLogger-quaternion-complementary-filter/GyroscopeUncalibrated.csv", "GyroscopeUncalibrated.csv"),
            ("SensorLogger-kalman-net/Gyroscope.csv", "Gyroscope.csv"),
        ] {
            try FileManager.default.copyItem(atPath: Self.data(from), toPath: dir.appendingPathComponent(name).path)
        }
        var notes: [String] = []
        let series = try RecordingImport(rate: 100, convention: .ios).read([dir.path], notes: &notes)
        #expect(series.map(\.kind) == [.gyroscope])
        #expect(series.first?.file.hasSuffix("/Gyroscope.csv") == true)
        #expect(
            notes == [
                "skipped \(dir.appendingPathComponent("GyroscopeUncalibrated.csv").path): Sensor Logger's uncalibrated gyroscope; the calibrated Gyroscope.csv among the files is read"
            ])
    }

    @Test(
        "Sensor Logger files of two exports (recordings started 2023-11-11 and 2025-05-07): refused naming both and their starts"
    )
    func sensorLoggerTwoRecordings() throws {
        // Their seconds_elapsed overlap by chance (0.04…3.03 s and 0.02…3.00 s): only `time` tells them apart.
        let accelerometer = try Self.data("SensorLogger-quaternion-complementary-filter/AccelerometerUncalibrated.csv")
        let gyroscope = try Self.data("SensorLogger-kalman-net/Gyroscope.csv")
        let error = #expect(throws: SignalError.self) {
            try RecordingImport(rate: 100, convention: .ios).read([accelerometer, gyroscope])
        }
        #expect(error?.code == .incompatible)
        #expect(error?.file == gyroscope)
        #expect(error?.line == 2)
        #expect(
            error?.message
                == "this file is from another Sensor Logger recording than \(accelerometer): its recording started at 2025-05-07 20:45:40 +0000 (its time minus its seconds_elapsed), that one at 2023-11-11 20:21:49 +0000; give the files of one recording",
            "\(String(describing: error))")
        // The files of one export agree: each folder reads.
        #expect(
            try RecordingImport(rate: 100, convention: .ios).read([Self.data("SensorLogger-kalman-net")]).count == 2)
    }

    // MARK: phyphox "Raw Data.csv", linear acceleration (MagdalenaMorus/pyphox)

    @Test(
        "phyphox Raw Data.csv (\"Linear Acceleration x (m/s^2)\"): 622 samples of user acceleration, 9.81 m/s² per g without a platform"
    )
    func phyphoxRawData() throws {
        let s = try #require(try PhyphoxRecording.read(path: Self.data("phyphox-pyphox/Raw Data.csv")).first)
        #expect(s.kind == .userAcceleration)
        #expect(s.count == 622)
        // Row 1: 7.359827000E-3,7.499999832E-3,-1.799999923E-2,6.830000132E-2,7.102915000E-2
        #expect(s.times.first == 7.359827000E-3)
        #expect(Self.close(Self.sample(s, 0), [-7.499999832E-3 / 9.81, 1.799999923E-2 / 9.81, -6.830000132E-2 / 9.81]))
        // Row 622: 6.171606702E0,2.402999997E-1,-2.188999951E-1,-2.009999901E-1,3.821809699E-1
        #expect(s.times.last == 6.171606702)
        #expect(
            Self.close(Self.sample(s, 621), [-2.402999997E-1 / 9.81, 2.188999951E-1 / 9.81, 2.009999901E-1 / 9.81]))
        #expect(s.lines.last == 623)
    }

    @Test(
        "phyphox Raw Data.csv: the import notes the assumed 9.81; with --platform android it reads m/s² of 9.80665 and notes nothing"
    )
    func phyphoxRawDataPlatform() throws {
        let path = try Self.data("phyphox-pyphox/Raw Data.csv")
        var notes: [String] = []
        _ = try RecordingImport(rate: 100).read([path], notes: &notes)
        #expect(
            notes == [
                "\(path): no phyphox meta/device.csv and no --platform: accelerations read with iOS's 9.81 m/s² per g (an Android recording, in m/s² of 9.80665, then reads 0.03 % low)"
            ])
        var androidNotes: [String] = []
        let android = try #require(
            try RecordingImport(rate: 100, convention: .android).read([path], notes: &androidNotes).first)
        #expect(androidNotes.isEmpty)
        #expect(
            Self.close(
                Self.sample(android, 0),
                [-7.499999832E-3 / 9.80665, 1.799999923E-2 / 9.80665, -6.830000132E-2 / 9.80665]))
    }

    // MARK: phyphox, as exported and re-saved by a spreadsheet (aghassel/Activity-Tracking-Project)

    @Test(
        "phyphox \"Acceleration x (m/s^2)\" whose first time is negative: read, and imported from t = 0 at that instant"
    )
    func phyphoxNegativeStart() throws {
        let path = try Self.data("phyphox-Activity-Tracking-Project/Testing3.csv")
        let s = try #require(try PhyphoxRecording.read(path: path).first)
        #expect(s.kind == .accelerometer)
        #expect(s.count == 300)
        // Row 1: -1.229749992E-3,-4.177063751E0,5.200335846E0,6.744824066E0,9.485989995E0
        #expect(s.times.first == -1.229749992E-3)
        #expect(Self.close(Self.sample(s, 0), [4.177063751 / 9.81, -5.200335846 / 9.81, -6.744824066 / 9.81]))
        // Row 300: 2.968873333E0,1.251846771E0,-1.379770752E1,-9.250313873E0,1.665869622E1
        #expect(s.times.last == 2.968873333)
        #expect(Self.close(Self.sample(s, 299), [-1.251846771 / 9.81, 1.379770752E1 / 9.81, 9.250313873 / 9.81]))
        let importer = RecordingImport(rate: 100)
        let points = try importer.points(try importer.read([path]))
        #expect(points.count == Int(((2.968873333 + 1.229749992E-3) * 100).rounded(.down)) + 1)
        #expect(points.first?.timestamp == 0)
        let first = try #require(points.first)
        let total = [
            first.userAcceleration.x + first.gravity.x, first.userAcceleration.y + first.gravity.y,
            first.userAcceleration.z + first.gravity.z,
        ]
        #expect(Self.close(total, [4.177063751 / 9.81, -5.200335846 / 9.81, -6.744824066 / 9.81]))
    }

    @Test(
        "phyphox re-saved by a spreadsheet (byte-order mark, CRLF, unquoted header, plain decimals): read as the same numbers"
    )
    func phyphoxSpreadsheetResaved() throws {
        let s = try #require(
            try PhyphoxRecording.read(path: Self.data("phyphox-Activity-Tracking-Project/lwlh_data.csv")).first)
        #expect(s.kind == .userAcceleration)
        #expect(s.count == 300)
        // Row 1: 0.001969125,-0.68556864,1.895534583,-1.812524001,2.710774607
        #expect(s.times.first == 0.001969125)
        #expect(Self.close(Self.sample(s, 0), [0.68556864 / 9.81, -1.895534583 / 9.81, 1.812524001 / 9.81]))
        // Row 300: 2.97228925,-1.434175234,-1.075052113,-0.705671221,1.926283344
        #expect(s.times.last == 2.97228925)
        #expect(Self.close(Self.sample(s, 299), [1.434175234 / 9.81, 1.075052113 / 9.81, 0.705671221 / 9.81]))
        #expect(s.lines.first == 2)
        #expect(s.lines.last == 301)
    }

    @Test(
        "phyphox re-saved with 3 significant digits (100 rows at 1.20E+02 s): refused at the third row at one time, saying why"
    )
    func phyphoxRoundedTimesRefused() throws {
        // Right to refuse: 50 rows stamped 120 s, 100 at 121 s, ... hold 10 ms samples whose times are lost;
        // dropping the repeats (as for a sample written twice) would read 4 samples 1 s apart that were never recorded.
        let path = try Self.data("phyphox-Activity-Tracking-Project/kjb_data.csv")
        let error = #expect(throws: SignalError.self) { try PhyphoxRecording.read(path: path) }
        #expect(error?.code == .invalidTime)
        #expect(error?.file == path)
        #expect(error?.line == 4)
        #expect(error?.column == 1)
        #expect(
            error?.message.contains("this row and the 2 complete rows before it (from line 2) all have time 120.0 s")
                == true, "\(String(describing: error))")
        #expect(error?.message.contains("the times were rounded") == true)
    }
}
