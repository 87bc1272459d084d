import Foundation
import Playback
import Signals

/// Where a ``SimulatedMotionManager`` gets its motion from, chosen when the manager is made.
///
/// ```swift
/// SimulatedMotionManager(source: .signal(motion))                       // a DSL motion, played in process
/// SimulatedMotionManager(source: .file(URL(fileURLWithPath: "walk.csv")))   // a point file
/// ```
public struct MotionSource: Sendable {
    enum Kind: Sendable {
        case signal(AnySignalPlayer, sampleRate: Double, duration: Double?)
        case file(URL, loop: Bool)
    }

    let kind: Kind

    /// A motion signal (nine channels: user acceleration, gravity, rotation rate; see ``MotionSignal``)
    /// played in process by the Runner at `sampleRate`, from sample index 0.
    ///
    /// Each update interval takes the sample due at each tick (a 1 kHz source at a 0.02 s interval
    /// gives samples 0, 20, 40, …), never an average.
    /// - Parameters:
    ///   - signal: A nine-channel signal (a ``MotionSignal``, a motion ``AnySignal``, or one of your own).
    ///   - sampleRate: The source's rate (Hz); default 100.
    ///   - duration: Seconds to play, or `nil` (default) to play until stopped.
    public static func signal<S: Signal>(_ signal: S, sampleRate: Double = 100, duration: Double? = nil) -> MotionSource {
        MotionSource(kind: .signal(AnySignalPlayer(signal), sampleRate: sampleRate, duration: duration))
    }

    /// A point file (JSON array, JSON Lines or CSV, see ``PointFile``), played at its timestamps.
    /// - Parameters:
    ///   - url: The file.
    ///   - loop: Play it again and again (default `false`: updates end after the last point).
    public static func file(_ url: URL, loop: Bool = false) -> MotionSource {
        MotionSource(kind: .file(url, loop: loop))
    }
}

/// A signal kept with its type erased, able to make its points (the signal need not be a spec).
struct AnySignalPlayer: Sendable {
    let channelCount: Int
    let makePoints: @Sendable (RenderRequest) throws -> any PointSourceOfMotion

    init<S: Signal>(_ signal: S) {
        channelCount = signal.channelCount
        makePoints = { request in try SignalPoints(signal, request: request, as: MotionPoint.self) }
    }
}

/// A point source of motion points (erased for the manager).
protocol PointSourceOfMotion: PointSource where Point == MotionPoint {}
extension SignalPoints: PointSourceOfMotion where Point == MotionPoint {}
extension PointFile: PointSourceOfMotion {}
