import ChartDiagnostics

/// chartc's own look written as a theme file: the values every chart uses without one, read by the same reader
/// as any house style. `specs/default.theme.json` is a copy a user can read and start from (a test keeps the two
/// equal).
enum BuiltInTheme {
    static let path = "<built-in>"

    static let file = SourceFile(path: path, text: json)

    static let json = """
        {
          "font": { "family": ["Helvetica", "Arial", "Liberation Sans", "Nimbus Sans", "sans-serif"] },
          "text": {
            "title": {
              "size": 21,
              "weight": "bold",
              "style": "normal",
              "color": "#1a1a1a",
              "lineHeight": 26
            },
            "subtitle": {
              "size": 15,
              "weight": "regular",
              "style": "normal",
              "color": "#4d4d4d",
              "lineHeight": 20
            },
            "notes": {
              "size": 12,
              "weight": "regular",
              "style": "normal",
              "color": "#666666",
              "lineHeight": 16
            },
            "sources": {
              "size": 12,
              "weight": "regular",
              "style": "normal",
              "color": "#666666",
              "lineHeight": 16
            },
            "byline": {
              "size": 12,
              "weight": "regular",
              "style": "normal",
              "color": "#666666",
              "lineHeight": 16
            },
            "axis": { "size": 12, "weight": "regular", "style": "normal", "color": "#666666" },
            "axisTitle": { "size": 12, "weight": "bold", "style": "normal", "color": "#4d4d4d" },
            "legend": { "size": 13, "weight": "regular", "style": "normal", "color": "#333333" },
            "legendTitle": { "size": 13, "weight": "bold", "style": "normal", "color": "#333333" },
            "label": { "size": 11, "weight": "regular", "style": "normal", "color": "#333333" },
            "directLabel": { "size": 12, "weight": "bold", "style": "normal", "color": "#333333" },
            "annotation": { "size": 12, "weight": "regular", "style": "italic", "color": "#333333" },
            "panel": { "size": 13, "weight": "bold", "style": "normal", "color": "#1a1a1a" }
          },
          "words": { "notes": "Notes:", "note": "Notes:", "sources": "Sources:", "source": "Sources:" },
          "background": "#ffffff",
          "grid": { "color": "#e3e3e3", "width": 1 },
          "axis": { "color": "#999999", "tickColor": "#b3b3b3", "ticks": true },
          "zeroLine": { "color": "#333333" },
          "table": { "stripes": false, "stripeColor": "#f3f4f6" },
          "colors": {
            "mark": "#2b6cb0",
            "missing": "#cccccc",
            "categorical": "chartc",
            "sequential": "blues",
            "diverging": "redblue"
          },
          "size": { "width": 640, "height": 400 },
          "padding": { "top": 18, "right": 20, "bottom": 16, "left": 20 },
          "spacing": {
            "titleSubtitle": 6,
            "section": 16,
            "footer": 9,
            "paragraph": 5,
            "legend": 14,
            "label": 4
          },
          "logo": { "height": 18, "position": "bottom-right" },
          "dark": { "background": "#17181a" }
        }

        """
}
