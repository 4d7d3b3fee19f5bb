/// Wraps text made of several styled runs (a bold "Notes:" heading followed by a paragraph, a source with its
/// site in italics and a link) to a width. `LineBreaker` handles one style; this keeps each word's style and
/// link while breaking lines, and breaks a word longer than the width between characters so nothing overflows.
public enum RichTextWrapper {
    public static func wrap(_ runs: [TextRun], width: Double) -> [TextBlockLine] {
        let clusters = makeClusters(runs)
        var lines: [[Piece]] = []
        var current: [Piece] = []
        var currentWidth = 0.0
        func flush() {
            lines.append(current)
            current = []
            currentWidth = 0
        }
        for cluster in clusters {
            let spaced = !current.isEmpty && cluster.spaceBefore
            let spaceWidth = spaced ? (current.last?.run.with(" ").width ?? 0) : 0
            let clusterWidth = cluster.width
            if current.isEmpty || currentWidth + spaceWidth + clusterWidth <= width {
                // The space between words belongs to the word before it, so a styled or linked word does
                // not start with a space.
                if spaced { current[current.count - 1].text += " " }
                let pieces = cluster.pieces
                current.append(contentsOf: pieces)
                currentWidth += spaceWidth + clusterWidth
                if currentWidth > width && current.count == pieces.count {
                    // A lone cluster wider than the line: break it between characters.
                    let broken = breakCharacters(current, width: width)
                    lines.append(contentsOf: broken.dropLast())
                    current = broken.last ?? []
                    currentWidth = current.reduce(0) { $0 + $1.width }
                }
                continue
            }
            flush()
            current = cluster.pieces
            currentWidth = clusterWidth
            if currentWidth > width {
                let broken = breakCharacters(current, width: width)
                lines.append(contentsOf: broken.dropLast())
                current = broken.last ?? []
                currentWidth = current.reduce(0) { $0 + $1.width }
            }
        }
        if !current.isEmpty || lines.isEmpty { flush() }
        return lines.map { TextBlockLine(runs: merge($0)) }
    }

    /// A word or part of one in a single run's style.
    private struct Piece {
        var text: String
        var run: TextRun

        var width: Double { TextMeasurer.width(text, style: run.style) }
    }

    /// Pieces with no space between them: a line may only break before a cluster.
    private struct Cluster {
        var pieces: [Piece]
        var spaceBefore: Bool

        var width: Double { pieces.reduce(0) { $0 + $1.width } }
    }

    private static func makeClusters(_ runs: [TextRun]) -> [Cluster] {
        var clusters: [Cluster] = []
        var pendingSpace = false
        for run in runs {
            var word = ""
            func emitWord() {
                guard !word.isEmpty else { return }
                let piece = Piece(text: word, run: run)
                if pendingSpace || clusters.isEmpty {
                    clusters.append(Cluster(pieces: [piece], spaceBefore: pendingSpace))
                } else {
                    clusters[clusters.count - 1].pieces.append(piece)
                }
                pendingSpace = false
                word = ""
            }
            for character in run.text {
                if character == " " || character == "\n" || character == "\t" {
                    emitWord()
                    pendingSpace = true
                } else {
                    word.append(character)
                }
            }
            emitWord()
        }
        return clusters
    }

    /// Splits pieces into lines no wider than `width`, between characters (at least one character a line).
    private static func breakCharacters(_ pieces: [Piece], width: Double) -> [[Piece]] {
        var lines: [[Piece]] = []
        var current: [Piece] = []
        var currentWidth = 0.0
        for piece in pieces {
            var chunk = ""
            for character in piece.text {
                let characterWidth = TextMeasurer.width(String(character), style: piece.run.style)
                if currentWidth + characterWidth > width && (currentWidth > 0) {
                    if !chunk.isEmpty { current.append(Piece(text: chunk, run: piece.run)) }
                    lines.append(current)
                    current = []
                    chunk = ""
                    currentWidth = 0
                }
                if chunk.isEmpty && current.isEmpty && character == " " { continue }
                chunk.append(character)
                currentWidth += characterWidth
            }
            if !chunk.isEmpty { current.append(Piece(text: chunk, run: piece.run)) }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }

    /// Joins neighbouring pieces that share style, fill and link into one run.
    private static func merge(_ pieces: [Piece]) -> [TextRun] {
        var runs: [TextRun] = []
        for piece in pieces {
            if let last = runs.last, last.style == piece.run.style, last.fill == piece.run.fill, last.link == piece.run.link {
                runs[runs.count - 1].text += piece.text
            } else {
                runs.append(piece.run.with(piece.text))
            }
        }
        return runs
    }
}

extension TextRun {
    /// The same style, fill and link with other text.
    func with(_ text: String) -> TextRun {
        TextRun(text, style: style, fill: fill, link: link)
    }
}
