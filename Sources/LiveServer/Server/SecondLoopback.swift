import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import ServiceLifecycle

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The server on the other loopback: when the application has bound one loopback (127.0.0.1, or ::1), this
/// service binds the same port on the other, with the same routes and the same guarded connections.
///
/// It waits for ``listen(besides:)`` (called once the first address is bound, so that port 0 gives the
/// same port on both), then runs a second server until the application shuts down. A machine without an
/// IPv6 loopback is no error: the service reports ``Outcome/unavailable(_:)`` and waits for the shutdown.
/// The port in use on the other loopback, or no permission for it, is: the service throws, and the
/// application stops with that error.
final class SecondLoopback<Responder: HTTPResponder>: Service, Sendable
where Responder.Context: InitializableFromSource<ApplicationRequestContextSource> {
    /// What binding the other loopback gave.
    enum Outcome: Sendable {
        /// Listening at this URL.
        case listening(String)
        /// Not listening, for a reason that leaves the server usable (the note says it).
        case unavailable(String)
        /// Not listening; the service threw.
        case failed
    }

    let responder: Responder
    let server: HTTPServerBuilder
    let logger: Logger
    private let requests: AsyncStream<(host: String, port: Int)>
    private let request: AsyncStream<(host: String, port: Int)>.Continuation
    private let outcomes: AsyncStream<Outcome>
    private let outcome: AsyncStream<Outcome>.Continuation

    init(responder: Responder, server: HTTPServerBuilder, logger: Logger) {
        self.responder = responder
        self.server = server
        self.logger = logger
        (requests, request) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(1))
        (outcomes, outcome) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(1))
    }

    /// Binds the port of `address` on the other loopback; returns once that is done or has failed.
    func listen(besides address: SocketAddress) async -> Outcome {
        let other =
            switch address {
            case .v6: "127.0.0.1"
            default: "::1"
            }
        request.yield((other, address.port ?? 0))
        request.finish()
        for await result in outcomes { return result }
        return .failed
    }

    func run() async throws {
        var next: (host: String, port: Int)?
        for await asked in requests.cancelOnGracefulShutdown() {
            next = asked
            break
        }
        guard let (host, port) = next else { return }  // shut down before the first address was bound
        let url = LiveServerConfiguration.url(host, port: port)
        let outcome = self.outcome
        let app = Application(
            responder: responder, server: server,
            configuration: ApplicationConfiguration(address: .hostname(host, port: port), serverName: nil),
            onServerRunning: { _ in outcome.yield(.listening(url)) },
            logger: logger
        )
        do {
            try await app.run()
        } catch let error as IOError where [EADDRINUSE, EACCES].contains(error.errnoCode) {
            outcome.yield(.failed)
            throw LiveServerError(.bindFailed, "cannot serve on \(url): \(String(cString: strerror(error.errnoCode)))")
        } catch {
            let reason =
                (error as? IOError).map { String(cString: strerror($0.errnoCode)) } ?? "the address cannot be bound"
            outcome.yield(
                .unavailable(
                    "\(url) is not served (\(reason.lowercased())): this machine has no IPv6 loopback, so only 127.0.0.1 is"
                ))
            try? await gracefulShutdown()
        }
    }
}
