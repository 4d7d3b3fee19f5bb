/// What a scene group is for beyond its look, set by layout where it makes the group: a writer that adds
/// behaviour (the HTML page lays a button over each legend entry) finds its nodes by role, a typed value, rather
/// than by the class names it writes for stylesheets.
public enum SceneRole: Sendable, Equatable {
    /// A legend: the swatches and labels of a color encoding, or its color ramp.
    case legend
    /// One entry of a legend: the series it names (`data-series`) and whether that series starts hidden
    /// (`legend.hidden`, drawn only on the interactive page).
    case legendEntry(series: String, startsHidden: Bool)
    /// One step of a stepped color legend (SPEC §22): its index, lowest first (the marks of that step carry the
    /// same `data-step` on the interactive page), and its interval in words ("10 to 20"), the button's name.
    case legendStep(step: Int, label: String)
}
