import ChartDiagnostics
import ChartJSON

/// `sources` (SPEC §2): a string, or a list of `{ "title", "site", "url" }`. Links end up in SVG and HTML, so
/// their schemes are checked here: only http, https, mailto, or a relative path.
extension SpecDecoder {
    static let allowedLinkSchemes = ["http", "https", "mailto"]

    mutating func decodeSources(_ value: JSONValue) -> [SourceReference] {
        switch value.kind {
        case .string(let string):
            return [SourceReference(title: Located(string.value, at: value.span), span: value.span)]
        case .array(let items):
            var sources: [SourceReference] = []
            for (position, item) in items.enumerated() {
                let path = "sources[\(position)]"
                switch item.kind {
                case .string(let string):
                    sources.append(SourceReference(title: Located(string.value, at: item.span), span: item.span))
                case .object:
                    if let source = decodeSource(item, path: path) { sources.append(source) }
                default:
                    wrongType(item, path: path, expected: "a string or an object such as { \"title\": \"…\", \"site\": \"…\", \"url\": \"…\" }")
                }
            }
            return sources
        case .object:
            // One source without its list: say so, and keep it.
            let original = text(of: value.span)
            wrongType(
                value, path: "sources", expected: "a string or an array of sources", fixIt: FixIt(span: value.span, replacement: "[\(original)]"),
                advice: .wrapInBrackets)
            return decodeSource(value, path: "sources").map { [$0] } ?? []
        default:
            wrongType(value, path: "sources", expected: "a string or an array of sources such as [{ \"title\": \"…\", \"url\": \"…\" }]")
            return []
        }
    }

    private mutating func decodeSource(_ value: JSONValue, path: String) -> SourceReference? {
        guard let object = object(value, path: path, keys: SpecKeys.source) else { return nil }
        var source = SourceReference(span: value.span)
        source.title = object["title"].flatMap { string($0.value, path: object.path("title")) }
        source.site = object["site"].flatMap { string($0.value, path: object.path("site")) }
        if let member = object["url"], let url = string(member.value, path: object.path("url")) {
            if let scheme = Self.urlScheme(url.value), !Self.allowedLinkSchemes.contains(scheme) {
                report(SpecDiagnostic.sourceURLScheme(path: object.path("url"), scheme: scheme), at: url.span)
            } else {
                source.url = url
            }
        }
        if object["title"] == nil && object["site"] == nil {
            report(SpecDiagnostic.sourceWithoutName(path: path), at: Self.start(of: value.span))
        }
        return source
    }
}
