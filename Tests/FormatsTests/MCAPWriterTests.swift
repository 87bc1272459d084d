import Testing

@testable import Formats

/// A minimal MCAP reader for the tests: the records of a file, with every CRC and offset checked.
struct MCAPCheck {
    struct Record { let opcode: UInt8, offset: Int, content: [UInt8] }
    enum Problem: Error, Equatable {
        case magic, truncated, dataCRC, summaryCRC, chunkCRC
        case offset(String)
    }

    static func u16(_ b: [UInt8], _ at: Int) -> UInt16 { UInt16(b[at]) | UInt16(b[at + 1]) << 8 }
    static func u32(_ b: [UInt8], _ at: Int) -> UInt32 { (0..<4).reduce(0) { $0 | UInt32(b[at + $1]) << (8 * $1) } }
    static func u64(_ b: [UInt8], _ at: Int) -> UInt64 { (0..<8).reduce(0) { $0 | UInt64(b[at + $1]) << (8 * $1) } }

    /// The records between `start` and `end`.
    static func records(_ b: [UInt8], from start: Int, to end: Int) throws(Problem) -> [Record] {
        var out: [Record] = []
        var at = start
        while at < end {
            guard at + 9 <= end else { throw .truncated }
            let length = Int(u64(b, at + 1))
            guard at + 9 + length <= end else { throw .truncated }
            out.append(Record(opcode: b[at], offset: at, content: Array(b[(at + 9)..<(at + 9 + length)])))
            at += 9 + length
        }
        return out
    }

    /// Every record of the file, after checking the magic, the CRCs and the summary's offsets.
    static func check(_ b: [UInt8]) throws(Problem) -> [Record] {
        guard b.count >= 16, Array(b[0..<8]) == MCAPBytes.magic, Array(b[(b.count - 8)...]) == MCAPBytes.magic else {
            throw .magic
        }
        let all = try records(b, from: 8, to: b.count - 8)
        guard let footer = all.last, footer.opcode == 0x02, let dataEnd = all.first(where: { $0.opcode == 0x0F }) else {
            throw .truncated
        }
        for chunk in all where chunk.opcode == 0x06 {
            let recordsStart = 40  // start, end, uncompressed size (8 each), CRC (4), "" (4), records length (8)
            let records = Array(chunk.content[recordsStart...])
            guard u32(chunk.content, 24) == CRC32.checksum(records) else { throw .chunkCRC }
        }
        guard u32(dataEnd.content, 0) == CRC32.checksum(b[0..<dataEnd.offset]) else { throw .dataCRC }
        let summaryStart = Int(u64(footer.content, 0))
        let summaryOffsetStart = Int(u64(footer.content, 8))
        let footerCRCAt = footer.offset + 25  // opcode, length, summary_start, summary_offset_start
        guard u32(footer.content, 16) == CRC32.checksum(b[summaryStart..<footerCRCAt]) else { throw .summaryCRC }
        for offset in all where offset.opcode == 0x0E {
            let start = Int(u64(offset.content, 1))
            guard start >= summaryStart, start < summaryOffsetStart, b[start] == offset.content[0] else {
                throw .offset("summary offset")
            }
        }
        for index in all where index.opcode == 0x08 {
            guard b[Int(u64(index.content, 16))] == 0x06 else { throw .offset("chunk start") }
            let mapLength = Int(u32(index.content, 32))
            var at = 36
            while at < 36 + mapLength {
                guard b[Int(u64(index.content, at + 2))] == 0x07 else { throw .offset("message index") }
                at += 10
            }
        }
        return all
    }
}

@Suite struct MCAPWriterTests {
    /// Two channels, `count` messages each, in chunks of `chunkSize` bytes.
    static func file(count: Int, chunkSize: Int = 1 << 20) -> [UInt8] {
        var writer = MCAPWriter(profile: "ros2", library: "test", chunkSize: chunkSize)
        let schema = writer.addSchema(
            name: ROS2.FluidPressure.name, encoding: "ros2msg", data: Array(ROS2.FluidPressure.definition.utf8))
        let a = writer.addChannel(topic: "/a", messageEncoding: "cdr", schema: schema)
        let b = writer.addChannel(topic: "/b", messageEncoding: "cdr", schema: schema, metadata: ["k": "v"])
        var out = writer.drain()
        for i in 0..<count {
            let message = ROS2.FluidPressure.cdr(
                header: ROS2.Header(time: UInt64(i) * 10_000_000, frameID: "device"),
                pressure: 101_325 + Double(i), variance: 0
            )
            writer.addMessage(channel: a, logTime: UInt64(i) * 10_000_000, data: message)
            writer.addMessage(channel: b, logTime: UInt64(i) * 10_000_000, data: message)
            if i % 7 == 0 { out += writer.drain() }
        }
        writer.finish()
        return out + writer.drain()
    }

    @Test("magic, header, schema, channels, chunks with message indexes, data end, summary, offsets, footer, magic")
    func layout() throws {
        let bytes = Self.file(count: 3)
        let records = try MCAPCheck.check(bytes)
        #expect(
            records.map(\.opcode) == [
                0x01, 0x03, 0x04, 0x04, 0x06, 0x07, 0x07, 0x0F,
                0x03, 0x04, 0x04, 0x08, 0x0B, 0x0E, 0x0E, 0x0E, 0x0E, 0x02,
            ])
        #expect(
            MCAPOpcode.allCases.map(\.rawValue) == [0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x0B, 0x0E, 0x0F])
    }

    @Test("statistics count every message per channel; small chunks make many chunk indexes", arguments: [64, 1 << 20])
    func statistics(chunkSize: Int) throws {
        let records = try MCAPCheck.check(Self.file(count: 100, chunkSize: chunkSize))
        let stats = try #require(records.first { $0.opcode == 0x0B })
        #expect(MCAPCheck.u64(stats.content, 0) == 200)
        let chunks = records.filter { $0.opcode == 0x06 }.count
        #expect(MCAPCheck.u32(stats.content, 22) == UInt32(chunks))
        #expect(records.filter { $0.opcode == 0x08 }.count == chunks)
        #expect(chunks == (chunkSize == 64 ? 200 : 1))  // a 75-byte message fills a 64-byte chunk
        #expect(MCAPCheck.u64(stats.content, 34) == 990_000_000)  // message_end_time
        // chunk_count at 22: after message_count (8), schema, channel, attachment and metadata counts (2 + 4 + 4 + 4)
    }

    @Test("a record is opcode, uint64 content length, content")
    func recordFraming() {
        var content = MCAPBytes()
        content.u32(0xDEAD_BEEF)
        #expect(MCAPBytes.record(.dataEnd, content) == [0x0F, 4, 0, 0, 0, 0, 0, 0, 0, 0xEF, 0xBE, 0xAD, 0xDE])
    }

    @Test("failing case: a byte changed in a chunk fails its CRC; one changed in the summary fails the footer's")
    func corruption() throws {
        var bytes = Self.file(count: 3)
        let records = try MCAPCheck.check(bytes)
        let chunk = try #require(records.first { $0.opcode == 0x06 })
        var broken = bytes
        let inRecords = chunk.offset + 79  // the record's 9 bytes, the chunk's 40, then 30 into its records
        broken[inRecords] ^= 0xFF
        #expect(throws: MCAPCheck.Problem.chunkCRC) { try MCAPCheck.check(broken) }
        let stats = try #require(records.first { $0.opcode == 0x0B })
        bytes[stats.offset + 9] ^= 0x01
        #expect(throws: MCAPCheck.Problem.summaryCRC) { try MCAPCheck.check(bytes) }
    }
}
