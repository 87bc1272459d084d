import Hummingbird
import NIOCore
import Signals

/// Steering and watching the timeline: `POST /v1/control` (pause, resume, speed) and `GET /v1/status`.
struct ControlRoutes {
    let feed: LiveFeed

    func add(to router: Router<LiveRequestContext>) {
        router.post("/v1/control") { request, _ in
            let body = try await request.jsonBody()
            let control = try ControlRequest(json: body)
            switch control {
            case .pause: feed.pause()
            case .resume: feed.resume()
            case .speed(let speed): try feed.setSpeed(speed)
            }
            return LiveRoutes.json(feed.status.json)
        }
        router.get("/v1/status") { _, _ in
            LiveRoutes.json(feed.status.json)
        }
    }
}
