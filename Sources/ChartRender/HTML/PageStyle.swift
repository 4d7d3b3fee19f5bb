/// The page's stylesheet, written by us and inlined (no fonts, no images, no `url()`). The chart-specific
/// rules — the figure's width, where each legend button sits, when the narrow layout takes over, and the dark
/// scheme's colors — are appended by `HTMLWriter`; this is the part every page shares.
///
/// Colors: the page follows `prefers-color-scheme`; the chart's own colors in dark mode come from
/// `DarkPalette`. Everything the script shows or hides is driven by attributes (`data-hidden`, `aria-pressed`,
/// `hidden`, `.chartc-active`), so the page's first paint, before any script, is already right.
enum PageStyle {
    /// Added on pages with a stepped color legend (SPEC §22): marks outside the highlighted steps fade, as do
    /// their swatches; a highlighted swatch is outlined.
    static let steps = """
        .chartc-marks [data-dimmed="true"] { opacity: 0.15; }
        .chartc-legend-step[data-dimmed="true"] { opacity: 0.3; }
        .chartc-step-toggle[aria-pressed="true"] { box-shadow: inset 0 0 0 2px #1a1a1a; }
        @media (prefers-color-scheme: dark) {
          .chartc-step-toggle[aria-pressed="true"] { box-shadow: inset 0 0 0 2px #f2f2f2; }
        }

        """

    static let base = """
        :root { color-scheme: light dark; }
        body { margin: 0; padding: 16px 12px; background: #ffffff; color: #1a1a1a; font-family: "Liberation Sans", Arial, Helvetica, sans-serif; }
        .chartc-figure { position: relative; margin: 0 auto; container-type: inline-size; }
        .chartc-view { position: relative; }
        .chartc-view > svg { display: block; width: 100%; height: auto; }
        .chartc-view-narrow { display: none; }
        .chartc-series[data-hidden="true"] { display: none; }
        .chartc-legend-item { transition: opacity 0.15s; }
        .chartc-legend-item[data-hidden="true"] { opacity: 0.35; }
        .chartc-hover-point { opacity: 0; }
        .chartc-marks:focus { outline: none; }
        .chartc-figure svg .chartc-marks .chartc-active { opacity: 1; stroke: #1a1a1a; stroke-width: 2px; }
        .chartc-toggle { position: absolute; margin: 0; padding: 0; border: 0; border-radius: 4px; background: transparent; color: inherit; cursor: pointer; }
        .chartc-toggle:hover { background: rgba(0, 0, 0, 0.06); }
        .chartc-toggle:focus-visible, .chartc-table-toggle:focus-visible, .chartc-download:focus-visible { outline: 2px solid #1a66d6; outline-offset: 1px; }
        .chartc-view:has(.chartc-marks:focus-visible) > svg { outline: 2px solid #1a66d6; outline-offset: 2px; }
        .chartc-tooltip { position: absolute; z-index: 2; left: 0; top: 0; box-sizing: border-box; max-width: 260px; padding: 6px 9px; border: 1px solid #c8c8c8; border-radius: 4px; background: #ffffff; color: #1a1a1a; box-shadow: 0 2px 8px rgba(0, 0, 0, 0.15); font-size: 13px; line-height: 1.35; pointer-events: none; }
        .chartc-tooltip[hidden] { display: none; }
        .chartc-tooltip-heading { display: flex; align-items: center; gap: 6px; margin-bottom: 2px; font-weight: bold; }
        .chartc-tooltip-swatch { flex: none; width: 10px; height: 10px; border-radius: 2px; }
        .chartc-tooltip dl { display: grid; grid-template-columns: auto auto; gap: 1px 10px; margin: 0; }
        .chartc-tooltip dl > div { display: contents; }
        .chartc-tooltip dt { color: #595959; }
        .chartc-tooltip dd { margin: 0; font-variant-numeric: tabular-nums; font-weight: bold; text-align: right; }
        .chartc-tools { display: flex; flex-wrap: wrap; gap: 4px 18px; margin: 6px 20px 0; font-size: 13px; }
        .chartc-table-toggle { margin: 0; padding: 0; border: 0; background: none; color: #1a5fb4; font: inherit; text-decoration: underline; cursor: pointer; }
        .chartc-download { color: #1a5fb4; }
        .chartc-table { margin: 8px 20px 0; max-height: 24em; overflow: auto; font-size: 13px; }
        .chartc-table table { border-collapse: collapse; }
        .chartc-table caption { padding-bottom: 4px; text-align: left; font-weight: bold; }
        .chartc-table th, .chartc-table td { padding: 2px 12px 2px 0; text-align: left; white-space: nowrap; }
        .chartc-table th { border-bottom: 1px solid #999999; }
        .chartc-table .chartc-number { text-align: right; font-variant-numeric: tabular-nums; }
        .chartc-table-note { color: #595959; }
        .chartc-sr-only { position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0; }
        @media (max-width: 400px) {
          body { padding: 8px 0; }
          .chartc-tools, .chartc-table { margin-left: 20px; margin-right: 20px; }
        }
        @media (prefers-color-scheme: dark) {
          body { background: #17181a; color: #e8e8e8; }
          .chartc-figure svg .chartc-marks .chartc-active { stroke: #f2f2f2; }
          .chartc-toggle:hover { background: rgba(255, 255, 255, 0.1); }
          .chartc-tooltip { border-color: #4a4c50; background: #26282b; color: #ececec; box-shadow: 0 2px 8px rgba(0, 0, 0, 0.5); }
          .chartc-tooltip dt, .chartc-table-note { color: #b0b0b0; }
          .chartc-table-toggle, .chartc-download { color: #8ab4f8; }
          .chartc-toggle:focus-visible, .chartc-table-toggle:focus-visible, .chartc-download:focus-visible { outline-color: #8ab4f8; }
          .chartc-view:has(.chartc-marks:focus-visible) > svg { outline-color: #8ab4f8; }
          .chartc-table th { border-bottom-color: #6b6b6b; }
        }

        """
}
