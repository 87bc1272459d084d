// A stub of Apple's CoreMotion for `make check-apple` (Tools/check-apple/README.md): only the symbols this
// package uses, each written from the documentation page named above it (its Swift declaration and its
// platform list). Never run: the bodies only satisfy the compiler. No Apple header or SDK file was copied.
//
// A member whose own page is not in the search index cites the page of its type (which lists it) and
// takes the type's platforms; a note says so. Initialisers are NSObject's `init()`, as the class pages
// list no initialiser of their own. C structures, enumerations and option sets are `Sendable`, as Swift
// imports them.
import Foundation

// MARK: - Values

// https://developer.apple.com/documentation/coremotion/cmacceleration
// Availability: iOS 4.0, iPadOS 4.0, Mac Catalyst 13.0, macOS 10.15, visionOS 1.0, watchOS 2.0
public struct CMAcceleration: Sendable {
    // https://developer.apple.com/documentation/coremotion/cmacceleration
    // Availability: iOS 4.0, iPadOS 4.0, Mac Catalyst 13.0, macOS 10.15, visionOS 1.0, watchOS 2.0
    // Note: x, y and z are listed on the structure's page (z's own page has the same platforms).
    public var x: Double
    // https://developer.apple.com/documentation/coremotion/cmacceleration
    // Availability: iOS 4.0, iPadOS 4.0, Mac Catalyst 13.0, macOS 10.15, visionOS 1.0, watchOS 2.0
    public var y: Double
    // https://developer.apple.com/documentation/coremotion/cmacceleration/z
    // Availability: iOS 4.0, iPadOS 4.0, Mac Catalyst 13.0, macOS 10.15, visionOS 1.0, watchOS 2.0
    public var z: Double
}

// https://developer.apple.com/documentation/coremotion/cmrotationrate
// Availability: iOS 4.0, iPadOS 4.0, Mac Catalyst 13.0, macOS 10.15, visionOS 1.0, watchOS 2.0
public struct CMRotationRate: Sendable {
    // https://developer.apple.com/documentation/coremotion/cmrotationrate
    // Availability: iOS 4.0, iPadOS 4.0, Mac Catalyst 13.0, macOS 10.15, visionOS 1.0, watchOS 2.0
    // Note: x, y and z are listed on the structure's page.
    public var x: Double
    // https://developer.apple.com/documentation/coremotion/cmrotationrate
    // Availability: iOS 4.0, iPadOS 4.0, Mac Catalyst 13.0, macOS 10.15, visionOS 1.0, watchOS 2.0
    public var y: Double
    // https://developer.apple.com/documentation/coremotion/cmrotationrate
    // Availability: iOS 4.0, iPadOS 4.0, Mac Catalyst 13.0, macOS 10.15, visionOS 1.0, watchOS 2.0
    public var z: Double
}

// https://developer.apple.com/documentation/coremotion/cmmagneticfield
// Availability: iOS 4.0, iPadOS 4.0, Mac Catalyst 13.0, macOS 10.15, visionOS 1.0, watchOS 2.0
public struct CMMagneticField: Sendable {
    // https://developer.apple.com/documentation/coremotion/cmmagneticfield
    // Availability: iOS 4.0, iPadOS 4.0, Mac Catalyst 13.0, macOS 10.15, visionOS 1.0, watchOS 2.0
    // Note: x, y and z (microteslas) are listed on the structure's page.
    public var x: Double
    // https://developer.apple.com/documentation/coremotion/cmmagneticfield
    // Availability: iOS 4.0, iPadOS 4.0, Mac Catalyst 13.0, macOS 10.15, visionOS 1.0, watchOS 2.0
    public var y: Double
    // https://developer.apple.com/documentation/coremotion/cmmagneticfield
    // Availability: iOS 4.0, iPadOS 4.0, Mac Catalyst 13.0, macOS 10.15, visionOS 1.0, watchOS 2.0
    public var z: Double
}

// https://developer.apple.com/documentation/coremotion/cmquaternion
// Availability: iOS 4.0, iPadOS 4.0, Mac Catalyst 13.0, macOS 10.15, visionOS 1.0, watchOS 2.0
public struct CMQuaternion: Sendable {
    // https://developer.apple.com/documentation/coremotion/cmquaternion
    // Availability: iOS 4.0, iPadOS 4.0, Mac Catalyst 13.0, macOS 10.15, visionOS 1.0, watchOS 2.0
    // Note: x, y, z and w are listed on the structure's page.
    public var x: Double
    // https://developer.apple.com/documentation/coremotion/cmquaternion
    // Availability: iOS 4.0, iPadOS 4.0, Mac Catalyst 13.0, macOS 10.15, visionOS 1.0, watchOS 2.0
    public var y: Double
    // https://developer.apple.com/documentation/coremotion/cmquaternion
    // Availability: iOS 4.0, iPadOS 4.0, Mac Catalyst 13.0, macOS 10.15, visionOS 1.0, watchOS 2.0
    public var z: Double
    // https://developer.apple.com/documentation/coremotion/cmquaternion
    // Availability: iOS 4.0, iPadOS 4.0, Mac Catalyst 13.0, macOS 10.15, visionOS 1.0, watchOS 2.0
    public var w: Double
}

// https://developer.apple.com/documentation/coremotion/cmmagneticfieldcalibrationaccuracy
// Availability: iOS 4.0, iPadOS 4.0, Mac Catalyst 13.0, macOS 10.15, visionOS 1.0, watchOS 2.0
public enum CMMagneticFieldCalibrationAccuracy: Int32, Sendable {
    // https://developer.apple.com/documentation/coremotion/cmmagneticfieldcalibrationaccuracy/uncalibrated
    // Availability: iOS 4.0, iPadOS 4.0, Mac Catalyst 13.0, macOS 10.15, visionOS 1.0, watchOS 2.0
    case uncalibrated = -1
    // https://developer.apple.com/documentation/coremotion/cmmagneticfieldcalibrationaccuracy
    // Availability: iOS 4.0, iPadOS 4.0, Mac Catalyst 13.0, macOS 10.15, visionOS 1.0, watchOS 2.0
    // Note: low and medium are listed on the enumeration's page.
    case low = 0
    // https://developer.apple.com/documentation/coremotion/cmmagneticfieldcalibrationaccuracy
    // Availability: iOS 4.0, iPadOS 4.0, Mac Catalyst 13.0, macOS 10.15, visionOS 1.0, watchOS 2.0
    case medium = 1
    // https://developer.apple.com/documentation/coremotion/cmmagneticfieldcalibrationaccuracy/high
    // Availability: iOS 4.0, iPadOS 4.0, Mac Catalyst 13.0, macOS 10.15, visionOS 1.0, watchOS 2.0
    case high = 2
}

// https://developer.apple.com/documentation/coremotion/cmcalibratedmagneticfield
// Availability: iOS 4.0, iPadOS 4.0, Mac Catalyst 13.0, macOS 10.15, visionOS 1.0, watchOS 2.0
public struct CMCalibratedMagneticField: Sendable {
    // https://developer.apple.com/documentation/coremotion/cmcalibratedmagneticfield/field
    // Availability: iOS 4.0, iPadOS 4.0, Mac Catalyst 13.0, macOS 10.15, visionOS 1.0, watchOS 2.0
    public var field: CMMagneticField
    // https://developer.apple.com/documentation/coremotion/cmcalibratedmagneticfield/accuracy
    // Availability: iOS 4.0, iPadOS 4.0, Mac Catalyst 13.0, macOS 10.15, visionOS 1.0, watchOS 2.0
    public var accuracy: CMMagneticFieldCalibrationAccuracy
}

// https://developer.apple.com/documentation/coremotion/cmattitudereferenceframe
// Availability: iOS 4.0, iPadOS 4.0, Mac Catalyst 13.0, macOS 10.15, visionOS 1.0, watchOS 2.0
public struct CMAttitudeReferenceFrame: OptionSet, Sendable {
    // https://developer.apple.com/documentation/coremotion/cmattitudereferenceframe
    // Availability: iOS 4.0, iPadOS 4.0, Mac Catalyst 13.0, macOS 10.15, visionOS 1.0, watchOS 2.0
    // Note: an option set of UInt (the page's declaration: `struct CMAttitudeReferenceFrame`, OptionSet).
    public let rawValue: UInt
    // https://developer.apple.com/documentation/coremotion/cmattitudereferenceframe
    // Availability: iOS 4.0, iPadOS 4.0, Mac Catalyst 13.0, macOS 10.15, visionOS 1.0, watchOS 2.0
    public init(rawValue: UInt) { self.rawValue = rawValue }
    // https://developer.apple.com/documentation/coremotion/cmattitudereferenceframe/xarbitraryzvertical
    // Availability: iOS 4.0, iPadOS 4.0, Mac Catalyst 13.0, macOS 10.15, visionOS 1.0, watchOS 2.0
    public static var xArbitraryZVertical: CMAttitudeReferenceFrame { .init(rawValue: 1) }
    // https://developer.apple.com/documentation/coremotion/cmattitudereferenceframe/xarbitrarycorrectedzvertical
    // Availability: iOS 4.0, iPadOS 4.0, Mac Catalyst 13.0, macOS 10.15, visionOS 1.0, watchOS 2.0
    public static var xArbitraryCorrectedZVertical: CMAttitudeReferenceFrame { .init(rawValue: 2) }
    // https://developer.apple.com/documentation/coremotion/cmattitudereferenceframe/xmagneticnorthzvertical
    // Availability: iOS 4.0, iPadOS 4.0, Mac Catalyst 13.0, macOS 10.15, visionOS 1.0, watchOS 2.0
    public static var xMagneticNorthZVertical: CMAttitudeReferenceFrame { .init(rawValue: 4) }
    // https://developer.apple.com/documentation/coremotion/cmattitudereferenceframe/xtruenorthzvertical
    // Availability: iOS 4.0, iPadOS 4.0, Mac Catalyst 13.0, macOS 10.15, visionOS 1.0, watchOS 2.0
    public static var xTrueNorthZVertical: CMAttitudeReferenceFrame { .init(rawValue: 8) }
}

// MARK: - Samples

// https://developer.apple.com/documentation/coremotion/cmlogitem
// Availability: iOS 4.0, iPadOS 4.0, Mac Catalyst 13.1, macOS 10.15, visionOS 1.0, watchOS 2.0
open class CMLogItem: NSObject {
    // https://developer.apple.com/documentation/coremotion/cmlogitem/timestamp
    // Availability: iOS 4.0, iPadOS 4.0, Mac Catalyst 13.1, macOS 10.15, visionOS 1.0, watchOS 2.0
    open var timestamp: TimeInterval { fatalError() }
}

// https://developer.apple.com/documentation/coremotion/cmattitude
// Availability: iOS 4.0, iPadOS 4.0, Mac Catalyst 13.1, macOS 10.15, visionOS 1.0, watchOS 2.0
open class CMAttitude: NSObject {
    // https://developer.apple.com/documentation/coremotion/cmattitude/quaternion
    // Availability: iOS 4.0, iPadOS 4.0, Mac Catalyst 13.1, macOS 10.15, visionOS 1.0, watchOS 2.0
    open var quaternion: CMQuaternion { fatalError() }
}

// https://developer.apple.com/documentation/coremotion/cmdevicemotion
// Availability: iOS 4.0, iPadOS 4.0, Mac Catalyst 13.1, macOS 10.15, visionOS 1.0, watchOS 2.0
open class CMDeviceMotion: CMLogItem {
    // https://developer.apple.com/documentation/coremotion/cmdevicemotion/attitude
    // Availability: iOS 4.0, iPadOS 4.0, Mac Catalyst 13.1, macOS 10.15, visionOS 1.0, watchOS 2.0
    open var attitude: CMAttitude { fatalError() }
    // https://developer.apple.com/documentation/coremotion/cmdevicemotion/rotationrate
    // Availability: iOS 4.0, iPadOS 4.0, Mac Catalyst 13.1, macOS 10.15, visionOS 1.0, watchOS 2.0
    open var rotationRate: CMRotationRate { fatalError() }
    // https://developer.apple.com/documentation/coremotion/cmdevicemotion/gravity
    // Availability: iOS 4.0, iPadOS 4.0, Mac Catalyst 13.1, macOS 10.15, visionOS 1.0, watchOS 2.0
    open var gravity: CMAcceleration { fatalError() }
    // https://developer.apple.com/documentation/coremotion/cmdevicemotion/useracceleration
    // Availability: iOS 4.0, iPadOS 4.0, Mac Catalyst 13.1, macOS 10.15, visionOS 1.0, watchOS 2.0
    open var userAcceleration: CMAcceleration { fatalError() }
    // https://developer.apple.com/documentation/coremotion/cmdevicemotion/magneticfield
    // Availability: iOS 5.0, iPadOS 5.0, Mac Catalyst 13.1, macOS 10.15, visionOS 1.0, watchOS 2.0
    open var magneticField: CMCalibratedMagneticField { fatalError() }
    // https://developer.apple.com/documentation/coremotion/cmdevicemotion/heading
    // Availability: iOS 11.0, iPadOS 11.0, Mac Catalyst 13.1, macOS 10.15, watchOS 4.0
    open var heading: Double { fatalError() }
}

// https://developer.apple.com/documentation/coremotion/cmaccelerometerdata
// Availability: iOS 4.0, iPadOS 4.0, Mac Catalyst 13.1, macOS 10.15, visionOS 1.0, watchOS 2.0
open class CMAccelerometerData: CMLogItem {
    // https://developer.apple.com/documentation/coremotion/cmaccelerometerdata/acceleration
    // Availability: iOS 4.0, iPadOS 4.0, Mac Catalyst 13.1, macOS 10.15, visionOS 1.0, watchOS 2.0
    open var acceleration: CMAcceleration { fatalError() }
}

// https://developer.apple.com/documentation/coremotion/cmgyrodata
// Availability: iOS 4.0, iPadOS 4.0, Mac Catalyst 13.1, macOS 10.15, visionOS 1.0, watchOS 2.0
open class CMGyroData: CMLogItem {
    // https://developer.apple.com/documentation/coremotion/cmgyrodata/rotationrate
    // Availability: iOS 4.0, iPadOS 4.0, Mac Catalyst 13.1, macOS 10.15, visionOS 1.0, watchOS 2.0
    open var rotationRate: CMRotationRate { fatalError() }
}

// https://developer.apple.com/documentation/coremotion/cmmagnetometerdata
// Availability: iOS 5.0, iPadOS 5.0, Mac Catalyst 13.1, macOS 10.15, watchOS 2.0
open class CMMagnetometerData: CMLogItem {
    // https://developer.apple.com/documentation/coremotion/cmmagnetometerdata/magneticfield
    // Availability: iOS 5.0, iPadOS 5.0, Mac Catalyst 13.1, macOS 10.15, watchOS 2.0
    open var magneticField: CMMagneticField { fatalError() }
}

// MARK: - CMMotionManager

// https://developer.apple.com/documentation/coremotion/cmdevicemotionhandler
// Availability: iOS 4.0, iPadOS 4.0, Mac Catalyst 13.0, macOS 10.15, visionOS 1.0, watchOS 2.0
public typealias CMDeviceMotionHandler = (CMDeviceMotion?, (any Error)?) -> Void
// https://developer.apple.com/documentation/coremotion/cmaccelerometerhandler
// Availability: iOS 4.0, iPadOS 4.0, Mac Catalyst 13.0, macOS 10.15, visionOS 1.0, watchOS 2.0
public typealias CMAccelerometerHandler = (CMAccelerometerData?, (any Error)?) -> Void
// https://developer.apple.com/documentation/coremotion/cmgyrohandler
// Availability: iOS 4.0, iPadOS 4.0, Mac Catalyst 13.0, macOS 10.15, visionOS 1.0, watchOS 2.0
public typealias CMGyroHandler = (CMGyroData?, (any Error)?) -> Void
// https://developer.apple.com/documentation/coremotion/cmmagnetometerhandler
// Availability: iOS 5.0, iPadOS 5.0, Mac Catalyst 13.1, macOS 10.15, watchOS 2.0
public typealias CMMagnetometerHandler = (CMMagnetometerData?, (any Error)?) -> Void

// https://developer.apple.com/documentation/coremotion/cmmotionmanager
// Availability: iOS 4.0, iPadOS 4.0, Mac Catalyst 13.1, visionOS 1.0, watchOS 2.0
open class CMMotionManager: NSObject {
    // https://developer.apple.com/documentation/coremotion/cmmotionmanager/devicemotionupdateinterval
    // Availability: iOS 4.0, iPadOS 4.0, Mac Catalyst 13.1, visionOS 1.0, watchOS 2.0
    open var deviceMotionUpdateInterval: TimeInterval { get { fatalError() } set {} }
    // https://developer.apple.com/documentation/coremotion/cmmotionmanager/accelerometerupdateinterval
    // Availability: iOS 4.0, iPadOS 4.0, Mac Catalyst 13.1, visionOS 1.0, watchOS 2.0
    open var accelerometerUpdateInterval: TimeInterval { get { fatalError() } set {} }
    // https://developer.apple.com/documentation/coremotion/cmmotionmanager/gyroupdateinterval
    // Availability: iOS 4.0, iPadOS 4.0, Mac Catalyst 13.1, visionOS 1.0, watchOS 2.0
    open var gyroUpdateInterval: TimeInterval { get { fatalError() } set {} }
    // https://developer.apple.com/documentation/coremotion/cmmotionmanager/magnetometerupdateinterval
    // Availability: iOS 5.0, iPadOS 5.0, Mac Catalyst 13.1, watchOS 2.0
    open var magnetometerUpdateInterval: TimeInterval { get { fatalError() } set {} }

    // https://developer.apple.com/documentation/coremotion/cmmotionmanager/isdevicemotionavailable
    // Availability: iOS 4.0, iPadOS 4.0, Mac Catalyst 13.1, visionOS 1.0, watchOS 2.0
    open var isDeviceMotionAvailable: Bool { fatalError() }
    // https://developer.apple.com/documentation/coremotion/cmmotionmanager/isdevicemotionactive
    // Availability: iOS 4.0, iPadOS 4.0, Mac Catalyst 13.1, visionOS 1.0, watchOS 2.0
    open var isDeviceMotionActive: Bool { fatalError() }
    // https://developer.apple.com/documentation/coremotion/cmmotionmanager/isaccelerometeravailable
    // Availability: iOS 4.0, iPadOS 4.0, Mac Catalyst 13.1, visionOS 1.0, watchOS 2.0
    open var isAccelerometerAvailable: Bool { fatalError() }
    // https://developer.apple.com/documentation/coremotion/cmmotionmanager/isaccelerometeractive
    // Availability: iOS 4.0, iPadOS 4.0, Mac Catalyst 13.1, visionOS 1.0, watchOS 2.0
    open var isAccelerometerActive: Bool { fatalError() }
    // https://developer.apple.com/documentation/coremotion/cmmotionmanager/isgyroavailable
    // Availability: iOS 4.0, iPadOS 4.0, Mac Catalyst 13.1, visionOS 1.0, watchOS 2.0
    open var isGyroAvailable: Bool { fatalError() }
    // https://developer.apple.com/documentation/coremotion/cmmotionmanager/isgyroactive
    // Availability: iOS 4.0, iPadOS 4.0, Mac Catalyst 13.1, visionOS 1.0, watchOS 2.0
    open var isGyroActive: Bool { fatalError() }
    // https://developer.apple.com/documentation/coremotion/cmmotionmanager/ismagnetometeravailable
    // Availability: iOS 5.0, iPadOS 5.0, Mac Catalyst 13.1, watchOS 2.0
    open var isMagnetometerAvailable: Bool { fatalError() }
    // https://developer.apple.com/documentation/coremotion/cmmotionmanager/ismagnetometeractive
    // Availability: iOS 5.0, iPadOS 5.0, Mac Catalyst 13.1, watchOS 2.0
    open var isMagnetometerActive: Bool { fatalError() }

    // https://developer.apple.com/documentation/coremotion/cmmotionmanager/devicemotion
    // Availability: iOS 4.0, iPadOS 4.0, Mac Catalyst 13.1, visionOS 1.0, watchOS 2.0
    open var deviceMotion: CMDeviceMotion? { fatalError() }
    // https://developer.apple.com/documentation/coremotion/cmmotionmanager/accelerometerdata
    // Availability: iOS 4.0, iPadOS 4.0, Mac Catalyst 13.1, visionOS 1.0, watchOS 2.0
    open var accelerometerData: CMAccelerometerData? { fatalError() }
    // https://developer.apple.com/documentation/coremotion/cmmotionmanager/gyrodata
    // Availability: iOS 4.0, iPadOS 4.0, Mac Catalyst 13.1, visionOS 1.0, watchOS 2.0
    open var gyroData: CMGyroData? { fatalError() }
    // https://developer.apple.com/documentation/coremotion/cmmotionmanager/magnetometerdata
    // Availability: iOS 5.0, iPadOS 5.0, Mac Catalyst 13.1, watchOS 2.0
    open var magnetometerData: CMMagnetometerData? { fatalError() }

    // https://developer.apple.com/documentation/coremotion/cmmotionmanager/startdevicemotionupdates()
    // Availability: iOS 4.0, iPadOS 4.0, Mac Catalyst 13.1, visionOS 1.0, watchOS 2.0
    open func startDeviceMotionUpdates() {}
    // https://developer.apple.com/documentation/coremotion/cmmotionmanager/startdevicemotionupdates(to:withhandler:)
    // Availability: iOS 4.0, iPadOS 4.0, Mac Catalyst 13.1, visionOS 1.0, watchOS 2.0
    open func startDeviceMotionUpdates(to queue: OperationQueue, withHandler handler: @escaping CMDeviceMotionHandler) {}
    // https://developer.apple.com/documentation/coremotion/cmmotionmanager/startdevicemotionupdates(using:)
    // Availability: iOS 5.0, iPadOS 5.0, Mac Catalyst 13.1, visionOS 1.0, watchOS 2.0
    open func startDeviceMotionUpdates(using referenceFrame: CMAttitudeReferenceFrame) {}
    // https://developer.apple.com/documentation/coremotion/cmmotionmanager/startdevicemotionupdates(using:to:withhandler:)
    // Availability: iOS 5.0, iPadOS 5.0, Mac Catalyst 13.1, visionOS 1.0, watchOS 2.0
    open func startDeviceMotionUpdates(using referenceFrame: CMAttitudeReferenceFrame, to queue: OperationQueue,
                                       withHandler handler: @escaping CMDeviceMotionHandler) {}
    // https://developer.apple.com/documentation/coremotion/cmmotionmanager/stopdevicemotionupdates()
    // Availability: iOS 4.0, iPadOS 4.0, Mac Catalyst 13.1, visionOS 1.0, watchOS 2.0
    open func stopDeviceMotionUpdates() {}
    // https://developer.apple.com/documentation/coremotion/cmmotionmanager/attitudereferenceframe
    // Availability: iOS 5.0, iPadOS 5.0, Mac Catalyst 13.1, visionOS 1.0, watchOS 2.0
    open var attitudeReferenceFrame: CMAttitudeReferenceFrame { fatalError() }

    // https://developer.apple.com/documentation/coremotion/cmmotionmanager/startaccelerometerupdates()
    // Availability: iOS 4.0, iPadOS 4.0, Mac Catalyst 13.1, visionOS 1.0, watchOS 2.0
    open func startAccelerometerUpdates() {}
    // https://developer.apple.com/documentation/coremotion/cmmotionmanager/startaccelerometerupdates(to:withhandler:)
    // Availability: iOS 4.0, iPadOS 4.0, Mac Catalyst 13.1, visionOS 1.0, watchOS 2.0
    open func startAccelerometerUpdates(to queue: OperationQueue, withHandler handler: @escaping CMAccelerometerHandler) {}
    // https://developer.apple.com/documentation/coremotion/cmmotionmanager/stopaccelerometerupdates()
    // Availability: iOS 4.0, iPadOS 4.0, Mac Catalyst 13.1, visionOS 1.0, watchOS 2.0
    // Note: the page is not in the search index; startAccelerometerUpdates()'s page links it ("You must call
    // stopAccelerometerUpdates()"), and the platforms are those of that page and of the class.
    open func stopAccelerometerUpdates() {}

    // https://developer.apple.com/documentation/coremotion/cmmotionmanager/startgyroupdates()
    // Availability: iOS 4.0, iPadOS 4.0, Mac Catalyst 13.1, visionOS 1.0, watchOS 2.0
    open func startGyroUpdates() {}
    // https://developer.apple.com/documentation/coremotion/cmmotionmanager/startgyroupdates(to:withhandler:)
    // Availability: iOS 4.0, iPadOS 4.0, Mac Catalyst 13.1, visionOS 1.0, watchOS 2.0
    open func startGyroUpdates(to queue: OperationQueue, withHandler handler: @escaping CMGyroHandler) {}
    // https://developer.apple.com/documentation/coremotion/cmmotionmanager/stopgyroupdates()
    // Availability: iOS 4.0, iPadOS 4.0, Mac Catalyst 13.1, visionOS 1.0, watchOS 2.0
    open func stopGyroUpdates() {}

    // https://developer.apple.com/documentation/coremotion/cmmotionmanager/startmagnetometerupdates()
    // Availability: iOS 5.0, iPadOS 5.0, Mac Catalyst 13.1, watchOS 2.0
    open func startMagnetometerUpdates() {}
    // https://developer.apple.com/documentation/coremotion/cmmotionmanager/startmagnetometerupdates(to:withhandler:)
    // Availability: iOS 5.0, iPadOS 5.0, Mac Catalyst 13.1, watchOS 2.0
    open func startMagnetometerUpdates(to queue: OperationQueue, withHandler handler: @escaping CMMagnetometerHandler) {}
    // https://developer.apple.com/documentation/coremotion/cmmotionmanager/stopmagnetometerupdates()
    // Availability: iOS 5.0, iPadOS 5.0, Mac Catalyst 13.1, watchOS 2.0
    open func stopMagnetometerUpdates() {}
}

// MARK: - CMPedometer

// https://developer.apple.com/documentation/coremotion/cmpedometerdata
// Availability: iOS 8.0, iPadOS 8.0, Mac Catalyst 13.1, macOS 10.15, watchOS 2.0
open class CMPedometerData: NSObject {
    // https://developer.apple.com/documentation/coremotion/cmpedometerdata/startdate
    // Availability: iOS 8.0, iPadOS 8.0, Mac Catalyst 13.1, macOS 10.15, watchOS 2.0
    open var startDate: Date { fatalError() }
    // https://developer.apple.com/documentation/coremotion/cmpedometerdata/enddate
    // Availability: iOS 8.0, iPadOS 8.0, Mac Catalyst 13.1, macOS 10.15, watchOS 2.0
    open var endDate: Date { fatalError() }
    // https://developer.apple.com/documentation/coremotion/cmpedometerdata/numberofsteps
    // Availability: iOS 8.0, iPadOS 8.0, Mac Catalyst 13.1, macOS 10.15, watchOS 2.0
    open var numberOfSteps: NSNumber { fatalError() }
    // https://developer.apple.com/documentation/coremotion/cmpedometerdata/distance
    // Availability: iOS 8.0, iPadOS 8.0, Mac Catalyst 13.1, macOS 10.15, watchOS 2.0
    open var distance: NSNumber? { fatalError() }
    // https://developer.apple.com/documentation/coremotion/cmpedometerdata
    // Availability: iOS 8.0, iPadOS 8.0, Mac Catalyst 13.1, macOS 10.15, watchOS 2.0
    // Note: floorsAscended's own page is not in the search index; the class page lists it beside
    // floorsDescended, whose page gives `var floorsDescended: NSNumber? { get }`.
    open var floorsAscended: NSNumber? { fatalError() }
    // https://developer.apple.com/documentation/coremotion/cmpedometerdata/floorsdescended
    // Availability: iOS 8.0, iPadOS 8.0, Mac Catalyst 13.1, macOS 10.15, watchOS 2.0
    open var floorsDescended: NSNumber? { fatalError() }
    // https://developer.apple.com/documentation/coremotion/cmpedometerdata/currentpace
    // Availability: iOS 9.0, iPadOS 9.0, Mac Catalyst 13.1, macOS 10.15, watchOS 2.0
    open var currentPace: NSNumber? { fatalError() }
    // https://developer.apple.com/documentation/coremotion/cmpedometerdata/currentcadence
    // Availability: iOS 9.0, iPadOS 9.0, Mac Catalyst 13.1, macOS 10.15, watchOS 2.0
    open var currentCadence: NSNumber? { fatalError() }
    // https://developer.apple.com/documentation/coremotion/cmpedometerdata/averageactivepace
    // Availability: iOS 10.0, iPadOS 10.0, Mac Catalyst 13.1, macOS 10.15, watchOS 3.0
    open var averageActivePace: NSNumber? { fatalError() }
}

// https://developer.apple.com/documentation/coremotion/cmpedometereventtype
// Availability: iOS 10.0, iPadOS 10.0, Mac Catalyst 13.1, macOS 10.15, visionOS 1.0, watchOS 3.0
public enum CMPedometerEventType: Int, Sendable {
    // https://developer.apple.com/documentation/coremotion/cmpedometereventtype/pause
    // Availability: iOS 10.0, iPadOS 10.0, Mac Catalyst 13.1, macOS 10.15, visionOS 1.0, watchOS 3.0
    case pause = 0
    // https://developer.apple.com/documentation/coremotion/cmpedometereventtype
    // Availability: iOS 10.0, iPadOS 10.0, Mac Catalyst 13.1, macOS 10.15, visionOS 1.0, watchOS 3.0
    // Note: resume is listed on the enumeration's page.
    case resume = 1
}

// https://developer.apple.com/documentation/coremotion/cmpedometerevent
// Availability: iOS 10.0, iPadOS 10.0, Mac Catalyst 13.1, macOS 10.15, visionOS 1.0, watchOS 3.0
open class CMPedometerEvent: NSObject {
    // https://developer.apple.com/documentation/coremotion/cmpedometerevent
    // Availability: iOS 10.0, iPadOS 10.0, Mac Catalyst 13.1, macOS 10.15, visionOS 1.0, watchOS 3.0
    // Note: date is listed on the class page beside type.
    open var date: Date { fatalError() }
    // https://developer.apple.com/documentation/coremotion/cmpedometerevent/type
    // Availability: iOS 10.0, iPadOS 10.0, Mac Catalyst 13.1, macOS 10.15, visionOS 1.0, watchOS 3.0
    open var type: CMPedometerEventType { fatalError() }
}

// https://developer.apple.com/documentation/coremotion/cmpedometerhandler
// Availability: iOS 4.0, iPadOS 4.0, Mac Catalyst 13.0, macOS 10.15, watchOS 2.0
public typealias CMPedometerHandler = (CMPedometerData?, (any Error)?) -> Void
// https://developer.apple.com/documentation/coremotion/cmpedometereventhandler
// Availability: iOS 10.0, iPadOS 10.0, Mac Catalyst 13.1, macOS 10.15, watchOS 3.0
public typealias CMPedometerEventHandler = (CMPedometerEvent?, (any Error)?) -> Void

// https://developer.apple.com/documentation/coremotion/cmpedometer
// Availability: iOS 8.0, iPadOS 8.0, Mac Catalyst 13.1, macOS 10.15, watchOS 2.0
open class CMPedometer: NSObject {
    // https://developer.apple.com/documentation/coremotion/cmpedometer/isstepcountingavailable()
    // Availability: iOS 8.0, iPadOS 8.0, Mac Catalyst 13.1, macOS 10.15, watchOS 2.0
    open class func isStepCountingAvailable() -> Bool { fatalError() }
    // https://developer.apple.com/documentation/coremotion/cmpedometer
    // Availability: iOS 8.0, iPadOS 8.0, Mac Catalyst 13.1, macOS 10.15, watchOS 2.0
    // Note: isDistanceAvailable()'s own page is not in the search index; the class page lists it beside
    // isStepCountingAvailable().
    open class func isDistanceAvailable() -> Bool { fatalError() }
    // https://developer.apple.com/documentation/coremotion/cmpedometer/isfloorcountingavailable()
    // Availability: iOS 8.0, iPadOS 8.0, Mac Catalyst 13.1, macOS 10.15, watchOS 2.0
    open class func isFloorCountingAvailable() -> Bool { fatalError() }
    // https://developer.apple.com/documentation/coremotion/cmpedometer/ispaceavailable()
    // Availability: iOS 9.0, iPadOS 9.0, Mac Catalyst 13.1, macOS 10.15, watchOS 2.0
    open class func isPaceAvailable() -> Bool { fatalError() }
    // https://developer.apple.com/documentation/coremotion/cmpedometer/iscadenceavailable()
    // Availability: iOS 9.0, iPadOS 9.0, Mac Catalyst 13.1, watchOS 2.0
    open class func isCadenceAvailable() -> Bool { fatalError() }
    // https://developer.apple.com/documentation/coremotion/cmpedometer/ispedometereventtrackingavailable()
    // Availability: iOS 10.0, iPadOS 10.0, Mac Catalyst 13.1, watchOS 3.0
    open class func isPedometerEventTrackingAvailable() -> Bool { fatalError() }
    // https://developer.apple.com/documentation/coremotion/cmpedometer/startupdates(from:withhandler:)
    // Availability: iOS 8.0, iPadOS 8.0, Mac Catalyst 13.1, macOS 10.15, watchOS 2.0
    open func startUpdates(from start: Date, withHandler handler: @escaping CMPedometerHandler) {}
    // https://developer.apple.com/documentation/coremotion/cmpedometer/stopupdates()
    // Availability: iOS 8.0, iPadOS 8.0, Mac Catalyst 13.1, macOS 10.15, watchOS 2.0
    open func stopUpdates() {}
    // https://developer.apple.com/documentation/coremotion/cmpedometer/querypedometerdata(from:to:withhandler:)
    // Availability: iOS 8.0, iPadOS 8.0, Mac Catalyst 13.1, macOS 10.15, watchOS 2.0
    open func queryPedometerData(from start: Date, to end: Date, withHandler handler: @escaping CMPedometerHandler) {}
    // https://developer.apple.com/documentation/coremotion/cmpedometer/starteventupdates(handler:)
    // Availability: iOS 10.0, iPadOS 10.0, Mac Catalyst 13.1, watchOS 3.0
    open func startEventUpdates(handler: @escaping CMPedometerEventHandler) {}
    // https://developer.apple.com/documentation/coremotion/cmpedometer/stopeventupdates()
    // Availability: iOS 10.0, iPadOS 10.0, Mac Catalyst 13.1, watchOS 3.0
    open func stopEventUpdates() {}
}

// MARK: - CMMotionActivityManager

// https://developer.apple.com/documentation/coremotion/cmmotionactivityconfidence
// Availability: iOS 4.0, iPadOS 4.0, Mac Catalyst 13.0, macOS 10.15, visionOS 1.0, watchOS 2.0
public enum CMMotionActivityConfidence: Int, Sendable {
    // https://developer.apple.com/documentation/coremotion/cmmotionactivityconfidence/low
    // Availability: iOS 4.0, iPadOS 4.0, Mac Catalyst 13.0, macOS 10.15, visionOS 1.0, watchOS 2.0
    case low = 0
    // https://developer.apple.com/documentation/coremotion/cmmotionactivityconfidence/medium
    // Availability: iOS 4.0, iPadOS 4.0, Mac Catalyst 13.0, macOS 10.15, visionOS 1.0, watchOS 2.0
    case medium = 1
    // https://developer.apple.com/documentation/coremotion/cmmotionactivityconfidence/high
    // Availability: iOS 4.0, iPadOS 4.0, Mac Catalyst 13.0, macOS 10.15, visionOS 1.0, watchOS 2.0
    case high = 2
}

// https://developer.apple.com/documentation/coremotion/cmmotionactivity
// Availability: iOS 7.0, iPadOS 7.0, Mac Catalyst 13.1, macOS 15.0, watchOS 2.0
open class CMMotionActivity: CMLogItem {
    // https://developer.apple.com/documentation/coremotion/cmmotionactivity/confidence
    // Availability: iOS 7.0, iPadOS 7.0, Mac Catalyst 13.1, macOS 15.0, watchOS 2.0
    open var confidence: CMMotionActivityConfidence { fatalError() }
    // https://developer.apple.com/documentation/coremotion/cmmotionactivity/startdate
    // Availability: iOS 7.0, iPadOS 7.0, Mac Catalyst 13.1, macOS 15.0, watchOS 2.0
    open var startDate: Date { fatalError() }
    // https://developer.apple.com/documentation/coremotion/cmmotionactivity/unknown
    // Availability: iOS 7.0, iPadOS 7.0, Mac Catalyst 13.1, macOS 15.0, watchOS 2.0
    open var unknown: Bool { fatalError() }
    // https://developer.apple.com/documentation/coremotion/cmmotionactivity/stationary
    // Availability: iOS 7.0, iPadOS 7.0, Mac Catalyst 13.1, macOS 15.0, watchOS 2.0
    open var stationary: Bool { fatalError() }
    // https://developer.apple.com/documentation/coremotion/cmmotionactivity/walking
    // Availability: iOS 7.0, iPadOS 7.0, Mac Catalyst 13.1, macOS 15.0, watchOS 2.0
    open var walking: Bool { fatalError() }
    // https://developer.apple.com/documentation/coremotion/cmmotionactivity/running
    // Availability: iOS 7.0, iPadOS 7.0, Mac Catalyst 13.1, macOS 15.0, watchOS 2.0
    open var running: Bool { fatalError() }
    // https://developer.apple.com/documentation/coremotion/cmmotionactivity/automotive
    // Availability: iOS 7.0, iPadOS 7.0, Mac Catalyst 13.1, macOS 15.0, watchOS 2.0
    open var automotive: Bool { fatalError() }
    // https://developer.apple.com/documentation/coremotion/cmmotionactivity/cycling
    // Availability: iOS 8.0, iPadOS 8.0, Mac Catalyst 13.1, macOS 15.0, watchOS 2.0
    open var cycling: Bool { fatalError() }
}

// https://developer.apple.com/documentation/coremotion/cmmotionactivityhandler
// Availability: iOS 7.0, iPadOS 7.0, Mac Catalyst 13.1, watchOS 2.0
public typealias CMMotionActivityHandler = (CMMotionActivity?) -> Void
// https://developer.apple.com/documentation/coremotion/cmmotionactivityqueryhandler
// Availability: iOS 7.0, iPadOS 7.0, Mac Catalyst 13.1, watchOS 2.0
public typealias CMMotionActivityQueryHandler = ([CMMotionActivity]?, (any Error)?) -> Void

// https://developer.apple.com/documentation/coremotion/cmmotionactivitymanager
// Availability: iOS 7.0, iPadOS 7.0, Mac Catalyst 13.1, watchOS 2.0
open class CMMotionActivityManager: NSObject {
    // https://developer.apple.com/documentation/coremotion/cmmotionactivitymanager/isactivityavailable()
    // Availability: iOS 7.0, iPadOS 7.0, Mac Catalyst 13.1, watchOS 2.0
    open class func isActivityAvailable() -> Bool { fatalError() }
    // https://developer.apple.com/documentation/coremotion/cmmotionactivitymanager/startactivityupdates(to:withhandler:)
    // Availability: iOS 7.0, iPadOS 7.0, Mac Catalyst 13.1, watchOS 2.0
    open func startActivityUpdates(to queue: OperationQueue, withHandler handler: @escaping CMMotionActivityHandler) {}
    // https://developer.apple.com/documentation/coremotion/cmmotionactivitymanager/stopactivityupdates()
    // Availability: iOS 7.0, iPadOS 7.0, Mac Catalyst 13.1, watchOS 2.0
    open func stopActivityUpdates() {}
    // https://developer.apple.com/documentation/coremotion/cmmotionactivitymanager/queryactivitystarting(from:to:to:withhandler:)
    // Availability: iOS 7.0, iPadOS 7.0, Mac Catalyst 13.1, watchOS 2.0
    open func queryActivityStarting(from start: Date, to end: Date, to queue: OperationQueue, withHandler handler: @escaping CMMotionActivityQueryHandler) {}
}

// MARK: - CMAltimeter

// https://developer.apple.com/documentation/coremotion/cmaltitudedata
// Availability: iOS 8.0, iPadOS 8.0, Mac Catalyst 13.1, watchOS 2.0
open class CMAltitudeData: CMLogItem {
    // https://developer.apple.com/documentation/coremotion/cmaltitudedata/relativealtitude
    // Availability: iOS 8.0, iPadOS 8.0, Mac Catalyst 13.1, watchOS 2.0
    open var relativeAltitude: NSNumber { fatalError() }
    // https://developer.apple.com/documentation/coremotion/cmaltitudedata/pressure
    // Availability: iOS 8.0, iPadOS 8.0, Mac Catalyst 13.1, watchOS 2.0
    open var pressure: NSNumber { fatalError() }
}

// https://developer.apple.com/documentation/coremotion/cmabsolutealtitudedata
// Availability: iOS 15.0, iPadOS 15.0, Mac Catalyst 15.0, visionOS 1.0, watchOS 8.0
open class CMAbsoluteAltitudeData: CMLogItem {
    // https://developer.apple.com/documentation/coremotion/cmabsolutealtitudedata/altitude
    // Availability: iOS 15.0, iPadOS 15.0, Mac Catalyst 15.0, visionOS 1.0, watchOS 8.0
    open var altitude: Double { fatalError() }
    // https://developer.apple.com/documentation/coremotion/cmabsolutealtitudedata/accuracy
    // Availability: iOS 15.0, iPadOS 15.0, Mac Catalyst 15.0, visionOS 1.0, watchOS 8.0
    open var accuracy: Double { fatalError() }
    // https://developer.apple.com/documentation/coremotion/cmabsolutealtitudedata/precision
    // Availability: iOS 15.0, iPadOS 15.0, Mac Catalyst 15.0, visionOS 1.0, watchOS 8.0
    open var precision: Double { fatalError() }
}

// https://developer.apple.com/documentation/coremotion/cmaltitudehandler
// Availability: iOS 8.0, iPadOS 8.0, Mac Catalyst 13.1, watchOS 2.0
public typealias CMAltitudeHandler = (CMAltitudeData?, (any Error)?) -> Void
// https://developer.apple.com/documentation/coremotion/cmabsolutealtitudehandler
// Availability: iOS 15.0, iPadOS 15.0, Mac Catalyst 15.0, visionOS 1.0, watchOS 8.0
public typealias CMAbsoluteAltitudeHandler = (CMAbsoluteAltitudeData?, (any Error)?) -> Void

// https://developer.apple.com/documentation/coremotion/cmaltimeter
// Availability: iOS 8.0, iPadOS 8.0, Mac Catalyst 13.1, watchOS 2.0
open class CMAltimeter: NSObject {
    // https://developer.apple.com/documentation/coremotion/cmaltimeter/isrelativealtitudeavailable()
    // Availability: iOS 8.0, iPadOS 8.0, Mac Catalyst 13.1, watchOS 2.0
    open class func isRelativeAltitudeAvailable() -> Bool { fatalError() }
    // https://developer.apple.com/documentation/coremotion/cmaltimeter/isabsolutealtitudeavailable()
    // Availability: iOS 15.0, iPadOS 15.0, Mac Catalyst 15.0, watchOS 8.0
    open class func isAbsoluteAltitudeAvailable() -> Bool { fatalError() }
    // https://developer.apple.com/documentation/coremotion/cmaltimeter/startrelativealtitudeupdates(to:withhandler:)
    // Availability: iOS 8.0, iPadOS 8.0, Mac Catalyst 13.1, watchOS 2.0
    open func startRelativeAltitudeUpdates(to queue: OperationQueue, withHandler handler: @escaping CMAltitudeHandler) {}
    // https://developer.apple.com/documentation/coremotion/cmaltimeter/stoprelativealtitudeupdates()
    // Availability: iOS 8.0, iPadOS 8.0, Mac Catalyst 13.1, watchOS 2.0
    open func stopRelativeAltitudeUpdates() {}
    // https://developer.apple.com/documentation/coremotion/cmaltimeter/startabsolutealtitudeupdates(to:withhandler:)
    // Availability: iOS 15.0, iPadOS 15.0, Mac Catalyst 15.0, watchOS 8.0
    open func startAbsoluteAltitudeUpdates(to queue: OperationQueue, withHandler handler: @escaping CMAbsoluteAltitudeHandler) {}
    // https://developer.apple.com/documentation/coremotion/cmaltimeter/stopabsolutealtitudeupdates()
    // Availability: iOS 15.0, iPadOS 15.0, Mac Catalyst 15.0, watchOS 8.0
    open func stopAbsoluteAltitudeUpdates() {}
}
