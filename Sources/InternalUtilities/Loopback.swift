/// Whether `host` names this machine only: `localhost` (and `*.localhost`), 127.0.0.0/8 or `::1`, in any
/// case, an IPv6 address with or without its brackets. The one rule for the server ("does this bind reach
/// other machines?") and the client ("does this connection need local-network access?").
/// - Parameter host: A host name or address as the user wrote it.
package func isLoopbackHost(_ host: String) -> Bool {
    var h = Substring(host.lowercased())
    if h.hasPrefix("["), h.hasSuffix("]") { h = h.dropFirst().dropLast() }
    return h == "localhost" || h.hasSuffix(".localhost") || h == "::1" || h.hasPrefix("127.")
}
