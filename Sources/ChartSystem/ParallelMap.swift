import Dispatch

/// Runs `body` for every index on all cores and returns the results in index order, so parallel work still
/// prints in a deterministic order. Used for the specs of one build and for the parts of one CSV file.
public func parallelMap<Result: Sendable>(_ count: Int, _ body: @escaping @Sendable (Int) -> Result) -> [Result] {
    guard count > 0 else { return [] }
    let slots = ResultSlots<Result>(count: count)
    DispatchQueue.concurrentPerform(iterations: count) { index in
        slots.store(body(index), at: index)
    }
    return slots.results()
}

/// One slot per index; each is written by exactly one iteration and read only after all have finished, so no
/// lock is needed.
private final class ResultSlots<Result: Sendable>: @unchecked Sendable {
    private let buffer: UnsafeMutableBufferPointer<Result?>

    init(count: Int) {
        buffer = .allocate(capacity: count)
        buffer.initialize(repeating: nil)
    }

    deinit {
        buffer.deinitialize()
        buffer.deallocate()
    }

    func store(_ result: Result, at index: Int) {
        buffer[index] = result
    }

    func results() -> [Result] {
        buffer.compactMap { $0 }
    }
}
