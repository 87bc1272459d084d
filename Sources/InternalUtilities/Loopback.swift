/// Whether `host` names this machine only: `localhost` (and `*.localhost`), 127.0.0.0/8 or `::1`, in any
/// case, an IPv6 address with or without its brackets. The one rule for the server ("does this bind reach
/// other machines?") and the client ("does this connection need local-network access?").
/// - Parameter host: A host name or address as the user wrote it.
package func isLoopbackHost(_ host: String) -> Bool {
    var h = Substring(host.lowercased())
    if h.hasPrefix("["), h.hasSuffix("]") { h = h.dropFirst().dropLast() }
    if h == "localhost" || h.hasSuffix(".localhost") || h == "::1" { return true }
    // 127.0.0.0/8 as four decimal numbers 0 ... 255 (a name such as 127.evil.example is not loopback).
    let parts = h.split(separator: ".", omittingEmptySubsequences: false)
    return parts.count == 4 && parts[0] == "127"
        && parts.allSatisfy { p in
            !p.isEmpty && p.count <= 3 && p.allSatisfy(\.isASCII) && p.allSatisfy(\.isNumber) && (Int(p) ?? 256) <= 255
        }
}
