import Foundation
import Signals
import Testing

@testable import Sensors

/// The export forms real phone recordings come in: phyphox's other CSV formats, its iOS 1.1.16
/// headers and device sheet, Sensor Logger's whole folders, uncalibrated accelerometer, nanosecond times and
/// metadata that contradicts --platform. The headers and the shape of the numbers are those of real exports.
@Suite struct RecordingExportFormatsTests {
    /// Writes `files` (names may hold a folder: `meta/device.csv`) into a fresh folder.
    static func folder(_ files: [String: String]) throws -> URL {
        let dir = try RecordingFixtures.folder()
        for (name, text) in files {
            let url = dir.appendingPathComponent(name)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return dir
    }

    /// Whether two lists agree to 1e-12 (relative): the importers multiply by a reciprocal.
    static func close(_ a: [Double], _ b: [Double]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) <= 1e-12 * max(1, abs($1)) }
    }

    /// phyphox's device sheet: iOS (as phyphox 1.1.16 on an iPhone writes it) or Android.
    static func deviceSheet(ios: Bool, separator: String = ",") -> String {
        let rows =
            ios
            ? [
                ("version", "1.1.16"), ("build", "11317"), ("fileFormat", "1.18"), ("deviceModel", "iPhone14,2"),
                ("deviceBrand", "Apple"),
                ("deviceBoard", ""), ("deviceManufacturer", ""), ("deviceBaseOS", ""), ("deviceCodename", ""),
                ("deviceRelease", "18.3"),
            ]
            : [
                ("version", "1.2.0"), ("build", "1020003"), ("fileFormat", "1.19"), ("deviceModel", "Pixel 7"),
                ("deviceBrand", "google"),
                ("deviceBoard", "panther"), ("deviceManufacturer", "Google"), ("deviceBaseOS", ""),
                ("deviceCodename", "REL"), ("deviceRelease", "14"),
            ]
        return (["\"property\"\(separator)\"value\""] + rows.map { "\"\($0.0)\"\(separator)\"\($0.1)\"" }).joined(
            separator: "\n") + "\n"
    }

    /// A still phone face up, phyphox's accelerometer (Android's sign: +z up), `count` samples 10 ms apart.
    static func phyphoxAccelerometer(
        z: String = "9.810000000E0", count: Int = 50, separator: String = ",",
        header: String =
            "\"Time (s)\",\"Acceleration x (m/s^2)\",\"Acceleration y (m/s^2)\",\"Acceleration z (m/s^2)\",\"Absolute acceleration (m/s^2)\""
    ) -> String {
        var text = header.replacingOccurrences(of: ",", with: separator) + "\n"
        for k in 0..<count {
            let t = String(format: "%.9E", Double(k) * 0.01)
            let row = [separator == "," ? t : t, "0.000000000E0", "0.000000000E0", z, z]
            text += row.prefix(header.components(separatedBy: ",").count).joined(separator: separator) + "\n"
        }
        return text
    }

    // MARK: 4: phyphox's other formats

    @Test(
        "phyphox 1.1.16 for iOS: \"X (m/s^2)\" headers, the sensor from the file's name (Linear Accelerometer.csv: no gravity)"
    )
    func ios1116Headers() throws {
        let header = "\"Time (s)\",\"X (m/s^2)\",\"Y (m/s^2)\",\"Z (m/s^2)\""
        let dir = try Self.folder([
            "Linear Accelerometer.csv": header
                + "\n0.000000000E0,1.000000000E-1,-2.000000000E-1,9.810000000E-1\n1.000000000E-2,2.000000000E-1,-2.000000000E-1,9.810000000E-1\n",
            "Accelerometer.csv": header
                + "\n0.000000000E0,0.000000000E0,0.000000000E0,9.810000000E0\n1.000000000E-2,0.000000000E0,0.000000000E0,9.810000000E0\n",
            "Gyroscope.csv": "\"Time (s)\",\"X (rad/s)\",\"Y (rad/s)\",\"Z (rad/s)\"\n0,1.5E-2,0,0\n0.01,2.5E-2,0,0\n",
        ])
        var notes: [String] = []
        let series = try RecordingImport(rate: 100).read(
            ["Linear Accelerometer.csv", "Accelerometer.csv", "Gyroscope.csv"]
                .map { dir.appendingPathComponent($0).path }, notes: &notes)
        let user = try #require(series.first { $0.kind == .userAcceleration })
        let raw = try #require(series.first { $0.kind == .accelerometer })
        let gyro = try #require(series.first { $0.kind == .gyroscope })
        // Only the iOS app writes these headers: 9.81 per g, Android's sign turned to CoreMotion's.
        #expect(Self.close(user.axes[0], [-0.1 / 9.81, -0.2 / 9.81]))
        #expect(Self.close(user.axes[2], [-0.1, -0.1]))
        #expect(Self.close(raw.axes[2], [-1, -1]))
        #expect(gyro.axes[0] == [0.015, 0.025])
        #expect(notes.isEmpty)
    }

    @Test("phyphox 1.1.16 \"X (m/s^2)\" in a file whose name does not tell gravity in or out: refused saying so")
    func ios1116Unnamed() throws {
        let dir = try Self.folder([
            "Raw Data.csv": "\"Time (s)\",\"X (m/s^2)\",\"Y (m/s^2)\",\"Z (m/s^2)\"\n0,0,0,9.81\n0.01,0,0,9.81\n"
        ])
        let error = #expect(throws: SignalError.self) {
            try RecordingImport(rate: 100).read([dir.appendingPathComponent("Raw Data.csv").path])
        }
        #expect(error?.code == .unknownFormat)
        #expect(error?.line == 1)
        #expect(
            error?.message.contains("does not say whether gravity is included") == true, "\(String(describing: error))")
    }

    @Test(
        "phyphox \"CSV (Semicolon, decimal comma)\" and \"CSV (Tabulator, decimal point/comma)\" read as the comma export",
        arguments: [(";", true), ("\t", false), ("\t", true), (";", false)])
    func separators(_ separator: String, _ decimalComma: Bool) throws {
        func number(_ v: Double) -> String {
            let text = String(format: "%.9E", v)
            return decimalComma ? text.replacingOccurrences(of: ".", with: ",") : text
        }
        var text =
            [
                "\"Time (s)\"", "\"Linear Acceleration x (m/s^2)\"", "\"Linear Acceleration y (m/s^2)\"",
                "\"Linear Acceleration z (m/s^2)\"",
            ]
            .joined(separator: separator) + "\n"
        for k in 0..<3 {
            text +=
                [Double(k) * 0.01, 0.04826846900, -7.002162933e-2, 1.464896202e-1 * Double(k + 1)].map(number).joined(
                    separator: separator) + "\n"
        }
        let dir = try Self.folder(["Linear Acceleration.csv": text])
        let s = try PhyphoxRecording.read(path: dir.appendingPathComponent("Linear Acceleration.csv").path)
        #expect(s[0].kind == .userAcceleration)
        #expect(s[0].times == [0, 0.01, 0.02])
        #expect(Self.close([s[0].axes[0][0]], [-0.04826846900 / 9.81]))
        #expect(Self.close([s[0].axes[2][2]], [-(1.464896202e-1 * 3) / 9.81]))
    }

    @Test("a decimal comma in a comma-separated file is still an error naming its line and column")
    func decimalCommaInCommaFile() throws {
        let dir = try Self.folder([
            "Gyroscope.csv":
                "\"Time (s)\",\"Gyroscope x (rad/s)\",\"Gyroscope y (rad/s)\",\"Gyroscope z (rad/s)\"\n0,1,2,3\n0.01,\"1,5\",2,3\n"
        ])
        let error = #expect(throws: SignalError.self) {
            try PhyphoxRecording.read(path: dir.appendingPathComponent("Gyroscope.csv").path)
        }
        #expect(error?.line == 3)
        #expect(error?.column == 2)
        #expect(error?.message.contains("a decimal comma?") == true)
    }

    @Test("Android phyphox exports with NaN cells: those rows are skipped, the others read")
    func androidNaN() throws {
        let text =
            "\"Time (s)\",\"Linear Acceleration x (m/s^2)\",\"Linear Acceleration y (m/s^2)\",\"Linear Acceleration z (m/s^2)\",\"Absolute acceleration (m/s^2)\"\n"
            + "0.000000000E0,NaN,NaN,NaN,NaN\n1.000000000E-2,1.000000000E-1,2.000000000E-1,3.000000000E-1,NaN\n"
            + "2.000000000E-2,NaN,2.000000000E-1,3.000000000E-1,NaN\n3.000000000E-2,4.000000000E-1,5.000000000E-1,6.000000000E-1,8.775E-1\n"
        let dir = try Self.folder(["Linear Acceleration.csv": text, "meta/device.csv": Self.deviceSheet(ios: false)])
        let s = try PhyphoxRecording.read(path: dir.appendingPathComponent("Linear Acceleration.csv").path)
        #expect(s[0].times == [0.01, 0.03])
        #expect(s[0].lines == [3, 5])
        #expect(Self.close(s[0].axes[0], [-0.1 / IMU.standardGravity, -0.4 / IMU.standardGravity]))
    }

    // MARK: 10: phyphox's unit per platform

    @Test(
        "phyphox accelerations: ÷9.81 for iOS, ÷9.80665 for Android, the platform from meta/device.csv beside the file")
    func phyphoxPlatformUnit() throws {
        let ios = try Self.folder([
            "Accelerometer.csv": Self.phyphoxAccelerometer(), "meta/device.csv": Self.deviceSheet(ios: true),
        ])
        let android = try Self.folder([
            "Accelerometer.csv": Self.phyphoxAccelerometer(), "meta/device.csv": Self.deviceSheet(ios: false),
        ])
        let a = try PhyphoxRecording.read(path: ios.appendingPathComponent("Accelerometer.csv").path)
        let b = try PhyphoxRecording.read(path: android.appendingPathComponent("Accelerometer.csv").path)
        #expect(Self.close([a[0].axes[2][0]], [-1]))
        #expect(Self.close([b[0].axes[2][0]], [-9.81 / 9.80665]))
        #expect(!Self.close([b[0].axes[2][0]], [-1]))
        // The whole export folder, and the device sheet given as a file, say the same.
        var notes: [String] = []
        let folder = try RecordingImport(rate: 100).read([android.path], notes: &notes)
        #expect(Self.close([folder[0].axes[2][0]], [-9.81 / 9.80665]))
        let listed = try RecordingImport(rate: 100).read([
            android.appendingPathComponent("meta/device.csv").path,
            android.appendingPathComponent("Accelerometer.csv").path,
        ])
        #expect(Self.close([listed[0].axes[2][0]], [-9.81 / 9.80665]))
        #expect(notes.isEmpty)
    }

    @Test("phyphox without a device sheet: --platform decides; without either, 9.81 with a note")
    func phyphoxPlatformUnknown() throws {
        let dir = try Self.folder(["Accelerometer.csv": Self.phyphoxAccelerometer()])
        let path = dir.appendingPathComponent("Accelerometer.csv").path
        var notes: [String] = []
        let unknown = try RecordingImport(rate: 100).read([path], notes: &notes)
        #expect(Self.close([unknown[0].axes[2][0]], [-1]))
        #expect(notes.count == 1)
        #expect(notes.first?.contains("no phyphox meta/device.csv and no --platform") == true)
        var none: [String] = []
        let android = try RecordingImport(rate: 100, convention: .android).read([path], notes: &none)
        #expect(Self.close([android[0].axes[2][0]], [-9.81 / 9.80665]))
        #expect(none.isEmpty)
    }

    @Test("--platform against phyphox's device sheet: refused naming the sheet")
    func phyphoxPlatformContradiction() throws {
        let dir = try Self.folder([
            "Accelerometer.csv": Self.phyphoxAccelerometer(), "meta/device.csv": Self.deviceSheet(ios: true),
        ])
        let error = #expect(throws: SignalError.self) {
            try RecordingImport(rate: 100, convention: .android).read([
                dir.appendingPathComponent("Accelerometer.csv").path
            ])
        }
        #expect(error?.code == .incompatible)
        #expect(error?.file?.hasSuffix("device.csv") == true)
        #expect(
            error?.message.contains(
                "--platform android contradicts this phyphox device sheet, which names an Apple device") == true)
    }

    // MARK: 5: the gravity window only where it is used

    @Test("a 0.5 s Linear Acceleration file needs no gravity window; an accelerometer alone still does")
    func shortLinearAcceleration() throws {
        let text =
            "\"Time (s)\",\"Linear Acceleration x (m/s^2)\",\"Linear Acceleration y (m/s^2)\",\"Linear Acceleration z (m/s^2)\"\n"
            + (0..<51).map { "\(Double($0) * 0.01),0.1,0.2,0.3\n" }.joined()
        let dir = try Self.folder([
            "Linear Acceleration.csv": text, "Accelerometer.csv": Self.phyphoxAccelerometer(count: 51),
        ])
        let importer = RecordingImport(rate: 100)
        let points = try importer.points(importer.read([dir.appendingPathComponent("Linear Acceleration.csv").path]))
        #expect(points.count == 51)
        #expect(Self.close([points[0].userAcceleration.x], [-0.1 / 9.81]))
        let error = #expect(throws: SignalError.self) {
            try importer.points(importer.read([dir.appendingPathComponent("Accelerometer.csv").path]))
        }
        #expect(
            error?.message.contains("the gravity window 1.0 s is longer than the recordings' overlap 0.5 s") == true,
            "\(String(describing: error))")
    }

    // MARK: 6: a whole Sensor Logger folder

    static let slHeader = "time,seconds_elapsed,z,y,x\n"

    static func slRows(count: Int = 20, z: Double = -9.80665, start: Double = 0.05) -> String {
        (0..<count).map { k in
            "\(1_698_501_144_401_891_208 + Int64(k) * 10_000_000),\(start + Double(k) * 0.01),\(z),0.5,0.25\n"
        }.joined()
    }

    @Test(
        "a Sensor Logger folder: Annotation.csv (empty), Barometer.csv and Location.csv skipped with notes; the motion files read"
    )
    func sensorLoggerFolder() throws {
        let dir = try Self.folder([
            "Annotation.csv": "time,seconds_elapsed,millisecond_press_duration,text\n",
            "Barometer.csv": "time,seconds_elapsed,relativeAltitude,pressure\n1698501144401891208,0.05,0,1013.2\n",
            "Location.csv": "",
            "Accelerometer.csv": Self.slHeader + Self.slRows(z: 0.1),
            "Gravity.csv": Self.slHeader + Self.slRows(),
            "Gyroscope.csv": Self.slHeader + Self.slRows(z: 0.01),
            "Metadata.csv":
                "version,device name,recording time,platform,appVersion,standardisation\n3,iPhone,2023-10-28_13-52-24,ios,1.30,false\n",
        ])
        var notes: [String] = []
        let series = try RecordingImport(rate: 50).read([dir.path], notes: &notes)
        #expect(Set(series.map(\.kind)) == [.userAcceleration, .gravity, .gyroscope])
        #expect(notes.contains { $0.hasSuffix("Annotation.csv: it holds no rows") })
        #expect(
            notes.contains {
                $0.hasSuffix("Barometer.csv: Sensor Logger's Barometer, not a motion sensor this import reads")
            })
        #expect(notes.contains { $0.hasSuffix("Location.csv: it is empty") })
        #expect(notes.count == 3)
        // The same files given one by one (as a shell's *.csv gives them).
        var listed: [String] = []
        let names = [
            "Accelerometer.csv", "Annotation.csv", "Barometer.csv", "Gravity.csv", "Gyroscope.csv", "Location.csv",
            "Metadata.csv",
        ]
        let again = try RecordingImport(rate: 50).read(
            names.map { dir.appendingPathComponent($0).path }, notes: &listed)
        #expect(again == series)
        #expect(listed.count == 3)
    }

    @Test(
        "phyphox's Location.csv and Magnetometer.csv are skipped as phyphox's, Sensor Logger's as Sensor Logger's, a file of neither as itself"
    )
    func otherFilesNamedByTheirApp() throws {
        let phyphox = try Self.folder([
            "Accelerometer.csv": Self.phyphoxAccelerometer(),
            "Location.csv":
                "\"Time (s)\",\"Latitude (°)\",\"Longitude (°)\",\"Height (m)\",\"Velocity (m/s)\",\"Direction (°)\",\"Horizontal Accuracy (m)\",\"Vertical Accuracy (m)\"\n0.0,51.5,-0.12,50,0,0,5,8\n",
            "Magnetometer.csv":
                "\"Time (s)\",\"Magnetic field x (µT)\",\"Magnetic field y (µT)\",\"Magnetic field z (µT)\",\"Absolute field (µT)\"\n0.0,1,2,3,4\n",
            "meta/device.csv": Self.deviceSheet(ios: false),
        ])
        var notes: [String] = []
        _ = try RecordingImport(rate: 50).read([phyphox.path], notes: &notes)
        #expect(
            notes.contains(
                "skipped \(phyphox.appendingPathComponent("Location.csv").path): phyphox's Location, not a motion sensor this import reads"
            ), "\(notes)")
        #expect(
            notes.contains(
                "skipped \(phyphox.appendingPathComponent("Magnetometer.csv").path): phyphox's Magnetometer, not a motion sensor this import reads"
            ), "\(notes)")
        #expect(!notes.contains { $0.contains("Sensor Logger") }, "\(notes)")
        let neither = try Self.folder([
            "Gravity.csv": Self.slHeader + Self.slRows(), "Location.csv": "a,b\n1,2\n",
            "Metadata.csv": "version,device name,recording time,platform\n3,iPhone,2023-10-28_13-52-24,ios\n",
        ])
        var other: [String] = []
        _ = try RecordingImport(rate: 50).read([neither.path], notes: &other)
        #expect(
            other == [
                "skipped \(neither.appendingPathComponent("Location.csv").path): Location, not a motion sensor this import reads"
            ])
    }

    @Test(
        "a zip archive (by its bytes or its name) is refused saying to unzip it, never read as CSV",
        arguments: [
            ("export.zip", Data([0x50, 0x4B, 0x03, 0x04, 0x14, 0x00, 0x3B, 0x22, 0x09]) + Data("\"a;b\tc".utf8)),
            ("Accelerometer.csv", Data([0x50, 0x4B, 0x03, 0x04, 0x14, 0x00, 0x3B, 0x22])),
            ("empty.zip", Data([0x50, 0x4B, 0x05, 0x06] + [UInt8](repeating: 0, count: 18))),
        ])
    func zipArchive(name: String, bytes: Data) throws {
        let dir = try RecordingFixtures.folder()
        let url = dir.appendingPathComponent(name)
        try bytes.write(to: url)
        let error = try #require(throws: SignalError.self) { try RecordingImport(rate: 100).read([url.path]) }
        #expect(error.code == .unknownFormat)
        #expect(error.location.file == url.path)
        #expect(
            error.message.hasPrefix(
                "this is a zip archive, and import reads the CSV files of an unzipped export, not the archive: unzip it first (unzip '\(url.path)' -d "
            ), "\(error.message)")
    }

    // MARK: 7: the uncalibrated accelerometer

    @Test("AccelerometerUncalibrated.csv: the raw accelerometer, in g on iOS, in m/s² (Android's sign) on Android")
    func uncalibrated() throws {
        let dir = try Self.folder([
            "AccelerometerUncalibrated.csv": Self.slHeader
                + "1698501144401891208,0.05,-0.998,0.01,0.02\n1698501144411891208,0.06,-1.002,0.01,0.02\n"
        ])
        let path = dir.appendingPathComponent("AccelerometerUncalibrated.csv").path
        let ios = try RecordingImport(rate: 100, convention: .ios).read([path])
        #expect(ios[0].kind == .accelerometer)
        #expect(ios[0].axes[2] == [-0.998, -1.002])
        #expect(ios[0].axes[0] == [0.02, 0.02])
        let android = try RecordingImport(rate: 100, convention: .android).read([path])
        #expect(Self.close(android[0].axes[2], [0.998 / 9.80665, 1.002 / 9.80665]))
    }

    @Test(
        "GyroscopeUncalibrated.csv beside a Gyroscope.csv, and Magnetometer.csv, are skipped with a note, not refused for their names"
    )
    func otherSensorLoggerFiles() throws {
        let dir = try Self.folder([
            "GyroscopeUncalibrated.csv": Self.slHeader + Self.slRows(),
            "Gyroscope.csv": Self.slHeader + Self.slRows(z: 0.01),
            "Magnetometer.csv": Self.slHeader + Self.slRows(z: 40),
        ])
        var notes: [String] = []
        let series = try RecordingImport(rate: 100, convention: .ios).read(
            ["GyroscopeUncalibrated.csv", "Gyroscope.csv", "Magnetometer.csv"]
                .map { dir.appendingPathComponent($0).path }, notes: &notes)
        #expect(series.map(\.kind) == [.gyroscope])
        #expect(notes.count == 2)
    }

    @Test(
        "an empty or header-only GyroscopeUncalibrated.csv is skipped with a note, as Sensor Logger's other empty files"
    )
    func emptyUncalibratedGyroscope() throws {
        let dir = try Self.folder([
            "Gyroscope.csv": Self.slHeader + Self.slRows(z: 0.01), "GyroscopeUncalibrated.csv": "",
            "Gravity.csv": Self.slHeader + Self.slRows(),
        ])
        var notes: [String] = []
        let series = try RecordingImport(rate: 100, convention: .ios).read([dir.path], notes: &notes)
        #expect(series.map(\.kind) == [.gravity, .gyroscope])
        #expect(notes == ["skipped \(dir.appendingPathComponent("GyroscopeUncalibrated.csv").path): it is empty"])
        // Alone and header-only: skipped, and the import goes on with the other files.
        let headerOnly = try Self.folder([
            "GyroscopeUncalibrated.csv": Self.slHeader, "Gravity.csv": Self.slHeader + Self.slRows(),
        ])
        var headerNotes: [String] = []
        let gravity = try RecordingImport(rate: 100, convention: .ios).read([headerOnly.path], notes: &headerNotes)
        #expect(gravity.map(\.kind) == [.gravity])
        #expect(
            headerNotes == [
                "skipped \(headerOnly.appendingPathComponent("GyroscopeUncalibrated.csv").path): it holds no rows"
            ])
    }

    // MARK: 8: --platform against Metadata.csv

    @Test("--platform android with an iOS Metadata.csv is refused naming Metadata.csv; agreeing, it is accepted")
    func platformContradiction() throws {
        let dir = try Self.folder([
            "Gravity.csv": Self.slHeader + Self.slRows(),
            "Metadata.csv": "version,device name,recording time,platform\n3,iPhone,2023-10-28_13-52-24,ios\n",
        ])
        let paths = ["Metadata.csv", "Gravity.csv"].map { dir.appendingPathComponent($0).path }
        let error = #expect(throws: SignalError.self) {
            try RecordingImport(rate: 100, convention: .android).read(paths)
        }
        #expect(error?.code == .incompatible)
        #expect(error?.file?.hasSuffix("Metadata.csv") == true)
        #expect(error?.line == 2)
        #expect(error?.message.contains("--platform android contradicts this Metadata.csv") == true)
        let agreed = try RecordingImport(rate: 100, convention: .ios).read(paths)
        #expect(Self.close([agreed[0].axes[2][0]], [-1]))
    }

    // MARK: 9: time in nanoseconds only

    @Test("a Sensor Logger file with only a time column (ns), 12 s long, reads with times in seconds")
    func nanosecondsLong() throws {
        var text = "time,z,y,x\n"
        for k in 0...1200 { text += "\(1_698_501_144_401_773_000 + Int64(k) * 10_000_000),0.1,0.2,0.3\n" }
        let dir = try Self.folder(["Gyroscope.csv": text])
        let s = try SensorLoggerRecording.read(path: dir.appendingPathComponent("Gyroscope.csv").path, convention: .ios)
        #expect(s[0].count == 1201)
        #expect(s[0].times[0] == 0)
        #expect(s[0].times[1200] == 12)
        #expect(s[0].times[1] == 0.01)
    }

    // MARK: 11: column order and negative seconds_elapsed

    @Test("Sensor Logger's z,y,x order is read by name, and seconds_elapsed below 0 (samples before the start) is kept")
    func negativeElapsed() throws {
        let text =
            "time,seconds_elapsed,z,y,x\n1698501144391891208,-0.0101,-9.8,0.2,0.1\n1698501144401891208,-0.0001,-9.7,0.3,0.4\n1698501144411891208,0.0099,-9.6,0.5,0.6\n"
        let dir = try Self.folder(["Gravity.csv": text])
        let s = try RecordingImport(rate: 100, convention: .ios).read([dir.appendingPathComponent("Gravity.csv").path])
        #expect(s[0].times == [-0.0101, -0.0001, 0.0099])
        #expect(Self.close(s[0].axes[0], [0.1 / 9.80665, 0.4 / 9.80665, 0.6 / 9.80665]))
        #expect(Self.close([s[0].axes[2][0]], [-9.8 / 9.80665]))
        let points = try RecordingImport(rate: 100).points(s)
        #expect(points.count >= 2)  // from −0.0101 s to 0.0099 s at 100 Hz
        #expect(points[0].timestamp == 0)
        #expect(abs(points[0].gravity.x - 0.1 / 9.80665) < 1e-12)
    }
}
