import Foundation
import SensorFeeds

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
