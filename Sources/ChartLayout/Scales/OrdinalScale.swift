/// Categories onto a list of outputs (colors, shapes, dash patterns), cycling when there are more categories than
/// outputs. The domain is fixed at creation; `appending` adds categories found later in the data, in order, so
/// each continues the cycle where the domain left off.
public struct OrdinalScale<Output: Sendable>: Sendable {
    public let domain: [String]
    public let range: [Output]
    private let indices: [String: Int]

    public init(domain: [String], range: [Output]) {
        var unique: [String] = []
        var indices: [String: Int] = [:]
        for key in domain where indices[key] == nil {
            indices[key] = unique.count
            unique.append(key)
        }
        self.domain = unique
        self.range = range
        self.indices = indices
    }

    /// The output of a category, or nil when it is not in the domain or the range is empty.
    public func callAsFunction(_ key: String) -> Output? {
        guard let index = indices[key], !range.isEmpty else { return nil }
        return range[index % range.count]
    }

    public func index(of key: String) -> Int? { indices[key] }

    /// This scale with the keys not yet in its domain added at the end, in the order given.
    public func appending<S: Sequence>(_ keys: S) -> OrdinalScale where S.Element == String {
        OrdinalScale(domain: domain + keys.filter { indices[$0] == nil }, range: range)
    }

    /// More categories than outputs: some share an output.
    public var cycles: Bool { domain.count > range.count }
}
