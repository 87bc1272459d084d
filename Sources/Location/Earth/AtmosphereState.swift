/// The state of the air at one height of a ``StandardAtmosphere``.
///
/// ```swift
/// let air = try StandardAtmosphere.isa.state(geopotentialHeight: 1_000)
/// air.pressure      // 89 874.6 Pa
/// air.temperature   // 281.65 K
/// air.density       // 1.1116 kg/m³
/// ```
public struct AtmosphereState: Sendable, Hashable {
    /// Air temperature, kelvin.
    public var temperature: Double
    /// Static pressure, pascals.
    public var pressure: Double
    /// Density `ρ = p / (R T)`, kg/m³.
    public var density: Double

}
