import Foundation
import Location

/// Height from pressure by the standard atmosphere, as a phone's altimeter derives it: the inverse of the
/// ICAO 1993 Standard Atmosphere (101 325 Pa, 288.15 K at sea level) in its two lowest layers, then
/// geopotential to geometric height.
///
/// ```
/// H = (T₀ / L) (1 − (p / p₀)^(R L / g₀))            p ≥ p₁₁ (below 11 km geopotential)
/// H = 11 000 + (R T₁₁ / g₀) ln(p₁₁ / p)             p < p₁₁ (11 … 20 km, isothermal)
/// z = r H / (r − H)                                  (geometric height, m)
/// ```
///
/// A difference of two such heights is exact for any sea-level pressure on a standard-temperature day
/// (the pressure ratio is what matters), so relative altitude carries only the barometer's own error
/// (noise, quantisation, weather drift): about 1 m per 12 Pa near sea level.
enum PressureAltitude {
    static let p0 = StandardAtmosphere.standardSeaLevelPressure
    static let t0 = StandardAtmosphere.standardSeaLevelTemperature
    /// The troposphere's lapse rate, K/m.
    static let lapse = 0.0065
    static let r = StandardAtmosphere.gasConstant
    static let g0 = StandardAtmosphere.standardGravity
    static let t11 = t0 - lapse * 11_000
    static let p11 = p0 * pow(t11 / t0, g0 / (r * lapse))

    /// Geometric height above mean sea level, metres, of `pascals` in the standard atmosphere (valid
    /// from −5 km to 20 km; NaN for a pressure that is not positive).
    static func height(pascals p: Double) -> Double {
        guard p > 0 else { return .nan }
        let h = p >= p11 ? t0 / lapse * (1 - pow(p / p0, r * lapse / g0)) : 11_000 + r * t11 / g0 * log(p11 / p)
        return StandardAtmosphere.geometricHeight(geopotentialHeight: h)
    }

    /// The standard atmosphere's pressure, pascals, at `metres` above mean sea level (the inverse of
    /// ``height(pascals:)``; NaN outside −5 km … 84.852 km).
    static func pressure(metres z: Double) -> Double {
        (try? StandardAtmosphere.isa.pressure(
            geopotentialHeight: StandardAtmosphere.geopotentialHeight(geometricHeight: z))) ?? .nan
    }

    /// Pascals per metre of height at `pascals` (`ρ g = p g₀ / (R T)` with the standard temperature there).
    static func gradient(pascals p: Double) -> Double {
        let z = height(pascals: p)
        let h = StandardAtmosphere.geopotentialHeight(geometricHeight: z)
        let t = h < 11_000 ? t0 - lapse * h : t11
        return p * g0 / (r * t)
    }
}
