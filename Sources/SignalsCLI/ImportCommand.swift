import ArgumentParser
import Formats
import Foundation
import Playback
import Sensors
import Signals

/// `signals import`: phone recordings (phyphox, Sensor Logger) to a point file at a uniform rate.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import phyphox or Sensor Logger CSV recordings into a point file at a uniform rate.",
        discussion: """
            Give one file per sensor, or the folder of an unzipped export: phyphox
            exports (any of its CSV formats: comma, semicolon or tab, decimal point or
            comma; Accelerometer.csv, Gyroscope.csv, Linear Acceleration.csv, with its
            meta/device.csv beside them or --platform) or Sensor Logger files
            (Accelerometer.csv, TotalAcceleration.csv, AccelerometerUncalibrated.csv,
            Gravity.csv, Gyroscope.csv, GyroscopeUncalibrated.csv, with its Metadata.csv
            or --platform; its other files, such as Annotation.csv, are skipped with a
            note, and so is GyroscopeUncalibrated.csv beside a Gyroscope.csv). A
            --platform that contradicts the export's own metadata is refused, and so are
            files of two Sensor Logger exports and times rounded so that three rows
            share one. Accelerations become g in CoreMotion's sign, rates rad/s; the
            streams are merged over the span they all cover and resampled at --rate
            (linear or cubic). Without a
            gravity stream, gravity is the raw accelerometer's 1-second moving average
            scaled to 1 g (only then must --gravity-window fit in the recording).
            The output is a point file: CSV
            (timestamp,userAcceleration.x,...,rotationRate.z), .jsonl or .json by -o's
            extension; `signals play` plays it and `signals allan` analyses it. A .npy
            name writes a NumPy array of float64, shape (points, 9): the nine columns
            after the timestamp (points every 1/rate s). Any other extension is refused,
            and so is -o naming any file the import reads: a recording, any file in a
            folder given (its Metadata.csv or meta/device.csv too), or the
            meta/device.csv beside a phyphox file. A zip archive is not read: unzip it
            and give the folder.
            Example: signals import Examples/recordings/phyphox/Accelerometer.csv
              Examples/recordings/phyphox/Gyroscope.csv --rate 100 -o points.csv
            """
    )

    enum Platform: String, ExpressibleByArgument, CaseIterable {
        case ios, android
    }

    @Argument(help: "The recording files, one per sensor, or the folder of an export.")
    var files: [String]

    @Option(name: .long, parsing: .unconditional, help: "Output rate in Hz.")
    var rate: Double

    @Option(name: .long, help: "Resampling: linear or cubic.")
    var interpolation: Interpolation = .linear

    @Option(
        name: .long,
        help:
            "The phone's platform (ios or android) when no Sensor Logger Metadata.csv or phyphox meta/device.csv says it; refused when they say otherwise."
    )
    var platform: Platform?

    @Option(
        name: .customLong("gravity-window"), parsing: .unconditional,
        help: "Seconds of moving average for estimating gravity from the raw accelerometer.")
    var gravityWindow: Double = 1

    @Option(name: .shortAndLong, help: "Output file (.csv, .jsonl, .json or .npy; standard output, CSV, when absent).")
    var output: String?

    /// What `-o` writes, by its extension.
    enum Output: Equatable {
        case points(PointFormat)
        case npy
    }

    /// The output's format: CSV for standard output or a name without an extension.
    /// - Throws: ``CLIError`` for an extension that names no format import writes.
    func outputFormat() throws -> Output {
        guard let ext = OutputSink.fileExtension(output) else { return .points(.csv) }
        if ext == "npy" { return .npy }
        guard let format = output.flatMap(PointFormat.init(extensionOf:)) else {
            throw CLIError(
                "-o \(output ?? ""): import writes a point file (.csv, .jsonl or .json) or a NumPy array (.npy), not .\(ext); name the file with one of these extensions"
            )
        }
        return .points(format)
    }

    func run() throws {
        // Every file the import reads, a folder's included, so that -o never lands on one.
        let inputs = try RecordingImport.inputs(files)
        try inputs.check(output, option: "-o")
        let output = try outputFormat()
        var importer = RecordingImport(rate: rate, interpolation: interpolation, gravityWindow: gravityWindow)
        importer.convention = platform.map { $0 == .ios ? .ios : .android }
        var notes: [String] = []
        let points = try sensorsStep { () throws(SignalError) in
            try importer.points(try importer.read(files, notes: &notes))
        }
        for note in notes { ProcessOutput.error("note: \(note)\n") }
        // No output carries a number that is not finite: checked before the file is opened (the check the
        // point-line codec's writer makes, for every format).
        for p in points { try PointLineCodec.checkFinite(p) }
        let sink = try OutputSink(path: self.output, inputs: inputs)
        try sink.finish {
            switch output {
            case .npy:
                try sink.write(RouteOutput.npyHeader(rows: points.count, columns: 9))
                var data = Data(capacity: 4096 * 72)
                for (k, p) in points.enumerated() {
                    let a = p.userAcceleration
                    let g = p.gravity
                    let r = p.rotationRate
                    for v in [a.x, a.y, a.z, g.x, g.y, g.z, r.x, r.y, r.z] {
                        withUnsafeBytes(of: v.bitPattern.littleEndian) { data.append(contentsOf: $0) }
                    }
                    if k % 4096 == 4095 {
                        try sink.write(data)
                        data.removeAll(keepingCapacity: true)
                    }
                }
                try sink.write(data)
            case .points(let format):
                // The files `signals play` reads (`PointFileWriter`: Double digits, the point lines of `play`).
                var writer = PointFileWriter(format: format)
                var text = writer.header()
                for (k, p) in points.enumerated() {
                    text += try writer.write(p)
                    if k % 4096 == 4095 {
                        try sink.write(Data(text.utf8))
                        text = ""
                    }
                }
                try sink.write(Data((text + writer.trailer()).utf8))
            }
        }
    }
}

extension Interpolation: ExpressibleByArgument {}
