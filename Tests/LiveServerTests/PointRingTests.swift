import NIOCore
import Testing

@testable import LiveServer

/// The replay ring: global indices, the last `capacity` kept.
@Suite struct PointRingTests {
    func entry(_ index: Int) -> FeedEntry {
        FeedEntry(
            index: index, timestamp: Double(index) / 10, line: #"{"timestamp":\#(Double(index) / 10),"value":1.0}"#,
            allocator: ByteBufferAllocator())
    }

    @Test("an entry is the SSE event with the line as its data, and the line itself as a slice")
    func encoding() {
        let e = entry(12)
        #expect(String(buffer: e.event) == "id: 12\ndata: {\"timestamp\":1.2,\"value\":1.0}\n\n")
        #expect(String(buffer: e.json) == #"{"timestamp":1.2,"value":1.0}"#)
    }

    @Test("keeps the last capacity points by global index; older and future ones are gone", arguments: [1, 3, 16])
    func window(capacity: Int) {
        var ring = PointRing(capacity: capacity)
        #expect(ring.head == 0)
        #expect(ring.tail == 0)
        #expect(ring.last == nil)
        #expect(ring[0] == nil)
        for i in 0..<40 { ring.append(entry(i)) }
        #expect(ring.head == 40)
        #expect(ring.tail == 40 - capacity)
        #expect(ring.last?.index == 39)
        for i in 0..<45 {
            let kept = i >= 40 - capacity && i < 40
            #expect((ring[i]?.index == i) == kept, "index \(i)")
        }
        #expect(ring[-1] == nil)
    }
}
