import ChartSpec

/// How a discrete position channel places its categories (SPEC §7): on bands (bars, cells, ticks: each category
/// has a width) or at points (dots, lines, areas, text: each category is a position, half a step from the ends).
/// Resolved once by the checking stage (`ResolvedChannel.placement`); layout builds a band or a point scale from it.
public enum CategoryPlacement: Sendable, Equatable {
    case band
    case point

    /// `scale.type` when it says `point` or `band`; otherwise points only when every mark drawing the channel
    /// places its categories at points (one bar among the layers makes it bands).
    static func decide(scaleType: ScaleType?, marks: [MarkType]) -> CategoryPlacement {
        if scaleType == .point { return .point }
        if scaleType != .band, marks.allSatisfy({ $0.traits.placesCategoriesAtPoints }) { return .point }
        return .band
    }
}
