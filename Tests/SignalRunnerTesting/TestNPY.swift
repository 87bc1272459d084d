import Foundation

/// `.npy` files built byte by byte for the readers' tests (NumPy's format, version 1.0), independently of
/// the package's own writer.
package enum TestNPY {
    /// A version 1.0 file: the magic `\x93NUMPY`, the version, the header's length, `header` padded with
    /// spaces and a newline so that the data start at a multiple of 64 bytes, then `payload`.
    /// - Parameters:
    ///   - header: The header dictionary as Python text (`{'descr': '<f4', 'fortran_order': False, 'shape': (4,), }`).
    ///   - payload: The array's bytes.
    package static func file(header: String, payload: Data = Data()) -> Data {
        var dict = header
        dict += String(repeating: " ", count: (64 - (10 + dict.utf8.count + 1) % 64) % 64) + "\n"
        var data = Data(
            [0x93] + Array("NUMPY".utf8) + [1, 0, UInt8(dict.utf8.count & 0xFF), UInt8(dict.utf8.count >> 8)])
        data.append(contentsOf: Array(dict.utf8))
        return data + payload
    }

    /// A little-endian float64 file of one column, `values.count` rows (or of `shape`, a Python tuple, which
    /// may disagree with the values on purpose).
    /// - Parameters:
    ///   - values: The elements, in order.
    ///   - shape: The header's shape (`(50000000, 6)`); default `(values.count, 1)`.
    package static func float64(_ values: [Double], shape: String? = nil) -> Data {
        file(
            header: "{'descr': '<f8', 'fortran_order': False, 'shape': \(shape ?? "(\(values.count), 1)"), }",
            payload: payload(values))
    }

    /// The little-endian bytes of `values`, in order (a `<f8` array's data).
    package static func payload(_ values: [Double]) -> Data {
        var data = Data()
        for v in values { withUnsafeBytes(of: v.bitPattern.littleEndian) { data.append(contentsOf: $0) } }
        return data
    }

    /// The little-endian bytes of `values`, in order (a `<f4` array's data).
    package static func payload(_ values: [Float]) -> Data {
        var data = Data()
        for v in values { withUnsafeBytes(of: v.bitPattern.littleEndian) { data.append(contentsOf: $0) } }
        return data
    }
}
