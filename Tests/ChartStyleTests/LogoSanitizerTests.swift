import Foundation
import Testing
@testable import ChartStyle

/// The logo is inlined into every chart, so it must not carry anything that runs, loads or escapes: a hostile
/// SVG goes in, only drawing comes out.
@Suite struct LogoSanitizerTests {
    static let hostile = """
        <?xml version="1.0"?>
        <!DOCTYPE svg [ <!ENTITY lol "lol"> <!ENTITY ext SYSTEM "file:///etc/passwd"> ]>
        <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 120 30" onload="alert(1)">
          <script>alert('x')</script>
          <script xlink:href="https://evil.example/x.js"/>
          <style>@import url(https://evil.example/a.css); rect { fill: url(https://evil.example/p.svg#g) }</style>
          <foreignObject width="10" height="10"><iframe xmlns="http://www.w3.org/1999/xhtml" src="https://evil.example"/></foreignObject>
          <a href="javascript:alert(1)"><rect width="5" height="5"/></a>
          <image href="https://evil.example/track.png" width="1" height="1"/>
          <use href="https://evil.example/sprites.svg#logo"/>
          <use xlink:href="other.svg#shape"/>
          <defs><linearGradient id="g"><stop offset="0" stop-color="#1a1a1a"/></linearGradient></defs>
          <rect x="0" y="0" width="30" height="30" fill="url(#g)" onclick="steal()" ONMOUSEOVER="x()"/>
          <rect width="4" height="4" style="fill: url( 'https://evil.example/x.svg#a' )"/>
          <rect width="4" height="4" fill="url(https://evil.example/x.svg#a)"/>
          <use href="#g"/>
          <path d="M0 0L10 10" stroke="#000" filter="url(#f)"/>
          <text x="40" y="20" font-size="14">Daily &amp; News &lol;</text>
          <animate attributeName="href" to="javascript:alert(1)"/>
          <set attributeName="onclick" to="alert(1)"/>
        </svg>
        """

    @Test func aHostileLogoKeepsOnlyDrawing() throws {
        let result = try #require(LogoSanitizer.sanitize(Array(Self.hostile.utf8)))
        let body = result.body.lowercased()
        for forbidden in [
            "script", "alert", "evil.example", "foreignobject", "iframe", "javascript", "onclick", "onmouseover", "onload",
            "<style", "@import", "<image", "other.svg", "href=\"javascript", "<animate", "<set", "filter=", "passwd", "&lol;"
        ] {
            #expect(!body.contains(forbidden), "\(forbidden) survived: \(result.body)")
        }
        // Drawing stays: the local gradient, its use, the rect, the path, the text.
        #expect(result.body.contains(##"<rect x="0" y="0" width="30" height="30" fill="url(#g)"/>"##))
        #expect(result.body.contains(##"<use href="#g"/>"##))
        #expect(result.body.contains("<linearGradient id=\"g\"><stop offset=\"0\" stop-color=\"#1a1a1a\"/></linearGradient>"))
        #expect(result.body.contains("Daily &amp; News"))
        // The link keeps what it draws, without its href.
        #expect(result.body.contains(##"<a><rect width="5" height="5"/></a>"##))
        #expect(result.viewBox == (0, 0, 120, 30))
        #expect(result.removed.contains("scripts"))
        #expect(result.removed.contains("foreignObject"))
        #expect(result.removed.contains("a DOCTYPE"))
        #expect(result.removed.contains { $0.hasPrefix("event handlers") })
        #expect(result.removed.contains { $0.hasPrefix("external references") })
    }

    @Test func theLogoScalesToItsHeight() throws {
        let result = try #require(LogoSanitizer.sanitize(Array(#"<svg width="200" height="50"><rect width="200" height="50"/></svg>"#.utf8)))
        #expect(result.width(atHeight: 18) == 72)
        #expect(result.viewBox == (0, 0, 200, 50))
        #expect(result.body == #"<rect width="200" height="50"/>"#)
    }

    @Test func brokenMarkupNeverCrashes() {
        let samples = [
            "", "<", "<svg", "<svg viewBox='0 0 0 0'/>", "<svg><rect width=\"1\"", "<svg><<<>>></svg>", "<!DOCTYPE [[[", "<svg><!--", "text only",
            "<svg viewBox=\"0 0 10 10\"></g></g></svg>"
        ]
        for sample in samples { _ = LogoSanitizer.sanitize(Array(sample.utf8)) }
        var bytes = Array(Self.hostile.utf8)
        var state: UInt64 = 0x9E3779B97F4A7C15
        for _ in 0..<2_000 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let position = Int(state >> 33) % bytes.count
            bytes[position] = UInt8(truncatingIfNeeded: state >> 13)
            _ = LogoSanitizer.sanitize(bytes)
        }
    }
}

/// Issue 30 item 5: the sanitizer works on the parsed tree, so references and CSS escapes cannot hide a URL
/// from it, and what it writes is always well-formed XML; issue 30 item 4: its limits are linear and named.
@Suite struct LogoTreeTests {
    /// The logo as the chart inlines it: inside an `<svg>` root that declares the `xlink` prefix when used.
    static func document(_ result: LogoSanitizer.Result) -> String {
        let xlink = result.usesXLink ? #" xmlns:xlink="http://www.w3.org/1999/xlink""# : ""
        return #"<svg xmlns="http://www.w3.org/2000/svg"\#(xlink)>"# + result.body + "</svg>"
    }

    /// Nil when python3's XML parser reads `xml`, else its complaint.
    static func wellFormednessProblem(_ xml: String) throws -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", "import sys, xml.dom.minidom; xml.dom.minidom.parseString(sys.stdin.buffer.read())"]
        let input = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        input.fileHandleForWriting.write(Data(xml.utf8))
        try input.fileHandleForWriting.close()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return process.terminationStatus == 0 ? nil : String(decoding: message, as: UTF8.self)
    }

    static let hasPython = FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")

    func sanitized(_ markup: String) throws -> LogoSanitizer.Result {
        try LogoSanitizer.read(Array(markup.utf8))
    }

    /// Every attribute value anywhere in the tree.
    func values(_ nodes: [LogoNode]) -> [String] {
        nodes.flatMap { node -> [String] in
            guard case .element(let element) = node else { return [] }
            return element.attributes.map(\.value) + values(element.children)
        }
    }

    @Test(arguments: [
        ##"<rect width="4" height="4" fill="u&#114;l(http://evil.example/t.svg#a)"/>"##,
        ##"<rect width="4" height="4" fill="&#x75;&#x72;&#x6c;(http://evil.example/t.svg#a)"/>"##,
        ##"<rect width="4" height="4" style="fill: u\72 l(http://evil.example/t.svg#a)"/>"##,
        ##"<rect width="4" height="4" style="fill: \75 \72 \6c (http://evil.example/t.svg#a)"/>"##,
        ##"<rect width="4" height="4" style="fill: u\000072l(http://evil.example/t.svg#a)"/>"##,
        ##"<rect width="4" height="4" style="fill: \u\r\l(http://evil.example/t.svg#a)"/>"##,
        ##"<rect width="4" height="4" style="fill: u/**/rl(http://evil.example/t.svg#a)"/>"##,
        ##"<rect width="4" height="4" style="fill: URL( 'http://evil.example/t.svg#a' )"/>"##,
        ##"<rect width="4" height="4" style="fill: url(&#34;http://evil.example/t.svg#a&#34;)"/>"##,
        ##"<rect width="4" height="4" style="fill: u&#92;72 l(http://evil.example/t.svg#a)"/>"##,
        ##"<rect width="4" height="4" style="background: image-set(&quot;http://evil.example/t.png&quot; 1x)"/>"##,
        ##"<rect width="4" height="4" style="fill: src(&quot;http://evil.example/t.png&quot;)"/>"##,
        ##"<rect width="4" height="4" mask="url(#a) url(http://evil.example/m.svg#m)"/>"##,
        ##"<use href="&#104;ttp://evil.example/s.svg#a"/>"##,
        ##"<use xlink:href=" http://evil.example/s.svg#a"/>"##,
        ##"<a href="&#106;avascript:fetch('http://evil.example')"><text>Go</text></a>"##
    ])
    func noExternalReferenceSurvivesReferencesOrEscapes(_ element: String) throws {
        let result = try sanitized(##"<svg xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10">"## + element + "</svg>")
        for value in values(result.children) {
            #expect(!value.lowercased().contains("evil") && !value.lowercased().contains("javascript"), "\(value) survived in \(result.body)")
        }
        #expect(!result.body.contains("evil.example"), "\(result.body)")
        #expect(!result.removed.isEmpty)
    }

    @Test func localReferencesAndPlainPaintStay() throws {
        let result = try sanitized(
            ##"<svg viewBox="0 0 10 10"><defs><linearGradient id="a"><stop offset="0" stop-color="rgb(1, 2, 3)"/></linearGradient></defs>"##
                + ##"<rect width="4" height="4" style="fill: url( '#a' ); stroke: hsl(10 50% 50%)" transform="translate(1 2) rotate(45)"/></svg>"##)
        #expect(result.removed.isEmpty, "\(result.removed)")
        #expect(result.body.contains(##"style="fill: url( &apos;#a&apos; ); stroke: hsl(10 50% 50%)""##) == false)
        #expect(result.body.contains(##"style="fill: url( '#a' ); stroke: hsl(10 50% 50%)""##), "\(result.body)")
        #expect(result.body.contains(##"transform="translate(1 2) rotate(45)""##))
    }

    @Test func aJavascriptLinkLosesItsHrefNotItsText() throws {
        let result = try sanitized(
            ##"<svg viewBox="0 0 10 10"><a href="javascript:alert(1)" target="_blank"><text x="1" y="5">Gazette</text></a></svg>"##)
        #expect(result.body == ##"<a><text x="1" y="5">Gazette</text></a>"##)
        #expect(result.removed.contains("external references (href)"))
    }

    @Test(
        .enabled(if: hasPython, "needs python3 for its XML parser"),
        arguments: [
            // A raw & and an unknown entity in an attribute and in text.
            ##"<svg viewBox="0 0 10 10"><text font-family="Smith & Sons, &nbsp; serif">R&D &copy; &#0; &#xD800; &#65;</text></svg>"##,
            // Elements left open at the end.
            ##"<svg viewBox="0 0 10 10"><g fill="red"><g><rect width="1" height="1"/><text>open"##,
            // An Inkscape logo: xlink:href (its declaration on the root, which is not inlined), namespaced editor data.
            ##"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" viewBox="0 0 10 10"><defs><path id="a" d="M0 0H5V5Z"/></defs><g inkscape:label="Layer 1"><use xlink:href="#a"/></g><sodipodi:namedview/></svg>"##,
            // A stray end tag, a < and > and ]]> in text, a quote in an attribute, a CDATA section, controls.
            ##"<svg viewBox="0 0 10 10"></g><text title='say "hi"'>a > b ]]&gt; <![CDATA[x < y & ]]> z</text>"##
                + "<desc>\u{1}\u{8}tab\there</desc></svg><rect/>",
            // Mismatched end tags.
            ##"<svg viewBox="0 0 10 10"><g><rect width="1" height="1"></g></svg>"##
        ])
    func theOutputIsWellFormed(_ markup: String) throws {
        let result = try sanitized(markup)
        let problem = try Self.wellFormednessProblem(Self.document(result))
        #expect(problem == nil, "\(problem ?? ""): \(Self.document(result))")
    }

    @Test func inkscapeUseKeepsItsXLinkHref() throws {
        let result = try sanitized(
            ##"<svg xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10"><defs><path id="a" d="M0 0H5V5Z"/></defs><use xlink:href="#a"/></svg>"##
        )
        #expect(result.usesXLink)
        #expect(result.body.contains(##"<use xlink:href="#a"/>"##))
    }

    @Test func referencesAreDecodedOnceAndWrittenEscaped() throws {
        let result = try sanitized(##"<svg viewBox="0 0 10 10"><text font-family="A &amp; B">R&D &lt;b&gt; &#x2192; &nbsp;x</text></svg>"##)
        let text = try #require(result.children.first.flatMap { if case .element(let e) = $0 { e } else { nil } })
        #expect(text.attribute("font-family") == "A & B")
        #expect(text.children == [.text("R&D <b> → x")])
        #expect(result.body == ##"<text font-family="A &amp; B">R&amp;D &lt;b&gt; → x</text>"##)
        #expect(result.removed == ["entity references"])
    }

    @Test func limitsAreNamedAndReachedInLinearTime() throws {
        let clock = ContinuousClock()
        // 200,000 nested groups: refused at the 65th level, at once.
        let deep = Array(("<svg viewBox='0 0 1 1'>" + String(repeating: "<g>", count: 200_000)).utf8)
        var start = clock.now
        #expect(throws: LogoFailure.tooLarge(.depth(64))) { try LogoSanitizer.read(deep) }
        #expect(clock.now - start < .seconds(1))
        // Nested as deep as allowed is read.
        let allowed = "<svg viewBox='0 0 1 1'>" + String(repeating: "<g>", count: 63) + String(repeating: "</g>", count: 63) + "</svg>"
        #expect(throws: Never.self) { try LogoSanitizer.read(Array(allowed.utf8)) }
        // Dropped elements count too: a script inside 70 foreign elements.
        let hidden = "<svg viewBox='0 0 1 1'>" + String(repeating: "<x>", count: 70) + "<script/></svg>"
        #expect(throws: LogoFailure.tooLarge(.depth(64))) { try LogoSanitizer.read(Array(hidden.utf8)) }
        // Many elements side by side: refused past 20,000, in time linear in their number.
        let many = Array(("<svg viewBox='0 0 1 1'>" + String(repeating: "<rect/>", count: 100_000) + "</svg>").utf8)
        start = clock.now
        #expect(throws: LogoFailure.tooLarge(.elements(20_000))) { try LogoSanitizer.read(many) }
        let allowedMany = Array(("<svg viewBox='0 0 1 1'>" + String(repeating: "<rect width='1'/>", count: 19_000) + "</svg>").utf8)
        let read = try LogoSanitizer.read(allowedMany)
        #expect(read.children.count == 19_000)
        #expect(clock.now - start < .seconds(3))
        // The file's size.
        let large = Array(repeating: UInt8(ascii: " "), count: (1 << 20) + 1)
        #expect(throws: LogoFailure.tooLarge(.bytes(1 << 20))) { try LogoSanitizer.read(large) }
        #expect(LogoLimit.depth(64).description == "it nests elements more than 64 levels deep, the limit for a logo")
        #expect(LogoLimit.elements(20_000).description == "it has more than 20,000 elements, the limit for a logo")
        #expect(LogoLimit.bytes(1 << 20).description == "it is larger than 1,048,576 bytes, the limit for a logo")
    }
}
