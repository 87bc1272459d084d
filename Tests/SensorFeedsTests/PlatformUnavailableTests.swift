import Foundation
import SignalRunnerTesting
import Synchronization
import Testing

@testable import SensorFeeds

/// What the Apple adapters do on a platform that lacks an API (compiled and tested here; the adapters only
/// choose, per platform, when to use it): availability false, one handler call with the error on the
/// handler's queue, iterations that end with it.
@Suite struct PlatformUnavailableTests {
    /// Collects one handler call and says when it came.
    final class Received<Value: Sendable>: Sendable {
        private let calls = Mutex<[(Value?, (any Error)?)]>([])
        private let arrived = AsyncStream<Void>.makeStream()

        var handler: @Sendable (Value?, (any Error)?) -> Void {
            { value, error in
                self.calls.withLock { $0.append((value, error)) }
                self.arrived.continuation.yield()
            }
        }

        /// Waits for the first call (an event, not a time) and returns every call so far.
        func first() async -> [(Value?, (any Error)?)] {
            var iterator = arrived.stream.makeAsyncIterator()
            _ = await iterator.next()
            return calls.withLock { $0 }
        }

        /// Every call so far.
        var all: [(Value?, (any Error)?)] { calls.withLock { $0 } }
    }

    @Test("the error names the API, the platform and the evidence, and is not transient")
    func message() {
        let unavailable = PlatformUnavailable(
            "CMAltimeter", platform: "visionOS",
            evidence: "https://developer.apple.com/documentation/coremotion/cmaltimeter lists iOS")
        #expect(unavailable.error.code == .unavailable)
        #expect(
            unavailable.error.message
                == "CMAltimeter is unavailable in visionOS (https://developer.apple.com/documentation/coremotion/cmaltimeter lists iOS)"
        )
        #expect(!unavailable.error.isTransient)
        #expect(PlatformUnavailable.current == "Linux")
    }

    @Test("a handler is called once, on its queue, with no value and the error")
    func handler() async throws {
        let unavailable = PlatformUnavailable("CMMotionManager", evidence: "test")
        let received = Received<Int>()
        let queue = serialQueue()
        unavailable.fail(received.handler, on: queue)
        _ = await received.first()
        // The queue is serial: once an operation queued after the call has run, any second call would have too.
        await withCheckedContinuation { done in queue.addOperation { done.resume() } }
        let calls = received.all
        #expect(calls.count == 1)
        #expect(calls[0].0 == nil)
        let error = try #require(calls[0].1 as? SensorFeedsError)
        #expect(error.code == .unavailable)
        #expect(error.message.hasPrefix("CMMotionManager is unavailable in Linux"))
    }

    @Test("an iteration ends at once with the error")
    func stream() async {
        let unavailable = PlatformUnavailable(
            "CLLocationManager.startUpdatingLocation()", platform: "tvOS", evidence: "test")
        var count = 0
        do {
            for try await _ in unavailable.stream(of: Int.self) { count += 1 }
            Issue.record("the iteration ended without an error")
        } catch let error as SensorFeedsError {
            #expect(error.code == .unavailable)
            #expect(error.message.contains("unavailable in tvOS"))
        } catch {
            Issue.record("unexpected error \(error)")
        }
        #expect(count == 0)
    }

    @Test("a provider without motion sensors says so everywhere")
    func motion() async throws {
        let motion: any MotionProviding = UnavailableMotionProvider(reason: "no sensors in this test")
        #expect(!motion.isDeviceMotionAvailable)
        #expect(!motion.isAccelerometerAvailable)
        #expect(!motion.isGyroAvailable)
        #expect(!motion.isMagnetometerAvailable)
        motion.startDeviceMotionUpdates()
        motion.startAccelerometerUpdates()
        #expect(motion.deviceMotion == nil)
        #expect(motion.accelerometerData == nil)
        #expect(!motion.isDeviceMotionActive)
        motion.magnetometerUpdateInterval = 0.5
        #expect(motion.magnetometerUpdateInterval == 0.5)

        let queue = serialQueue()
        let deviceMotion = Received<DeviceMotion>()
        motion.startDeviceMotionUpdates(using: .xTrueNorthZVertical, to: queue, withHandler: deviceMotion.handler)
        let magnetometer = Received<MagnetometerData>()
        motion.startMagnetometerUpdates(to: queue, withHandler: magnetometer.handler)
        for calls in [await deviceMotion.first().map { $0.1 }, await magnetometer.first().map { $0.1 }] {
            #expect(calls.count == 1)
            #expect((calls[0] as? SensorFeedsError)?.message == "no sensors in this test")
        }
        await #expect(throws: SensorFeedsError.self) {
            for try await _ in motion.deviceMotionUpdates() {}
        }
    }

    @Test("a pedometer and an altimeter without their hardware say so")
    func pedometerAndAltimeter() async throws {
        #expect(!UnavailablePedometer.isStepCountingAvailable())
        #expect(!UnavailablePedometer.isPedometerEventTrackingAvailable())
        #expect(!UnavailableAltimeter.isRelativeAltitudeAvailable())
        #expect(!UnavailableAltimeter.isAbsoluteAltitudeAvailable())
        let altimeter = UnavailableAltimeter(reason: "no barometer")
        let received = Received<AltitudeData>()
        altimeter.startRelativeAltitudeUpdates(to: serialQueue(), withHandler: received.handler)
        let calls = await received.first()
        #expect(calls.count == 1)
        #expect((calls[0].1 as? SensorFeedsError)?.code == .unavailable)
    }

    @Test("an activity manager without a classifier: not available, a query's handler gets the error")
    func activity() async throws {
        #expect(!UnavailableMotionActivityManager.isActivityAvailable())
        let manager = UnavailableMotionActivityManager(
            PlatformUnavailable(
                "CMMotionActivityManager", platform: "macOS",
                evidence: "https://developer.apple.com/documentation/coremotion/cmmotionactivitymanager"))
        #expect(manager.error.code == .unavailable)
        #expect(manager.error.message.hasPrefix("CMMotionActivityManager is unavailable in macOS"))
        let received = Received<[MotionActivity]>()
        manager.queryActivityStarting(from: Date(), to: Date(), to: serialQueue(), withHandler: received.handler)
        let calls = await received.first()
        #expect(calls.count == 1)
        #expect(calls[0].0 == nil)
        #expect((calls[0].1 as? SensorFeedsError)?.code == .unavailable)
    }
}

/// Which Core Location failures end the iterations: only a denial does; Core Location keeps trying after
/// the others.
@Suite struct CoreLocationFailureTests {
    @Test("CLError.denied (kCLErrorDomain 1) ends the iterations with an error that names the denial")
    func denied() {
        let failure = CoreLocationFailure(NSError(domain: "kCLErrorDomain", code: 1))
        #expect(failure == .denied)
        let error = CoreLocationFailure.deniedError
        #expect(error.code == .notAuthorized)
        #expect(!error.isTransient)
        #expect(error.message.contains("CLError.denied"))
    }

    @Test(
        "locationUnknown, network, headingFailure and other domains are transient",
        arguments: [
            ("kCLErrorDomain", 0), ("kCLErrorDomain", 2), ("kCLErrorDomain", 3), ("NSURLErrorDomain", 1),
            ("kCLErrorDomain", 17),
        ])
    func transient(domain: String, code: Int) {
        #expect(CoreLocationFailure(domain: domain, code: code) == .transient)
    }
}

/// What an adapter started and must stop when it is released.
@Suite struct StartedUpdatesTests {
    enum Kind: Hashable, Sendable { case accelerometer, gyro, deviceMotion }

    @Test("started kinds are drained once; a stopped kind is not stopped again")
    func drain() {
        let started = StartedUpdates<Kind>()
        started.start(.accelerometer)
        started.start(.gyro)
        started.start(.gyro)
        started.stop(.accelerometer)
        #expect(started.isStarted(.gyro))
        #expect(!started.isStarted(.accelerometer))
        #expect(started.drain() == [.gyro])
        #expect(started.drain().isEmpty)
        #expect(!started.isStarted(.gyro))
    }

    @Test("a weak reference does not keep its object alive")
    func weak() {
        var object: NSObject? = NSObject()
        let reference = WeakReference(object!)
        #expect(reference.value != nil)
        object = nil
        #expect(reference.value == nil)
    }
}
