import Foundation

/// The package's `Examples` folder, which the tests read example specs, routes and recordings from.
package enum Examples {
    /// `Examples/`.
    package static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples")

    /// `Examples/path`.
    package static func url(_ path: String) -> URL { root.appendingPathComponent(path) }

    /// The names of the `.json` files in `Examples/folder`, sorted.
    /// - Parameter folder: A folder under `Examples/` (`specs/imu`).
    package static func jsonFiles(in folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url(folder).path).filter { $0.hasSuffix(".json") }.sorted()
    }
}
