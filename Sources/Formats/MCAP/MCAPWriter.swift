/// Writes an MCAP file (https://mcap.dev/spec) front to back, never seeking, so it can stream to a pipe:
/// magic, header, the schemas and channels, messages in uncompressed chunks each followed by its message
/// indexes, data end (with the data section's CRC), the summary section (schemas, channels, chunk indexes,
/// statistics), the summary offset section, the footer (with the summary's CRC) and the magic again.
///
/// The writer holds one chunk of messages (about `chunkSize` bytes) and the summary's small records; the
/// caller takes the finished bytes with ``drain()`` as it goes and writes them out.
///
/// ```swift
/// var mcap = MCAPWriter(profile: "ros2", library: "signals")
/// let schema = mcap.addSchema(name: "sensor_msgs/msg/FluidPressure", encoding: "ros2msg", data: Array(text.utf8))
/// let channel = mcap.addChannel(topic: "/pressure", messageEncoding: "cdr", schema: schema)
/// mcap.addMessage(channel: channel, logTime: 1_000_000_000, data: cdr.bytes)   // nanoseconds
/// mcap.finish()
/// file.write(mcap.drain())
/// ```
/// Cost: every byte is copied once into the chunk and once out, and CRC-32'd twice (chunk and data section).
package struct MCAPWriter: Sendable {
    /// One chunk's place in the file, for its chunk index record.
    struct ChunkSummary: Sendable {
        var startTime: UInt64, endTime: UInt64, offset: UInt64, length: UInt64
        var messageIndexOffsets: [(channel: UInt16, offset: UInt64)]
        var messageIndexLength: UInt64, size: UInt64
    }

    /// Bytes finished and not yet taken by ``drain()``.
    private var pending: [UInt8] = []
    /// Bytes produced so far (taken or pending): the file offset of the next byte.
    package private(set) var position: UInt64 = 0
    /// Whether the bytes produced are still the data section (before data end).
    private var inDataSection = true
    /// CRC of the data section so far (from the leading magic on).
    private var dataCRC = CRC32()
    /// The records of the schemas and channels, repeated in the summary.
    private var schemaRecords: [[UInt8]] = [], channelRecords: [[UInt8]] = []
    private var channelCount: UInt16 = 0
    /// The open chunk: its records, their message index per channel and its time range (ns).
    private var chunk = MCAPBytes()
    private var chunkIndexes: [UInt16: [(time: UInt64, offset: UInt64)]] = [:]
    private var chunkStart: UInt64 = .max, chunkEnd: UInt64 = 0
    private var chunks: [ChunkSummary] = []
    /// Messages per channel, and in all, and their time range (ns).
    private var messageCounts: [UInt16: UInt64] = [:]
    private var messageCount: UInt64 = 0
    private var firstTime: UInt64 = .max, lastTime: UInt64 = 0
    /// Uncompressed chunk size at which a chunk is closed, bytes.
    package let chunkSize: Int
    private var finished = false

    /// Starts a file: the magic and the header record.
    /// - Parameters:
    ///   - profile: The header's profile (`ros2`, or empty).
    ///   - library: The header's library (the writer's name and version).
    ///   - chunkSize: Close a chunk once its records reach this many bytes (default 1 MiB; at least 1).
    package init(profile: String, library: String, chunkSize: Int = 1 << 20) {
        self.chunkSize = max(1, chunkSize)
        chunk.bytes.reserveCapacity(self.chunkSize + 4096)
        emit(MCAPBytes.magic)
        var header = MCAPBytes()
        header.string(profile)
        header.string(library)
        emit(MCAPBytes.record(.header, header))
    }

    /// Appends to the output, counting the offset and the data section's CRC.
    private mutating func emit(_ bytes: [UInt8]) {
        if inDataSection { dataCRC.update(bytes) }
        position += UInt64(bytes.count)
        pending += bytes
    }

    /// Takes the bytes finished so far (the caller writes them, in order).
    /// - Returns: The next bytes of the file.
    package mutating func drain() -> [UInt8] {
        defer { pending.removeAll(keepingCapacity: true) }
        return pending
    }

    /// Adds a schema (in the data section now, and in the summary).
    /// - Parameters:
    ///   - name: The type's name (`sensor_msgs/msg/Imu`).
    ///   - encoding: The schema encoding (`ros2msg`).
    ///   - data: The definition's bytes.
    /// - Returns: The schema's id (1, 2, …; 0 means none in MCAP).
    package mutating func addSchema(name: String, encoding: String, data: [UInt8]) -> UInt16 {
        precondition(!finished && schemaRecords.count < Int(UInt16.max), "schema after finish() or more than 65534")
        let id = UInt16(schemaRecords.count + 1)
        var content = MCAPBytes()
        content.u16(id)
        content.string(name)
        content.string(encoding)
        content.bytes32(data)
        schemaRecords.append(emitDefinition(.schema, content))
        return id
    }

    /// Adds a channel (in the data section now, and in the summary).
    /// - Parameters:
    ///   - topic: The topic (`/imu/data`).
    ///   - messageEncoding: The message encoding (`cdr`).
    ///   - schema: An id from ``addSchema(name:encoding:data:)``.
    ///   - metadata: Key–value pairs stored with the channel.
    /// - Returns: The channel's id (0, 1, …).
    package mutating func addChannel(
        topic: String, messageEncoding: String, schema: UInt16,
        metadata: [String: String] = [:]
    ) -> UInt16 {
        precondition(!finished && channelCount < UInt16.max, "channel after finish() or more than 65535")
        let id = channelCount
        channelCount += 1
        var content = MCAPBytes()
        content.u16(id)
        content.u16(schema)
        content.string(topic)
        content.string(messageEncoding)
        content.stringMap(metadata)
        channelRecords.append(emitDefinition(.channel, content))
        return id
    }

    /// Adds a message to the open chunk, closing the chunk when it reaches ``chunkSize``.
    /// - Parameters:
    ///   - channel: An id from ``addChannel(topic:messageEncoding:schema:metadata:)``.
    ///   - sequence: The message's sequence number (default: the channel's count so far).
    ///   - logTime: When it was logged, nanoseconds since 1970.
    ///   - publishTime: When it was published, ns (default `logTime`).
    ///   - data: The serialised message (CDR for `cdr`).
    package mutating func addMessage(
        channel: UInt16, sequence: UInt32? = nil, logTime: UInt64, publishTime: UInt64? = nil,
        data: [UInt8]
    ) {
        precondition(!finished && channel < channelCount, "message after finish() or on an unknown channel")
        let count = messageCounts[channel, default: 0]
        let offset = UInt64(chunk.bytes.count)
        chunk.u8(MCAPOpcode.message.rawValue)
        chunk.u64(UInt64(2 + 4 + 8 + 8 + data.count))
        chunk.u16(channel)
        chunk.u32(sequence ?? UInt32(truncatingIfNeeded: count))
        chunk.u64(logTime)
        chunk.u64(publishTime ?? logTime)
        chunk.bytes += data
        chunkIndexes[channel, default: []].append((logTime, offset))
        chunkStart = min(chunkStart, logTime)
        chunkEnd = max(chunkEnd, logTime)
        firstTime = min(firstTime, logTime)
        lastTime = max(lastTime, logTime)
        messageCounts[channel] = count + 1
        messageCount += 1
        if chunk.bytes.count >= chunkSize { closeChunk() }
    }

    /// Writes the open chunk, if it holds anything, and its message indexes.
    /// Closes the open chunk and writes a schema or channel record in the data section; returns the record,
    /// which the summary repeats.
    private mutating func emitDefinition(_ opcode: MCAPOpcode, _ content: MCAPBytes) -> [UInt8] {
        closeChunk()
        let record = MCAPBytes.record(opcode, content)
        emit(record)
        return record
    }

    private mutating func closeChunk() {
        guard !chunk.bytes.isEmpty else { return }
        let records = chunk.bytes
        var content = MCAPBytes()
        content.bytes.reserveCapacity(records.count + 64)
        content.u64(chunkStart)
        content.u64(chunkEnd)
        content.u64(UInt64(records.count))
        content.u32(CRC32.checksum(records))
        content.string("")
        content.u64(UInt64(records.count))
        content.bytes += records
        let offset = position
        emit(MCAPBytes.record(.chunk, content))
        let length = position - offset
        var indexOffsets: [(channel: UInt16, offset: UInt64)] = []
        let indexStart = position
        for channel in chunkIndexes.keys.sorted() {
            var index = MCAPBytes()
            index.u16(channel)
            var entries = MCAPBytes()
            for (time, at) in chunkIndexes[channel]! {
                entries.u64(time)
                entries.u64(at)
            }
            index.bytes32(entries.bytes)
            indexOffsets.append((channel, position))
            emit(MCAPBytes.record(.messageIndex, index))
        }
        chunks.append(
            ChunkSummary(
                startTime: chunkStart, endTime: chunkEnd, offset: offset, length: length,
                messageIndexOffsets: indexOffsets, messageIndexLength: position - indexStart,
                size: UInt64(records.count)))
        chunk.bytes.removeAll(keepingCapacity: true)
        chunkIndexes.removeAll(keepingCapacity: true)
        chunkStart = .max
        chunkEnd = 0
    }

    /// Ends the file: the last chunk, data end, the summary, the summary offsets, the footer and the magic.
    /// Nothing may be added afterwards; ``drain()`` then returns the rest of the file.
    package mutating func finish() {
        precondition(!finished, "finish() twice")
        closeChunk()
        var dataEnd = MCAPBytes()
        dataEnd.u32(dataCRC.value)
        emit(MCAPBytes.record(.dataEnd, dataEnd))
        inDataSection = false
        finished = true

        let summaryStart = position
        var summaryCRC = CRC32()
        var groups: [(opcode: MCAPOpcode, start: UInt64, length: UInt64)] = []
        func group(_ opcode: MCAPOpcode, _ records: [[UInt8]], into writer: inout MCAPWriter) {
            guard !records.isEmpty else { return }
            let start = writer.position
            for r in records {
                summaryCRC.update(r)
                writer.emit(r)
            }
            groups.append((opcode, start, writer.position - start))
        }
        group(.schema, schemaRecords, into: &self)
        group(.channel, channelRecords, into: &self)
        let indexRecords = chunks.map { c -> [UInt8] in
            var content = MCAPBytes()
            content.u64(c.startTime)
            content.u64(c.endTime)
            content.u64(c.offset)
            content.u64(c.length)
            var offsets = MCAPBytes()
            for (channel, at) in c.messageIndexOffsets {
                offsets.u16(channel)
                offsets.u64(at)
            }
            content.bytes32(offsets.bytes)
            content.u64(c.messageIndexLength)
            content.string("")
            content.u64(c.size)
            content.u64(c.size)
            return MCAPBytes.record(.chunkIndex, content)
        }
        group(.chunkIndex, indexRecords, into: &self)
        var statistics = MCAPBytes()
        statistics.u64(messageCount)
        statistics.u16(UInt16(schemaRecords.count))
        statistics.u32(UInt32(channelCount))
        statistics.u32(0)  // attachments
        statistics.u32(0)  // metadata
        statistics.u32(UInt32(chunks.count))
        statistics.u64(messageCount == 0 ? 0 : firstTime)
        statistics.u64(messageCount == 0 ? 0 : lastTime)
        var counts = MCAPBytes()
        for channel in messageCounts.keys.sorted() {
            counts.u16(channel)
            counts.u64(messageCounts[channel]!)
        }
        statistics.bytes32(counts.bytes)
        group(.statistics, [MCAPBytes.record(.statistics, statistics)], into: &self)

        let summaryOffsetStart = position
        for g in groups {
            var content = MCAPBytes()
            content.u8(g.opcode.rawValue)
            content.u64(g.start)
            content.u64(g.length)
            let record = MCAPBytes.record(.summaryOffset, content)
            summaryCRC.update(record)
            emit(record)
        }
        // The footer's CRC covers the summary and summary offset sections and the footer up to its CRC field.
        var footerStart = MCAPBytes()
        footerStart.u8(MCAPOpcode.footer.rawValue)
        footerStart.u64(8 + 8 + 4)
        footerStart.u64(summaryStart)
        footerStart.u64(summaryOffsetStart)
        summaryCRC.update(footerStart.bytes)
        footerStart.u32(summaryCRC.value)
        emit(footerStart.bytes)
        emit(MCAPBytes.magic)
    }
}
