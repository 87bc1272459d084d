import Foundation

/// Reads and writes ISO 8601 UTC times (the XML Schema `dateTime` of GPX `<time>` elements, a
/// trajectory's `epoch` in a spec and in a render directory's `sensors.json`), exactly (no `DateFormatter`,
/// no locale): `2024-05-01T09:30:00Z`, `2024-05-01T09:30:00.250Z`, `2024-05-01T11:30:00+02:00`; a time
/// without a zone is taken as UTC. Years 0001 … 9999.
package enum ISO8601 {
    /// Seconds since 1970-01-01T00:00:00Z of `text`, or `nil` when it is not a valid date and time.
    package static func parse(_ text: some StringProtocol) -> Double? {
        let b = Array(text.utf8)
        var i = 0
        func digits(_ n: Int) -> Int? {
            guard i + n <= b.count else { return nil }
            var v = 0
            for k in i..<i + n {
                guard b[k] >= 0x30, b[k] <= 0x39 else { return nil }
                v = v * 10 + Int(b[k] - 0x30)
            }
            i += n
            return v
        }
        func expect(_ c: UInt8) -> Bool {
            guard i < b.count, b[i] == c else { return false }
            i += 1
            return true
        }
        guard let year = digits(4), year >= 1 else { return nil }  // years 0001 … 9999
        guard expect(UInt8(ascii: "-")), let month = digits(2), expect(UInt8(ascii: "-")), let day = digits(2),
            expect(UInt8(ascii: "T")), let hour = digits(2), expect(UInt8(ascii: ":")), let minute = digits(2),
            expect(UInt8(ascii: ":")), let second = digits(2)
        else { return nil }
        var fraction = 0.0
        if i < b.count, b[i] == UInt8(ascii: ".") {
            i += 1
            let start = i
            while i < b.count, b[i] >= 0x30, b[i] <= 0x39 { i += 1 }
            guard i > start, let f = Double("0." + String(decoding: b[start..<i], as: UTF8.self)) else { return nil }
            fraction = f
        }
        var offset = 0
        if i < b.count {
            if b[i] == UInt8(ascii: "Z") {
                i += 1
            } else if b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-") {
                let sign = b[i] == UInt8(ascii: "-") ? -1 : 1
                i += 1
                guard let oh = digits(2) else { return nil }
                _ = expect(UInt8(ascii: ":"))
                guard let om = digits(2), oh <= 14, om < 60 else { return nil }
                offset = sign * (oh * 3600 + om * 60)
            }
        }
        guard i == b.count, (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year),
            hour <= 23, minute <= 59, second <= 59
        else { return nil }
        let days = daysFromCivil(year, month, day)
        return Double(days * 86_400 + hour * 3600 + minute * 60 + second - offset) + fraction
    }

    /// Seconds since 1970 of 0001-01-01T00:00:00Z and of 10000-01-01T00:00:00Z: the times ``format(_:)`` writes.
    package static let range = -62_135_596_800.0..<253_402_300_800.0

    /// `seconds` since 1970 as `YYYY-MM-DDThh:mm:ss[.ffffff]Z`, rounded to the microsecond (the fraction
    /// is written only when it is not zero, without trailing zeros). `seconds` must be in ``range``.
    package static func format(_ seconds: Double) -> String {
        let us = Int((seconds * 1_000_000).rounded())
        let whole = us >= 0 ? us / 1_000_000 : (us - 999_999) / 1_000_000
        let micros = us - whole * 1_000_000
        let days = whole >= 0 ? whole / 86_400 : (whole - 86_399) / 86_400
        let secondOfDay = whole - days * 86_400
        let (y, m, d) = civilFromDays(days)
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        var year = String(abs(y))
        while year.count < 4 { year = "0" + year }
        var text =
            "\(y < 0 ? "-" : "")\(year)-\(two(m))-\(two(d))T\(two(secondOfDay / 3600)):\(two(secondOfDay / 60 % 60)):\(two(secondOfDay % 60))"
        if micros != 0 {
            var f = String(micros)
            while f.count < 6 { f = "0" + f }
            while f.hasSuffix("0") { f.removeLast() }
            text += "." + f
        }
        return text + "Z"
    }

    package static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days from 1970-01-01 of a proleptic Gregorian date (H. Hinnant's algorithm).
    package static func daysFromCivil(_ year: Int, _ month: Int, _ day: Int) -> Int {
        let y = year - (month <= 2 ? 1 : 0)
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The date `days` after 1970-01-01.
    package static func civilFromDays(_ days: Int) -> (Int, Int, Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }
}
