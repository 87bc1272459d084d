import Foundation
import SensorFeeds
import SignalRunnerTesting
import Testing

/// Starts `server`, then device-motion updates from it over `scheme` (``startDeviceMotion(from:interval:)``),
/// and waits for the stream's first point, which `first` names; the server must then count one client.
func startDeviceMotion(
    on server: TestServer, scheme: String, interval: TimeInterval = 0.01, first: String = "point 0"
) async throws -> (manager: SimulatedMotionManager, got: Received<DeviceMotion>, queue: OperationQueue) {
    try await server.start()
    let started = startDeviceMotion(from: .server(server.url(scheme)), interval: interval)
    try await awaitFirst(started.got, from: server, scheme: scheme, first: first)
    return started
}

/// Waits until `got` has the first point of a stream from `server` over `scheme` (`first` names it in the
/// failure); the server must then count one client.
func awaitFirst<Value: Sendable>(
    _ got: Received<Value>, from server: TestServer, scheme: String, first: String = "point 0"
) async throws {
    try await got.wait(for: "\(first), the stream's first") { values, _ in !values.isEmpty }
    #expect(server.clients(scheme) == 1)
}

/// A manager on `source` with its device-motion updates started every `interval` seconds on a serial
/// queue; `got` collects what arrives.
func startDeviceMotion(
    from source: MotionSource, interval: TimeInterval = 0.01
)
    -> (manager: SimulatedMotionManager, got: Received<DeviceMotion>, queue: OperationQueue)
{
    let manager = SimulatedMotionManager(source: source)
    manager.deviceMotionUpdateInterval = interval
    let got = Received<DeviceMotion>()
    let queue = serialQueue()
    manager.startDeviceMotionUpdates(to: queue) { m, e in got.add(m, e) }
    return (manager, got, queue)
}
