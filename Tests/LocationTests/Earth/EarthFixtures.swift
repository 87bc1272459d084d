import Foundation
import Testing

/// The Earth models' reference values in Data/Earth/ (Tools/Earth/README.md says where each comes from).
enum EarthFixtures {
    /// The rows of Data/Earth/`name`.csv as numbers, comment lines skipped; empty when the file is missing
    /// (the tests then fail on its row count).
    static func rows(_ name: String) -> [[Double]] {
        guard let url = Bundle.module.url(forResource: name, withExtension: "csv", subdirectory: "Data/Earth"),
            let text = try? String(contentsOf: url, encoding: .utf8)
        else { return [] }
        return text.split(separator: "\n").compactMap { line in
            guard !line.hasPrefix("#") else { return nil }
            return line.split(separator: ",").map { Double($0) ?? .nan }
        }
    }

    /// ``rows(_:)``, expecting `count` of them (a missing or shortened file fails here).
    static func rows(_ name: String, count: Int, sourceLocation: SourceLocation = #_sourceLocation) -> [[Double]] {
        let rows = Self.rows(name)
        #expect(rows.count == count, "rows of Data/Earth/\(name).csv", sourceLocation: sourceLocation)
        return rows
    }
}
