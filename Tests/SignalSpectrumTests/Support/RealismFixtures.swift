import Foundation
import Playback
import Sensors
import Testing

@testable import SignalSpectrum

/// The real recordings under Data/realism/ (README.md there names each one's source, licence and how
/// it was cut), read as ``RealismRecording``s.
enum RealismFixtures {
    /// A file or folder under Data/realism/.
    static func path(_ relative: String) throws -> String {
        let url = try #require(Bundle.module.resourceURL).appendingPathComponent("Data/realism").appendingPathComponent(
            relative)
        try #require(FileManager.default.fileExists(atPath: url.path), "missing \(url.path)")
        return url.path
    }

    /// The samples of a PebbleOS step-sample excerpt: its `{x, y, z},` lines, milli-g at 25 Hz (sample i
    /// at i/25 s), gravity included; every other line (SPDX header, preamble, `// N seconds`) skipped.
    static func pebbleSamples(_ name: String) throws -> [SIMD3<Double>] {
        let text = try String(contentsOfFile: path("pebble/" + name), encoding: .utf8)
        var samples: [SIMD3<Double>] = []
        for line in text.split(whereSeparator: \.isNewline) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("{"), let close = trimmed.firstIndex(of: "}") else { continue }
            let fields = trimmed[trimmed.index(after: trimmed.startIndex)..<close].split(separator: ",")
                .map { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard fields.count == 3, let x = fields[0], let y = fields[1], let z = fields[2] else { continue }
            samples.append(SIMD3(x, y, z))
        }
        return samples
    }

    /// A Pebble excerpt as a recording: milli-g × 9.80665e-3 = m/s², no gyroscope.
    static func pebble(_ name: String) throws -> RealismRecording {
        let samples = try pebbleSamples(name)
        return try RealismRecording(
            name: name, times: samples.indices.map { Double($0) / 25 },
            acceleration: samples.map { $0 * (IMU.standardGravity / 1000) }, rotationRate: nil)
    }

    /// A phyphox export folder under Data/realism/, imported at 100 Hz as `signals compare` imports it.
    static func export(_ folder: String) throws -> RealismRecording {
        let importer = RecordingImport(rate: 100)
        let series = try importer.read([path(folder)])
        let rate = series.map { s in
            RealismRecording.rate(
                interval: zip(s.times.dropFirst(), s.times).map { $0 - $1 }.sorted()[(s.count - 1) / 2])
        }.min()
        return try RealismRecording(
            name: folder, points: importer.points(series),
            hasRotationRate: series.contains { $0.kind == .gyroscope }, sampleRate: rate)
    }

    /// A point file under Data/realism/.
    static func points(_ file: String) throws -> RealismRecording {
        try RealismRecording(name: file, points: PointFile.load(URL(fileURLWithPath: path(file))))
    }
}
