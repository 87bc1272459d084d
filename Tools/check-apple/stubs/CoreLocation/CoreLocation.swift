// A stub of Apple's Core Location for `make check-apple` (Tools/check-apple/README.md): only the symbols this
// package uses, each written from the documentation page named above it (its Swift declaration and its
// platform list). Never run: the bodies only satisfy the compiler. No Apple header or SDK file was copied.
//
// Objective-C semantics are approximated: `optional` delegate requirements are requirements with default
// implementations (one per requirement, with the same page), and `@NSCopying` is left out. C structures and
// enumerations are `Sendable`, as Swift imports them.
import Foundation

// https://developer.apple.com/documentation/corelocation/cllocationdegrees
// Availability: iOS 2.0, iPadOS 2.0, Mac Catalyst 13.0, macOS 10.6, tvOS 9.0, visionOS 1.0, watchOS 2.0
public typealias CLLocationDegrees = Double
// https://developer.apple.com/documentation/corelocation/cllocationaccuracy
// Availability: iOS 2.0, iPadOS 2.0, Mac Catalyst 13.0, macOS 10.6, tvOS 9.0, visionOS 1.0, watchOS 2.0
public typealias CLLocationAccuracy = Double
// https://developer.apple.com/documentation/corelocation/cllocationdistance
// Availability: iOS 2.0, iPadOS 2.0, Mac Catalyst 13.0, macOS 10.6, tvOS 9.0, visionOS 1.0, watchOS 2.0
public typealias CLLocationDistance = Double
// https://developer.apple.com/documentation/corelocation/cllocationdirection
// Availability: iOS 2.0, iPadOS 2.0, Mac Catalyst 13.0, macOS 10.6, tvOS 9.0, visionOS 1.0, watchOS 2.0
public typealias CLLocationDirection = Double
// https://developer.apple.com/documentation/corelocation/cllocationdirectionaccuracy
// Availability: iOS 2.0, iPadOS 2.0, Mac Catalyst 13.0, macOS 10.6, tvOS 9.0, visionOS 1.0, watchOS 2.0
public typealias CLLocationDirectionAccuracy = Double
// https://developer.apple.com/documentation/corelocation/cllocationspeed
// Availability: iOS 2.0, iPadOS 2.0, Mac Catalyst 13.0, macOS 10.6, tvOS 9.0, visionOS 1.0, watchOS 2.0
public typealias CLLocationSpeed = Double
// https://developer.apple.com/documentation/corelocation/cllocationspeedaccuracy
// Availability: iOS 2.0, iPadOS 2.0, Mac Catalyst 13.0, macOS 10.6, tvOS 9.0, visionOS 1.0, watchOS 2.0
public typealias CLLocationSpeedAccuracy = Double
// https://developer.apple.com/documentation/corelocation/clheadingcomponentvalue
// Availability: iOS 2.0, iPadOS 2.0, Mac Catalyst 13.0, macOS 10.6, tvOS 9.0, visionOS 1.0, watchOS 2.0
public typealias CLHeadingComponentValue = Double

// https://developer.apple.com/documentation/corelocation/cllocationcoordinate2d
// Availability: iOS 2.0, iPadOS 2.0, Mac Catalyst 13.0, macOS 10.6, tvOS 9.0, visionOS 1.0, watchOS 2.0
public struct CLLocationCoordinate2D: Sendable {
    // https://developer.apple.com/documentation/corelocation/cllocationcoordinate2d/latitude
    // Availability: iOS 2.0, iPadOS 2.0, Mac Catalyst 13.0, macOS 10.6, tvOS 9.0, visionOS 1.0, watchOS 2.0
    public var latitude: CLLocationDegrees
    // https://developer.apple.com/documentation/corelocation/cllocationcoordinate2d/longitude
    // Availability: iOS 2.0, iPadOS 2.0, Mac Catalyst 13.0, macOS 10.6, tvOS 9.0, visionOS 1.0, watchOS 2.0
    public var longitude: CLLocationDegrees
    // https://developer.apple.com/documentation/corelocation/cllocationcoordinate2d/init(latitude:longitude:)
    // Availability: iOS 2.0, iPadOS 2.0, Mac Catalyst 13.0, macOS 10.6, tvOS 9.0, visionOS 1.0, watchOS 2.0
    public init(latitude: CLLocationDegrees, longitude: CLLocationDegrees) {
        self.latitude = latitude
        self.longitude = longitude
    }
}

// https://developer.apple.com/documentation/corelocation/cldeviceorientation
// Availability: iOS 2.0, iPadOS 2.0, Mac Catalyst 13.0, macOS 10.6, tvOS 9.0, visionOS 1.0, watchOS 2.0
public enum CLDeviceOrientation: Int32, Sendable {
    // https://developer.apple.com/documentation/corelocation/cldeviceorientation/unknown
    // Availability: iOS 2.0, iPadOS 2.0, Mac Catalyst 13.0, macOS 10.6, tvOS 9.0, visionOS 1.0, watchOS 2.0
    case unknown = 0
    // https://developer.apple.com/documentation/corelocation/cldeviceorientation/portrait
    // Availability: iOS 2.0, iPadOS 2.0, Mac Catalyst 13.0, macOS 10.6, tvOS 9.0, visionOS 1.0, watchOS 2.0
    case portrait = 1
    // https://developer.apple.com/documentation/corelocation/cldeviceorientation
    // Availability: iOS 2.0, iPadOS 2.0, Mac Catalyst 13.0, macOS 10.6, tvOS 9.0, visionOS 1.0, watchOS 2.0
    // Note: the case's own page is not in the search index; the enum's page lists it, with the enum's platforms.
    case portraitUpsideDown = 2
    // https://developer.apple.com/documentation/corelocation/cldeviceorientation
    // Availability: iOS 2.0, iPadOS 2.0, Mac Catalyst 13.0, macOS 10.6, tvOS 9.0, visionOS 1.0, watchOS 2.0
    // Note: as portraitUpsideDown.
    case landscapeLeft = 3
    // https://developer.apple.com/documentation/corelocation/cldeviceorientation/landscaperight
    // Availability: iOS 2.0, iPadOS 2.0, Mac Catalyst 13.0, macOS 10.6, tvOS 9.0, visionOS 1.0, watchOS 2.0
    case landscapeRight = 4
    // https://developer.apple.com/documentation/corelocation/cldeviceorientation
    // Availability: iOS 2.0, iPadOS 2.0, Mac Catalyst 13.0, macOS 10.6, tvOS 9.0, visionOS 1.0, watchOS 2.0
    // Note: as portraitUpsideDown.
    case faceUp = 5
    // https://developer.apple.com/documentation/corelocation/cldeviceorientation/facedown
    // Availability: iOS 2.0, iPadOS 2.0, Mac Catalyst 13.0, macOS 10.6, tvOS 9.0, visionOS 1.0, watchOS 2.0
    case faceDown = 6
}

// https://developer.apple.com/documentation/corelocation/cllocation
// Availability: iOS 2.0, iPadOS 2.0, Mac Catalyst 13.1, macOS 10.6, tvOS 9.0, visionOS 1.0, watchOS 2.0
open class CLLocation: NSObject {
    // https://developer.apple.com/documentation/corelocation/cllocation/coordinate
    // Availability: iOS 2.0, iPadOS 2.0, Mac Catalyst 13.1, macOS 10.6, tvOS 9.0, visionOS 1.0, watchOS 2.0
    open var coordinate: CLLocationCoordinate2D { fatalError() }
    // https://developer.apple.com/documentation/corelocation/cllocation/altitude
    // Availability: iOS 2.0, iPadOS 2.0, Mac Catalyst 13.1, macOS 10.6, tvOS 9.0, visionOS 1.0, watchOS 2.0
    open var altitude: CLLocationDistance { fatalError() }
    // https://developer.apple.com/documentation/corelocation/cllocation/ellipsoidalaltitude
    // Availability: iOS 15.0, iPadOS 15.0, Mac Catalyst 15.0, macOS 12.0, tvOS 15.0, visionOS 1.0, watchOS 8.0
    open var ellipsoidalAltitude: CLLocationDistance { fatalError() }
    // https://developer.apple.com/documentation/corelocation/cllocation/horizontalaccuracy
    // Availability: iOS 2.0, iPadOS 2.0, Mac Catalyst 13.1, macOS 10.6, tvOS 9.0, visionOS 1.0, watchOS 2.0
    open var horizontalAccuracy: CLLocationAccuracy { fatalError() }
    // https://developer.apple.com/documentation/corelocation/cllocation/verticalaccuracy
    // Availability: iOS 2.0, iPadOS 2.0, Mac Catalyst 13.1, macOS 10.6, tvOS 9.0, visionOS 1.0, watchOS 2.0
    open var verticalAccuracy: CLLocationAccuracy { fatalError() }
    // https://developer.apple.com/documentation/corelocation/cllocation/speed
    // Availability: iOS 2.2, iPadOS 2.2, Mac Catalyst 13.1, macOS 10.7, tvOS 9.0, visionOS 1.0, watchOS 2.0
    open var speed: CLLocationSpeed { fatalError() }
    // https://developer.apple.com/documentation/corelocation/cllocation/speedaccuracy
    // Availability: iOS 10.0, iPadOS 10.0, Mac Catalyst 13.1, macOS 10.15, tvOS 10.0, visionOS 1.0, watchOS 3.0
    open var speedAccuracy: CLLocationSpeedAccuracy { fatalError() }
    // https://developer.apple.com/documentation/corelocation/cllocation/course
    // Availability: iOS 2.2, iPadOS 2.2, Mac Catalyst 13.1, macOS 10.7, tvOS 9.0, visionOS 1.0, watchOS 2.0
    open var course: CLLocationDirection { fatalError() }
    // https://developer.apple.com/documentation/corelocation/cllocation/courseaccuracy
    // Availability: iOS 13.4, iPadOS 13.4, Mac Catalyst 13.4, macOS 10.15.4, tvOS 13.4, visionOS 1.0, watchOS 6.2
    open var courseAccuracy: CLLocationDirectionAccuracy { fatalError() }
    // https://developer.apple.com/documentation/corelocation/cllocation/timestamp
    // Availability: iOS 2.0, iPadOS 2.0, Mac Catalyst 13.1, macOS 10.6, tvOS 9.0, visionOS 1.0, watchOS 2.0
    open var timestamp: Date { fatalError() }
}

// https://developer.apple.com/documentation/corelocation/clheading
// Availability: iOS 3.0, iPadOS 3.0, Mac Catalyst 13.1, macOS 10.7, watchOS 2.0
open class CLHeading: NSObject {
    // https://developer.apple.com/documentation/corelocation/clheading/magneticheading
    // Availability: iOS 3.0, iPadOS 3.0, Mac Catalyst 13.1, macOS 10.7, watchOS 2.0
    open var magneticHeading: CLLocationDirection { fatalError() }
    // https://developer.apple.com/documentation/corelocation/clheading/trueheading
    // Availability: iOS 3.0, iPadOS 3.0, Mac Catalyst 13.1, macOS 10.7, watchOS 2.0
    open var trueHeading: CLLocationDirection { fatalError() }
    // https://developer.apple.com/documentation/corelocation/clheading/headingaccuracy
    // Availability: iOS 3.0, iPadOS 3.0, Mac Catalyst 13.1, macOS 10.7, watchOS 2.0
    open var headingAccuracy: CLLocationDirection { fatalError() }
    // https://developer.apple.com/documentation/corelocation/clheading/x
    // Availability: iOS 3.0, iPadOS 3.0, Mac Catalyst 13.1, macOS 10.7, watchOS 2.0
    open var x: CLHeadingComponentValue { fatalError() }
    // https://developer.apple.com/documentation/corelocation/clheading/y
    // Availability: iOS 3.0, iPadOS 3.0, Mac Catalyst 13.1, macOS 10.7, watchOS 2.0
    open var y: CLHeadingComponentValue { fatalError() }
    // https://developer.apple.com/documentation/corelocation/clheading/z
    // Availability: iOS 3.0, iPadOS 3.0, Mac Catalyst 13.1, macOS 10.7, watchOS 2.0
    open var z: CLHeadingComponentValue { fatalError() }
    // https://developer.apple.com/documentation/corelocation/clheading/timestamp
    // Availability: iOS 3.0, iPadOS 3.0, Mac Catalyst 13.1, macOS 10.7, watchOS 2.0
    open var timestamp: Date { fatalError() }
}

// https://developer.apple.com/documentation/corelocation/cllocationmanagerdelegate
// Availability: iOS 2.0, iPadOS 2.0, Mac Catalyst 13.0, macOS 10.6, tvOS 9.0, visionOS 1.0, watchOS 2.0
public protocol CLLocationManagerDelegate: NSObjectProtocol {
    // https://developer.apple.com/documentation/corelocation/cllocationmanagerdelegate/locationmanager(_:didupdatelocations:)
    // Availability: iOS 6.0, iPadOS 6.0, Mac Catalyst 13.1, macOS 10.9, tvOS 9.0, visionOS 1.0, watchOS 2.0
    func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation])
    // https://developer.apple.com/documentation/corelocation/cllocationmanagerdelegate/locationmanager(_:didfailwitherror:)
    // Availability: iOS 2.0, iPadOS 2.0, Mac Catalyst 13.1, macOS 10.6, tvOS 9.0, visionOS 1.0, watchOS 2.0
    func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error)
    // https://developer.apple.com/documentation/corelocation/cllocationmanagerdelegate/locationmanager(_:didupdateheading:)
    // Availability: iOS 3.0, iPadOS 3.0, Mac Catalyst 13.1, macOS 10.15, watchOS 2.0
    func locationManager(_ manager: CLLocationManager, didUpdateHeading newHeading: CLHeading)
}

// `optional` in Objective-C: a conforming type need not implement them.
extension CLLocationManagerDelegate {
    // https://developer.apple.com/documentation/corelocation/cllocationmanagerdelegate/locationmanager(_:didupdatelocations:)
    // Availability: iOS 6.0, iPadOS 6.0, Mac Catalyst 13.1, macOS 10.9, tvOS 9.0, visionOS 1.0, watchOS 2.0
    public func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {}
    // https://developer.apple.com/documentation/corelocation/cllocationmanagerdelegate/locationmanager(_:didfailwitherror:)
    // Availability: iOS 2.0, iPadOS 2.0, Mac Catalyst 13.1, macOS 10.6, tvOS 9.0, visionOS 1.0, watchOS 2.0
    public func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error) {}
    // https://developer.apple.com/documentation/corelocation/cllocationmanagerdelegate/locationmanager(_:didupdateheading:)
    // Availability: iOS 3.0, iPadOS 3.0, Mac Catalyst 13.1, macOS 10.15, watchOS 2.0
    public func locationManager(_ manager: CLLocationManager, didUpdateHeading newHeading: CLHeading) {}
}

// https://developer.apple.com/documentation/corelocation/cllocationmanager
// Availability: iOS 2.0, iPadOS 2.0, Mac Catalyst 13.1, macOS 10.6, tvOS 9.0, visionOS 1.0, watchOS 2.0
open class CLLocationManager: NSObject {
    // init() is NSObject's: the class page lists no initialiser of its own.
    // https://developer.apple.com/documentation/corelocation/cllocationmanager/delegate
    // Availability: iOS 2.0, iPadOS 2.0, Mac Catalyst 13.1, macOS 10.6, tvOS 9.0, visionOS 1.0, watchOS 2.0
    open var delegate: (any CLLocationManagerDelegate)? { get { fatalError() } set {} }
    // https://developer.apple.com/documentation/corelocation/cllocationmanager/desiredaccuracy
    // Availability: iOS 2.0, iPadOS 2.0, Mac Catalyst 13.1, macOS 10.6, tvOS 9.0, visionOS 1.0, watchOS 2.0
    open var desiredAccuracy: CLLocationAccuracy { get { fatalError() } set {} }
    // https://developer.apple.com/documentation/corelocation/cllocationmanager/distancefilter
    // Availability: iOS 2.0, iPadOS 2.0, Mac Catalyst 13.1, macOS 10.6, tvOS 9.0, visionOS 1.0, watchOS 2.0
    open var distanceFilter: CLLocationDistance { get { fatalError() } set {} }
    // https://developer.apple.com/documentation/corelocation/cllocationmanager/location
    // Availability: iOS 2.0, iPadOS 2.0, Mac Catalyst 13.1, macOS 10.6, tvOS 9.0, visionOS 1.0, watchOS 2.0
    open var location: CLLocation? { fatalError() }
    // https://developer.apple.com/documentation/corelocation/cllocationmanager/startupdatinglocation()
    // Availability: iOS 2.0, iPadOS 2.0, Mac Catalyst 13.1, macOS 10.6, visionOS 1.0, watchOS 3.0
    open func startUpdatingLocation() {}
    // https://developer.apple.com/documentation/corelocation/cllocationmanager/stopupdatinglocation()
    // Availability: iOS 2.0, iPadOS 2.0, Mac Catalyst 13.1, macOS 10.6, tvOS 9.0, visionOS 1.0, watchOS 2.0
    open func stopUpdatingLocation() {}
    // https://developer.apple.com/documentation/corelocation/cllocationmanager/headingavailable()
    // Availability: iOS 4.0, iPadOS 4.0, Mac Catalyst 13.1, macOS 10.7, visionOS 1.0, watchOS 2.0
    open class func headingAvailable() -> Bool { fatalError() }
    // https://developer.apple.com/documentation/corelocation/cllocationmanager/headingfilter
    // Availability: iOS 3.0, iPadOS 3.0, Mac Catalyst 13.1, macOS 10.15, watchOS 2.0
    open var headingFilter: CLLocationDegrees { get { fatalError() } set {} }
    // https://developer.apple.com/documentation/corelocation/cllocationmanager/headingorientation
    // Availability: iOS 4.0 deprecated 27.0, iPadOS 4.0 deprecated 27.0, Mac Catalyst 13.1 deprecated 27.0, macOS 10.15 deprecated 27.0, watchOS 2.0 deprecated 27.0
    open var headingOrientation: CLDeviceOrientation { get { fatalError() } set {} }
    // https://developer.apple.com/documentation/corelocation/cllocationmanager/heading
    // Availability: iOS 4.0, iPadOS 4.0, Mac Catalyst 13.1, macOS 10.15, watchOS 2.0
    open var heading: CLHeading? { fatalError() }
    // https://developer.apple.com/documentation/corelocation/cllocationmanager/startupdatingheading()
    // Availability: iOS 3.0, iPadOS 3.0, Mac Catalyst 13.1, macOS 10.15, watchOS 2.0
    open func startUpdatingHeading() {}
    // https://developer.apple.com/documentation/corelocation/cllocationmanager/stopupdatingheading()
    // Availability: iOS 3.0, iPadOS 3.0, Mac Catalyst 13.1, watchOS 2.0
    open func stopUpdatingHeading() {}
}
