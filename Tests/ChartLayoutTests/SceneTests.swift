import Testing
@testable import ChartLayout

@Suite struct SceneNumberTests {
    @Test func roundsToTwoDecimalsWithoutTrailingZeros() {
        #expect(SceneNumber.format(0) == "0")
        #expect(SceneNumber.format(12) == "12")
        #expect(SceneNumber.format(12.5) == "12.5")
        #expect(SceneNumber.format(12.50001) == "12.5")
        #expect(SceneNumber.format(3.14159) == "3.14")
        #expect(SceneNumber.format(0.05) == "0.05")
        #expect(SceneNumber.format(0.105) == "0.11" || SceneNumber.format(0.105) == "0.1")
        #expect(SceneNumber.format(-2.25) == "-2.25")
        #expect(SceneNumber.format(1.999) == "2")
    }

    @Test func neverWritesNegativeZeroOrNonFinite() {
        #expect(SceneNumber.format(-0.0) == "0")
        #expect(SceneNumber.format(-0.004) == "0")
        #expect(SceneNumber.format(.nan) == "0")
        #expect(SceneNumber.format(.infinity) == "0")
    }
}

@Suite struct PathBuilderTests {
    @Test func writesAbsoluteCommandsWithRoundedCoordinates() {
        var path = PathBuilder()
        path.move(to: 10, 20.004)
        path.line(to: 30.456, -0.001)
        path.curve(to: 5, 6, control1: 1, 2, control2: 3.5, 4)
        path.close()
        #expect(path.d == "M10,20L30.46,0C1,2 3.5,4 5,6Z")
    }

    @Test func emptyUntilACommandIsAdded() {
        var path = PathBuilder()
        #expect(path.isEmpty)
        path.horizontal(to: 4)
        path.vertical(to: 2)
        #expect(path.d == "H4V2")
    }
}

@Suite struct TextNodeTests {
    let style = TextStyle(size: 10)

    func block(_ widths: [Double]) -> TextBlock {
        // Lines of known width, with simple metrics: ascent 8, descent 2, line height 12.
        TextBlock(
            lines: widths.map { _ in TextBlockLine(runs: [TextRun("x", style: style)]) }.enumerated().map { index, line in
                var copy = line
                copy.width = widths[index]
                return copy
            }, lineHeight: 12, ascent: 8, descent: 2)
    }

    @Test func boxFollowsTheAnchor() {
        let start = TextNode(block: block([40, 20]), x: 100, baseline: 50, fill: "#000")
        #expect(start.box == Box(x: 100, y: 42, width: 40, height: 22))
        let middle = TextNode(block: block([40]), x: 100, baseline: 50, anchor: .middle, fill: "#000")
        #expect(middle.box == Box(x: 80, y: 42, width: 40, height: 10))
        let end = TextNode(block: block([40]), x: 100, baseline: 50, anchor: .end, fill: "#000")
        #expect(end.box == Box(x: 60, y: 42, width: 40, height: 10))
    }

    @Test func topPlacesTheFirstBaselineOneAscentBelow() {
        let node = TextNode(block: block([10]), x: 0, top: 30, fill: "#000")
        #expect(node.y == 38)
        #expect(node.box.minY == 30)
    }

    @Test func rotatedBoxIsTheBoundsOfTheTurnedRectangle() {
        // -90°: the text runs upwards from (100, 50); its 40 px width becomes height above the baseline point.
        let node = TextNode(block: block([40]), x: 100, baseline: 50, fill: "#000", rotation: -90)
        let box = node.box
        #expect(abs(box.minY - 10) < 1e-9)
        #expect(abs(box.maxY - 50) < 1e-9)
        #expect(abs(box.minX - 92) < 1e-9)
        #expect(abs(box.maxX - 102) < 1e-9)
    }

    @Test func wrappedBlockMeasuresEveryLine() {
        let wrapped = TextBlock.wrapped("one two three four five six seven", style: style, width: 60)
        #expect(wrapped.lines.count > 1)
        #expect(wrapped.width <= 60)
        #expect(wrapped.text == "one two three four five six seven")
        #expect(
            wrapped.height == TextMeasurer.ascent(style) + Double(wrapped.lines.count - 1) * TextMeasurer.lineHeight(style)
                + TextMeasurer.descent(style))
    }
}

@Suite struct SceneTextCheckTests {
    func label(_ text: String, x: Double, y: Double) -> SceneNode {
        .text(TextNode(block: .single(text, style: TextStyle(size: 12)), x: x, top: y, fill: "#333"))
    }

    @Test func textBoxesApplyGroupTranslations() {
        let scene = Scene(
            width: 200, height: 100,
            children: [
                label("a", x: 10, y: 10),
                .group(
                    GroupNode(
                        translate: (dx: 50, dy: 20),
                        children: [
                            .group(GroupNode(translate: (dx: 5, dy: 5), children: [label("b", x: 1, y: 2)]))
                        ]))
            ])
        let boxes = scene.textBoxes()
        #expect(boxes.count == 2)
        #expect(boxes[0].minX == 10 && boxes[0].minY == 10)
        #expect(boxes[1].minX == 56 && boxes[1].minY == 27)
    }

    @Test func findsOverlapsAndTextOutsideTheCanvas() {
        let clean = Scene(width: 200, height: 100, children: [label("left", x: 10, y: 10), label("right", x: 120, y: 10)])
        #expect(clean.textLayoutProblems().isEmpty)

        let overlapping = Scene(width: 200, height: 100, children: [label("first", x: 10, y: 10), label("second", x: 15, y: 14)])
        #expect(overlapping.textLayoutProblems() == [.overlap(first: "first", second: "second")])

        let cut = Scene(width: 200, height: 100, children: [label("cut off", x: 180, y: 10)])
        #expect(cut.textLayoutProblems().count == 1)
    }

    @Test func findsTextWiderThanItsMaximum() {
        let node = TextNode(block: .single("a long unwrapped line", style: TextStyle(size: 12)), x: 0, top: 0, fill: "#000", maxWidth: 30)
        let scene = Scene(width: 500, height: 100, children: [.text(node)])
        #expect(scene.textLayoutProblems().count == 1)
    }

    @Test func findsNodesAndGroupsByClass() {
        let scene = Scene(
            width: 100, height: 100,
            children: [
                .group(
                    GroupNode(
                        classes: ["chartc-marks"],
                        children: [
                            .group(GroupNode(classes: ["chartc-series"], data: [DataAttribute("series", "A")])),
                            .group(GroupNode(classes: ["chartc-series"], data: [DataAttribute("series", "B")]))
                        ]))
            ])
        #expect(scene.groups(withClass: "chartc-series").map { $0.data.first?.value } == ["A", "B"])
        #expect(scene.nodes(withClass: "chartc-marks").count == 1)
    }
}
