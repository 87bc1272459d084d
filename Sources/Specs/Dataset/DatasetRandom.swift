import Foundation
import Signals

/// Counter-based randomness for datasets: every draw is a pure function of (plan seed, recording index,
/// stream, counter), so that recording `i` can be made alone, on any machine, in any order.
///
/// A draw is SplitMix64's finaliser (the package's `CounterHash.mix64`, as the noise generators use)
/// applied three times: `mix(mix(mix(seed) ⊕ index) ⊕ stream·φ₁ ⊕ counter·φ₂)`. A stream is the 64-bit
/// FNV-1a hash of a name (`template`, `parameter:walk.cadence`, `seed:$.imu.seed`), so that adding a
/// parameter or a template changes no other draw of the same name. Not for cryptography.
package enum DatasetRandom {
    /// 64 random bits.
    /// - Parameters:
    ///   - seed: The plan's seed.
    ///   - index: The recording's index.
    ///   - stream: The draw's stream (``stream(_:)`` of its name).
    ///   - counter: Which draw of the stream (0, 1, ...).
    package static func bits(seed: UInt64, index: Int, stream: UInt64, counter: UInt64 = 0) -> UInt64 {
        let keyed = CounterHash.mix64(
            CounterHash.mix64(seed ^ 0x6A09_E667_F3BC_C908) ^ UInt64(bitPattern: Int64(index)))
        return CounterHash.mix64(keyed ^ (stream &* 0xD1B5_4A32_D192_ED03) ^ (counter &* 0x9E37_79B9_7F4A_7C15))
    }

    /// A uniform draw in [0, 1) with 53 random bits.
    package static func unit(seed: UInt64, index: Int, stream: UInt64, counter: UInt64 = 0) -> Double {
        Double(bits(seed: seed, index: index, stream: stream, counter: counter) >> 11) * 0x1p-53
    }

    /// The 64-bit FNV-1a hash of a stream's name.
    package static func stream(_ name: String) -> UInt64 {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        for b in name.utf8 {
            h ^= UInt64(b)
            h = h &* 0x0000_0100_0000_01B3
        }
        return h
    }
}
