import ChartDiagnostics

/// `resolve` (SPEC §20): in a layered chart, whether the layers share a position scale (the default) or each
/// layer that draws the channel gets its own — a dual-axis chart, the first layer's axis on the left (bottom),
/// the second's on the right (top). The parser allows `independent` only where it is drawn: over exactly two
/// layers that have the channel.
public struct ResolveSpec: Sendable {
    /// One channel's sharing and, when it is independent, the layers it separates.
    public struct Channel: Sendable {
        public var sharing: Located<FacetScaleSharing>
        /// The written indices (`LayerSpec.writtenIndex`) of the layers that draw the channel, in layer order:
        /// the first on the left (bottom) axis, the second on the right (top).
        public var layers: [Int]
        /// Each of those layers' field on the channel (nil: a constant), in the same order.
        public var fields: [Located<String>?]

        public init(sharing: Located<FacetScaleSharing>, layers: [Int] = [], fields: [Located<String>?] = []) {
            self.sharing = sharing
            self.layers = layers
            self.fields = fields
        }

        public var isIndependent: Bool { sharing.value == .independent }

        /// The axis (0: left or bottom, 1: right or top) the layer written at `writtenIndex` is drawn on; nil
        /// when the channel is shared or the layer does not draw it.
        public func axis(ofLayer writtenIndex: Int?) -> Int? {
            guard isIndependent, let writtenIndex else { return nil }
            return layers.firstIndex(of: writtenIndex)
        }
    }

    public var x: Channel?
    public var y: Channel?
    /// The whole `resolve` object.
    public var span: SourceSpan?

    public init(span: SourceSpan? = nil) {
        self.span = span
    }

    /// The channel's entry when it is independent.
    public func independent(isX: Bool) -> Channel? {
        guard let channel = isX ? x : y, channel.isIndependent else { return nil }
        return channel
    }

    /// Whether any channel is independent.
    public var hasIndependent: Bool { independent(isX: true) != nil || independent(isX: false) != nil }
}
