import Formats
import Foundation
import Location
import Navigation
import Playback
import Signals

/// A trajectory render read back: the directory `signals render SPEC --rate R --output-dir DIR` writes
/// (CSV), played as the same `TrajectoryPoint`s a trajectory plays in process, for the
/// managers' `.file(directory)` sources.
///
/// - `truth.csv` is required: the points are its rows, at its `t`. Every other file is optional:
///   `imu.csv` (the accelerometer and gyroscope readings; without it the ideal readings of the truth),
///   `magnetometer.csv` (µT), `barometer.csv` (Pa) and `gnss.csv` (fixes). A stream at its own rate holds its
///   latest row at or before each truth row; a fix is delivered on the first truth row at or after its time.
/// - `sensors.json` (written beside them by `render`) gives the accelerometer's unit and the magnetometer's
///   hard- and soft-iron calibration. Without it the unit is read from the readings' size (a median norm
///   above 3 is m/s², physical sign; else g, CoreMotion's sign) and the calibrated field is the raw one.
/// - What `truth.csv` does not hold is rebuilt: the pedometer's distance is the horizontal speed integrated
///   over the rows (trapezoids), its floors are the climbs and descents of `altitude` averaged over the last second (the gait's bounce
///   averages out) in 3 m floors, its
///   cadence the steps of the last second; the heading accuracy is 0; the activity is the sidecar's
///   `movingActivity` rule applied to the row's velocity, as the trajectory applies it (`unknown` without one).
/// - Every cell is a finite number, times never decrease, and a missing column is named with its file.
package struct RenderDirectory: PointSource {
    /// The points, one per truth row.
    package let points: [TrajectoryPoint]
    /// The rate of `imu.csv`'s rows (Hz, the reciprocal of their median interval), `nil` without `imu.csv`
    /// or with fewer than two rows at different times: what limits the band `signals compare` reads.
    package let imuRate: Double?
    /// The magnetometer's calibration (the identity without `sensors.json`).
    let calibration: MagnetometerCalibration
    /// Whether `magnetometer.csv` was there.
    let hasMagnetometer: Bool
    /// Whether `barometer.csv` was there.
    let hasBarometer: Bool
    /// Unix seconds of the truth's `t = 0`: `sensors.json`'s `epoch`, when given.
    let epochSeconds: Double?

    /// The largest file read, bytes.
    static let fileLimit = 1 << 30

    /// Whether `url` is a render directory (a directory holding `truth.csv`).
    package static func isRecording(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
            && FileManager.default.fileExists(atPath: url.appendingPathComponent(StreamTable.truth.fileName()).path)
    }

    package var loopPeriod: TimeInterval? { nil }

    package func makeCursor() -> Cursor { Cursor(points: points) }

    /// One pass over the points, timed from the first.
    package struct Cursor: PointCursor {
        let points: [TrajectoryPoint]
        var position = 0

        package mutating func next() -> (point: TrajectoryPoint, time: TimeInterval)? {
            guard position < points.count else { return nil }
            defer { position += 1 }
            return (points[position], points[position].timestamp - points[0].timestamp)
        }
    }

    /// A table of numbers read from a CSV by column name.
    struct Table {
        let file: String
        let names: [String]
        /// Rows, each `names.count` numbers.
        let rows: [[Double]]

        init(_ url: URL, required: [String]) throws(SignalError) {
            file = url.lastPathComponent
            let csv = CSVReader(try ByteReader(path: url.path, name: file))
            var fields: [String] = []
            guard try csv.nextRecord(into: &fields) else {
                throw SignalError(.tooShort, "the file is empty; expected a header starting 't,'", file: file)
            }
            names = fields
            guard names.first == "t" else {
                throw SignalError(
                    .missingField,
                    "the first column is '\(SignalError.quoted(names.first ?? "", limit: 40))', not 't'; this is not a signals render file",
                    file: file, line: csv.line)
            }
            for name in required where !names.contains(name) {
                throw SignalError(.missingField, "the header has no '\(name)' column", file: file, line: csv.line)
            }
            var rows: [[Double]] = []
            while try csv.nextRecord(into: &fields) {
                guard fields.count == names.count else {
                    throw SignalError(
                        .malformed, "expected \(names.count) cells as in the header, found \(fields.count)", file: file,
                        line: csv.line)
                }
                var row = [Double]()
                row.reserveCapacity(fields.count)
                for (k, text) in fields.enumerated() { row.append(try csv.finiteNumber(text, column: names[k])) }
                if let last = rows.last, row[0] < last[0] {
                    throw SignalError(
                        .invalidTime,
                        "time \(row[0]) s is before the previous row's, \(last[0]) s; times must not decrease",
                        file: file, line: csv.line)
                }
                rows.append(row)
            }
            self.rows = rows
        }

        /// The column `name`'s index (a required column: checked at reading).
        func column(_ name: String) -> Int { names.firstIndex(of: name)! }

        /// The indices of `names`, in their order, found once (columns are found by name, never by position).
        func columns(_ wanted: [String]) -> [Int] { wanted.map(column) }
    }

    /// Reads a render directory.
    /// - Throws: `SignalError` naming the file (and line) at fault.
    package init(directory: URL) throws(SignalError) {
        func file(_ name: String) -> URL? {
            let url = directory.appendingPathComponent(name)
            return FileManager.default.fileExists(atPath: url.path) ? url : nil
        }
        // `speed` came later: a render without it reads the activity from the velocity's magnitude.
        let truthColumns = StreamTable.truth.columns.filter { $0 != TruthColumn.speed.name }
        let truth = try Table(directory.appendingPathComponent(StreamTable.truth.fileName()), required: truthColumns)
        guard !truth.rows.isEmpty else {
            throw SignalError(.tooShort, "the file has a header but no rows", file: StreamTable.truth.fileName())
        }
        let imu = try file(StreamTable.imu.fileName()).map { u throws(SignalError) in
            try Table(u, required: StreamTable.imu.columns)
        }
        let magnetometer = try file(StreamTable.magnetometer.fileName()).map { u throws(SignalError) in
            try Table(u, required: StreamTable.magnetometer.columns)
        }
        let barometer = try file(StreamTable.barometer.fileName()).map { u throws(SignalError) in
            try Table(u, required: StreamTable.barometer.columns)
        }
        let gnss = try file(StreamTable.gnss.fileName()).map { u throws(SignalError) in
            try Table(u, required: StreamTable.gnss.columns)
        }
        let sidecar = try file(SensorsSidecar.fileName).map { u throws(SignalError) in
            try SensorsSidecar.read(contentsOf: u)
        }
        calibration = sidecar?.magnetometer.map(MagnetometerCalibration.init) ?? MagnetometerCalibration(nil)
        hasMagnetometer = magnetometer != nil
        let imuTimes = imu?.rows.map { $0[0] } ?? []
        let imuIntervals = zip(imuTimes.dropFirst(), imuTimes).map { $0 - $1 }.filter { $0 > 0 }.sorted()
        imuRate = imuIntervals.isEmpty ? nil : 1 / imuIntervals[imuIntervals.count / 2]
        hasBarometer = barometer != nil
        epochSeconds = sidecar?.epochSeconds
        // The truth's activity, by the vehicle's rule from the velocity (unknown without the rule: an older render).

        // Every column's index, found once before the rows.
        func c(_ column: TruthColumn) -> Int { truth.column(column.name) }
        let (tw, tx, ty, tz) = (c(.attitudeW), c(.attitudeX), c(.attitudeY), c(.attitudeZ))
        let trueRate = [c(.rotationRateX), c(.rotationRateY), c(.rotationRateZ)]
        let trueAcceleration = [c(.accelerationEast), c(.accelerationNorth), c(.accelerationUp)]
        let (ve, vn, vu) = (c(.velocityEast), c(.velocityNorth), c(.velocityUp))
        let (stepsColumn, heightColumn, mslColumn) = (c(.steps), c(.altitude), c(.altitudeMSL))
        let (trueHeadingColumn, magneticHeadingColumn) = (c(.headingTrue), c(.headingMagnetic))
        let speedColumn = truth.names.firstIndex(of: TruthColumn.speed.name)
        let accelerometer = imu?.columns(IMUColumn.accelerometer.map(\.name))
        let gyroscope = imu?.columns(IMUColumn.gyroscope.map(\.name))
        let field = magnetometer?.columns(MagnetometerColumn.names)
        let pressureColumn = barometer?.column(BarometerColumn.pressure.name)
        let fix = gnss?.columns(LocationColumn.names)
        let g0 = 9.80665
        // The accelerometer's unit and sign: the sidecar's, else its size.
        var imuScale = 1.0
        if let imu, let a = accelerometer {
            if let unit = sidecar?.accelerometerInMetresPerSecondSquared {
                imuScale = unit ? -1 / g0 : 1
            } else {
                var norms = imu.rows.map { r in (r[a[0]] * r[a[0]] + r[a[1]] * r[a[1]] + r[a[2]] * r[a[2]]).squareRoot()
                }
                norms.sort()
                if !norms.isEmpty, norms[norms.count / 2] > 3 { imuScale = -1 / g0 }
            }
        }
        var cursors = (imu: 0, magnetometer: 0, barometer: 0, gnss: 0)
        func held(_ table: Table?, _ cursor: inout Int, at t: Double) -> [Double]? {
            guard let table, !table.rows.isEmpty else { return nil }
            while cursor + 1 < table.rows.count, table.rows[cursor + 1][0] <= t + 1e-9 { cursor += 1 }
            return table.rows[cursor][0] <= t + 1e-9 ? table.rows[cursor] : nil
        }
        var points: [TrajectoryPoint] = []
        points.reserveCapacity(truth.rows.count)
        var distance = 0.0
        var ascent = 0.0
        var descent = 0.0
        // The height averaged over the last second (the gait's bounce, a step or two, averages out).
        var heights: [(t: Double, h: Double)] = []
        var heightStart = 0
        var heightSum = 0.0
        var smoothed: Double?
        var stepHistory: [(t: Double, steps: Int)] = []
        var historyStart = 0
        for (k, r) in truth.rows.enumerated() {
            let t = r[0]
            let attitude = Quaternion(w: r[tw], x: r[tx], y: r[ty], z: r[tz]).normalized
            let g = attitude.gravity
            let gravity = Acceleration(x: g.x, y: g.y, z: g.z)
            var reading: (Double, Double, Double)
            var rate = RotationRate(x: r[trueRate[0]], y: r[trueRate[1]], z: r[trueRate[2]])
            if let row = held(imu, &cursors.imu, at: t), let a = accelerometer, let w = gyroscope {
                reading = (row[a[0]] * imuScale, row[a[1]] * imuScale, row[a[2]] * imuScale)
                rate = RotationRate(x: row[w[0]], y: row[w[1]], z: row[w[2]])
            } else {
                // The ideal reading: the acceleration in the device frame (g) plus gravity.
                let aENU = (r[trueAcceleration[0]] / g0, r[trueAcceleration[1]] / g0, r[trueAcceleration[2]] / g0)
                let user = attitude.inverseRotate((aENU.0, aENU.1, aENU.2))
                reading = (user.x + g.x, user.y + g.y, user.z + g.z)
            }
            let user = Acceleration(x: reading.0 - g.x, y: reading.1 - g.y, z: reading.2 - g.z)
            let motion = MotionPoint(
                timestamp: t, userAcceleration: user, gravity: gravity, rotationRate: rate, attitude: attitude)
            var magneticField = SIMD3<Double>(0, 0, 0)
            if let row = held(magnetometer, &cursors.magnetometer, at: t), let m = field {
                magneticField = SIMD3(row[m[0]], row[m[1]], row[m[2]])
            }
            let pressure = pressureColumn.flatMap { p in held(barometer, &cursors.barometer, at: t).map { $0[p] } }
            var location: LocationPoint?
            if let gnss, let fix {
                let previous = k > 0 ? truth.rows[k - 1][0] : -Double.infinity
                while cursors.gnss < gnss.rows.count, gnss.rows[cursors.gnss][0] <= t + 1e-9 {
                    let f = gnss.rows[cursors.gnss]
                    if f[0] > previous + 1e-9 || k == 0 {
                        typealias L = LocationColumn
                        location = LocationPoint(
                            timestamp: t, latitude: f[fix[L.latitude.rawValue]],
                            longitude: f[fix[L.longitude.rawValue]], altitude: f[fix[L.altitude.rawValue]],
                            horizontalAccuracy: f[fix[L.horizontalAccuracy.rawValue]],
                            verticalAccuracy: f[fix[L.verticalAccuracy.rawValue]],
                            speed: f[fix[L.speed.rawValue]], course: f[fix[L.course.rawValue]])
                    }
                    cursors.gnss += 1
                }
            }
            let steps = Int(r[stepsColumn])
            if k > 0 {
                let p = truth.rows[k - 1]
                let dt = t - p[0]
                let v0 = (p[ve] * p[ve] + p[vn] * p[vn]).squareRoot()
                let v1 = (r[ve] * r[ve] + r[vn] * r[vn]).squareRoot()
                distance += 0.5 * (v0 + v1) * dt
            }
            heights.append((t, r[heightColumn]))
            heightSum += r[heightColumn]
            while heightStart < heights.count - 1, heights[heightStart].t <= t - 1 {
                heightSum -= heights[heightStart].h
                heightStart += 1
            }
            let mean = heightSum / Double(heights.count - heightStart)
            if let previous = smoothed {
                let dh = mean - previous
                if dh > 0 { ascent += dh } else { descent -= dh }
            }
            smoothed = mean
            stepHistory.append((t, steps))
            while historyStart < stepHistory.count - 1, stepHistory[historyStart + 1].t <= t - 1 { historyStart += 1 }
            let oldest = stepHistory[historyStart]
            let cadence = t - oldest.t > 0 ? Double(steps - oldest.steps) / (t - oldest.t) : 0
            let trueHeading = r[trueHeadingColumn]
            let magneticHeading = r[magneticHeadingColumn]
            points.append(
                TrajectoryPoint(
                    motion: motion, location: location, trueHeading: trueHeading, magneticHeading: magneticHeading,
                    headingAccuracy: 0, magneticField: MagneticField(magneticField), pressure: pressure,
                    altitude: r[mslColumn],
                    steps: steps, distance: distance, floorsAscended: Int((ascent / 3).rounded(.down)),
                    floorsDescended: Int((descent / 3).rounded(.down)), cadence: cadence,
                    activity: speedColumn.map { sidecar?.movingActivity(at: t)?.activity(speed: r[$0]) ?? .unknown }
                        ?? sidecar?.movingActivity(at: t)?.activity(velocity: SIMD3(r[ve], r[vn], r[vu])) ?? .unknown))
        }
        self.points = points
    }
}

/// A converged magnetometer calibration: `S⁻¹ (m − b)` for the model's soft-iron matrix `S` and hard-iron
/// offset `b` (µT), what a phone's calibration estimates.
struct MagnetometerCalibration: Sendable {
    let hardIron: SIMD3<Double>
    /// `S⁻¹`, rows.
    let inverse: [SIMD3<Double>]

    /// The calibration of a model (the identity for none).
    init(_ model: MagnetometerModel?) {
        self.init(hardIron: model?.hardIron ?? .zero, softIron: model?.softIron ?? MagnetometerModel.identity)
    }

    /// The calibration a render directory's `sensors.json` holds (checked by its reader).
    init(_ sidecar: SensorsSidecar.Magnetometer) {
        self.init(hardIron: sidecar.hardIron, softIron: sidecar.softIron)
    }

    /// `softIron` must be invertible: the models and the sidecar's reader refuse `|det| < 1e-6`
    /// (`MagnetometerCalibrationRules`), so every caller passes a matrix checked there.
    private init(hardIron: SIMD3<Double>, softIron s: [SIMD3<Double>]) {
        let (a, b, c) = (s[0], s[1], s[2])
        let r0 = SIMD3(b.y * c.z - b.z * c.y, a.z * c.y - a.y * c.z, a.y * b.z - a.z * b.y)
        let r1 = SIMD3(b.z * c.x - b.x * c.z, a.x * c.z - a.z * c.x, a.z * b.x - a.x * b.z)
        let r2 = SIMD3(b.x * c.y - b.y * c.x, a.y * c.x - a.x * c.y, a.x * b.y - a.y * b.x)
        let det = MagnetometerCalibrationRules.determinant(s)
        precondition(
            abs(det) >= MagnetometerCalibrationRules.minimumSoftIronDeterminant,
            "a singular soft-iron matrix passed the rules")
        self.hardIron = hardIron
        inverse = [r0 / det, r1 / det, r2 / det]
    }

    /// The calibrated field of a raw reading, µT.
    func calibrate(_ raw: SIMD3<Double>) -> SIMD3<Double> {
        let d = raw - hardIron
        return SIMD3((inverse[0] * d).sum(), (inverse[1] * d).sum(), (inverse[2] * d).sum())
    }
}
