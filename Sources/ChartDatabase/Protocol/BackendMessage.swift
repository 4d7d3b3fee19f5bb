import ChartDiagnostics

/// One message from the server: its type byte and body (the length already removed).
struct BackendMessage {
    var type: UInt8
    var body: ArraySlice<UInt8>
}

/// Reads big-endian integers and C strings from a message body.
struct MessageCursor {
    private let bytes: ArraySlice<UInt8>
    private(set) var index: Int

    init(_ bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
        self.index = bytes.startIndex
    }

    var remaining: Int { bytes.endIndex - index }

    mutating func int32() -> Int32? {
        guard remaining >= 4 else { return nil }
        defer { index += 4 }
        return Int32(
            bitPattern: UInt32(bytes[index]) << 24 | UInt32(bytes[index + 1]) << 16 | UInt32(bytes[index + 2]) << 8 | UInt32(bytes[index + 3]))
    }

    mutating func int16() -> Int16? {
        guard remaining >= 2 else { return nil }
        defer { index += 2 }
        return Int16(bitPattern: UInt16(bytes[index]) << 8 | UInt16(bytes[index + 1]))
    }

    mutating func byte() -> UInt8? {
        guard remaining >= 1 else { return nil }
        defer { index += 1 }
        return bytes[index]
    }

    mutating func cString() -> String? {
        guard let end = bytes[index...].firstIndex(of: 0) else { return nil }
        defer { index = end + 1 }
        return String(decoding: bytes[index..<end], as: UTF8.self)
    }

    mutating func take(_ count: Int) -> ArraySlice<UInt8>? {
        guard count >= 0, remaining >= count else { return nil }
        defer { index += count }
        return bytes[index..<(index + count)]
    }

    mutating func rest() -> ArraySlice<UInt8> {
        defer { index = bytes.endIndex }
        return bytes[index...]
    }
}

/// An `ErrorResponse` or `NoticeResponse`: the fields a person needs (protocol "Error and Notice Message Fields").
public struct ServerMessage: Sendable, Equatable {
    /// `ERROR`, `FATAL`, `WARNING`, `NOTICE`… (the non-localized `V` field when present).
    public var severity: String
    /// The SQLSTATE code, e.g. `42P01`.
    public var code: String
    public var message: String
    public var detail: String?
    public var hint: String?
    /// 1-based character (not byte) position in the statement the error is about.
    public var position: Int?

    init(_ body: ArraySlice<UInt8>) {
        var cursor = MessageCursor(body)
        var fields: [UInt8: String] = [:]
        while let type = cursor.byte(), type != 0, let value = cursor.cString() { fields[type] = value }
        // A server's text is shortened as it is read (`QuotedText`): a megabyte of error message is kept as a
        // few hundred characters, and no terminal control characters reach a message.
        severity = QuotedText.truncated(fields[UInt8(ascii: "V")] ?? fields[UInt8(ascii: "S")] ?? "ERROR", limit: 20)
        code = QuotedText.truncated(fields[UInt8(ascii: "C")] ?? "XX000", limit: 5)
        message = QuotedText.truncated(fields[UInt8(ascii: "M")] ?? "unknown error")
        detail = fields[UInt8(ascii: "D")].map { QuotedText.truncated($0) }
        hint = fields[UInt8(ascii: "H")].map { QuotedText.truncated($0) }
        position = fields[UInt8(ascii: "P")].flatMap { Int($0) }
    }

    public init(severity: String, code: String, message: String, detail: String? = nil, hint: String? = nil, position: Int? = nil) {
        self.severity = severity
        self.code = code
        self.message = message
        self.detail = detail
        self.hint = hint
        self.position = position
    }
}

/// One column of a `RowDescription`.
public struct ResultField: Sendable, Equatable {
    public var name: String
    /// The column's type OID (`pg_type.oid`): decides how its text is read.
    public var typeOID: UInt32

    public init(name: String, typeOID: UInt32) {
        self.name = name
        self.typeOID = typeOID
    }

    static func parseDescription(_ body: ArraySlice<UInt8>) -> [ResultField]? {
        var cursor = MessageCursor(body)
        guard let count = cursor.int16(), count >= 0 else { return nil }
        var fields: [ResultField] = []
        for _ in 0..<Int(count) {
            guard let name = cursor.cString(), cursor.take(6) != nil, let type = cursor.int32(), cursor.take(8) != nil else { return nil }
            fields.append(ResultField(name: name, typeOID: UInt32(bitPattern: type)))
        }
        return fields
    }
}
