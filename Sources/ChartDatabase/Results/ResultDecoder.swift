import ChartData
import ChartFormat
import ChartValues

/// Streams a result's text-format rows straight into chartc's typed columns, choosing each column's type from
/// its type OID: integers, floats and `numeric` become numbers; `date`, `timestamp` and `timestamptz` (sent in
/// UTC: the session's TimeZone is UTC) become dates; `bool` booleans; everything else its text. SQL NULL is
/// null, and so is an empty string (SPEC §4: an empty value is null). The same decoder reads the live socket and a cached result, so both give the same table.
public struct ResultDecoder: Sendable {
    public private(set) var fields: [ResultField] = []
    private var builders: [ColumnBuilder] = []
    private var types: [DataType] = []
    public private(set) var rowCount = 0

    public init() {}

    /// The chartc type of a PostgreSQL type OID.
    public static func dataType(ofOID oid: UInt32) -> DataType {
        switch oid {
        case 20, 21, 23, 26, 700, 701, 1700: .number // int8, int2, int4, oid, float4, float8, numeric
        case 16: .boolean
        case 1082, 1114, 1184: .date // date, timestamp, timestamptz
        default: .string
        }
    }

    /// Handles a `RowDescription` (`T`) or `DataRow` (`D`) message body; false when it is malformed.
    mutating func consume(type: UInt8, body: ArraySlice<UInt8>) -> Bool {
        if type == UInt8(ascii: "T") {
            guard let described = ResultField.parseDescription(body) else { return false }
            fields = described
            types = described.map { Self.dataType(ofOID: $0.typeOID) }
            builders = zip(described, types).map { ColumnBuilder(name: $0.name, type: $1) }
            rowCount = 0
            return true
        }
        guard type == UInt8(ascii: "D") else { return true }
        var cursor = MessageCursor(body)
        guard let count = cursor.int16(), Int(count) == builders.count else { return false }
        for index in 0..<Int(count) {
            guard let length = cursor.int32() else { return false }
            if length < 0 {
                builders[index].appendNull()
                continue
            }
            guard let value = cursor.take(Int(length)) else { return false }
            append(value, to: index)
        }
        rowCount += 1
        return true
    }

    private mutating func append(_ text: ArraySlice<UInt8>, to index: Int) {
        switch types[index] {
        case .number:
            if let number = text.withContiguousStorageIfAvailable({ DecimalParser.parse($0) })
                ?? DecimalParser.parse(String(decoding: text, as: UTF8.self)),
                number.isFinite
            {
                builders[index].appendNumber(number)
            } else {
                builders[index].appendNull() // NaN, ±Infinity: chartc's pipeline has no non-finite numbers
            }
        case .date:
            if let date = Self.date(text) { builders[index].appendDate(date) } else { builders[index].appendNull() }
        case .boolean:
            builders[index].appendBoolean(text.first == UInt8(ascii: "t"))
        case .string:
            // SPEC §4: an empty value is null, as an empty CSV cell is (a file cannot tell '' from NULL).
            if text.isEmpty { builders[index].appendNull() } else { builders[index].appendString(String(decoding: text, as: UTF8.self)) }
        }
    }

    /// `2024-01-05`, `2024-01-05 13:45:00.25`, `2024-01-05 13:45:00+00` (ISO DateStyle). `infinity` and BC
    /// dates have no place on chartc's time axis: null.
    static func date(_ text: ArraySlice<UInt8>) -> Int64? {
        var bytes = Array(text)
        // timestamptz in UTC ends in `+00` (or `+00:30`-style offsets for other zones): ISODate wants `+HH:MM`.
        if bytes.count > 19, let sign = bytes.lastIndex(where: { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-") }), sign > 10,
            bytes.count - sign == 3
        {
            bytes += Array(":00".utf8)
        }
        return ISODate.parse(bytes)
    }

    /// The columns read so far, as a table.
    public func finish() -> Table {
        Table(columns: builders.map { $0.finish() }, rowCount: rowCount)
    }

    /// The fields of a stored result (its `RowDescription`), with their type OIDs; nil when malformed.
    public static func fields(wire: [UInt8]) -> [ResultField]? {
        guard wire.count >= 5, wire[0] == UInt8(ascii: "T") else { return nil }
        let length = Int(UInt32(wire[1]) << 24 | UInt32(wire[2]) << 16 | UInt32(wire[3]) << 8 | UInt32(wire[4]))
        guard length >= 4, 1 + length <= wire.count else { return nil }
        return ResultField.parseDescription(wire[5..<(1 + length)])
    }

    /// Decodes a stored result (the `T` and `D` messages exactly as the server sent them, see `QueryResult.wire`).
    public static func decode(wire: [UInt8]) -> Table? {
        var decoder = ResultDecoder()
        var index = 0
        while index < wire.count {
            guard index + 5 <= wire.count else { return nil }
            let length = Int(UInt32(wire[index + 1]) << 24 | UInt32(wire[index + 2]) << 16 | UInt32(wire[index + 3]) << 8 | UInt32(wire[index + 4]))
            guard length >= 4, index + 1 + length <= wire.count else { return nil }
            guard decoder.consume(type: wire[index], body: wire[(index + 5)..<(index + 1 + length)]) else { return nil }
            index += 1 + length
        }
        return decoder.finish()
    }
}
