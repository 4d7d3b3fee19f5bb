import ChartLayout

/// Clickable regions: link annotations (`/Subtype /Link` with a `/URI` action) over the text of linked runs
/// and nodes, so a source's URL opens from the PDF as it does from the SVG.
struct PDFLinks {
    struct Link {
        /// In px, y down, canvas coordinates.
        let box: Box
        let target: String
    }

    private(set) var links: [Link] = []

    mutating func add(_ box: Box, target: String) {
        guard box.width > 0, box.height > 0, !target.isEmpty else { return }
        links.append(Link(box: box, target: target))
    }

    /// The annotation objects, written into `document`; returns the page's `/Annots` array (empty: none).
    func embed(into document: inout PDFDocument, pageHeight: Double, scale: Double) -> String {
        guard !links.isEmpty else { return "" }
        var references: [String] = []
        for link in links {
            let number = document.reserve()
            let left = link.box.minX * scale
            let right = link.box.maxX * scale
            let bottom = (pageHeight - link.box.maxY) * scale
            let top = (pageHeight - link.box.minY) * scale
            document.set(
                number,
                "<< /Type /Annot /Subtype /Link /Rect [" + [left, bottom, right, top].map { PDFSyntax.number($0) }.joined(separator: " ")
                    + "] /Border [0 0 0] /A << /Type /Action /S /URI /URI " + PDFSyntax.literal(Array(link.target.utf8)) + " >> >>")
            references.append(String(number) + " 0 R")
        }
        return "[" + references.joined(separator: " ") + "]"
    }
}
