#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The fonts installed on this machine, found the way a browser finds them: by the family name each font file
/// gives itself, in the system font folders. Identifying a file reads only its table directory and its `name`,
/// `OS/2` and `head` tables; the face that is chosen is then read whole (once per process, `FontCache`).
public struct SystemFonts: Sendable {
    /// One face of an installed file, identified but not parsed.
    public struct Entry: Sendable, Equatable {
        public var path: String
        public var faceIndex: Int
        public var family: String
        public var typographicFamily: String?
        public var weight: Int
        public var widthClass: Int
        public var italic: Bool

        func isFamily(_ name: String) -> Bool {
            let wanted = name.lowercased()
            return family.lowercased() == wanted || typographicFamily?.lowercased() == wanted
        }
    }

    /// Every font file found, sorted (so a choice between equal faces is the same on every run).
    public let paths: [String]
    /// Each path's file name, `compact`ed.
    private let compactNames: [String]

    /// The folders browsers search: Linux and macOS system, local and per-user folders.
    public static func defaultDirectories(home: String? = environment("HOME")) -> [String] {
        #if os(macOS)
            var directories = ["/Library/Fonts", "/System/Library/Fonts"]
            if let home { directories.append(home + "/Library/Fonts") }
        #else
            var directories = ["/usr/share/fonts", "/usr/local/share/fonts"]
            if let home { directories += [home + "/.local/share/fonts", home + "/.fonts"] }
        #endif
        return directories
    }

    /// Lists the `.ttf`, `.otf` and `.ttc` files under `directories` (recursively, following no symbolic links
    /// to folders). Nothing is read yet: `find` identifies files as it needs them.
    public init(directories: [String]) {
        var paths: [String] = []
        for directory in directories { Self.collect(directory, depth: 0, into: &paths) }
        paths.sort { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        self.paths = paths
        compactNames = paths.map { Self.compact(Self.fileName($0)) }
    }

    /// Every face of every file (each file identified; unreadable or broken ones name no family).
    public func entries(identify: (String) -> [Entry] = SystemFonts.identify) -> [Entry] {
        paths.flatMap(identify)
    }

    /// The best face of the first family in `families` that is installed, for `style`; nil when none is.
    ///
    /// A system may hold thousands of font files, so first the files whose name contains a family's name
    /// (letters and digits only, case ignored: `LiberationSans-Bold.ttf` for `Liberation Sans`) are identified,
    /// family by family; only when no family is found that way are all files read, family by family. (So a
    /// family earlier in the list whose files are named unlike it loses to a later one whose files are not.)
    /// `identify` reads one file's faces (`FontCache` remembers them).
    public func find(families: [String], style: FontStyleRequest, identify: (String) -> [Entry] = SystemFonts.identify) -> Entry? {
        let wanted = families.filter { !FontStack.isGeneric($0) && !Self.compact($0).isEmpty }
        for family in wanted {
            let key = Self.compact(family)
            let hinted = paths.indices.filter { Self.bytes(of: compactNames[$0], contain: key) }.map { paths[$0] }
            if let best = Self.best(hinted.flatMap(identify), family: family, style: style) { return best }
        }
        for family in wanted {
            if let best = Self.best(paths.flatMap(identify), family: family, style: style) { return best }
        }
        return nil
    }

    /// The installed family a CSS font stack stands for (SPEC §19.12): the first family of `families` that is
    /// installed, where a generic family (`serif`, `monospace`, …) stands for the first installed family of its
    /// `GenericFamily.preferred` list, then of its fallback's, as fontconfig chooses; nil when none is. The name
    /// returned is the one written in `families` or in the generic's list: faces are looked up by it, and the SVG
    /// names it first in its font stack so that a browser draws the face the text was measured with.
    public func resolve(families: [String], identify: (String) -> [Entry] = SystemFonts.identify) -> String? {
        func installed(_ family: String) -> Bool {
            !Self.compact(family).isEmpty && find(families: [family], style: .regular, identify: identify) != nil
        }
        for family in families {
            if let generic = GenericFamily(family: family) {
                var next: GenericFamily? = generic
                while let current = next {
                    if let found = current.preferred.first(where: installed) { return found }
                    next = current.fallback
                }
            } else if !FontStack.isGeneric(family), installed(family) {
                return family
            }
        }
        return nil
    }

    private static func best(_ entries: [Entry], family: String, style: FontStyleRequest) -> Entry? {
        var best: (distance: Int, entry: Entry)?
        for entry in entries where entry.isFamily(family) {
            let distance = style.distance(weight: entry.weight, italic: entry.italic, widthClass: entry.widthClass)
            if best == nil || distance < best?.distance ?? Int.max { best = (distance, entry) }
        }
        return best?.entry
    }

    /// ASCII letters (lowercased) and digits only; other bytes are dropped.
    /// Whether `text`'s UTF-8 holds `part`'s: a plain byte search (the standard library's `contains` on strings
    /// goes through its string processing and cost a PNG build a millisecond over a few hundred file names).
    static func bytes(of text: String, contain part: String) -> Bool {
        let haystack = Array(text.utf8), needle = Array(part.utf8)
        guard !needle.isEmpty else { return true }
        guard haystack.count >= needle.count else { return false }
        for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
            if haystack[start..<(start + needle.count)].elementsEqual(needle) { return true }
        }
        return false
    }

    static func compact(_ text: String) -> String {
        var bytes: [UInt8] = []
        for byte in text.utf8 {
            if byte >= 0x41, byte <= 0x5A {
                bytes.append(byte | 0x20)
            } else if (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39) {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func fileName(_ path: String) -> String {
        String(path.split(separator: "/").last ?? "")
    }

    // MARK: Scanning

    private static func collect(_ directory: String, depth: Int, into paths: inout [String]) {
        guard depth < 16, let handle = opendir(directory) else { return }
        defer { closedir(handle) }
        // (name, is a folder, is a file or link): from the entry's type, without a stat call where it says.
        var found: [(name: String, folder: Bool)] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            var type = Int32(entry.pointee.d_type)
            if type == Int32(DT_UNKNOWN) {
                var status = stat()
                guard lstat(directory + "/" + name, &status) == 0 else { continue }
                let kind = status.st_mode & S_IFMT
                type = kind == S_IFDIR ? Int32(DT_DIR) : kind == S_IFREG ? Int32(DT_REG) : kind == S_IFLNK ? Int32(DT_LNK) : Int32(DT_UNKNOWN)
            }
            if type == Int32(DT_DIR) {
                found.append((name, true))
            } else if type == Int32(DT_REG) || type == Int32(DT_LNK) {
                let lower = name.lowercased()
                if lower.hasSuffix(".ttf") || lower.hasSuffix(".otf") || lower.hasSuffix(".ttc") { found.append((name, false)) }
            }
        }
        for item in found {
            let path = directory + "/" + item.name
            if item.folder {
                collect(path, depth: depth + 1, into: &paths)
            } else {
                paths.append(path)
            }
        }
    }

    /// The faces of one file, from its directory and small tables only (none when it is unreadable or broken).
    public static func identify(_ path: String) -> [Entry] {
        guard let file = try? FontFileReading.PartialFile(path), let header = file.read(0, 12) else { return [] }
        var starts: [Int] = [0]
        if header.starts(with: Array("ttcf".utf8)) {
            let count = be32(header, 8)
            guard count > 0, count <= 256, let offsets = file.read(12, count * 4) else { return [] }
            starts = (0..<count).map { be32(offsets, $0 * 4) }
        }
        var result: [Entry] = []
        for (index, start) in starts.enumerated() {
            guard let sfnt = file.read(start, 12) else { continue }
            let tables = Int(UInt16(sfnt[4]) << 8 | UInt16(sfnt[5]))
            guard tables > 0, tables < 512, let records = file.read(start + 12, tables * 16) else { continue }
            var name: NameTable?
            var os2: OS2Table?
            var head: HeadTable?
            for table in 0..<tables {
                let at = table * 16
                let tag = String(decoding: records[at..<(at + 4)], as: UTF8.self)
                guard tag == "name" || tag == "OS/2" || tag == "head" else { continue }
                let offset = be32(records, at + 8)
                let length = be32(records, at + 12)
                guard length <= 1 << 20, let bytes = file.read(offset, length) else { continue }
                let data = FontBytes(bytes: bytes, path: path)
                let record = TableDirectory.Record(tag: tag, offset: 0, length: length)
                switch tag {
                case "name": name = try? NameTable(data, record)
                case "OS/2": os2 = try? OS2Table(data, record)
                default: head = try? HeadTable(data, record)
                }
            }
            guard let name, let family = name.family ?? name.typographicFamily else { continue }
            let macStyle = head?.macStyle ?? 0
            result.append(
                Entry(
                    path: path, faceIndex: index, family: family, typographicFamily: name.typographicFamily,
                    weight: os2?.weightClass ?? (macStyle & 1 != 0 ? 700 : 400),
                    widthClass: os2?.widthClass ?? 5,
                    italic: os2.map { $0.selection & 0x01 != 0 } ?? (macStyle & 2 != 0)
                ))
        }
        return result
    }

    /// The big-endian 32-bit number at `at` (the caller has checked that four bytes are there).
    private static func be32(_ bytes: [UInt8], _ at: Int) -> Int {
        var value = 0
        for k in 0..<4 { value = value << 8 | Int(bytes[at + k]) }
        return value
    }

    /// An environment variable, if set.
    public static func environment(_ name: String) -> String? {
        guard let value = getenv(name) else { return nil }
        return String(cString: value)
    }
}
