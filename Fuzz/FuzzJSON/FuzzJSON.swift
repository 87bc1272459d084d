import Formats
import Foundation
import FuzzSupport
import InternalUtilities
import Signals

/// Fuzzes the strict JSON reader, ``JSONValue/parse(_:limits:)``, alone.
///
/// For every input: parsing either fails with a bounded message that has a line and column, or gives a
/// value whose compact (`serialized`) and pretty (`prettyPrinted`) texts parse back to an equal value,
/// and whose compact text is a fixed point (serializing the re-parsed value gives the same text).
/// A smaller nesting limit must refuse exactly the documents nested deeper than it.
enum JSONHarness {
    static func run(_ data: Data) {
        let value: JSONValue
        do {
            value = try JSONValue.parse(data)
        } catch {
            FuzzHarness.requireBounded(error)
            FuzzHarness.require(
                error.code != .malformed || (error.line != nil && error.column != nil),
                "a syntax error has no line and column: \(error)")
            return
        }
        let compact = value.serialized
        let again: JSONValue
        do {
            again = try JSONValue.parse(compact)
        } catch {
            FuzzHarness.fail("the serialized value does not parse: \(error)\n\(compact.prefix(2000))")
        }
        FuzzHarness.require(again == value, "the serialized value parses to another value:\n\(compact.prefix(2000))")
        FuzzHarness.require(again.serialized == compact, "serializing is not a fixed point:\n\(compact.prefix(2000))")
        do {
            let pretty = try JSONValue.parse(value.prettyPrinted)
            FuzzHarness.require(
                pretty == value,
                "the pretty-printed value parses to another value:\n\(value.prettyPrinted.prefix(2000))")
        } catch {
            FuzzHarness.fail("the pretty-printed value does not parse: \(error)\n\(value.prettyPrinted.prefix(2000))")
        }
        let depth = value.depth
        let shallow = try? JSONValue.parse(data, limits: JSONLimits(depth: 3))
        FuzzHarness.require(
            (shallow != nil) == (depth <= 3),
            "a document nested \(depth) deep is \(shallow == nil ? "refused" : "accepted") with a depth limit of 3")
    }
}

extension JSONValue {
    /// Nesting depth: 0 for a scalar, 1 for a flat array or object.
    var depth: Int {
        switch self {
        case .object(let o): 1 + (o.members.map(\.value.depth).max() ?? 0)
        case .array(let a): 1 + (a.map(\.depth).max() ?? 0)
        default: 0
        }
    }
}

@main
enum Main {
    static func main() { FuzzHarness.main(JSONHarness.run) }
}
