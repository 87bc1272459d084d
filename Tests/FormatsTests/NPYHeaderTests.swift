import Foundation
import SensorData
import Testing

@testable import Formats

/// The `.npy` header: the bytes NumPy writes, write → parse round trips, the magic, and every refusal once.
@Suite struct NPYHeaderTests {
    /// A version 1.0 header as NumPy 1.x/2.x `np.save` writes it: the dictionary, spaces, `\n`, 128 bytes in all.
    static func numpy(_ dict: String) -> Data {
        var text = dict + String(repeating: " ", count: 117 - dict.utf8.count) + "\n"
        text = String(text.prefix(118))
        return Data(NPYHeader.magic + [1, 0, 118, 0] + Array(text.utf8))
    }

    @Test("the writer's bytes are NumPy's for the same array")
    func golden() {
        #expect(
            NPYHeader.encode(dtype: .float64, shape: [100, 3])
                == Self.numpy("{'descr': '<f8', 'fortran_order': False, 'shape': (100, 3), }"))
        #expect(
            NPYHeader.encode(dtype: .float32, shape: [7])
                == Self.numpy("{'descr': '<f4', 'fortran_order': False, 'shape': (7,), }"))
        // The failing case: another shape is other bytes.
        #expect(
            NPYHeader.encode(dtype: .float32, shape: [7, 1])
                != Self.numpy("{'descr': '<f4', 'fortran_order': False, 'shape': (7,), }"))
    }

    @Test(
        "write → parse gives the dtype, shape and a data offset aligned to 64 bytes",
        arguments: NPYHeader.DType.allCases)
    func roundTrip(_ dtype: NPYHeader.DType) throws {
        var state: UInt64 = 6
        for k in 0..<200 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let frames = k == 0 ? Int.max / 8 : k == 3 ? 0 : Int(state >> 40)  // k = 0 and 3: one-dimensional
            let channels = 1 + Int(state % 300)
            let shape = k % 3 == 0 ? [frames] : [frames, channels]
            let bytes = NPYHeader.encode(dtype: dtype, shape: shape)
            let header = try NPYHeader(bytes, name: "x.npy")
            #expect(header.width == dtype.width)
            #expect(header.frames == frames)
            #expect(header.channels == (shape.count == 1 ? 1 : channels))
            #expect(header.dataOffset == bytes.count)
            #expect(bytes.count % 64 == 0)
            #expect(NPYHeader.isNPY(bytes))
        }
    }

    @Test("the magic is recognised at the start only")
    func magic() {
        #expect(NPYHeader.isNPY([0x93] + Array("NUMPY\u{1}\u{0}".utf8)))
        #expect(!NPYHeader.isNPY(Array("NUMPY".utf8)))
        #expect(!NPYHeader.isNPY([0x93] + Array("NUMP".utf8)))
        #expect(!NPYHeader.isNPY([0x20, 0x93] + Array("NUMPY".utf8)))
    }

    /// A header of `version` (1: 2-byte length; 2, 3: 4-byte length) around `dict`, unpadded.
    static func header(version: UInt8, _ dict: String) -> Data {
        let body = Array(dict.utf8)
        let n = body.count
        let length: [UInt8] =
            version == 1
            ? [UInt8(n & 0xFF), UInt8(n >> 8)]
            : [UInt8(n & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n >> 16 & 0xFF), UInt8(n >> 24)]
        return Data(NPYHeader.magic + [version, 0] + length + body)
    }

    @Test("versions 2 and 3 are read, with their 4-byte header length in the data offset")
    func laterVersions() throws {
        for version: UInt8 in [2, 3] {
            let dict = "{'descr': '<f8', 'fortran_order': False, 'shape': (5, 2), }\n"
            let h = try NPYHeader(Self.header(version: version, dict), name: "v.npy")
            #expect(h.dataOffset == 12 + dict.utf8.count)
            #expect(h.frames == 5)
        }
    }

    static let hostile: [(Data, String)] = [
        (Data("NUMPY".utf8), "not a .npy file"),
        (Data(NPYHeader.magic + [1, 0]), "not a .npy file"),
        (header(version: 4, "{}"), "unsupported .npy format version 4"),
        (header(version: 1, "{'descr': '>f4', 'fortran_order': False, 'shape': (3,), }"), "dtype >f4"),
        (header(version: 1, "{'descr': '<i8', 'fortran_order': False, 'shape': (3,), }"), "dtype <i8"),
        (header(version: 1, "{'descr': '<f4', 'fortran_order': True, 'shape': (3,), }"), "Fortran"),
        (header(version: 1, "{'descr': '<f4', 'fortran_order': False, 'shape': (3, 0), }"), "0 channels"),
        (
            header(version: 1, "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3, 4), }"),
            "must be (frames,) or (frames, channels)"
        ),
        (
            header(version: 1, "{'descr': '<f8', 'fortran_order': False, 'shape': (4611686018427387904, 4), }"),
            "more values than any file"
        ),
        (header(version: 1, "{'descr': '<f4', 'fortran_order': False, }"), "no 'shape'"),
        (header(version: 1, "{'descr': '<f4', 'fortran_order': False, 'shape': (3,), }").dropLast(5), "truncated"),
        (Data(NPYHeader.magic + [2, 0, 1, 0, 0x10, 0] + Array("{}".utf8)), "larger than 1048576"),
    ]

    @Test("hostile headers are refused as malformed, naming what is wrong", arguments: hostile)
    func refused(_ bytes: Data, _ words: String) {
        #expect {
            _ = try NPYHeader(bytes, name: "bad.npy")
        } throws: { error in
            let error = error as? SignalError
            return error?.code == .malformed && error?.message.contains(words) == true
                && error?.location.file == "bad.npy"
        }
    }
}
