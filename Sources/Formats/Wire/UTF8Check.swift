/// A UTF-8 check that reads a text in pieces (a fragmented WebSocket message): well-formed UTF-8 as the
/// Unicode Standard's table 3-7 defines it (no overlong form, no surrogate, nothing past U+10FFFF). The
/// server checks a client's text messages with it as their frames arrive, and both ends a close frame's reason.
package struct UTF8Check: Sendable {
    /// Continuation bytes still expected in the character under way.
    private var needed = 0
    /// The range of the next continuation byte.
    private var lower: UInt8 = 0x80
    private var upper: UInt8 = 0xBF

    /// A check at the start of a text.
    package init() {}

    /// Reads the next bytes.
    /// - Returns: `false` as soon as they cannot be UTF-8, whatever follows.
    package mutating func read(_ bytes: UnsafeRawBufferPointer) -> Bool {
        for byte in bytes {
            if needed > 0 {
                guard byte >= lower, byte <= upper else { return false }
                needed -= 1
                lower = 0x80
                upper = 0xBF
                continue
            }
            switch byte {
            case 0x00...0x7F: continue
            case 0xC2...0xDF: needed = 1
            case 0xE0:
                needed = 2
                lower = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: needed = 2
            case 0xED:
                needed = 2
                upper = 0x9F
            case 0xF0:
                needed = 3
                lower = 0x90
            case 0xF1...0xF3: needed = 3
            case 0xF4:
                needed = 3
                upper = 0x8F
            default: return false
            }
        }
        return true
    }

    /// Whether the text read so far ends on a whole character.
    package var isComplete: Bool { needed == 0 }
}
