import Foundation

/// The package's `Examples` folder, which the tests read example specs, routes and recordings from.
package enum Examples {
    /// `Examples/`.
    package static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples")

    /// `Examples/path`.
    package static func url(_ path: String) -> URL { root.appendingPathComponent(path) }
}
