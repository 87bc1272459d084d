/// SHA-256 (FIPS 180-4), incremental: the checksum of a dataset's recordings (`signals dataset` writes
/// `sha256:` and 64 hex digits of the float32 little-endian sample bytes, which Python's `hashlib.sha256`
/// reproduces). For integrity, not for secrets (no constant-time guarantees).
///
/// ```swift
/// var h = SHA256()
/// h.update([0x61, 0x62, 0x63])
/// h.hexDigest()   // "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
/// ```
package struct SHA256: Sendable {
    private var state: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) =
        (0x6A09_E667, 0xBB67_AE85, 0x3C6E_F372, 0xA54F_F53A, 0x510E_527F, 0x9B05_688C, 0x1F83_D9AB, 0x5BE0_CD19)
    private var buffer: [UInt8] = []
    /// Bytes added so far.
    private var length: UInt64 = 0

    private static let k: [UInt32] = [
        0x428A_2F98, 0x7137_4491, 0xB5C0_FBCF, 0xE9B5_DBA5, 0x3956_C25B, 0x59F1_11F1, 0x923F_82A4, 0xAB1C_5ED5,
        0xD807_AA98, 0x1283_5B01, 0x2431_85BE, 0x550C_7DC3, 0x72BE_5D74, 0x80DE_B1FE, 0x9BDC_06A7, 0xC19B_F174,
        0xE49B_69C1, 0xEFBE_4786, 0x0FC1_9DC6, 0x240C_A1CC, 0x2DE9_2C6F, 0x4A74_84AA, 0x5CB0_A9DC, 0x76F9_88DA,
        0x983E_5152, 0xA831_C66D, 0xB003_27C8, 0xBF59_7FC7, 0xC6E0_0BF3, 0xD5A7_9147, 0x06CA_6351, 0x1429_2967,
        0x27B7_0A85, 0x2E1B_2138, 0x4D2C_6DFC, 0x5338_0D13, 0x650A_7354, 0x766A_0ABB, 0x81C2_C92E, 0x9272_2C85,
        0xA2BF_E8A1, 0xA81A_664B, 0xC24B_8B70, 0xC76C_51A3, 0xD192_E819, 0xD699_0624, 0xF40E_3585, 0x106A_A070,
        0x19A4_C116, 0x1E37_6C08, 0x2748_774C, 0x34B0_BCB5, 0x391C_0CB3, 0x4ED8_AA4A, 0x5B9C_CA4F, 0x682E_6FF3,
        0x748F_82EE, 0x78A5_636F, 0x84C8_7814, 0x8CC7_0208, 0x90BE_FFFA, 0xA450_6CEB, 0xBEF9_A3F7, 0xC671_78F2,
    ]

    package init() {}

    /// Adds bytes.
    package mutating func update(_ bytes: some Sequence<UInt8>) {
        for b in bytes {
            length &+= 1
            buffer.append(b)
            if buffer.count == 64 {
                compress(buffer)
                buffer.removeAll(keepingCapacity: true)
            }
        }
    }

    /// Adds bytes from a raw buffer (whole 64-byte blocks without copying).
    package mutating func update(_ raw: UnsafeRawBufferPointer) {
        var start = 0
        if !buffer.isEmpty {
            let take = min(64 - buffer.count, raw.count)
            update(raw[0..<take])  // the byte-by-byte path: fills and compresses the buffer
            start = take
            if !buffer.isEmpty { return }
        }
        while raw.count - start >= 64 {
            compress(UnsafeRawBufferPointer(rebasing: raw[start..<start + 64]))
            length &+= 64
            start += 64
        }
        update(raw[start...])
    }

    private mutating func compress(_ block: some Collection<UInt8>) {
        var w = [UInt32](repeating: 0, count: 64)
        for (n, b) in block.enumerated() { w[n / 4] |= UInt32(b) << (24 - 8 * UInt32(n % 4)) }
        for t in 16..<64 {
            let s0 = w[t - 15].rotatedRight(7) ^ w[t - 15].rotatedRight(18) ^ (w[t - 15] >> 3)
            let s1 = w[t - 2].rotatedRight(17) ^ w[t - 2].rotatedRight(19) ^ (w[t - 2] >> 10)
            w[t] = w[t - 16] &+ s0 &+ w[t - 7] &+ s1
        }
        var (a, b, c, d, e, f, g, h) = state
        for t in 0..<64 {
            let s1 = e.rotatedRight(6) ^ e.rotatedRight(11) ^ e.rotatedRight(25)
            let ch = (e & f) ^ (~e & g)
            let t1 = h &+ s1 &+ ch &+ SHA256.k[t] &+ w[t]
            let s0 = a.rotatedRight(2) ^ a.rotatedRight(13) ^ a.rotatedRight(22)
            let maj = (a & b) ^ (a & c) ^ (b & c)
            let t2 = s0 &+ maj
            (h, g, f, e, d, c, b, a) = (g, f, e, d &+ t1, c, b, a, t1 &+ t2)
        }
        state = (
            state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d, state.4 &+ e, state.5 &+ f, state.6 &+ g,
            state.7 &+ h
        )
    }

    /// The digest, as 64 lowercase hex digits (the value is not changed).
    package func hexDigest() -> String {
        var copy = self
        let bits = copy.length &* 8
        var tail = copy.buffer + [0x80]
        while tail.count % 64 != 56 { tail.append(0) }
        for s in stride(from: 56, through: 0, by: -8) { tail.append(UInt8(truncatingIfNeeded: bits >> UInt64(s))) }
        copy.buffer = []
        for start in stride(from: 0, to: tail.count, by: 64) { copy.compress(tail[start..<start + 64]) }
        let words = [
            copy.state.0, copy.state.1, copy.state.2, copy.state.3, copy.state.4, copy.state.5, copy.state.6,
            copy.state.7,
        ]
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        for word in words {
            for s in stride(from: 28, through: 0, by: -4) { out.append(digits[Int((word >> UInt32(s)) & 0xF)]) }
        }
        return String(decoding: out, as: UTF8.self)
    }
}

extension UInt32 {
    @inline(__always) fileprivate func rotatedRight(_ n: UInt32) -> UInt32 { (self >> n) | (self << (32 - n)) }
}
