/// The handler to give an Apple manager for the app's `handler`: each update, copied by `copy` into this
/// module's value, and each error are handed on as they come. Every adapter's handler calls are this one
/// conversion; compiled and tested on Linux.
/// - Parameters:
///   - copy: Copies Apple's update (a `CMGyroData`, a `CMPedometerData`, …) into this module's value.
///   - handler: The app's handler.
/// - Returns: A handler of Apple's updates.
func copying<AppleUpdate, Update>(
    _ copy: @escaping @Sendable (AppleUpdate) -> Update,
    to handler: @escaping @Sendable (Update?, (any Error)?) -> Void
) -> @Sendable (AppleUpdate?, (any Error)?) -> Void {
    { update, error in handler(update.map(copy), error) }
}
