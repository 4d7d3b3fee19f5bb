/// `memcmp(a, b, length) == 0` without importing the C library into every file: eight bytes at a time, then
/// the rest. Shared by the CSV reader's string interner and the PNG encoder's row comparison.
@inlinable @inline(__always)
public func memoryEqual(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ length: Int) -> Bool {
    var index = 0
    let rawA = UnsafeRawPointer(a)
    let rawB = UnsafeRawPointer(b)
    while index + 8 <= length {
        if rawA.loadUnaligned(fromByteOffset: index, as: UInt64.self) != rawB.loadUnaligned(fromByteOffset: index, as: UInt64.self) {
            return false
        }
        index += 8
    }
    while index < length {
        if a[index] != b[index] { return false }
        index += 1
    }
    return true
}
