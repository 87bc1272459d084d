import Location
import Sensors
import Signals

extension BarometerModel {
    /// The true static pressure at a position: the ISA at the geopotential height of its height above mean
    /// sea level (the ellipsoidal height minus the EGM96 geoid height), with no error terms.
    ///
    /// ```swift
    /// let p = try BarometerModel(sampleRate: 1).truePressure(latitude: 51.5007, longitude: -0.1246, altitude: 60)
    /// ```
    /// - Parameters:
    ///   - latitude: Geodetic latitude, degrees, −90 … 90.
    ///   - longitude: Longitude, degrees.
    ///   - altitude: Height above the WGS84 ellipsoid, metres.
    /// - Returns: Pressure, pascals (the ISA's closed form: exact for the model; the geoid's 1° grid adds its
    ///   error, RMS 0.46 m, about 5.5 Pa RMS at sea level).
    /// - Throws: `SignalError` at `$.trajectory.sensors.barometer` for a position that is not finite, a
    ///   latitude outside −90 … 90, or a height above mean sea level outside the ISA's −5 km … 84.852 km
    ///   (geopotential).
    public func truePressure(latitude: Double, longitude: Double, altitude: Double) throws(SignalError) -> Double {
        let check = ParameterCheck(path: Self.path)
        guard altitude.isFinite else {
            throw SignalError(.nonFinite, path: Self.path, "altitude must be finite, got \(altitude) m")
        }
        let msl: Double
        do {
            msl = try Geoid.egm96.heightAboveMeanSeaLevel(
                ellipsoidalHeight: altitude, latitude: latitude, longitude: longitude)
        } catch {
            throw check.relocated(error, "the position (\(latitude)°, \(longitude)°)")
        }
        return try truePressure(heightAboveMeanSeaLevel: msl)
    }

    /// The ISA pressure at a height above mean sea level (m), as ``truePressure(latitude:longitude:altitude:)``
    /// gives it after its geoid lookup.
    func truePressure(heightAboveMeanSeaLevel msl: Double) throws(SignalError) -> Double {
        do {
            return try atmosphere.pressure(
                geopotentialHeight: StandardAtmosphere.geopotentialHeight(geometricHeight: msl))
        } catch {
            throw ParameterCheck(path: Self.path).relocated(error, "the height \(msl) m above mean sea level")
        }
    }

    /// The measured pressure of sample `sample` at a position (see ``BarometerModel`` for the model).
    ///
    /// The same value as the matching element of ``pressures(first:count:position:)`` for any block.
    /// - Parameters:
    ///   - latitude: Geodetic latitude, degrees, −90 … 90.
    ///   - longitude: Longitude, degrees.
    ///   - altitude: Height above the WGS84 ellipsoid, metres.
    ///   - sample: The sample index `n` (time `n / sampleRate` s), in `0 ..< 2⁶²`.
    /// - Returns: Pressure, pascals.
    /// - Throws: As ``truePressure(latitude:longitude:altitude:)``; `.invalidRender` for a sample index
    ///   outside `0 ..< 2⁶²`.
    /// - Complexity: O(1) without a weather term; with one, O(55) tree draws and up to 256 normals (use
    ///   ``pressures(first:count:position:)`` for runs of samples).
    public func pressure(
        latitude: Double, longitude: Double, altitude: Double, sample: Int
    ) throws(SignalError) -> Double {
        let weather = try weather(first: sample, count: 1)
        let p = try truePressure(latitude: latitude, longitude: longitude, altitude: altitude)
        return measured(p, weather: weather.first ?? 0, sample: sample)
    }

    /// The measured pressures of samples `first ..< first + count`, at the positions `position(n)` gives
    /// for each sample index `n`.
    ///
    /// Bit-identical to computing each sample alone, however the samples are split into blocks.
    /// - Parameters:
    ///   - first: The first sample index, ≥ 0.
    ///   - count: How many samples, ≥ 0 (`first + count` at most 2⁶²).
    ///   - position: The geodetic latitude (degrees), longitude (degrees) and height above the WGS84
    ///     ellipsoid (m) at sample `n`.
    /// - Returns: `count` pressures, pascals.
    /// - Throws: As ``pressure(latitude:longitude:altitude:sample:)``.
    /// - Complexity: O(count) plus O(55 + count/128) tree draws for the weather term.
    public func pressures(
        first: Int, count: Int,
        position: (Int) -> (latitude: Double, longitude: Double, altitude: Double)
    ) throws(SignalError) -> [Double] {
        try pressures(first: first, count: count) { n in
            let p = position(n)
            return (p.latitude, p.longitude, p.altitude, .nan)
        }
    }

    /// ``pressures(first:count:position:)`` for positions whose height above mean sea level the caller has
    /// already computed as `altitude − N(latitude, longitude)` (the truth's `altitudeAboveMeanSeaLevel`): the
    /// same pressures, bit for bit, without a second geoid lookup (a non-finite one is looked up again).
    func pressures(
        first: Int, count: Int,
        position: (Int) -> (latitude: Double, longitude: Double, altitude: Double, msl: Double)
    ) throws(SignalError) -> [Double] {
        let weather = try weather(first: first, count: count)
        let white = RandomAccessNoise.streamSeed(seed, stream: Self.whiteStream)
        var out: [Double] = []
        out.reserveCapacity(count)
        for k in 0..<count {
            let (latitude, longitude, altitude, msl) = position(first + k)
            let p =
                msl.isFinite && altitude.isFinite
                ? try truePressure(heightAboveMeanSeaLevel: msl)
                : try truePressure(latitude: latitude, longitude: longitude, altitude: altitude)
            out.append(measured(p, weather: weather.isEmpty ? 0 : weather[k], sample: first + k, whiteStream: white))
        }
        return out
    }

    /// The weather term of samples `first ..< first + count`, pascals: empty when it is off.
    /// - Parameters:
    ///   - first: The first sample index, ≥ 0.
    ///   - count: How many samples, ≥ 0 (`first + count` at most 2⁶²).
    /// - Returns: `count` values of the Gauss–Markov weather term, pascals, or none when it is off.
    /// - Throws: `.invalidRender` for samples outside `0 ..< 2⁶²`.
    public func weather(first: Int, count: Int) throws(SignalError) -> [Double] {
        try ParameterCheck(path: Self.path).checkSamples(first: first, count: count)
        guard weatherDeviation > 0 else { return [] }
        return RandomAccessNoise.gaussMarkov(
            deviation: weatherDeviation, correlationTime: weatherCorrelationTime,
            sampleRate: sampleRate,
            streamSeed: RandomAccessNoise.streamSeed(seed, stream: Self.weatherStream),
            first: first, count: count)
    }

    /// The true pressure plus the weather term and white noise of sample `n`, quantised.
    func measured(_ truth: Double, weather: Double, sample n: Int) -> Double {
        measured(
            truth, weather: weather, sample: n,
            whiteStream: RandomAccessNoise.streamSeed(seed, stream: Self.whiteStream))
    }

    /// ``measured(_:weather:sample:)`` with the white-noise stream's seed given.
    @inline(__always)
    func measured(_ truth: Double, weather: Double, sample n: Int, whiteStream: UInt64) -> Double {
        var p = truth
        if weatherDeviation > 0 { p += weather }
        if noiseDensity > 0 {
            let w = RandomAccessNoise.normal(streamSeed: whiteStream, index: n)
            p += noiseDensity * sampleRate.squareRoot() * w
        }
        return RandomAccessNoise.quantise(p, step: resolution)
    }
}
