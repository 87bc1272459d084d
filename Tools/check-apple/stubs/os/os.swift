// A stub of Apple's `os` module for `make check-apple` (Tools/check-apple/README.md): only what this package
// uses, written from its documentation page. Never run. No Apple header or SDK file was copied.

// https://developer.apple.com/documentation/os/os_proc_available_memory
// Availability: iOS 13.0, iPadOS 13.0, Mac Catalyst 13.1, macOS, tvOS 13.0, visionOS 1.0, watchOS 6.0
// Note: the page gives the C declaration `extern size_t os_proc_available_memory();` (size_t is Int in
// Swift) and lists macOS without a version.
public func os_proc_available_memory() -> Int { fatalError() }
