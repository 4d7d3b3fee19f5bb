/// The bits of a deflate stream, least significant first as RFC 1951 packs them, into a buffer that grows by
/// doubling. Each write ORs up to 32 bits into a 64-bit accumulator and stores four bytes at a time once it holds
/// 32; the caller reserves room for a block before writing it (`reserve`), so a write checks nothing else. Not
/// copyable: it owns its buffer.
struct DeflateBitWriter: ~Copyable {
    private var bytes: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private(set) var count = 0
    private var accumulator: UInt64 = 0
    private var bits = 0

    /// Bits written so far, the pending ones included.
    var bitCount: Int { count * 8 + bits }

    init(capacity: Int = 1 << 16) {
        self.capacity = max(64, capacity)
        bytes = .allocate(capacity: self.capacity)
    }

    deinit { bytes.deallocate() }

    /// Room for at least `more` further bytes (and the four a write may store).
    mutating func reserve(_ more: Int) {
        let needed = count + more + 8
        guard needed > capacity else { return }
        var grown = capacity * 2
        while grown < needed { grown *= 2 }
        let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
        larger.update(from: bytes, count: count)
        bytes.deallocate()
        bytes = larger
        capacity = grown
    }

    /// The low `size` bits of `value` (at most 32; the bits above them zero), in room reserved before.
    @inline(__always)
    mutating func write(_ value: UInt32, bits size: Int) {
        var sink = Sink(bytes: bytes, count: count, accumulator: accumulator, bits: bits)
        sink.write(value, bits: size)
        (count, accumulator, bits) = (sink.count, sink.accumulator, sink.bits)
    }

    /// The writer's place and pending bits as plain values, so a loop that writes many codes keeps them in
    /// registers (through a pointer into the writer, every write would load and store them).
    struct Sink {
        let bytes: UnsafeMutablePointer<UInt8>
        var count: Int
        var accumulator: UInt64
        var bits: Int

        @inline(__always)
        mutating func write(_ value: UInt32, bits size: Int) {
            accumulator |= UInt64(value) << UInt64(bits)
            bits &+= size
            if bits >= 32 {
                UnsafeMutableRawPointer(bytes + count).storeBytes(of: UInt32(truncatingIfNeeded: accumulator).littleEndian, as: UInt32.self)
                count &+= 4
                accumulator >>= 32
                bits &-= 32
            }
        }
    }

    /// Runs `body` with a `Sink` after reserving `more` bytes, which is all it may write.
    @inline(__always)
    mutating func withSink(reserving more: Int, _ body: (inout Sink) -> Void) {
        reserve(more)
        var sink = Sink(bytes: bytes, count: count, accumulator: accumulator, bits: bits)
        body(&sink)
        (count, accumulator, bits) = (sink.count, sink.accumulator, sink.bits)
    }

    /// Pads with zero bits to the next byte boundary.
    mutating func align() {
        reserve(8)
        while bits > 0 {
            bytes[count] = UInt8(truncatingIfNeeded: accumulator)
            count += 1
            accumulator >>= 8
            bits = max(0, bits - 8)
        }
        accumulator = 0
    }

    /// Whole bytes, at a byte boundary (after `align`).
    mutating func append(_ source: UnsafeRawBufferPointer) {
        reserve(source.count)
        guard let base = source.baseAddress else { return }
        UnsafeMutableRawPointer(bytes + count).copyMemory(from: base, byteCount: source.count)
        count += source.count
    }

    /// The bytes written (after `align`, all of them).
    var written: [UInt8] { Array(UnsafeBufferPointer(start: bytes, count: count)) }
}
