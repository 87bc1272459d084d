import Location

extension MotionLocationPoint {
    /// The point as `signals play` prints it (without the newline): the motion line
    /// (see `PointLine.motion(_:precision:)`) with `"location": {...}` beside its parts.
    ///
    /// ```swift
    /// p.jsonLine()   // {"timestamp":0.5,"userAcceleration":{...},"gravity":{...},"rotationRate":{...},"location":{"latitude":48.85,...}}
    /// ```
    /// - Parameter precision: How the motion's numbers are written: `.single` for a rendered motion spec
    ///   (the default), `.double` for values held as `Double`s.
    public func jsonLine(precision: PointLine.Precision = .single) -> String {
        var text = PointLine.motion(motion, precision: precision)
        text.removeLast()  // "}"
        return text + ",\"location\":\(location.locationJSON)}"
    }
}
