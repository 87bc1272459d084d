import Hummingbird
import NIOCore

/// The source's spec: `GET /v1/spec` returns it (every field written out), `PUT /v1/spec` replaces it
/// from the next sample index.
struct SpecRoutes {
    let feed: LiveFeed

    func add(to router: Router<LiveRequestContext>) {
        router.get("/v1/spec") { _, _ in
            try LiveRoutes.json(current())
        }
        router.put("/v1/spec") { request, _ in
            try await feed.replaceSpec(try await request.jsonBody())
            return try LiveRoutes.json(current())
        }
    }

    /// The current spec as pretty JSON.
    /// - Throws: ``LiveServerError`` (404) when the source is a point file or a GPX route.
    func current() throws(LiveServerError) -> String {
        guard let spec = feed.spec else {
            throw LiveServerError(
                .notFound, "the source is a point file, not a spec; PUT a spec to /v1/spec to replace it")
        }
        guard let json = spec.json else {
            throw LiveServerError(
                .notFound,
                "the source is a route read from a GPX file, not a JSON spec; PUT a spec to /v1/spec to replace it")
        }
        return json
    }
}
