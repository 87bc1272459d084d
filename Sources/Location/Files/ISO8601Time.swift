import Formats

/// The ISO 8601 times of GPX `<time>` elements and of a trajectory's epoch: a name kept for Location's
/// callers, forwarding to the one reader and writer of the format, `ISO8601` in `Formats`.
package enum ISO8601Time {
    /// Seconds since 1970-01-01T00:00:00Z of `text`, or `nil` when it is not a valid date and time
    /// (see `ISO8601.parse(_:)`).
    package static func parse(_ text: some StringProtocol) -> Double? { ISO8601.parse(text) }

    /// Seconds since 1970 of 0001-01-01T00:00:00Z and of 10000-01-01T00:00:00Z: the times ``format(_:)`` writes.
    static var range: Range<Double> { ISO8601.range }

    /// `seconds` since 1970 as `YYYY-MM-DDThh:mm:ss[.ffffff]Z`, rounded to the microsecond (see `ISO8601.format(_:)`).
    package static func format(_ seconds: Double) -> String { ISO8601.format(seconds) }

    /// Days from 1970-01-01 of a proleptic Gregorian date.
    static func daysFromCivil(_ year: Int, _ month: Int, _ day: Int) -> Int { ISO8601.daysFromCivil(year, month, day) }

    /// The date `days` after 1970-01-01.
    static func civilFromDays(_ days: Int) -> (Int, Int, Int) { ISO8601.civilFromDays(days) }
}
