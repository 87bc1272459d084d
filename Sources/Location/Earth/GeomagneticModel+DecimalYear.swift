import Signals

extension GeomagneticModel {
    /// The decimal year of an ISO 8601 UTC date and time, as the World Magnetic Model counts time: the year
    /// plus the elapsed fraction of it (days of 86 400 s; a leap year has 366).
    ///
    /// ```swift
    /// try GeomagneticModel.decimalYear(iso8601: "2025-07-02T12:00:00Z")   // 2025.5
    /// ```
    /// - Parameter iso8601: `YYYY-MM-DDThh:mm:ss[.fff][Z|±hh:mm]` (a time without a zone is UTC).
    /// - Returns: The decimal year (exact to about 10⁻¹⁵ year, 30 ns).
    /// - Throws: `SignalError` `.malformed` (path `$`) when the text is not such a date and time.
    public static func decimalYear(iso8601: String) throws -> Double {
        guard let seconds = ISO8601Time.parse(iso8601) else {
            throw SignalError(
                .malformed, path: "$",
                "\"\(iso8601)\" is not an ISO 8601 date and time such as 2026-06-01T12:00:00Z")
        }
        return decimalYear(secondsSince1970: seconds)
    }

    /// The decimal year of a time in seconds since 1970-01-01T00:00:00Z (UTC, no leap seconds, as POSIX).
    /// - Parameter secondsSince1970: Seconds, within the years 0001 … 9999.
    /// - Returns: The year plus the elapsed fraction of it.
    public static func decimalYear(secondsSince1970: Double) -> Double {
        let day = Int((secondsSince1970 / 86_400).rounded(.down))
        let year = ISO8601Time.civilFromDays(day).0
        let start = Double(ISO8601Time.daysFromCivil(year, 1, 1)) * 86_400
        let end = Double(ISO8601Time.daysFromCivil(year + 1, 1, 1)) * 86_400
        return Double(year) + (secondsSince1970 - start) / (end - start)
    }
}
