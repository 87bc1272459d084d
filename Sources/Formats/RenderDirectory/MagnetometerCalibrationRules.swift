import InternalUtilities
import SensorData

/// The rules of a magnetometer's calibration, the hard-iron offset `b` (µT) and the soft-iron matrix `S`
/// (rows), wherever it is given: a trajectory spec's `magnetometer` (Navigation's `MagnetometerModel`
/// checks its parameters here), a render directory's `sensors.json` (``SensorsSidecar``) and a live
/// server's `/v1/spec` (read through the spec's decoder). One threshold decides what is singular.
///
/// ```swift
/// try MagnetometerCalibrationRules.check(hardIron: SIMD3(12, -3, 40), softIron: MagnetometerCalibrationRules.identity,
///                                        path: "$.magnetometer")
/// ```
package enum MagnetometerCalibrationRules {
    /// The hard-iron offsets allowed per axis, µT (±10 mT).
    package static let hardIronOffsets: ClosedRange<Double> = -10_000...10_000
    /// The soft-iron matrix entries allowed (dimensionless).
    package static let softIronEntries: ClosedRange<Double> = -10...10
    /// The smallest `|det S|` of a soft-iron matrix: below it the matrix is taken as singular (not invertible).
    package static let minimumSoftIronDeterminant = 1e-6
    /// The identity soft-iron matrix (no distortion), as rows.
    package static let identity: [SIMD3<Double>] = [SIMD3(1, 0, 0), SIMD3(0, 1, 0), SIMD3(0, 0, 1)]

    /// The determinant of a 3 × 3 matrix given as three rows (cofactor expansion along the first row).
    package static func determinant(_ m: [SIMD3<Double>]) -> Double {
        m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
            - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
            + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
    }

    /// Checks a calibration: each hard-iron offset finite and within ``hardIronOffsets``; three soft-iron
    /// rows, each entry finite and within ``softIronEntries``; `|det S| ≥` ``minimumSoftIronDeterminant``.
    /// - Parameters:
    ///   - hardIron: The hard-iron offset, µT per device axis.
    ///   - softIron: The soft-iron matrix as rows.
    ///   - path: The JSON path of the magnetometer object (`$.trajectory.sensors.magnetometer`).
    /// - Throws: `SignalError` `.nonFinite` or `.outOfRange` at `PATH.hard_iron[i]` or `PATH.soft_iron[i][j]`;
    ///   `.malformed` at `PATH.soft_iron` for a matrix that is not 3 × 3; `.outOfRange` there for a singular one.
    package static func check(hardIron: SIMD3<Double>, softIron: [SIMD3<Double>], path: String) throws(SignalError) {
        for i in 0..<3 {
            try ParameterRange.check(
                hardIron[i], "hard_iron[\(i)]", unit: "µT", in: hardIronOffsets,
                path: "\(path).hard_iron[\(i)]")
        }
        guard softIron.count == 3 else {
            throw SignalError(
                .malformed, path: "\(path).soft_iron", "soft_iron must have 3 rows of 3, got \(softIron.count) rows")
        }
        for i in 0..<3 {
            for j in 0..<3 {
                try ParameterRange.check(
                    softIron[i][j], "soft_iron[\(i)][\(j)]", unit: "", in: softIronEntries,
                    path: "\(path).soft_iron[\(i)][\(j)]")
            }
        }
        let determinant = determinant(softIron)
        guard abs(determinant) >= minimumSoftIronDeterminant else {
            throw SignalError(
                .outOfRange, path: "\(path).soft_iron",
                "soft_iron is singular (determinant \(determinant)); it must be invertible, |det| ≥ 1e-6")
        }
    }

    /// Reads `hard_iron` (a number or `[x, y, z]`) and `soft_iron` (three rows, each a number or `[x, y, z]`)
    /// from a magnetometer object, each `nil` when absent. The values are not checked: see
    /// ``check(hardIron:softIron:path:)``.
    /// - Parameter fields: The magnetometer object, opened with its allowed fields.
    /// - Throws: `SignalError` (`malformed`) at the field for another shape.
    package static func read(
        _ fields: JSONFields
    ) throws(SignalError) -> (hardIron: SIMD3<Double>?, softIron: [SIMD3<Double>]?) {
        let hardIron = try fields.value("hard_iron").map { v throws(SignalError) in
            try JSONVector3.read(v, path: fields.path("hard_iron"), name: "hard_iron")
        }
        var softIron: [SIMD3<Double>]?
        if let rows = try fields.optionalArray("soft_iron") {
            var matrix: [SIMD3<Double>] = []
            for (i, row) in rows.enumerated() {
                matrix.append(try JSONVector3.read(row, path: "\(fields.path("soft_iron"))[\(i)]", name: "soft_iron"))
            }
            softIron = matrix
        }
        return (hardIron, softIron)
    }

    /// `{"hard_iron": [x, y, z], "soft_iron": [[…], […], […]]}`: the two fields as ``read(_:)`` reads them.
    package static func json(hardIron: SIMD3<Double>, softIron: [SIMD3<Double>]) -> [JSONObject.Member] {
        [
            JSONObject.Member(key: "hard_iron", value: JSONVector3.json(hardIron)),
            JSONObject.Member(key: "soft_iron", value: .array(softIron.map(JSONVector3.json))),
        ]
    }
}
