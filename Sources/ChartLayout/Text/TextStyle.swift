#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import ChartFont

/// How a run of text is set: size in px, weight, slant. Every text box in the scene carries one, so widths can
/// be measured without a browser and the SVG writer can emit matching attributes.
public struct TextStyle: Sendable, Hashable {
    public enum Weight: String, Sendable, Hashable { case regular, bold }

    public var size: Double
    public var weight: Weight
    public var italic: Bool
    /// The theme's faces (`font.files` or a family found on the system); nil for the built-in metrics.
    public var faces: FontFaces?

    public init(size: Double, weight: Weight = .regular, italic: Bool = false, faces: FontFaces? = nil) {
        self.size = size
        self.weight = weight
        self.italic = italic
        self.faces = faces
    }
}

/// The faces of a theme's font family, measured with their real advance widths (ChartFont): each style asks for
/// the closest face it has. The regular face is parsed when the theme loads; bold and italic faces the first time
/// a text style asks for one (most charts never set italic text), through `FontCache.shared`, so a theme's unused
/// faces cost nothing. Shared by every text style of a theme; equal by identity; thread-safe.
public final class FontFaces: @unchecked Sendable, Hashable {
    let regular: FontFace
    /// Finds the bold, italic and bold italic faces (nil: measure as the closer face it falls back to).
    private let loaders: [@Sendable () -> OpenTypeFace?]
    private var loaded: [FontFace?]
    private var attempted: [Bool]
    private var mutex = pthread_mutex_t()
    /// The regular face's file, for messages and tests.
    public let regularPath: String

    init(
        regular: OpenTypeFace, bold: @escaping @Sendable () -> OpenTypeFace?, italic: @escaping @Sendable () -> OpenTypeFace?,
        boldItalic: @escaping @Sendable () -> OpenTypeFace?
    ) {
        self.regular = FontFace(regular)
        regularPath = regular.path
        loaders = [bold, italic, boldItalic]
        loaded = [nil, nil, nil]
        attempted = [false, false, false]
        pthread_mutex_init(&mutex, nil)
    }

    deinit { pthread_mutex_destroy(&mutex) }

    /// Slot 0 bold, 1 italic, 2 bold italic; nil when the theme has no such face.
    private func slot(_ index: Int) -> FontFace? {
        pthread_mutex_lock(&mutex)
        defer { pthread_mutex_unlock(&mutex) }
        if !attempted[index] {
            attempted[index] = true
            loaded[index] = loaders[index]().map(FontFace.init)
        }
        return loaded[index]
    }

    func face(bold: Bool, italic: Bool) -> FontFace {
        switch (bold, italic) {
        case (false, false): regular
        case (true, false): slot(0) ?? regular
        case (false, true): slot(1) ?? regular
        case (true, true): slot(2) ?? slot(0) ?? slot(1) ?? regular
        }
    }

    public static func == (lhs: FontFaces, rhs: FontFaces) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// One line produced by wrapping, with its measured width.
public struct TextLine: Sendable, Equatable {
    public var text: String
    public var width: Double

    public init(text: String, width: Double) {
        self.text = text
        self.width = width
    }
}
