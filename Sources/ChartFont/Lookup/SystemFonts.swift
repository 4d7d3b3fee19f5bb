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

    /// Every face found, in path order (so a choice between equal faces is the same on every run).
    public let entries: [Entry]

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

    /// Scans `directories` (recursively, following no symbolic links to folders) for `.ttf`, `.otf` and `.ttc`
    /// files. Unreadable or broken files are skipped: they name no family.
    public init(directories: [String]) {
        var paths: [String] = []
        for directory in directories { Self.collect(directory, depth: 0, into: &paths) }
        paths.sort { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        var entries: [Entry] = []
        for path in paths { entries += Self.identify(path) }
        self.entries = entries
    }

    /// The best face of the first family in `families` that is installed, for `style`; nil when none is.
    public func find(families: [String], style: FontStyleRequest) -> Entry? {
        for family in families where !FontStack.isGeneric(family) {
            let candidates = entries.filter { $0.isFamily(family) }
            var best: (distance: Int, entry: Entry)?
            for entry in candidates {
                let distance = style.distance(weight: entry.weight, italic: entry.italic, widthClass: entry.widthClass)
                if best == nil || distance < best?.distance ?? Int.max { best = (distance, entry) }
            }
            if let best { return best.entry }
        }
        return nil
    }

    // MARK: Scanning

    private static func collect(_ directory: String, depth: Int, into paths: inout [String]) {
        guard depth < 16, let handle = opendir(directory) else { return }
        defer { closedir(handle) }
        var names: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name == "." || name == ".." { continue }
            names.append(name)
        }
        for name in names {
            let path = directory + "/" + name
            var status = stat()
            guard lstat(path, &status) == 0 else { continue }
            let kind = status.st_mode & S_IFMT
            if kind == S_IFDIR {
                collect(path, depth: depth + 1, into: &paths)
            } else if kind == S_IFREG || kind == S_IFLNK {
                let lower = name.lowercased()
                if lower.hasSuffix(".ttf") || lower.hasSuffix(".otf") || lower.hasSuffix(".ttc") { paths.append(path) }
            }
        }
    }

    /// The faces of one file, from its directory and small tables only.
    static func identify(_ path: String) -> [Entry] {
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
            result.append(Entry(
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
