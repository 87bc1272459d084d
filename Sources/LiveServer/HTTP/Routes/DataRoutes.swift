import Hummingbird
import NIOCore
import Signals

/// The original server's endpoints: `GET /data` (the state the iOS app polled) and `POST /update`
/// (what the page posted as the user tilted the phone or moved on the map; also a heading and a pressure
/// over a trajectory's points).
struct DataRoutes {
    let feed: LiveFeed

    func add(to router: Router<LiveRequestContext>) {
        router.get("/data") { _, context in
            feed.notePoll(context.peer)
            guard let body = feed.dataBody() else {
                throw LiveServerError(.unavailable, "no point has played yet; try again in a moment")
            }
            return LiveRoutes.json(body, shared: true)
        }
        router.post("/update") { request, _ in
            let body = try await request.jsonBody()
            let update = try UpdateRequest(json: body)
            try feed.hold(update)
            return LiveRoutes.json(feed.holdsJSON)
        }
    }
}
