import Formats
import NIOCore

/// One point of the timeline as every client receives it, encoded once by the playback thread.
struct FeedEntry: Sendable {
    /// The point's index on the timeline (0, 1, 2, …): its SSE `id`.
    var index: Int
    /// Its timestamp in seconds (timeline time).
    var timestamp: Double
    /// The whole SSE event: `id: INDEX\ndata: JSON\n\n`.
    var event: ByteBuffer
    /// The `signals play` JSON line without its newline: a slice of ``event`` (no copy).
    var json: ByteBuffer

    /// Encodes a point.
    /// - Parameters:
    ///   - index: Its index.
    ///   - timestamp: Its timestamp (s).
    ///   - line: Its `signals play` JSON text, without the newline.
    ///   - allocator: Where the buffer comes from.
    init(index: Int, timestamp: Double, line: String, allocator: ByteBufferAllocator) {
        self.index = index
        self.timestamp = timestamp
        var buffer = allocator.buffer(capacity: line.utf8.count + 32)
        buffer.writeString(SSEWriter.eventHead(id: index))
        let start = buffer.writerIndex
        let length = buffer.writeString(line)
        buffer.writeString(SSEWriter.eventEnd)
        event = buffer
        json = buffer.getSlice(at: start, length: length) ?? ByteBuffer(string: line)
    }
}

/// The replay buffer: the last `capacity` points of the timeline, shared by every client. The playback
/// thread appends each point once; clients read through their own cursors (see ``LiveFeed``).
///
/// Indices are global: point `i` is kept while `tail ≤ i < head`.
struct PointRing: Sendable {
    private var slots: [FeedEntry?]
    /// Points kept at most.
    let capacity: Int
    /// Index of the next point (the number of points appended so far).
    private(set) var head = 0

    /// An empty ring.
    /// - Parameter capacity: Points kept (≥ 1).
    init(capacity: Int) {
        self.capacity = max(1, capacity)
        slots = Array(repeating: nil, count: self.capacity)
    }

    /// Index of the oldest point kept.
    var tail: Int { max(0, head - capacity) }

    /// The newest point, if any.
    var last: FeedEntry? { head > 0 ? self[head - 1] : nil }

    /// Appends the next point (its index must be ``head``).
    mutating func append(_ entry: FeedEntry) {
        slots[entry.index % capacity] = entry
        head = entry.index + 1
    }

    /// The point at a global index, while it is kept.
    subscript(index: Int) -> FeedEntry? {
        guard index >= tail, index < head else { return nil }
        return slots[index % capacity]
    }
}
