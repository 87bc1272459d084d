import Foundation
import Signals
import Testing

/// `ahrs`'s Madgwick and Mahony filters run on seeded inputs: Data/Fusion/ahrs_filters.csv, written by
/// Tools/Fusion/make_madgwick_fixture.py (see Data/Fusion/README.md).
struct AHRSFixture: Sendable {
    /// One sample: the inputs and the quaternions `ahrs` computed, `[w, x, y, z]` device → (north, west, up).
    struct Row: Sendable {
        var t: Double
        /// rad/s.
        var gyroscope: SIMD3<Double>
        /// m/s², physical sign.
        var accelerometer: SIMD3<Double>
        /// µT.
        var magnetometer: SIMD3<Double>
        /// The attitude the inputs were made from.
        var truth: Quaternion
        /// `ahrs` output by run name (``Run/name``).
        var runs: [String: Quaternion]
    }

    /// One `ahrs` run: its column prefix, gains and whether it had the magnetometer.
    struct Run: Sendable, CustomTestStringConvertible {
        var name: String
        /// Madgwick's β, or Mahony's kP.
        var gain: Double
        /// Mahony's kI; nil for Madgwick.
        var kI: Double?
        var magnetometer: Bool
        var testDescription: String { kI.map { "\(name) (kP \(gain), kI \($0))" } ?? "\(name) (gain \(gain))" }

        static let madgwick = [
            Run(name: "imu", gain: 0.033, magnetometer: false),
            Run(name: "marg", gain: 0.041, magnetometer: true),
            Run(name: "imu_g0.1", gain: 0.1, magnetometer: false),
            Run(name: "marg_g0.1", gain: 0.1, magnetometer: true),
        ]
        static let mahony = [
            Run(name: "mahony_imu", gain: 1, kI: 0.3, magnetometer: false),
            Run(name: "mahony_marg", gain: 1, kI: 0.3, magnetometer: true),
            Run(name: "mahony_imu_k", gain: 0.5, kI: 0.1, magnetometer: false),
            Run(name: "mahony_marg_k", gain: 0.5, kI: 0.1, magnetometer: true),
        ]
        static let all = madgwick + mahony
    }

    /// The sample period the fixture's `ahrs` runs used (frequency 100 Hz), seconds.
    static let dt = 0.01

    var rows: [Row]
    /// The header comment lines (versions, seed, gains).
    var comments: [String]

    enum LoadError: Error {
        case missing
        case malformed(line: Int)
    }

    static func load() throws -> AHRSFixture {
        guard
            let url = Bundle.module.url(forResource: "ahrs_filters", withExtension: "csv", subdirectory: "Data/Fusion")
        else { throw LoadError.missing }
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
        var comments: [String] = []
        var header: [Substring] = []
        var rows: [Row] = []
        for (n, line) in lines.enumerated() {
            if line.hasPrefix("#") {
                comments.append(String(line))
                continue
            }
            if header.isEmpty {
                header = line.split(separator: ",")
                continue
            }
            let v = line.split(separator: ",").compactMap { Double($0) }
            guard v.count == header.count else { throw LoadError.malformed(line: n + 1) }
            var runs: [String: Quaternion] = [:]
            for run in Run.all {
                guard let i = header.firstIndex(of: Substring("\(run.name)_w")) else {
                    throw LoadError.malformed(line: n + 1)
                }
                runs[run.name] = Quaternion(w: v[i], x: v[i + 1], y: v[i + 2], z: v[i + 3])
            }
            rows.append(
                Row(
                    t: v[0], gyroscope: SIMD3(v[1], v[2], v[3]), accelerometer: SIMD3(v[4], v[5], v[6]),
                    magnetometer: SIMD3(v[7], v[8], v[9]), truth: Quaternion(w: v[10], x: v[11], y: v[12], z: v[13]),
                    runs: runs))
        }
        return AHRSFixture(rows: rows, comments: comments)
    }
}

/// The largest component difference of `a` and `b`, after turning `b` to `a`'s side (`q` and `−q` are one
/// rotation).
extension AHRSFixture {
    /// The largest component difference of a Swift run from `ahrs`'s run `name`, and the sample where it is
    /// (NaN counts as worst).
    static func difference(_ swift: [Quaternion], _ rows: [Row], _ name: String) throws -> (Double, Int) {
        var worst = (0.0, 0)
        for (k, row) in rows.enumerated() {
            let d = quaternionDistance(swift[k], try #require(row.runs[name]))
            if !(d <= worst.0) { worst = (d, k) }
        }
        return worst
    }
}

func quaternionDistance(_ a: Quaternion, _ b: Quaternion) -> Double {
    let s: Double = a.w * b.w + a.x * b.x + a.y * b.y + a.z * b.z < 0 ? -1 : 1
    return max(abs(a.w - s * b.w), abs(a.x - s * b.x), abs(a.y - s * b.y), abs(a.z - s * b.z))
}

/// The rotation angle between two attitudes (rad).
func angleBetween(_ a: Quaternion, _ b: Quaternion) -> Double {
    let d = abs(a.w * b.w + a.x * b.x + a.y * b.y + a.z * b.z) / (a.norm * b.norm)
    return 2 * acos(min(1, d))
}

/// The angle between the reference z axis as `q` puts it in the device frame and `up` (rad): the tilt error.
func tiltError(_ q: Quaternion, up: (x: Double, y: Double, z: Double)) -> Double {
    let z = q.inverseRotate((0, 0, 1))
    let n = (up.x * up.x + up.y * up.y + up.z * up.z).squareRoot()
    return acos(min(1, max(-1, (z.x * up.x + z.y * up.y + z.z * up.z) / n)))
}
