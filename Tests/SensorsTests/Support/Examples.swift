import Foundation

/// The package's `Examples` folder, which the tests read example specs and recordings from.
enum Examples {
    /// `Examples/`.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Examples")

    /// `Examples/path`.
    static func url(_ path: String) -> URL { root.appendingPathComponent(path) }
}
