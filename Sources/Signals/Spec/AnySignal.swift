import Foundation

/// A type-erased signal: any spec tree, for signals loaded at run time (JSON specs, the CLI).
///
/// Renders by walking its ``SignalNode`` once per block (never per sample) and calling the same
/// kernels as the static types, so it produces the same samples bit for bit.
///
/// ```swift
/// let spec = try AnySignal(json: Data(#"{"sine": {"frequency": 5}}"#.utf8))
/// let buffer = try spec.render(sampleRate: 100, duration: 1)
/// ```
public struct AnySignal: SpecRepresentable {
    /// The tree this signal renders.
    public var node: SignalNode

    /// Wraps a spec tree.
    public init(node: SignalNode) { self.node = node }

    /// Erases the type of a spec signal.
    public init<S: SpecRepresentable>(_ signal: S) { self.node = signal.node }

    /// Decodes a JSON spec with the strict reader (see ``SignalNode/decode(json:)``).
    /// - Throws: `SignalError` naming the JSON path of any problem.
    public init(json data: Data) throws(SignalError) { self.node = try SignalNode.decode(json: data) }

    /// Renders one block by walking the tree (see ``Signal/render(into:_:)``).
    public func render(into block: RenderBlock, _ transform: Affine) {
        AnySignal.render(node, into: block, transform)
    }

    static func render(_ node: SignalNode, into block: RenderBlock, _ transform: Affine) {
        switch node {
        case .sine(let s): s.render(into: block, transform)
        case .square(let s): s.render(into: block, transform)
        case .sawtooth(let s): s.render(into: block, transform)
        case .triangle(let s): s.render(into: block, transform)
        case .chirp(let s): s.render(into: block, transform)
        case .noise(let s): s.render(into: block, transform)
        case .constant(let s): s.render(into: block, transform)
        case .sum(let terms):
            guard let first = terms.first else {
                Combinators.Empty().render(into: block, transform)
                return
            }
            render(first, into: block, transform)
            for term in terms.dropFirst() { render(term, into: block, transform.nextTerm) }
        case .scaled(let by, let s):
            render(s, into: block, transform.scaled(by: by))
        case .offset(let by, let s):
            render(s, into: block, transform.offset(by: by))
        case .channels(let parts):
            var channel = 0
            for part in parts {
                let width = part.channelCount
                render(part, into: block.channels(channel..<channel + width), transform)
                channel += width
            }
        case .axes(let x, let y, let z):
            render(x, into: block.single(0), transform)
            render(y, into: block.single(1), transform)
            render(z, into: block.single(2), transform)
        case .motion(let m):
            if let attitude = m.attitude {
                ConsistentMotion.render(m, attitude, into: block, transform)
                return
            }
            for (i, part) in m.parts.enumerated() {
                render(part ?? MotionNode.zeroAxes, into: block.channels(3 * i..<3 * i + 3), transform)
            }
        }
    }
}
