import Foundation
import Signals

@testable import Sensors

/// Writes still-phone "recordings" in the real export formats, from an IMU with known parameters.
enum RecordingFixtures {
    /// Java's DecimalFormat("0.000000000E0"), as phyphox for Android writes numbers.
    static func phyphoxNumber(_ v: Double) -> String {
        if v == 0 { return "0.000000000E0" }
        var exponent = Int(floor(log10(abs(v))))
        var mantissa = v / pow(10, Double(exponent))
        if abs((mantissa * 1e9).rounded()) >= 1e10 {
            exponent += 1
            mantissa = v / pow(10, Double(exponent))
        }
        return String(format: "%.9f", mantissa) + "E\(exponent)"
    }

    /// Sample times at a nominal rate with a deterministic jitter of up to ±`jitter` seconds.
    static func times(count: Int, rate: Double, jitter: Double) -> [Double] {
        (0..<count).map { (k: Int) -> Double in
            let x = Double(k)
            let wobble: Double = sin(x * 1.7 + 0.3) * cos(x * 0.37)
            return x / rate + jitter * wobble
        }
    }

    /// phyphox exports of `imu` (its accelerometer in m/s², physical): Accelerometer.csv (with the
    /// absolute-acceleration column) and Gyroscope.csv.
    static func phyphox(
        _ imu: IMU, rate: Double, duration: Double, jitter: Double = 0.0005
    ) throws -> (accelerometer: String, gyroscope: String) {
        var imu = imu
        imu.accelerometerUnit = .metersPerSecondSquared
        let b = try imu.render(sampleRate: rate, duration: duration)
        let t = times(count: b.frameCount, rate: rate, jitter: jitter)
        // phyphox's iOS app multiplies CoreMotion g by −9.81; a physical m/s² reading is −9.80665 × g.
        let factor = PhyphoxRecording.gravity / IMU.standardGravity
        var a =
            "\"Time (s)\",\"Acceleration x (m/s^2)\",\"Acceleration y (m/s^2)\",\"Acceleration z (m/s^2)\",\"Absolute acceleration (m/s^2)\"\n"
        var g = "\"Time (s)\",\"Gyroscope x (rad/s)\",\"Gyroscope y (rad/s)\",\"Gyroscope z (rad/s)\"\n"
        for i in 0..<b.frameCount {
            let v = (0..<3).map { Double(b[frame: i, channel: $0]) * factor }
            let absolute = (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]).squareRoot()
            a += ([t[i]] + v + [absolute]).map(phyphoxNumber).joined(separator: ",") + "\n"
            g +=
                ([t[i]] + (3..<6).map { Double(b[frame: i, channel: $0]) }).map(phyphoxNumber).joined(separator: ",")
                + "\n"
        }
        return (a, g)
    }

    /// Sensor Logger (iOS) exports of a still `imu`: Accelerometer.csv (user acceleration), Gravity.csv,
    /// Gyroscope.csv (time ns, seconds_elapsed, z, y, x) and Metadata.csv.
    static func sensorLogger(_ imu: IMU, rate: Double, duration: Double) throws -> [String: String] {
        var imu = imu
        imu.accelerometerUnit = .g
        let b = try imu.render(sampleRate: rate, duration: duration)
        let t = times(count: b.frameCount, rate: rate, jitter: 0.0004)
        let epoch: Int64 = 1_698_501_144_401_773_000
        let header = "time,seconds_elapsed,z,y,x\n"
        var user = header
        var gravity = header
        var gyro = header
        let g = IMU.standardGravity
        for i in 0..<b.frameCount {
            let ns = epoch + Int64((t[i] * 1e9).rounded())
            let elapsed = String(format: "%.9f", t[i] + 0.21677294921875)
            let total = (0..<3).map { Double(b[frame: i, channel: $0]) }
            // CoreMotion splits the reading into gravity (unit, here the still attitude's) and the rest.
            let norm = (total.map { $0 * $0 }.reduce(0, +)).squareRoot()
            let down = total.map { $0 / norm }
            let ua = (0..<3).map { total[$0] - down[$0] }
            func row(_ v: [Double]) -> String { "\(ns),\(elapsed),\(v[2]),\(v[1]),\(v[0])\n" }
            user += row(ua.map { $0 * g })
            gravity += row(down.map { $0 * g })
            gyro += row((3..<6).map { Double(b[frame: i, channel: $0]) })
        }
        return [
            "Accelerometer.csv": user, "Gravity.csv": gravity, "Gyroscope.csv": gyro,
            "Metadata.csv": "version,device name,recording time,platform\n3,iPhone,2023-10-28_13-52-24,ios\n",
        ]
    }

    /// A fresh temporary folder.
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("sensors-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Writes files into a fresh folder and returns their paths by name.
    static func write(_ files: [String: String]) throws -> [String: String] {
        let dir = try folder()
        var paths: [String: String] = [:]
        for (name, text) in files {
            let url = dir.appendingPathComponent(name)
            try Data(text.utf8).write(to: url)
            paths[name] = url.path
        }
        return paths
    }
}
