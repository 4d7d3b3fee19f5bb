import ChartDiagnostics

/// A JSON value as written in a file, every node with its source span. Produced by `JSONReader`, which is
/// stricter than RFC 8259 requires of parsers: no trailing commas, no duplicate keys, no comments.
public struct JSONValue: Sendable {
    public enum Kind: Sendable {
        case object([JSONMember])
        case array([JSONValue])
        case string(JSONString)
        /// The number and its lexeme as written (e.g. `1e3`, `2012`).
        case number(Double, lexeme: String)
        case bool(Bool)
        case null
    }

    public var kind: Kind
    /// The whole value (for strings: quotes included; objects and arrays: brackets included).
    public var span: SourceSpan

    public init(kind: Kind, span: SourceSpan) {
        self.kind = kind
        self.span = span
    }

    /// "object", "array", "string", "number", "boolean" or "null", for messages.
    public var typeName: String {
        switch kind {
        case .object: "object"
        case .array: "array"
        case .string: "string"
        case .number: "number"
        case .bool: "boolean"
        case .null: "null"
        }
    }

    public var stringValue: String? {
        if case .string(let string) = kind { return string.value }
        return nil
    }

    public var numberValue: Double? {
        if case .number(let number, _) = kind { return number }
        return nil
    }

    public var boolValue: Bool? {
        if case .bool(let bool) = kind { return bool }
        return nil
    }

    public var arrayValue: [JSONValue]? {
        if case .array(let items) = kind { return items }
        return nil
    }

    public var objectValue: [JSONMember]? {
        if case .object(let members) = kind { return members }
        return nil
    }

    public var isNull: Bool {
        if case .null = kind { return true }
        return false
    }

    /// The member with this key, if this is an object that has it.
    public subscript(key: String) -> JSONValue? {
        objectValue?.first { $0.key == key }?.value
    }
}

/// One `"key": value` pair of an object, in file order.
public struct JSONMember: Sendable {
    public var key: String
    /// The key's string literal, quotes included.
    public var keySpan: SourceSpan
    public var value: JSONValue

    public init(key: String, keySpan: SourceSpan, value: JSONValue) {
        self.key = key
        self.keySpan = keySpan
        self.value = value
    }
}

/// A decoded string and, when the literal had escapes, where each of its UTF-8 bytes came from in the file.
public struct JSONString: Sendable {
    public var value: String
    /// `fileOffsets[i]` is the file offset of UTF-8 byte `i` of `value`, plus one entry for the end; nil when
    /// the literal has no escapes (then byte `i` is at the literal's start + 1 + i).
    public var fileOffsets: [Int]?

    public init(value: String, fileOffsets: [Int]?) {
        self.value = value
        self.fileOffsets = fileOffsets
    }
}
