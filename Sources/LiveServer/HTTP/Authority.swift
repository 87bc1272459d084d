import Foundation

/// A `Host` header (or the host of an origin) read strictly: a host name or address and an optional
/// port, as `localhost:8080`, `127.0.0.1`, `[::1]:8080`.
///
/// ```swift
/// Authority("[::1]:8080")   // host "::1", port 8080, isLoopback
/// Authority("127.evil.example")?.isLoopback   // false: only four decimal numbers count as an address
/// ```
struct Authority: Sendable, Hashable {
    /// The host, lowercased; an IPv6 address without its brackets.
    var host: String
    /// The port, 0 to 65535, when one is given.
    var port: Int?

    /// Reads `host`, `host:port`, `[v6]` or `[v6]:port`; `nil` for anything else (an empty host, a bad
    /// port, an IPv6 address without brackets, characters no host name has).
    /// - Parameter text: The header's value.
    init?(_ text: some StringProtocol) {
        let text = Substring(text)
        guard !text.isEmpty, text.utf8.count <= 300 else { return nil }
        let hostPart: Substring
        let portPart: Substring?
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { return nil }
            hostPart = text[text.index(after: text.startIndex)..<close]
            let rest = text[text.index(after: close)...]
            if rest.isEmpty {
                portPart = nil
            } else {
                guard rest.hasPrefix(":") else { return nil }
                portPart = rest.dropFirst()
            }
            guard !hostPart.isEmpty, hostPart.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }) else {
                return nil
            }
        } else {
            let parts = text.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
            guard parts.count <= 2 else { return nil }
            hostPart = parts[0]
            portPart = parts.count == 2 ? parts[1] : nil
            guard !hostPart.isEmpty,
                hostPart.allSatisfy({
                    $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "." || $0 == "_")
                })
            else { return nil }
        }
        if let portPart {
            guard (1...5).contains(portPart.count), portPart.allSatisfy({ $0.isASCII && $0.isNumber }),
                let port = Int(portPart), port <= 65535
            else { return nil }
            self.port = port
        } else {
            port = nil
        }
        host = hostPart.lowercased()
    }

    /// Whether the host names this machine's loopback and nothing else: `localhost`, an IPv4 address
    /// `127.x.y.z` (four decimal numbers, each 0 to 255) or the IPv6 address `::1`.
    ///
    /// Stricter than a prefix test on purpose: `127.0.0.1.example.com` is a name any domain's owner can
    /// point anywhere, which is what a DNS rebinding attack needs.
    var isLoopback: Bool {
        host == "localhost" || Self.isLoopbackIPv4(host) || Self.isLoopbackIPv6(host)
    }

    /// `127.x.y.z`, four decimal numbers from 0 to 255.
    static func isLoopbackIPv4(_ host: String) -> Bool {
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return false }
        for part in parts {
            guard (1...3).contains(part.count), part.allSatisfy({ $0.isASCII && $0.isNumber }),
                let value = Int(part), value <= 255
            else { return false }
        }
        return parts[0] == "127"
    }

    /// `::1` in any of its spellings (`0:0:0:0:0:0:0:1`, `::0:1`).
    static func isLoopbackIPv6(_ host: String) -> Bool {
        guard host.contains(":") else { return false }
        var address = in6_addr()
        guard inet_pton(AF_INET6, host, &address) == 1 else { return false }
        return withUnsafeBytes(of: &address) { bytes in
            bytes.dropLast().allSatisfy { $0 == 0 } && bytes.last == 1
        }
    }
}
