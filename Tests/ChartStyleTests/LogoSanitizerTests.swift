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
            "<style", "@import", "<image", "other.svg", "<a ", "<animate", "<set", "filter=", "passwd", "&lol;"
        ] {
            #expect(!body.contains(forbidden), "\(forbidden) survived: \(result.body)")
        }
        // Drawing stays: the local gradient, its use, the rect, the path, the text.
        #expect(result.body.contains(##"<rect x="0" y="0" width="30" height="30" fill="url(#g)"/>"##))
        #expect(result.body.contains(##"<use href="#g"/>"##))
        #expect(result.body.contains("<linearGradient id=\"g\"><stop offset=\"0\" stop-color=\"#1a1a1a\"/></linearGradient>"))
        #expect(result.body.contains("Daily &amp; News"))
        #expect(result.viewBox == (0, 0, 120, 30))
        #expect(result.removed.contains("scripts"))
        #expect(result.removed.contains("foreignObject"))
        #expect(result.removed.contains("a DOCTYPE"))
        #expect(result.removed.contains { $0.hasPrefix("event handlers") })
        #expect(result.removed.contains { $0.hasPrefix("external references") })
    }

    @Test func theElementScalesTheLogoToItsHeight() throws {
        let result = try #require(LogoSanitizer.sanitize(Array(#"<svg width="200" height="50"><rect width="200" height="50"/></svg>"#.utf8)))
        #expect(result.width(atHeight: 18) == 72)
        #expect(
            result.element(x: 10, y: 5, height: 18)
                == #"<svg class="chartc-logo" x="10" y="5" width="72" height="18" viewBox="0 0 200 50"><rect width="200" height="50"/></svg>"#)
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
