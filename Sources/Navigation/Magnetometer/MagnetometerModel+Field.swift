import Location
import Sensors
import Signals

extension MagnetometerModel {
    /// The geomagnetic field in the local east-north-up frame, µT: `(Y, X, −Z) / 1000` of the model's
    /// north `X`, east `Y` and down `Z` components in nT.
    /// - Parameter field: A field from `GeomagneticModel` (`Location`; nT, north-east-down).
    /// - Returns: East, north and up components, µT.
    public static func eastNorthUp(_ field: GeomagneticField) -> SIMD3<Double> {
        SIMD3(field.east, field.north, -field.down) / 1_000
    }

    /// The true field in the device frame, µT: WMM2025 at the position and time, in the east-north-up frame,
    /// rotated into the device frame by the attitude (`q* ⊗ B ⊗ q`), with no error terms.
    ///
    /// ```swift
    /// let b = try MagnetometerModel(sampleRate: 1).trueField(latitude: 51.5, longitude: -0.12, altitude: 50,
    ///                                                         decimalYear: 2026.4, attitude: .identity)
    /// ```
    /// - Parameters:
    ///   - latitude: Geodetic latitude, degrees, −90 … 90.
    ///   - longitude: Longitude, degrees.
    ///   - altitude: Height above the WGS84 ellipsoid, metres (−1 km … 850 km, the model's domain).
    ///   - decimalYear: The epoch as a decimal year (`GeomagneticModel.decimalYear(iso8601:)`), within
    ///     WMM2025's validity, 2025.0 … 2030.0.
    ///   - attitude: A unit quaternion (norm within 10⁻⁶ of 1) rotating device-frame vectors into the local
    ///     east-north-up frame.
    /// - Returns: The field along the device's x, y and z axes, µT (the WMM synthesis reproduces the WMM2025
    ///   report's test values within 0.05 nT; the rotation adds rounding, below 10⁻¹⁴ relative).
    /// - Throws: `SignalError` `.outOfRange` at `$.trajectory.epoch` for a year outside 2025.0 … 2030.0;
    ///   at `$.trajectory.sensors.magnetometer` for a position outside the model's domain or an attitude that
    ///   is not finite or not a unit quaternion.
    public func trueField(
        latitude: Double, longitude: Double, altitude: Double, decimalYear: Double,
        attitude: Quaternion
    ) throws(SignalError) -> SIMD3<Double> {
        let wmm = GeomagneticModel.wmm2025
        guard decimalYear.isFinite else {
            throw SignalError(.nonFinite, path: "$.trajectory.epoch", "the epoch must be finite, got \(decimalYear)")
        }
        guard wmm.validity.contains(decimalYear) else {
            throw SignalError(
                .outOfRange, path: "$.trajectory.epoch",
                "the epoch \(decimalYear) is outside \(wmm.name)'s validity, \(wmm.validity.lowerBound) ... \(wmm.validity.upperBound)"
            )
        }
        let q = attitude
        guard q.w.isFinite, q.x.isFinite, q.y.isFinite, q.z.isFinite, abs(q.norm - 1) <= 1e-6 else {
            throw SignalError(
                .invalidArgument, path: Self.path,
                "the attitude (\(q.w), \(q.x), \(q.y), \(q.z)) is not a unit quaternion")
        }
        let field: GeomagneticField
        do {
            field = try wmm.field(latitude: latitude, longitude: longitude, height: altitude, decimalYear: decimalYear)
        } catch {
            throw ParameterCheck(path: Self.path).relocated(
                error, "the position (\(latitude)°, \(longitude)°, \(altitude) m)")
        }
        let b = Self.eastNorthUp(field)
        let d = q.inverseRotate((b.x, b.y, b.z))
        return SIMD3(d.x, d.y, d.z)
    }

    /// The measured field of sample `sample` (see ``MagnetometerModel`` for the model), µT in the device frame.
    ///
    /// A pure function of its arguments: the same however samples are grouped or ordered.
    /// - Parameters:
    ///   - latitude: Geodetic latitude, degrees, −90 … 90.
    ///   - longitude: Longitude, degrees.
    ///   - altitude: Height above the WGS84 ellipsoid, metres.
    ///   - decimalYear: The time as a decimal year, within 2025.0 … 2030.0.
    ///   - attitude: A unit quaternion rotating device-frame vectors into the local east-north-up frame.
    ///   - sample: The sample index `n` (time `n / sampleRate` s), ≥ 0.
    /// - Returns: The measured field along the device's x, y and z axes, µT.
    /// - Throws: As ``trueField(latitude:longitude:altitude:decimalYear:attitude:)``; `.invalidRender` for a
    ///   negative sample index.
    /// - Complexity: O(1): one WMM synthesis (about 100 multiply-adds) and three normal draws.
    public func field(
        latitude: Double, longitude: Double, altitude: Double, decimalYear: Double, attitude: Quaternion,
        sample: Int
    ) throws(SignalError) -> SIMD3<Double> {
        try ParameterCheck(path: Self.path).checkSamples(first: sample, count: 1)
        let truth = try trueField(
            latitude: latitude, longitude: longitude, altitude: altitude, decimalYear: decimalYear,
            attitude: attitude)
        return measured(truth, sample: sample)
    }

    /// Soft iron, hard iron, white noise and quantisation applied to a true device-frame field (µT) for sample `n`.
    /// - Parameters:
    ///   - truth: The true field in the device frame, µT.
    ///   - n: The sample index, ≥ 0.
    /// - Returns: The measured field, µT.
    public func measured(_ truth: SIMD3<Double>, sample n: Int) -> SIMD3<Double> {
        measured(truth, sample: n, whiteStreams: whiteStreamSeeds)
    }

    /// The seeds of the three axes' white-noise streams (computed once per block by a renderer).
    var whiteStreamSeeds: SIMD3<UInt64> {
        SIMD3((0..<3).map { RandomAccessNoise.streamSeed(seed, stream: Self.whiteStream($0)) })
    }

    /// ``measured(_:sample:)`` with the white-noise stream seeds given (``whiteStreamSeeds``).
    @inline(__always)
    func measured(_ truth: SIMD3<Double>, sample n: Int, whiteStreams: SIMD3<UInt64>) -> SIMD3<Double> {
        let s = softIron
        var m = SIMD3((s[0] * truth).sum(), (s[1] * truth).sum(), (s[2] * truth).sum()) + hardIron
        let root = sampleRate.squareRoot()
        for i in 0..<3 {
            if noiseDensity[i] > 0 {
                let w = RandomAccessNoise.normal(streamSeed: whiteStreams[i], index: n)
                m[i] += noiseDensity[i] * root * w
            }
            m[i] = RandomAccessNoise.quantise(m[i], step: resolution)
        }
        return m
    }
}
