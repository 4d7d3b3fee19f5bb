/// The stylesheet of the preview's own pages (the index and the bar around a chart), inline and allowed by
/// its hash, like the chart pages' own.
enum PreviewStyle {
    static let css = """
        :root { color-scheme: light dark; --ink: #1d1d1f; --muted: #5f6368; --line: #d9d9de; --paper: #ffffff; --bar: #f4f4f6; --bad: #b3261e; --warn: #8a5a00; }
        @media (prefers-color-scheme: dark) { :root { --ink: #ececf1; --muted: #a5a7ad; --line: #3a3b40; --paper: #18181b; --bar: #232327; --bad: #ff8a80; --warn: #ffcc66; } }
        * { box-sizing: border-box; }
        body { margin: 0; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--ink); background: var(--paper); }
        a { color: inherit; }
        .preview-bar { position: sticky; top: 0; z-index: 2; display: flex; flex-wrap: wrap; gap: 4px 16px; align-items: baseline; padding: 6px 16px; background: var(--bar); border-bottom: 1px solid var(--line); font-size: 13px; }
        .preview-bar a { text-decoration: none; }
        .preview-bar a:hover { text-decoration: underline; }
        .preview-title { font-weight: 600; }
        .preview-path { font-family: ui-monospace, "SF Mono", Menlo, Consolas, monospace; color: var(--muted); }
        .preview-status { color: var(--muted); }
        .preview-status.preview-bad { color: var(--bad); font-weight: 600; }
        .preview-hint { margin-left: auto; color: var(--muted); }
        main { padding: 16px; }
        .preview-stage { position: relative; }
        .preview-batch { margin: 0 0 12px; color: var(--muted); }
        .preview-batch-charts { display: grid; grid-template-columns: repeat(auto-fill, minmax(320px, 1fr)); gap: 16px; }
        .preview-batch-chart { margin: 0; padding: 10px; border: 1px solid var(--line); border-radius: 6px; }
        .preview-batch-chart figcaption { font-weight: 600; margin-bottom: 6px; }
        .preview-batch-chart img { display: block; max-width: 100%; background: #fff; }
        .preview-batch-failed { border-color: var(--bad); }
        .preview-batch-chart .preview-diagnostics { white-space: pre; overflow-x: auto; }
        .preview-stage.preview-failed .preview-batch-charts { opacity: 0.3; filter: grayscale(1); }
        .preview-frame { display: block; width: 100%; min-height: 120px; border: 0; background: transparent; }
        .preview-frame.preview-loading { position: absolute; top: 0; left: 0; visibility: hidden; }
        .preview-stage.preview-failed .preview-frame { opacity: 0.3; filter: grayscale(1); pointer-events: none; }
        .preview-diagnostics { margin: 0 0 16px; padding: 12px 14px; border: 1px solid var(--line); border-left: 4px solid var(--warn); border-radius: 4px; background: var(--bar); font: 12.5px/1.45 ui-monospace, "SF Mono", Menlo, Consolas, monospace; white-space: pre-wrap; overflow-wrap: anywhere; }
        .preview-diagnostics.preview-errors { position: relative; z-index: 1; border-left-color: var(--bad); box-shadow: 0 2px 12px rgba(0, 0, 0, 0.15); }
        .preview-stage.preview-failed .preview-diagnostics { position: absolute; top: 8px; left: 8px; right: 8px; }
        .preview-empty { color: var(--muted); }
        .preview-grid { list-style: none; margin: 0; padding: 0; display: grid; grid-template-columns: repeat(auto-fill, minmax(260px, 1fr)); gap: 16px; }
        .preview-card a { display: block; height: 100%; padding: 10px; border: 1px solid var(--line); border-radius: 6px; text-decoration: none; }
        .preview-card a:hover, .preview-card a:focus-visible { border-color: var(--muted); }
        .preview-thumb { display: flex; align-items: center; justify-content: center; height: 170px; margin-bottom: 8px; background: #fff; border-radius: 3px; overflow: hidden; }
        .preview-thumb img { max-width: 100%; max-height: 100%; }
        .preview-card-title { display: block; font-weight: 600; }
        .preview-card-path { display: block; font: 12px ui-monospace, "SF Mono", Menlo, Consolas, monospace; color: var(--muted); overflow-wrap: anywhere; }
        .preview-card-status { display: block; font-size: 12px; color: var(--muted); }
        .preview-card-failed .preview-card-status { color: var(--bad); font-weight: 600; }
        .preview-card-failed img { opacity: 0.3; }
        .preview-problems { color: var(--bad); white-space: pre-wrap; font: 12.5px ui-monospace, Menlo, Consolas, monospace; }

        """
}
