/// Counter-based random bits: a keyed hash of the sample index, so that any sample can be drawn on
/// its own, in any order, on any thread, with the same result.
///
/// The core mixer is Chris Wellons' `lowbias32` (an integer hash with near-ideal avalanche); a keyed
/// draw applies it twice with two 32-bit keys: `h(h(i ⊕ k1) ⊕ k2)`. Keys come from the seed, the
/// stream and the high 32 bits of the sample index through SplitMix64. Not for cryptography.
@usableFromInline package enum CounterHash {
    /// SplitMix64's finaliser.
    @inlinable
    package static func mix64(_ x: UInt64) -> UInt64 {
        var z = x &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Two 32-bit keys for (seed, stream, high word of the index).
    @inlinable
    package static func keys(seed: UInt64, stream: UInt64, high: UInt64) -> (UInt32, UInt32) {
        let k = mix64(mix64(seed ^ (stream &* 0xD1B5_4A32_D192_ED03)) ^ high)
        return (UInt32(truncatingIfNeeded: k), UInt32(truncatingIfNeeded: k >> 32))
    }

    /// `lowbias32` on 16 lanes.
    @inlinable @inline(__always)
    package static func lowbias32(_ v: Lanes.Words) -> Lanes.Words {
        var x = v
        x ^= x &>> 16
        x = x &* 0x7FEB_352D
        x ^= x &>> 15
        x = x &* 0x846C_A68B
        x ^= x &>> 16
        return x
    }

    /// Keyed draw on 16 lanes: `h(h(i ⊕ k1) ⊕ k2)`.
    @inlinable @inline(__always)
    package static func draw(_ index: Lanes.Words, _ key: (UInt32, UInt32)) -> Lanes.Words {
        lowbias32(lowbias32(index ^ key.0) ^ key.1)
    }
}
