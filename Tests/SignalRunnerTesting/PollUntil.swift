/// Checks `condition` every 2 ms until it holds, up to `limit` of real time (a bound for a failing test,
/// not a timing it relies on: generous, since a loaded machine running every suite at once can be slow
/// to run the server's event loops).
///
/// A poll, and named so: use it only for state the test cannot observe by an event (a server's count of
/// clients or connections, which changes on its own threads with no callback the product offers).
/// - Throws: ``TestingError/timedOut(_:)`` naming `what`.
package func pollUntil(_ what: String, limit: Duration = .seconds(30), _ condition: () -> Bool) async throws {
    let deadline = ContinuousClock.now + limit
    while !condition() {
        guard ContinuousClock.now < deadline else { throw TestingError.timedOut(what) }
        try await Task.sleep(for: .milliseconds(2))
    }
}
