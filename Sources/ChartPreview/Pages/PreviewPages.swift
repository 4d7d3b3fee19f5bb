import ChartDiagnostics
import ChartSystem

/// The preview's own pages: the index of every chart and the page around one chart (a thin bar, the
/// diagnostics, the chart's own HTML page in a frame). Their policy allows their one script and stylesheet
/// by hash, images and frames from this server, and `connect-src 'self'` for the event stream.
enum PreviewPages {
    static let policy =
        "default-src 'none'; script-src " + ContentSecurityPolicy.source(for: LiveScript.chartPage) + " "
        + ContentSecurityPolicy.source(for: LiveScript.index) + "; style-src " + ContentSecurityPolicy.source(for: PreviewStyle.css)
        + "; img-src 'self'; frame-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

    static func index(charts: [PreviewChart], roots: [String], problems: String, session: String) -> String {
        var out = head(title: "Charts \u{00b7} chartc preview")
        out +=
            "<body data-session=\"" + HTMLPageText.escape(session)
            + "\">\n<header class=\"preview-bar\"><span class=\"preview-title\">chartc preview</span>"
        out += "<span class=\"preview-path\">" + HTMLPageText.escape(roots.joined(separator: " ")) + "</span>"
        out += "<span class=\"preview-status\">" + String(charts.count) + (charts.count == 1 ? " chart" : " charts") + "</span></header>\n<main>\n"
        if !problems.isEmpty { out += "<pre class=\"preview-problems\">" + HTMLPageText.escape(problems) + "</pre>\n" }
        if charts.isEmpty {
            out += "<p class=\"preview-empty\">No chart specs (<code>*.chart.json</code>) here yet. Add one and this page updates.</p>\n"
        }
        out += "<ul class=\"preview-grid\">\n"
        for chart in charts {
            let id = RequestPath.encodePath(chart.id)
            out += "<li class=\"preview-card" + (chart.failed ? " preview-card-failed" : "") + "\" data-chart=\"" + HTMLPageText.escape(id) + "\">"
            out += "<a href=\"/chart/" + HTMLPageText.escape(id) + "\">"
            out += "<span class=\"preview-thumb\">"
            if chart.html != nil { out += "<img src=\"/svg/" + HTMLPageText.escape(id) + "?v=" + String(chart.goodVersion) + "\" alt=\"\">" }
            out += "</span>"
            out += "<span class=\"preview-card-title\">" + HTMLPageText.escape(chart.displayTitle) + "</span>"
            out += "<span class=\"preview-card-path\">" + HTMLPageText.escape(chart.path) + "</span>"
            out += "<span class=\"preview-card-status\">" + HTMLPageText.escape(status(of: chart)) + "</span>"
            out += "</a></li>\n"
        }
        out += "</ul>\n</main>\n<script>" + LiveScript.index + "</script>\n</body>\n</html>\n"
        return out
    }

    static func chart(_ chart: PreviewChart, session: String) -> String {
        let id = RequestPath.encodePath(chart.id)
        var out = head(title: chart.displayTitle + " \u{00b7} chartc preview")
        out +=
            "<body data-chart=\"" + HTMLPageText.escape(id) + "\" data-version=\"" + String(chart.version) + "\" data-good=\""
            + String(chart.goodVersion) + "\" data-session=\"" + HTMLPageText.escape(session) + "\">\n"
        out += "<header class=\"preview-bar\"><a href=\"/\">\u{2190} All charts</a>"
        out += "<span class=\"preview-title\">" + HTMLPageText.escape(chart.displayTitle) + "</span>"
        out +=
            "<a class=\"preview-path\" href=\"/files/" + HTMLPageText.escape(RequestPath.encodePath(chart.id)) + "\">"
            + HTMLPageText.escape(chart.path) + "</a>"
        out +=
            "<span class=\"preview-status" + (chart.failed ? " preview-bad" : "") + "\" role=\"status\">" + HTMLPageText.escape(status(of: chart))
            + "</span>"
        out += "<span class=\"preview-hint\">r: refetch remote data</span></header>\n<main>\n"
        if !chart.batch.isEmpty {
            // SPEC §23: one entry for the batch, naming each chart `chartc build` writes.
            out += "<p class=\"preview-batch\">Batch of " + String(chart.batch.count) + " charts, one per value"
            let shown = chart.batchCharts.count
            out += shown > 0 && shown < chart.batch.count ? "; showing the first " + String(shown) + ".</p>\n" : ".</p>\n"
        }
        out += "<div class=\"preview-stage" + (chart.failed ? " preview-failed" : "") + "\">\n"
        out +=
            "<pre class=\"preview-diagnostics" + (chart.failed ? " preview-errors" : "") + "\"" + (chart.diagnostics.isEmpty ? " hidden" : "") + ">"
        out += HTMLPageText.escape(chart.diagnostics) + "</pre>\n"
        if !chart.batchCharts.isEmpty {
            out += batchCharts(chart, id: id)
        } else if chart.html != nil {
            out +=
                "<iframe class=\"preview-frame\" title=\"The chart\" src=\"/frame/" + HTMLPageText.escape(id) + "?v=" + String(chart.goodVersion)
                + "\"></iframe>\n"
        }
        out += "</div>\n</main>\n<script>" + LiveScript.chartPage + "</script>\n</body>\n</html>\n"
        return out
    }

    /// A batch's charts (SPEC §23), each under its value: its SVG, or the diagnostics of its chart when it failed.
    static func batchCharts(_ chart: PreviewChart, id: String) -> String {
        var out = "<div class=\"preview-batch-charts\">\n"
        for (index, entry) in chart.batchCharts.enumerated() {
            let failed = entry.svg == nil
            out += "<figure class=\"preview-batch-chart" + (failed ? " preview-batch-failed" : "") + "\" data-value=\"" + String(index) + "\">"
            out += "<figcaption>" + HTMLPageText.escape(entry.value) + "</figcaption>\n"
            if !entry.diagnostics.isEmpty {
                out +=
                    "<pre class=\"preview-diagnostics" + (failed ? " preview-errors" : "") + "\">" + HTMLPageText.escape(entry.diagnostics)
                    + "</pre>\n"
            }
            if !failed {
                out +=
                    "<img src=\"/svg/" + HTMLPageText.escape(id) + "?chart=" + String(index) + "&amp;v=" + String(chart.goodVersion)
                    + "\" alt=\"The chart for " + HTMLPageText.escape(entry.value) + "\">\n"
            }
            out += "</figure>\n"
        }
        return out + "</div>\n"
    }

    /// What the last build of `chart` says, for the bar, the index card and the events.
    static func status(of chart: PreviewChart) -> String {
        if !chart.built { return "not built yet" }
        if chart.failed {
            let errors = chart.errorCount == 1 ? "1 error" : "\(chart.errorCount) errors"
            return errors + (chart.html != nil ? "; showing the last chart that built" : "")
        }
        var text = "built in \(chart.buildMilliseconds) ms"
        if !chart.batch.isEmpty {
            let failed = chart.batchCharts.filter { $0.svg == nil }.count
            text =
                "a batch of \(chart.batch.count) chart\(chart.batch.count == 1 ? "" : "s")" + (failed > 0 ? ", \(failed) failed" : "") + "; " + text
        }
        if chart.warningCount > 0 { text += chart.warningCount == 1 ? ", 1 warning" : ", \(chart.warningCount) warnings" }
        return text
    }

    /// The first event on the index's stream: which run of the preview this is.
    static func helloEvent(session: String) -> [UInt8] {
        EventStream.event("hello", data: "{\"session\":" + JSONText.quote(session, for: .htmlScript) + "}")
    }

    /// The `build` event for `chart`: one line of JSON. `session` tells a page that outlived a restart of the
    /// preview (whose versions start again at 1) to reload.
    static func buildEvent(_ chart: PreviewChart, session: String) -> [UInt8] {
        var json =
            "{\"session\":" + JSONText.quote(session, for: .htmlScript) + ",\"chart\":"
            + JSONText.quote(RequestPath.encodePath(chart.id), for: .htmlScript)
        json += ",\"version\":" + String(chart.version) + ",\"good\":" + String(chart.goodVersion)
        json += ",\"title\":" + JSONText.quote(chart.displayTitle, for: .htmlScript)
        json += ",\"errors\":" + String(chart.errorCount) + ",\"warnings\":" + String(chart.warningCount)
        json += ",\"milliseconds\":" + String(chart.buildMilliseconds)
        json += ",\"status\":" + JSONText.quote(status(of: chart), for: .htmlScript)
        json += ",\"batch\":" + (chart.batchCharts.isEmpty ? "false" : "true")
        json += ",\"diagnostics\":" + JSONText.quote(chart.diagnostics, for: .htmlScript) + "}"
        return EventStream.event("build", data: json)
    }

    private static func head(title: String) -> String {
        var out = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        out += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        out += "<meta name=\"color-scheme\" content=\"light dark\">\n"
        out += "<title>" + HTMLPageText.escape(title) + "</title>\n"
        out += "<style>" + PreviewStyle.css + "</style>\n</head>\n"
        return out
    }
}
