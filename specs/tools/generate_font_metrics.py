#!/usr/bin/env python3
"""Generates Sources/ChartLayout/Text/FontMetricsTables.swift: the advance widths chartc measures text with.

Why: layout has to know how wide a label is without a browser. Liberation Sans is metric-compatible with Arial
and Helvetica (the first faces in chartc's CSS font stack), so its advance widths are what a reader's browser
uses. For characters Liberation Sans lacks, Chromium on Linux falls back to DejaVu Sans, so those widths come
from DejaVu Sans. Kerning is left out on purpose: nearly every kerning pair in these faces is negative, so the
sum of advances is a slight over-estimate, and a label we think fits really fits.

usage: python3 specs/tools/generate_font_metrics.py [OUTPUT.swift]
needs: pip install fonttools; apt-get install fonts-liberation fonts-dejavu-core
"""
import os
import sys
import unicodedata

from fontTools.ttLib import TTFont

LIBERATION = "/usr/share/fonts/truetype/liberation/LiberationSans-%s.ttf"
DEJAVU = "/usr/share/fonts/truetype/dejavu/DejaVuSans%s.ttf"
# (Swift name, Liberation style, DejaVu suffix)
FACES = [
    ("regular", "Regular", ""),
    ("bold", "Bold", "-Bold"),
    ("italic", "Italic", "-Oblique"),
    ("boldItalic", "BoldItalic", "-BoldOblique"),
]

# Unicode blocks the tables cover (first, last, name). Everything else is estimated at run time.
BLOCKS = [
    (0x0000, 0x024F, "ASCII, Latin-1, Latin Extended-A and -B"),
    (0x0250, 0x02FF, "IPA extensions, spacing modifier letters"),
    (0x0300, 0x036F, "combining diacritical marks"),
    (0x0370, 0x03FF, "Greek"),
    (0x0400, 0x04FF, "Cyrillic"),
    (0x1E00, 0x1EFF, "Latin Extended Additional (Vietnamese, Welsh)"),
    (0x2000, 0x206F, "general punctuation (dashes, quotes, ellipsis, spaces)"),
    (0x2070, 0x209F, "superscripts and subscripts"),
    (0x20A0, 0x20CF, "currency symbols"),
    (0x2100, 0x214F, "letterlike symbols"),
    (0x2150, 0x218F, "number forms"),
    (0x2190, 0x21FF, "arrows"),
    (0x2200, 0x22FF, "mathematical operators"),
    (0x2300, 0x23FF, "miscellaneous technical"),
    (0x2500, 0x257F, "box drawing"),
    (0x2580, 0x259F, "block elements"),
    (0x25A0, 0x25FF, "geometric shapes"),
    (0x2600, 0x26FF, "miscellaneous symbols"),
    (0x2700, 0x27BF, "dingbats"),
]

MISSING = 0xFFFF
# A gap of more than this many code points without a glyph ends a range.
MAX_GAP = 24


def advance(font, cmap, codepoint, scale):
    glyph = cmap.get(codepoint)
    if glyph is None:
        return None
    return round(font["hmtx"][glyph][0] * scale)


def width_table(style, dejavu_suffix):
    primary = TTFont(LIBERATION % style)
    fallback = TTFont(DEJAVU % dejavu_suffix)
    upm = primary["head"].unitsPerEm
    primary_cmap = primary.getBestCmap()
    fallback_cmap = fallback.getBestCmap()
    fallback_scale = upm / fallback["head"].unitsPerEm
    space = advance(primary, primary_cmap, 0x20, 1)
    widths = {}
    for first, last, _ in BLOCKS:
        for cp in range(first, last + 1):
            category = unicodedata.category(chr(cp))
            if cp in (0x09, 0x0A, 0x0D):
                # SVG turns tabs and line breaks into spaces.
                widths[cp] = space
                continue
            if category in ("Cc", "Cf", "Mn", "Me") or cp == 0x00AD:
                # Controls, format characters (soft hyphen, zero-width space, joiners, bidi marks) and
                # combining marks take no horizontal room.
                widths[cp] = 0
                continue
            w = advance(primary, primary_cmap, cp, 1)
            if w is None:
                w = advance(fallback, fallback_cmap, cp, fallback_scale)
            if w is not None:
                widths[cp] = w
    lowercase = [widths[cp] for cp in range(ord("a"), ord("z") + 1)]
    metrics = {
        "unitsPerEm": upm,
        "ascender": primary["hhea"].ascent,
        "descender": -primary["hhea"].descent,
        "lineGap": primary["hhea"].lineGap,
        "capHeight": primary["OS/2"].sCapHeight,
        "xHeight": primary["OS/2"].sxHeight,
        "averageLowercase": round(sum(lowercase) / len(lowercase)),
        "version": primary["name"].getDebugName(5),
    }
    return widths, metrics


def ranges_of(codepoints):
    """Splits the covered code points into ranges, bridging small gaps with MISSING entries."""
    ranges = []
    for cp in sorted(codepoints):
        if ranges and cp - ranges[-1][1] <= MAX_GAP:
            ranges[-1][1] = cp
        else:
            ranges.append([cp, cp])
    return ranges


def swift_array(name, values, ranges, doc):
    lines = [f"    /// {doc}", f"    static let {name}: [UInt16] = ["]
    index = 0
    for first, last in ranges:
        for start in range(first, last + 1, 16):
            chunk = values[index:index + min(16, last + 1 - start)]
            index += len(chunk)
            lines.append("        " + ", ".join(str(v) for v in chunk) + f",  // U+{start:04X}")
    lines.append("    ]")
    return "\n".join(lines)


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        os.path.dirname(__file__), "..", "..", "Sources", "ChartLayout", "Text", "FontMetricsTables.swift")
    tables = [(name, *width_table(style, dejavu)) for name, style, dejavu in FACES]
    covered = set()
    for _, widths, _ in tables:
        covered |= set(widths)
    ranges = ranges_of(covered)
    assert ranges[0][0] == 0, "the first range must start at U+0000 so ASCII can be indexed directly"
    reference = tables[0][2]
    for _, _, metrics in tables:
        for key in ("unitsPerEm", "ascender", "descender", "lineGap"):
            assert metrics[key] == reference[key], f"faces disagree on {key}"

    parts = [
        "// Generated by specs/tools/generate_font_metrics.py — do not edit by hand; rerun the script.",
        f"// Source: Liberation Sans {reference['version']} (Debian fonts-liberation), with DejaVu Sans for",
        "// characters Liberation Sans lacks (what Chromium on Linux falls back to). Widths in font units.",
        "",
        "/// Embedded advance widths and vertical metrics of the text face, so `TextMeasurer` needs no font files.",
        "enum FontMetricsTables {",
        f"    static let unitsPerEm = {reference['unitsPerEm']}",
        "    /// Baseline to the top of the line box (hhea ascender).",
        f"    static let ascender = {reference['ascender']}",
        "    /// Baseline to the bottom of the line box (hhea descender, positive).",
        f"    static let descender = {reference['descender']}",
        f"    static let lineGap = {reference['lineGap']}",
        f"    static let capHeight = {reference['capHeight']}",
        f"    static let xHeight = {reference['xHeight']}",
        f"    /// Marks a code point inside a range that has no glyph in either face.",
        f"    static let missing: UInt16 = {MISSING}",
        "",
        "    /// The code points the width arrays cover, in order: `widths[offset + (scalar - first)]`. The first",
        "    /// range starts at U+0000, so for small scalars the array is indexed by the scalar value itself.",
        "    static let ranges: [WidthRange] = [",
    ]
    offset = 0
    for first, last in ranges:
        parts.append(f"        WidthRange(first: 0x{first:04X}, last: 0x{last:04X}, offset: {offset}),")
        offset += last - first + 1
    parts.append("    ]")
    parts.append("    /// Scalars below this index the width arrays directly (the first range).")
    parts.append(f"    static let firstRangeCount: UInt32 = 0x{ranges[0][1] + 1:04X}")
    parts.append("")
    for name, widths, metrics in tables:
        values = []
        for first, last in ranges:
            values.extend(widths.get(cp, MISSING) for cp in range(first, last + 1))
        parts.append(f"    /// Average advance of a–z, used for characters the tables do not know.")
        parts.append(f"    static let {name}AverageLowercase = {metrics['averageLowercase']}")
        parts.append(swift_array(f"{name}Widths", values, ranges,
                                 f"Advance widths of the {name} face, one per code point in `ranges`."))
        parts.append("")
    parts[-1] = "}"
    parts.append("")
    parts.append("/// A run of consecutive code points in the width tables.")
    parts.append("struct WidthRange: Sendable {")
    parts.append("    let first: UInt32")
    parts.append("    let last: UInt32")
    parts.append("    let offset: Int")
    parts.append("}")
    with open(out, "w", encoding="utf-8") as f:
        f.write("\n".join(parts) + "\n")
    print(f"wrote {out}: {len(ranges)} ranges, {offset} code points per face")


if __name__ == "__main__":
    main()
