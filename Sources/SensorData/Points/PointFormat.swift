import Foundation

/// What a point file holds: a JSON array of point objects, JSON Lines or CSV with a header (see `PointFile`).
///
/// ```swift
/// PointFormat(extensionOf: "walk.jsonl")   // .jsonLines
/// ```
public enum PointFormat: String, Sendable, Hashable, CaseIterable {
    /// A JSON array of point objects (`.json`).
    case json
    /// One JSON point object per line (`.jsonl`, `.ndjson`).
    case jsonLines
    /// CSV with a header line (`.csv`).
    case csv

    /// The format for a file name's extension, if it tells.
    /// - Parameter path: A file name or path.
    public init?(extensionOf path: String) {
        switch (path as NSString).pathExtension.lowercased() {
        case "json": self = .json
        case "jsonl", "ndjson": self = .jsonLines
        case "csv": self = .csv
        default: return nil
        }
    }
}
