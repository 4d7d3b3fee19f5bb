#!/usr/bin/env python3
"""Compares chartc's drawing of SPEC §20 charts with Vega-Lite's drawing of the same charts.

Each case is a pair in cases/: NAME.chart.json (chartc, written to SPEC §20 alone) and NAME.vl.json (the same
chart in Vega-Lite). chartc builds the first to SVG; vl-convert (pip install vl-convert-python: Vega-Lite rendered
offline, no browser) gives the scene graph of the second. From both this script takes what a reader sees and
compares it:

- the views: how many, in which order, each one's heading;
- the categories on each band axis, in the order they are drawn (left to right, top to bottom);
- the marks of each view: how many bars, points and lines, and where they lie, normalised 0-1 over the extent the
  marks of that kind cover in the view (a bar: its centre across the bands, its ends along the measure) (both tools pick their own round domain ends and margins, so positions are
  compared relative to the marks themselves: a bar's length relative to the longest, a point's place between the
  outermost points; a line's points in the order it joins them);
- the legends: each one's title, and a color legend's entries in order. A size legend's symbols are chartc's own
  3-5 round values (SPEC §20) where Vega-Lite picks its ticks: only the titles are compared, the values printed.

Usage: compare.py CHARTC [NAME...]. Prints each difference and a closing "N passed, N failed" line; exits 1 when a
case differs, 2 when vl-convert is missing (the Swift test that runs it skips then).
"""

import json
import os
import re
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

HERE = os.path.dirname(os.path.abspath(__file__))
CASES = os.path.join(HERE, "cases")
SVG = "{http://www.w3.org/2000/svg}"
TOLERANCE = 0.02


def category(label):
    """An axis label as a category: Vega-Lite writes a bin as `10 – 20`, chartc as `10–20`."""
    return label.replace(" \u2013 ", "\u2013")


def numeric(label):
    """Whether an axis label is a number (a continuous axis's tick): such labels are not categories."""
    text = label.replace("\u2212", "-").replace(",", "").replace("%", "").strip()
    text = re.sub(r"[kMBGT]$", "", text)
    try:
        float(text)
        return True
    except ValueError:
        return False


# chartc's SVG -------------------------------------------------------------------------------------------------


def classes(element):
    return (element.get("class") or "").split()


def texts(element, skip_class=None):
    out = []
    for text in element.iter(SVG + "text"):
        if skip_class and skip_class in classes(text):
            continue
        out.append(("".join(text.itertext()), float(text.get("x", "0")), float(text.get("y", "0"))))
    return out


def translation(transform):
    match = re.search(r"translate\(([-\d.e]+)[ ,]([-\d.e]+)\)", transform or "")
    return (float(match.group(1)), float(match.group(2))) if match else (0.0, 0.0)


def path_points(d):
    numbers = [float(v) for v in re.findall(r"-?\d+(?:\.\d+)?(?:e-?\d+)?", d)]
    return list(zip(numbers[0::2], numbers[1::2]))


def chartc_view(view):
    summary = {"title": None, "axes": {"x": [], "y": []}, "axis_count": {"x": 0, "y": 0}, "bars": [], "points": [], "lines": []}
    # The plot's top-left corner in the graphic (views are placed by their plots; a view's own margins differ).
    plot = next((g for g in view.iter(SVG + "g") if "chartc-plot" in classes(g)), None)
    view_origin, plot_origin = translation(view.get("transform")), translation(plot.get("transform") if plot is not None else None)
    summary["origin"] = (view_origin[0] + plot_origin[0], view_origin[1] + plot_origin[1])
    for child in view:
        if child.tag == SVG + "text" and "chartc-title" in classes(child):
            summary["title"] = "".join(child.itertext())
    for group in view.iter(SVG + "g"):
        names = classes(group)
        if "chartc-axis" in names:
            orient = "x" if "chartc-axis-x" in names else "y"
            labels = texts(group, skip_class="chartc-axis-title")
            summary["axis_count"][orient] += 1 if labels else 0
            if labels:
                ordered = sorted(labels, key=lambda t: t[1] if orient == "x" else t[2])
                summary["axes"][orient].append([category(label) for label, _, _ in ordered])
    for element in view.iter():
        names = classes(element)
        if "chartc-bar" in names:
            x, y = float(element.get("x")), float(element.get("y"))
            summary["bars"].append((x, y, float(element.get("width")), float(element.get("height"))))
        elif "chartc-point" in names and element.tag == SVG + "circle":
            summary["points"].append((float(element.get("cx")), float(element.get("cy"))))
        elif "chartc-line" in names:
            summary["lines"].append(path_points(element.get("d")))
    return summary


def chartc_summary(svg_path):
    root = ET.parse(svg_path).getroot()
    views = [g for g in root.iter(SVG + "g") if "chartc-view" in classes(g)]
    summary = {"views": [chartc_view(view) for view in views] or [chartc_view(root)], "legends": []}
    if not views:
        summary["views"][0]["title"] = None
    for group in root.iter(SVG + "g"):
        names = classes(group)
        if "chartc-legend" not in names:
            continue
        title = next((t for t in group.iter(SVG + "text") if "chartc-legend-title" in classes(t)), None)
        title = "".join(title.itertext()) if title is not None else None
        if "chartc-legend-size" in names:
            values = [g.get("data-value") for g in group.iter(SVG + "g") if "chartc-legend-size-item" in classes(g)]
            summary["legends"].append({"kind": "size", "title": title, "entries": values})
        else:
            entries = [g.get("data-series") for g in group.iter(SVG + "g") if "chartc-legend-item" in classes(g)]
            summary["legends"].append({"kind": "color", "title": title, "entries": entries})
    return summary


# Vega-Lite's scene graph --------------------------------------------------------------------------------------


def items(node):
    return node.get("items", []) if isinstance(node, dict) else []


def vl_axis(axis_group):
    labels = []
    for item in items(axis_group):
        for part in items(item):
            if part.get("role") == "axis-label":
                labels += [(i.get("text", ""), i.get("x", 0), i.get("y", 0)) for i in items(part)]
    return labels


def vl_marks(node, summary, dx=0.0, dy=0.0):
    """The marks under `node` (a view's group item), in the view's coordinates."""
    for mark in items(node):
        role, kind = mark.get("role"), mark.get("marktype")
        if role == "mark" and kind == "rect":
            summary["bars"] += [(dx + i["x"], dy + i["y"], i.get("width", 0), i.get("height", 0)) for i in items(mark)]
        elif role == "mark" and kind == "symbol":
            summary["points"] += [(dx + i["x"], dy + i["y"]) for i in items(mark)]
        elif role == "mark" and kind == "line":
            if items(mark):
                summary["lines"].append([(dx + i["x"], dy + i["y"]) for i in items(mark)])
        elif kind == "group" and role == "scope":
            # A line per series: Vega-Lite's "pathgroup" facet, a group item per series.
            for item in items(mark):
                vl_marks(item, summary, dx + item.get("x", 0), dy + item.get("y", 0))


def vl_view(group_item):
    summary = {"title": None, "axes": {"x": [], "y": []}, "axis_count": {"x": 0, "y": 0}, "bars": [], "points": [], "lines": []}
    summary["origin"] = (group_item.get("x", 0), group_item.get("y", 0))
    for mark in items(group_item):
        if mark.get("role") == "axis":
            for axis in items(mark):
                labels = vl_axis({"items": [axis]})
                if not labels:
                    continue
                xs = {round(x, 3) for _, x, _ in labels}
                orient = "x" if len(xs) > 1 or len(labels) == 1 and axis.get("y", 0) > 0 else "y"
                summary["axis_count"][orient] += 1
                ordered = sorted(labels, key=lambda t: t[1] if orient == "x" else t[2])
                summary["axes"][orient].append([category(label) for label, _, _ in ordered])
        elif mark.get("role") == "title":
            for item in items(mark):
                for part in items(item):
                    if part.get("role") == "title-text":
                        summary["title"] = " ".join(str(i.get("text", "")) for i in items(part))
    vl_marks(group_item, summary)
    return summary


def vl_legends(node, out):
    for mark in items(node):
        if mark.get("role") == "legend":
            for legend in items(mark):
                title, labels, symbols = None, [], []
                stack = [legend]
                while stack:
                    current = stack.pop(0)
                    for part in items(current):
                        role = part.get("role")
                        if role == "legend-title":
                            title = " ".join(str(i.get("text", "")) for i in items(part))
                        elif role == "legend-label":
                            labels += [str(i.get("text", "")) for i in items(part)]
                        elif role == "legend-symbol":
                            symbols += items(part)
                        else:
                            stack += items(part)
                sizes = {round(s.get("size", 0), 2) for s in symbols}
                kind = "size" if len(sizes) > 1 else "color"
                out.append({"kind": kind, "title": title, "entries": labels})
        elif mark.get("marktype") == "group":
            for item in items(mark):
                vl_legends(item, out)


def vl_summary(spec):
    import vl_convert

    graph = vl_convert.vegalite_to_scenegraph(json.dumps(spec))
    root = graph.get("scenegraph", graph)
    frame = items(root)[0]
    views = []

    def find_views(node):
        nonlocal views
        for mark in items(node):
            if mark.get("marktype") == "group" and re.search(r"(concat_\d+|child_.*)_group$", mark.get("name") or ""):
                views += [vl_view(item) for item in items(mark)]
            elif mark.get("marktype") == "group" and mark.get("role") == "scope":
                for item in items(mark):
                    find_views(item)

    find_views(frame)
    if not views:
        views = [vl_view(frame)]
        views[0]["title"] = None
    legends = []
    vl_legends(frame, legends)
    return {"views": views, "legends": legends}


# Comparison -------------------------------------------------------------------------------------------------------


def normalise(values):
    low, high = min(values), max(values)
    return [0.5 if high - low < 1e-9 else (v - low) / (high - low) for v in values]


def normalised_bars(bars):
    """Each bar as its centre across the bands (normalised over the bars' centres) and its two ends along the
    measure (normalised over the bars' extent): a bar's thickness is each tool's band padding (chartc's 0.2, a house
    choice; Vega-Lite's 0.1), not compared."""
    if not bars:
        return []
    widths, heights = [b[2] for b in bars], [b[3] for b in bars]
    vertical = max(widths) - min(widths) <= max(heights) - min(heights)
    if vertical:
        across = normalise([b[0] + b[2] / 2 for b in bars])
        ends = normalise([b[1] for b in bars] + [b[1] + b[3] for b in bars])
    else:
        across = normalise([b[1] + b[3] / 2 for b in bars])
        ends = normalise([b[0] for b in bars] + [b[0] + b[2] for b in bars])
    n = len(bars)
    return sorted((round(across[i], 3), round(ends[i], 3), round(ends[n + i], 3)) for i in range(n))


def normalised_points(points):
    if not points:
        return []
    xs, ys = normalise([p[0] for p in points]), normalise([p[1] for p in points])
    return sorted((round(x, 3), round(y, 3)) for x, y in zip(xs, ys))


def normalised_lines(lines):
    every = [p for line in lines for p in line]
    if not every:
        return []
    xs, ys = normalise([p[0] for p in every]), normalise([p[1] for p in every])
    out, index = [], 0
    for line in lines:
        out.append([(round(xs[index + i], 3), round(ys[index + i], 3)) for i in range(len(line))])
        index += len(line)
    return sorted(out)


def close(a, b):
    if isinstance(a, (list, tuple)):
        return isinstance(b, (list, tuple)) and len(a) == len(b) and all(close(x, y) for x, y in zip(a, b))
    return abs(a - b) <= TOLERANCE


def discrete_channels(spec, count):
    """The position channels each of `count` views draws on a band or point axis (nominal, ordinal) in a Vega-Lite
    spec: their labels are categories to compare even when they are numbers (months 1-12)."""

    def walk(node, found):
        if isinstance(node, dict):
            encoding = node.get("encoding")
            if isinstance(encoding, dict):
                for channel in ("x", "y"):
                    definition = encoding.get(channel)
                    if isinstance(definition, dict) and definition.get("type") in ("nominal", "ordinal"):
                        found.add(channel)
            for value in node.values():
                walk(value, found)
        elif isinstance(node, list):
            for value in node:
                walk(value, found)
        return found

    for key in ("concat", "hconcat", "vconcat"):
        if isinstance(spec.get(key), list) and len(spec[key]) == count:
            return [walk(view, set()) for view in spec[key]]
    return [walk(spec, set())] * count


def grid(views):
    """Each view's column and row: the rank of its origin among the views' distinct origins."""

    def ranks(values):
        distinct = []
        for value in sorted(values):
            if not distinct or value - distinct[-1] > 2:
                distinct.append(value)
        return [sum(1 for d in distinct if d < value - 2) for value in values]

    return list(zip(ranks([v["origin"][0] for v in views]), ranks([v["origin"][1] for v in views])))


def compare(ours, theirs, vl_spec):
    problems = []
    if len(ours["views"]) != len(theirs["views"]):
        return [f"{len(ours['views'])} views, Vega-Lite draws {len(theirs['views'])}"]
    discrete = discrete_channels(vl_spec, len(ours["views"]))
    if grid(ours["views"]) != grid(theirs["views"]):
        problems.append(f"views at (column, row) {grid(ours['views'])}, Vega-Lite {grid(theirs['views'])}")
    for index, (a, b) in enumerate(zip(ours["views"], theirs["views"])):
        where = f"view {index}"
        if (a["title"] or None) != (b["title"] or None):
            problems.append(f"{where}: heading {a['title']!r}, Vega-Lite {b['title']!r}")
        for orient in ("x", "y"):
            categorical = orient in discrete[index] or any(
                not all(numeric(label) for label in labels) for labels in a["axes"][orient] + b["axes"][orient]
            )
            if categorical and a["axes"][orient] != b["axes"][orient]:
                problems.append(f"{where}: {orient} categories {a['axes'][orient]}, Vega-Lite {b['axes'][orient]}")
        for kind, norm in (("bars", normalised_bars), ("points", normalised_points), ("lines", normalised_lines)):
            if len(a[kind]) != len(b[kind]):
                problems.append(f"{where}: {len(a[kind])} {kind}, Vega-Lite {len(b[kind])}")
                continue
            ours_n, theirs_n = norm(a[kind]), norm(b[kind])
            if not close(ours_n, theirs_n):
                problems.append(f"{where}: {kind} at {ours_n}, Vega-Lite {theirs_n}")
    for orient in ("x", "y"):
        # Axes on a view: two on a dual-axis chart. chartc prints a grid's inner views without tick labels (SPEC §20,
        # as facets do) where Vega-Lite repeats them: the most axes any view has is compared.
        most = max(v["axis_count"][orient] for v in ours["views"]), max(v["axis_count"][orient] for v in theirs["views"])
        if most[0] != most[1]:
            problems.append(f"{most[0]} {orient} axes on a view, Vega-Lite {most[1]}")
    ours_legends = [(l["kind"], l["title"]) for l in ours["legends"]]
    theirs_legends = [(l["kind"], l["title"]) for l in theirs["legends"]]
    if sorted(ours_legends, key=str) != sorted(theirs_legends, key=str):
        problems.append(f"legends {ours_legends}, Vega-Lite {theirs_legends}")
    for legend in ours["legends"]:
        if legend["kind"] != "color":
            continue
        match = next((l for l in theirs["legends"] if l["kind"] == "color" and l["title"] == legend["title"]), None)
        if match and match["entries"] != legend["entries"]:
            problems.append(f"legend {legend['title']!r}: {legend['entries']}, Vega-Lite {match['entries']}")
    return problems


def main():
    try:
        import vl_convert  # noqa: F401
    except ImportError:
        print("vl-convert is not installed (pip install vl-convert-python): nothing compared", file=sys.stderr)
        return 2
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        return 64
    chartc = sys.argv[1]
    names = sys.argv[2:] or sorted(f[: -len(".chart.json")] for f in os.listdir(CASES) if f.endswith(".chart.json"))
    passed = failed = 0
    with tempfile.TemporaryDirectory() as out:
        for name in names:
            spec_path = os.path.join(CASES, name + ".chart.json")
            run = subprocess.run(
                [chartc, "build", spec_path, "--format", "svg", "-o", out, "--offline"], capture_output=True, text=True
            )
            svg_path = os.path.join(out, name + ".svg")
            if run.returncode != 0 or not os.path.exists(svg_path):
                print(f"{name}: chartc failed:\n{run.stderr}")
                failed += 1
                continue
            with open(os.path.join(CASES, name + ".vl.json"), encoding="utf-8") as f:
                vl = json.load(f)
            ours, theirs = chartc_summary(svg_path), vl_summary(vl)
            problems = compare(ours, theirs, vl)
            if "-v" in os.environ.get("COMPARE_FLAGS", ""):
                print(name, json.dumps({"chartc": ours, "vega-lite": theirs}))
            if problems:
                failed += 1
                print(f"{name}:")
                for problem in problems:
                    print(f"  {problem}")
            else:
                passed += 1
                sizes = [l["entries"] for l in ours["legends"] if l["kind"] == "size"]
                vl_sizes = [l["entries"] for l in theirs["legends"] if l["kind"] == "size"]
                extra = f" (size legend: chartc {sizes}, Vega-Lite {vl_sizes})" if sizes else ""
                print(f"{name}: same{extra}")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
