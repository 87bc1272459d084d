import Foundation
import InternalUtilities
import SensorData

extension JSONValue {
    /// Parses one JSON document strictly (see `JSONValue`): a leading UTF-8 byte order mark and
    /// surrounding whitespace are allowed, anything else after the value is an error.
    ///
    /// - Throws: `SignalError` (`malformed`) with its `SignalError.line` and `SignalError.column`,
    ///   and the JSON path of the container where the problem is
    ///   (`$.sum[1]: line 3, column 7: not valid JSON: trailing comma before ']'`).
    /// - Complexity: O(bytes), recursion bounded by `limits.depth`.
    package static func parse(_ data: Data, limits: JSONLimits = JSONLimits()) throws(SignalError) -> JSONValue {
        do {
            return try JSONParser.parse(data, limits: limits)
        } catch {
            throw SignalError(
                error.isTooLarge ? .tooLarge : .malformed, error.message, line: error.line, column: error.column,
                path: error.path)
        }
    }

    /// Parses a JSON document from text.
    package static func parse(_ text: String, limits: JSONLimits = JSONLimits()) throws(SignalError) -> JSONValue {
        try parse(Data(text.utf8), limits: limits)
    }
}
