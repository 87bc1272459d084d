/// `text` cut to at most `limit` characters (with `…` at the cut), for quoting user input in a message
/// without echoing megabytes of it back: the package's one rule for quoting what a user gave.
/// - Parameters:
///   - text: What the user gave.
///   - limit: Largest number of characters kept (default 100).
/// - Returns: `text`, or its first `limit − 1` characters and `…`.
package func quotedForMessage(_ text: some StringProtocol, limit: Int = 100) -> String {
    if text.count <= limit { return String(text) }
    return String(text.prefix(max(0, limit - 1))) + "…"
}
