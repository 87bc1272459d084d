import Hummingbird
import NIOCore

/// The request context of the live server: Hummingbird's core context and the connection's peer, which
/// tells polling clients apart in `/v1/status`.
struct LiveRequestContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    /// `host:port` of the peer, or `local` when there is none (in-process tests).
    let peer: String
    /// The connection, which a stream's points are written to directly (see `FanOut`).
    let channel: any Channel

    init(source: ApplicationRequestContextSource) {
        coreContext = CoreRequestContextStorage(source: source)
        peer = source.channel.remoteAddress.map { "\($0)" } ?? "local"
        channel = source.channel
    }

    /// Request bodies are read up to 1 MiB (see ``LiveServerConfiguration/bodyLimit``).
    var maxUploadSize: Int { LiveServerConfiguration.bodyLimit }
}
