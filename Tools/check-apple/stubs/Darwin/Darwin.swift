// A stub of Darwin (Apple's C library and kernel interfaces) for `make check-apple`
// (Tools/check-apple/README.md). Darwin's POSIX part is stood in for by Glibc, re-exported: a call common to
// both is checked as Glibc declares it, and a Glibc-only call in a Darwin branch is not caught (the check
// says so). Declared here are only the Darwin names the package uses that Glibc lacks or types differently;
// a declaration here shadows Glibc's of the same name, as Darwin's own would.
//
// Apple documents few of these C interfaces: its DriverKit pages list DriverKit, iOS and macOS (the kernel
// framework's platforms, not those of libSystem, which every Apple platform links), and the rest have no
// page, so the reference is Apple's published open-source header (apple-oss-distributions, apple/darwin-*);
// a note gives the evidence for each. No Apple header or SDK file was copied.
@_exported import Glibc

// https://developer.apple.com/documentation/driverkit/mach_absolute_time
// Availability: iOS, iPadOS, Mac Catalyst, macOS, tvOS, visionOS, watchOS
// Note: the page lists DriverKit, iOS, iPadOS and macOS; Apple's required-reason API list
// (https://developer.apple.com/documentation/bundleresources/describing-use-of-required-reason-api) names
// mach_absolute_time() for apps on every platform.
public func mach_absolute_time() -> UInt64 { fatalError() }

// https://developer.apple.com/documentation/driverkit/mach_timebase_info_data_t
// Availability: iOS, iPadOS, Mac Catalyst, macOS, tvOS, visionOS, watchOS
// Note: `typedef struct mach_timebase_info { uint32_t numer; uint32_t denom; } mach_timebase_info_data_t`
// (its page lists numer and denom); platforms as mach_absolute_time. Declared under the typedef's name:
// Swift cannot declare a type and a function both named mach_timebase_info, as the C import does.
public struct mach_timebase_info_data_t: Sendable {
    // https://developer.apple.com/documentation/driverkit/mach_timebase_info_data_t
    // Availability: iOS, iPadOS, Mac Catalyst, macOS, tvOS, visionOS, watchOS
    public var numer: UInt32
    // https://developer.apple.com/documentation/driverkit/mach_timebase_info_data_t
    // Availability: iOS, iPadOS, Mac Catalyst, macOS, tvOS, visionOS, watchOS
    public var denom: UInt32
    // https://developer.apple.com/documentation/driverkit/mach_timebase_info_data_t
    // Availability: iOS, iPadOS, Mac Catalyst, macOS, tvOS, visionOS, watchOS
    // Note: the zero initialiser Swift gives every imported C struct.
    public init() { numer = 0; denom = 0 }
}

// https://github.com/apple-oss-distributions/xnu/blob/1031c584a5e37aff177559b9f69dbd3c8c3fd30a/osfmk/mach/mach_time.h
// Availability: iOS, iPadOS, Mac Catalyst, macOS, tvOS, visionOS, watchOS
// Note: `kern_return_t mach_timebase_info(mach_timebase_info_t info)` (Apple's open-source header, as the
// type's page https://developer.apple.com/documentation/driverkit/mach_timebase_info_data_t names it:
// "the fraction returned by mach_timebase_info()"); no documentation page of its own is in the index.
@discardableResult
public func mach_timebase_info(_ info: UnsafeMutablePointer<mach_timebase_info_data_t>!) -> Int32 { fatalError() }

// https://github.com/apple-oss-distributions/xnu/blob/1031c584a5e37aff177559b9f69dbd3c8c3fd30a/osfmk/mach/mach_time.h
// Availability: iOS, iPadOS, Mac Catalyst, macOS, tvOS, visionOS, watchOS
// Note: `kern_return_t mach_wait_until(uint64_t deadline)`, beside mach_absolute_time in Apple's open-source
// <mach/mach_time.h>; no documentation page of its own is in the index.
@discardableResult
public func mach_wait_until(_ deadline: UInt64) -> Int32 { fatalError() }

// https://github.com/apple/darwin-libpthread/blob/fe48dac35eb1232b0aa67260e79911387364568d/include/pthread/pthread.h
// Availability: iOS, iPadOS, Mac Catalyst, macOS, tvOS, visionOS, watchOS
// Note: `int pthread_cond_timedwait_relative_np(pthread_cond_t *, pthread_mutex_t *, const struct timespec *)`,
// `__OSX_AVAILABLE_STARTING(__MAC_10_4, __IPHONE_2_0)`, in Apple's open-source <pthread/pthread.h>; no
// documentation page is in the index.
@discardableResult
public func pthread_cond_timedwait_relative_np(_ cond: UnsafeMutablePointer<pthread_cond_t>!,
                                               _ mutex: UnsafeMutablePointer<pthread_mutex_t>!,
                                               _ reltime: UnsafePointer<timespec>!) -> Int32 { fatalError() }

// https://github.com/apple-oss-distributions/xnu/blob/699cd48037512bf4380799317ca44ca453c82f57/bsd/sys/socket.h
// Availability: iOS, iPadOS, Mac Catalyst, macOS, tvOS, visionOS, watchOS
// Note: `#define SOCK_STREAM 1` in Apple's open-source <sys/socket.h>, which Swift imports as Int32 (Glibc's
// is an enum).
public var SOCK_STREAM: Int32 { 1 }

// https://github.com/apple-oss-distributions/xnu/blob/699cd48037512bf4380799317ca44ca453c82f57/bsd/sys/socket.h
// Availability: iOS, iPadOS, Mac Catalyst, macOS, tvOS, visionOS, watchOS
// Note: `#define SO_NOSIGPIPE 0x1022` in Apple's open-source <sys/socket.h>, imported as Int32; Glibc has no
// such option.
public var SO_NOSIGPIPE: Int32 { 0x1022 }

// https://github.com/apple-oss-distributions/xnu/blob/1031c584a5e37aff177559b9f69dbd3c8c3fd30a/bsd/sys/resource.h
// Availability: iOS, iPadOS, Mac Catalyst, macOS, tvOS, visionOS, watchOS
// Note: `#define RLIMIT_NOFILE 8` in Apple's open-source <sys/resource.h>, imported as Int32 (Glibc's is an
// enum, `__rlimit_resource`).
public var RLIMIT_NOFILE: Int32 { 8 }

// https://github.com/apple-oss-distributions/xnu/blob/8d741a5de7ff4191bf97d57b9f54c2f6d4a15585/bsd/sys/syslimits.h
// Availability: iOS, iPadOS, Mac Catalyst, macOS, tvOS, visionOS, watchOS
// Note: `#define OPEN_MAX 10240` in Apple's open-source <sys/syslimits.h>, imported as Int32; Glibc has none.
public var OPEN_MAX: Int32 { 10240 }

// https://github.com/apple-oss-distributions/xnu/blob/1031c584a5e37aff177559b9f69dbd3c8c3fd30a/bsd/sys/resource.h
// Availability: iOS, iPadOS, Mac Catalyst, macOS, tvOS, visionOS, watchOS
// Note: `#define RUSAGE_SELF 0` in Apple's open-source <sys/resource.h>, imported as Int32 (Glibc's is an
// enum, `__rusage_who`).
public var RUSAGE_SELF: Int32 { 0 }
