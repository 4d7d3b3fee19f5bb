import ChartData
import ChartSystem
@testable import ChartPipeline

/// Small builders for hand-written test columns.
enum T {
    static func numbers(_ name: String, _ values: [Double?]) -> Column {
        Column(name: name, type: .number, values: values.map { $0.map(Value.number) ?? .null })
    }

    static func strings(_ name: String, _ values: [String?], naturalOrder: [String]? = nil) -> Column {
        var column = Column(name: name, type: .string, values: values.map { $0.map(Value.string) ?? .null })
        column.naturalOrder = naturalOrder
        return column
    }

    static func dates(_ name: String, _ values: [String?]) -> Column {
        Column(
            name: name, type: .date,
            values: values.map { text in
                guard let text, let ms = ISO.parse(text) else { return .null }
                return .date(ms)
            })
    }

    static func booleans(_ name: String, _ values: [Bool?]) -> Column {
        Column(name: name, type: .boolean, values: values.map { $0.map(Value.boolean) ?? .null })
    }

    static func values(_ column: Column) -> [Value] {
        (0..<column.count).map { column[$0] }
    }

    static func numbersOf(_ column: Column) -> [Double?] {
        (0..<column.count).map { column[$0].numberValue }
    }

    static func stringsOf(_ column: Column) -> [String?] {
        (0..<column.count).map { column[$0].stringValue }
    }

    static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
}

import ChartFormat
import ChartValues

enum ISO {
    static func parse(_ text: String) -> Int64? { ISODate.parse(text) }
    static func ms(_ text: String) -> Int64 { ISODate.parse(text) ?? Int64.min }
}

/// `a` and `b` equal within a relative 1e-12 (both nil counts as equal).
func close(_ a: Double?, _ b: Double?) -> Bool {
    guard let a, let b else { return a == nil && b == nil }
    return abs(a - b) <= 1e-12 * max(1, abs(a), abs(b))
}

func close(_ a: [Double?], _ b: [Double?]) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { close($0, $1) }
}
