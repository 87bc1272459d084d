import Foundation

/// The NumPy `.npy` format (version 1.0) that `signals render`, `signals route` and `signals import` write.
enum NPY {
    /// The header for little-endian data of type `descr` (`<f4`, `<f8`) and `shape` (a Python tuple such
    /// as `(100,)` or `(100, 3)`), padded with spaces and a newline so that the data starts at a multiple
    /// of 64 bytes.
    static func header(descr: String, shape: String) -> Data {
        var dict = "{'descr': '\(descr)', 'fortran_order': False, 'shape': \(shape), }"
        let unpadded = 10 + dict.utf8.count + 1
        dict += String(repeating: " ", count: (64 - unpadded % 64) % 64) + "\n"
        var data = Data([0x93] + Array("NUMPY".utf8) + [1, 0])
        let length = UInt16(dict.utf8.count)
        data.append(contentsOf: [UInt8(length & 0xFF), UInt8(length >> 8)])
        data.append(contentsOf: Array(dict.utf8))
        return data
    }
}
