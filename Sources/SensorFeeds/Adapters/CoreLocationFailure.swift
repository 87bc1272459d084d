import Foundation

/// What a Core Location failure means for the updates in flight, decided from the error's domain and code
/// so that the rule is compiled and tested on Linux; the adapter on Apple platforms only reads them from
/// the `CLError` it receives.
///
/// Core Location keeps trying after a transient failure (`CLError.locationUnknown`, `.network`,
/// `.headingFailure`: the documentation of `locationManager(_:didFailWithError:)`), so those reach the
/// delegate and the iterations go on. `CLError.denied` does not pass: the user has refused the app
/// location services, and Core Location sends nothing more until they allow it. An iteration that waited
/// for an update then would wait for ever, so it ends with ``SensorFeedsError/Code/notAuthorized``.
package enum CoreLocationFailure: Equatable, Sendable {
    /// Core Location keeps trying: the delegate is told, the iterations go on.
    case transient
    /// The user denied the app location services: the iterations end with ``error``.
    case denied

    /// `kCLErrorDomain`, Core Location's error domain
    /// (https://developer.apple.com/documentation/corelocation/kclerrordomain).
    package static let domain = "kCLErrorDomain"
    /// `CLError.Code.denied.rawValue` (https://developer.apple.com/documentation/corelocation/clerror/code/denied).
    package static let deniedCode = 1

    /// Classifies an error Core Location gave the delegate.
    /// - Parameters:
    ///   - domain: The error's domain (`(error as NSError).domain`).
    ///   - code: Its code.
    package init(domain: String, code: Int) {
        self = domain == Self.domain && code == Self.deniedCode ? .denied : .transient
    }

    /// Classifies an error Core Location gave the delegate.
    /// - Parameter error: The error.
    package init(_ error: any Error) {
        let error = error as NSError
        self.init(domain: error.domain, code: error.code)
    }

    /// The error the iterations end with, for ``denied``.
    package static var deniedError: SensorFeedsError {
        SensorFeedsError(
            .notAuthorized,
            "Core Location denied this app location services (CLError.denied): the user "
                + "must allow location access in Settings; request it with requestWhenInUseAuthorization()")
    }
}
