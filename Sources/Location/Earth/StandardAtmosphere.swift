import Foundation
import Signals

/// The ICAO Standard Atmosphere (ICAO Doc 7488/3, 1993): temperature, pressure and density as functions of
/// geopotential height, from −5 km to 80 km, continued to 84.852 km (86 km geometric) by the same layer as
/// the U.S. Standard Atmosphere 1976, with settable sea-level pressure and temperature.
///
/// ```swift
/// let p = try StandardAtmosphere.isa.pressure(geopotentialHeight: 500)           // 95 460.8 Pa
/// let warmHigh = try StandardAtmosphere(seaLevelPressure: 102_000, seaLevelTemperature: 298.15)
/// let h = StandardAtmosphere.geopotentialHeight(geometricHeight: 8_848)            // 8 835.7 m
/// ```
///
/// The air is a perfect gas (`R = 287.05287 J/(kg·K)`) in hydrostatic equilibrium under the standard
/// gravity `g₀ = 9.80665 m/s²`, with a temperature linear in geopotential height `H` in each layer:
///
/// | layer from H (km) | lapse rate (K/km) | base temperature (K, standard day) |
/// | --- | --- | --- |
/// | −5 (the 0 km layer continued down) | −6.5 | 288.15 at 0 km |
/// | 11 | 0 | 216.65 |
/// | 20 | +1.0 | 216.65 |
/// | 32 | +2.8 | 228.65 |
/// | 47 | 0 | 270.65 |
/// | 51 | −2.8 | 270.65 |
/// | 71 (to 84.852) | −2.0 | 214.65 |
///
/// so `p = p_b (T_b / T)^(g₀ / (R L))` where the lapse `L ≠ 0`, and `p = p_b exp(−g₀ (H − H_b) / (R T_b))`
/// where it is 0. These closed forms are exact for the model. Against ambiance 1.3.1 (an independent ICAO
/// 1993 implementation, which integrates from ICAO's base pressures rounded to 6 significant digits)
/// pressure and density agree within 2.1 × 10⁻⁶ relative (0.05 Pa at −5 km, 0.005 Pa at sea level) and
/// temperature within 10⁻⁶ K, from −5 km geopotential to 81 km geometric (`StandardAtmosphereTests`).
///
/// Non-standard days: ``seaLevelTemperature`` shifts the whole temperature profile by the same offset
/// `ΔT = T₀ − 288.15 K` (the lapse rates and layer heights stay; "ISA + ΔT"), and ``seaLevelPressure`` is the
/// pressure at `H = 0` from which the hydrostatic equation is integrated upward and downward through that
/// warmer or colder profile. With the standard `T₀` every pressure simply scales by `p₀ / 101 325 Pa`.
public struct StandardAtmosphere: Sendable, Hashable {
    /// Standard sea-level pressure, pascals.
    public static let standardSeaLevelPressure = 101_325.0
    /// Standard sea-level temperature, kelvin (15 °C).
    public static let standardSeaLevelTemperature = 288.15
    /// Specific gas constant of dry air `R`, J/(kg·K) (ICAO 1993: R* / M = 8314.32 / 28.964420).
    public static let gasConstant = 287.052_87
    /// Standard gravity `g₀`, m/s², which defines the geopotential metre.
    public static let standardGravity = 9.806_65
    /// The Earth radius of the geometric ↔ geopotential height conversion, metres.
    public static let earthRadius = 6_356_766.0
    /// The geopotential heights the model covers, metres (−5 km … 84.852 km).
    public static let geopotentialHeights: ClosedRange<Double> = -5_000...84_852
    /// The sea-level pressures an atmosphere may be given, pascals.
    public static let seaLevelPressures: ClosedRange<Double> = 50_000...150_000
    /// The sea-level temperatures an atmosphere may be given, kelvin (−100 °C … 100 °C).
    public static let seaLevelTemperatures: ClosedRange<Double> = 173.15...373.15

    /// The standard atmosphere: 101 325 Pa and 288.15 K at sea level.
    public static let isa = StandardAtmosphere(
        checkedPressure: standardSeaLevelPressure,
        temperature: standardSeaLevelTemperature)

    /// Pressure at geopotential height 0, pascals.
    public let seaLevelPressure: Double
    /// Temperature at geopotential height 0, kelvin.
    public let seaLevelTemperature: Double

    /// Layer base heights (m), lapse rates (K/m), and this atmosphere's base temperatures (K) and pressures (Pa).
    static let baseHeights: [Double] = [0, 11_000, 20_000, 32_000, 47_000, 51_000, 71_000]
    static let lapseRates: [Double] = [-0.0065, 0, 0.001, 0.0028, 0, -0.0028, -0.002]
    let baseTemperatures: [Double]
    let basePressures: [Double]

    /// An atmosphere with the given sea-level pressure and temperature (see the type's discussion for how
    /// the offset applies).
    /// - Parameters:
    ///   - seaLevelPressure: Pressure at geopotential height 0, pascals, within ``seaLevelPressures``.
    ///   - seaLevelTemperature: Temperature at geopotential height 0, kelvin, within ``seaLevelTemperatures``.
    /// - Throws: `SignalError` `.outOfRange` (path `$`) naming the value and the valid range, or `.nonFinite`.
    public init(
        seaLevelPressure: Double = standardSeaLevelPressure,
        seaLevelTemperature: Double = standardSeaLevelTemperature
    ) throws {
        guard seaLevelPressure.isFinite, seaLevelTemperature.isFinite else {
            throw SignalError(
                .nonFinite, path: "$",
                "sea-level pressure and temperature must be finite, got \(seaLevelPressure) Pa and \(seaLevelTemperature) K"
            )
        }
        guard Self.seaLevelPressures.contains(seaLevelPressure) else {
            throw SignalError(
                .outOfRange, path: "$",
                "sea-level pressure \(seaLevelPressure) Pa is outside 50000 Pa ... 150000 Pa")
        }
        guard Self.seaLevelTemperatures.contains(seaLevelTemperature) else {
            throw SignalError(
                .outOfRange, path: "$",
                "sea-level temperature \(seaLevelTemperature) K is outside 173.15 K ... 373.15 K")
        }
        self.init(checkedPressure: seaLevelPressure, temperature: seaLevelTemperature)
    }

    init(checkedPressure p0: Double, temperature t0: Double) {
        seaLevelPressure = p0
        seaLevelTemperature = t0
        var temperatures = [t0]
        var pressures = [p0]
        for i in 1..<Self.baseHeights.count {
            let (t, p) = Self.integrate(
                from: Self.baseHeights[i - 1], temperature: temperatures[i - 1],
                pressure: pressures[i - 1], lapse: Self.lapseRates[i - 1],
                to: Self.baseHeights[i])
            temperatures.append(t)
            pressures.append(p)
        }
        baseTemperatures = temperatures
        basePressures = pressures
    }

    /// Temperature and pressure at `height` in a layer of constant `lapse` from a base state.
    static func integrate(
        from base: Double, temperature tb: Double, pressure pb: Double, lapse: Double,
        to height: Double
    ) -> (Double, Double) {
        let dh = height - base
        if lapse == 0 {
            return (tb, pb * exp(-standardGravity * dh / (gasConstant * tb)))
        }
        let t = tb + lapse * dh
        return (t, pb * pow(tb / t, standardGravity / (gasConstant * lapse)))
    }

    /// Temperature, pressure and density at a geopotential height.
    /// - Parameter geopotentialHeight: Geopotential height `H`, metres (geopotential metres), within
    ///   ``geopotentialHeights``; see ``geopotentialHeight(geometricHeight:)``.
    /// - Returns: The air's state there.
    /// - Throws: `SignalError` `.outOfRange` (path `$`) naming the height and the range, or `.nonFinite`.
    public func state(geopotentialHeight: Double) throws -> AtmosphereState {
        guard geopotentialHeight.isFinite else {
            throw SignalError(.nonFinite, path: "$", "geopotential height must be finite, got \(geopotentialHeight) m")
        }
        guard Self.geopotentialHeights.contains(geopotentialHeight) else {
            throw SignalError(
                .outOfRange, path: "$",
                "geopotential height \(geopotentialHeight) m is outside -5000 m ... 84852 m")
        }
        var i = Self.baseHeights.count - 1
        while i > 0, geopotentialHeight < Self.baseHeights[i] { i -= 1 }
        let (t, p) = Self.integrate(
            from: Self.baseHeights[i], temperature: baseTemperatures[i],
            pressure: basePressures[i], lapse: Self.lapseRates[i], to: geopotentialHeight)
        return AtmosphereState(temperature: t, pressure: p, density: p / (Self.gasConstant * t))
    }

    /// Pressure at a geopotential height, pascals (see ``state(geopotentialHeight:)``).
    public func pressure(geopotentialHeight: Double) throws -> Double {
        try state(geopotentialHeight: geopotentialHeight).pressure
    }

    /// Temperature at a geopotential height, kelvin (see ``state(geopotentialHeight:)``).
    public func temperature(geopotentialHeight: Double) throws -> Double {
        try state(geopotentialHeight: geopotentialHeight).temperature
    }

    /// Density at a geopotential height, kg/m³ (see ``state(geopotentialHeight:)``).
    public func density(geopotentialHeight: Double) throws -> Double {
        try state(geopotentialHeight: geopotentialHeight).density
    }

    /// Geopotential height `H = r z / (r + z)` of a geometric height `z`, with `r` = ``earthRadius``
    /// (ICAO 1993's convention: gravity falls off as the inverse square from `g₀` at sea level). Exact for
    /// that convention; it ignores gravity's variation with latitude (up to 0.26 %).
    /// - Parameter geometricHeight: Geometric height above mean sea level `z`, metres (> −r).
    /// - Returns: Geopotential height, metres.
    @inlinable
    public static func geopotentialHeight(geometricHeight: Double) -> Double {
        earthRadius * geometricHeight / (earthRadius + geometricHeight)
    }

    /// Geometric height `z = r H / (r − H)` of a geopotential height `H`, the inverse of
    /// ``geopotentialHeight(geometricHeight:)``.
    /// - Parameter geopotentialHeight: Geopotential height `H`, metres (< r).
    /// - Returns: Geometric height above mean sea level, metres.
    @inlinable
    public static func geometricHeight(geopotentialHeight: Double) -> Double {
        earthRadius * geopotentialHeight / (earthRadius - geopotentialHeight)
    }
}
