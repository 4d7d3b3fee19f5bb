/// The messages chartc sends (PostgreSQL protocol 3.0, "Message Formats"), each encoded into bytes: a type byte
/// (none for the startup-phase packets), a big-endian Int32 length that counts itself, and the body.
struct FrontendMessage {
    private(set) var bytes: [UInt8] = []

    private init(type: UInt8?, body: (inout [UInt8]) -> Void) {
        var payload: [UInt8] = []
        body(&payload)
        if let type { bytes.append(type) }
        Self.appendInt32(&bytes, Int32(payload.count + 4))
        bytes += payload
    }

    static func appendInt32(_ bytes: inout [UInt8], _ value: Int32) {
        let bits = UInt32(bitPattern: value)
        bytes += [UInt8(bits >> 24), UInt8(truncatingIfNeeded: bits >> 16), UInt8(truncatingIfNeeded: bits >> 8), UInt8(truncatingIfNeeded: bits)]
    }

    static func appendInt16(_ bytes: inout [UInt8], _ value: Int16) {
        let bits = UInt16(bitPattern: value)
        bytes += [UInt8(bits >> 8), UInt8(truncatingIfNeeded: bits)]
    }

    static func appendCString(_ bytes: inout [UInt8], _ text: String) {
        bytes += text.utf8.filter { $0 != 0 }
        bytes.append(0)
    }

    /// StartupMessage: protocol 3.0 and `name value` pairs (user, database, and run-time settings).
    static func startup(_ parameters: [(String, String)]) -> FrontendMessage {
        FrontendMessage(type: nil) { body in
            appendInt32(&body, 196_608)
            for (name, value) in parameters {
                appendCString(&body, name)
                appendCString(&body, value)
            }
            body.append(0)
        }
    }

    static func sslRequest() -> FrontendMessage {
        FrontendMessage(type: nil) { appendInt32(&$0, 80_877_103) }
    }

    static func cancelRequest(processID: Int32, secretKey: [UInt8]) -> FrontendMessage {
        FrontendMessage(type: nil) { body in
            appendInt32(&body, 80_877_102)
            appendInt32(&body, processID)
            body += secretKey
        }
    }

    /// PasswordMessage (cleartext or md5).
    static func password(_ text: String) -> FrontendMessage {
        FrontendMessage(type: UInt8(ascii: "p")) { appendCString(&$0, text) }
    }

    static func saslInitialResponse(mechanism: String, data: [UInt8]) -> FrontendMessage {
        FrontendMessage(type: UInt8(ascii: "p")) { body in
            appendCString(&body, mechanism)
            appendInt32(&body, Int32(data.count))
            body += data
        }
    }

    static func saslResponse(_ data: [UInt8]) -> FrontendMessage {
        FrontendMessage(type: UInt8(ascii: "p")) { $0 += data }
    }

    /// Parse into the unnamed statement; parameter types left to the server (text parameters).
    static func parse(_ sql: String) -> FrontendMessage {
        FrontendMessage(type: UInt8(ascii: "P")) { body in
            appendCString(&body, "")
            appendCString(&body, sql)
            appendInt16(&body, 0)
        }
    }

    /// Bind the unnamed statement to the unnamed portal: parameters in text format (nil is SQL NULL), results in text.
    static func bind(_ parameters: [String?]) -> FrontendMessage {
        FrontendMessage(type: UInt8(ascii: "B")) { body in
            appendCString(&body, "")
            appendCString(&body, "")
            appendInt16(&body, 0)
            appendInt16(&body, Int16(clamping: parameters.count))
            for parameter in parameters {
                if let parameter {
                    let bytes = Array(parameter.utf8)
                    appendInt32(&body, Int32(clamping: bytes.count))
                    body += bytes
                } else {
                    appendInt32(&body, -1)
                }
            }
            appendInt16(&body, 0)
        }
    }

    /// Describe the unnamed statement (`S`) or portal (`P`).
    static func describe(statement: Bool) -> FrontendMessage {
        FrontendMessage(type: UInt8(ascii: "D")) { body in
            body.append(statement ? UInt8(ascii: "S") : UInt8(ascii: "P"))
            appendCString(&body, "")
        }
    }

    static func execute() -> FrontendMessage {
        FrontendMessage(type: UInt8(ascii: "E")) { body in
            appendCString(&body, "")
            appendInt32(&body, 0)
        }
    }

    static func sync() -> FrontendMessage { FrontendMessage(type: UInt8(ascii: "S")) { _ in } }
    static func terminate() -> FrontendMessage { FrontendMessage(type: UInt8(ascii: "X")) { _ in } }
}
