import InternalUtilities
import Testing

/// SHA-256 against FIPS 180-4's examples, fed whole, byte by byte and through raw buffers split anywhere.
@Suite struct SHA256Tests {
    static let vectors: [(String, String)] = [
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        (
            "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        ),
    ]

    @Test("the FIPS 180-4 examples", arguments: zip(SHA256Tests.vectors.map(\.0), SHA256Tests.vectors.map(\.1)))
    func fipsExamples(_ text: String, _ digest: String) {
        var h = SHA256()
        h.update(Array(text.utf8))
        #expect(h.hexDigest() == digest)
    }

    @Test("a million 'a's, through raw buffers split at odd places, equal one update")
    func million() {
        let bytes = [UInt8](repeating: 0x61, count: 1_000_000)
        var split = SHA256()
        var start = 0
        for size in [1, 63, 64, 65, 1000, 127] where start < bytes.count {
            bytes.withUnsafeBytes { split.update(UnsafeRawBufferPointer(rebasing: $0[start..<start + size])) }
            start += size
        }
        bytes.withUnsafeBytes { split.update(UnsafeRawBufferPointer(rebasing: $0[start...])) }
        #expect(split.hexDigest() == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test("one byte more changes the digest (the checks above can fail)")
    func differs() {
        var a = SHA256()
        var b = SHA256()
        a.update(Array("abc".utf8))
        b.update(Array("abcd".utf8))
        #expect(a.hexDigest() != b.hexDigest())
    }
}
