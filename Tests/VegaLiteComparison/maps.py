#!/usr/bin/env python3
"""Compares chartc's maps (SPEC §22) with Vega-Lite's drawing of the same maps (vl-convert: Vega-Lite rendered
offline, no browser), feature by feature, in pixels.

Each case below describes one map once: its projection, its layers (the built-in basemaps, the same topology read
by `url` with `format`/`feature`, GeoJSON, a graticule, the sphere, cities as points or text) and its size, and
optionally a `facet` or a `concat`. The script writes it as a chartc spec (SPEC §22 alone) and as the Vega-Lite
spec a Vega-Lite user would write, builds the first with chartc to SVG and renders the second with vl-convert.

Vega-Lite's view is given the size of chartc's plot (chartc's `width` is the whole graphic: the plot is 40 px
narrower, between its 20 px paddings; `height` is the plot's, since a map has no axes; a view of a concat or a
facet's panel is its plot), so both fit the projection to the same rectangle and every position is compared
absolutely, from the plot's (each panel's) top-left corner, fitted or not:

- each feature (paired by `id` and order of appearance; shapes without an id by the nearest box): its bounding
  box, and the distance from each of its vertices to the other tool's outline of the same feature, both ways
  (chartc leaves out points closer than 0.5 px to the last one kept and rings smaller than 0.5 px across:
  Vega-Lite's rings that small are skipped);
- each point: its centre; each text: its place must lie within LABEL_GAP px of chartc's label, which is set clear
  of the others and inside the plot (SPEC §22). Places chartc cannot show (the far side of a globe, outside
  albersUsa's boxes) must be left out: Vega-Lite draws them anyway (`drawn`);
- a facet: Vega-Lite draws a faceted map empty (vega-lite#3729), so each panel is compared with Vega-Lite's single
  view of every panel's features at the panel's size (one fit shared by the panels), and the panels must come in
  the order the rows first give their values, as every facet's do.

Prints each case's worst difference and a closing "N passed, N failed" line. Exits 1 when a case is off by more
than TOLERANCE px, 2 when vl-convert is missing (the Swift test that runs it then skips).

Usage: maps.py CHARTC [CASE...]. The topologies are the ones chartc compiles in
(Sources/ChartGeo/Basemaps/BasemapData.swift), so Vega-Lite draws exactly the boundaries chartc draws.
"""

import json
import math
import os
import re
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

try:
    import vl_convert as vlc
except ImportError:
    print("vl-convert is missing: pip install vl-convert-python")
    sys.exit(2)

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
SVG = "{http://www.w3.org/2000/svg}"
TOLERANCE = 1.0
LABEL_GAP = 8.0  # how far from its place chartc may set a text mark's label (beside a point, clear of others)
PADDING = 20  # chartc's default theme: the plot starts 20 px in from the graphic's left and right edges


def topologies():
    """The basemaps' TopoJSON as chartc compiles it in."""
    text = open(os.path.join(ROOT, "Sources/ChartGeo/Basemaps/BasemapData.swift"), encoding="utf-8").read()
    out = {}
    for name in ("world", "unitedStates"):
        match = re.search(r'static let %s = #"(.*?)"#\n' % name, text, re.S)
        out[name] = json.loads(match.group(1))
    return out


TOPO = topologies()

CITIES = [
    ("Seattle", -122.33, 47.61), ("New York", -74.01, 40.71), ("Miami", -80.19, 25.76), ("Denver", -104.99, 39.74),
    ("Anchorage", -149.90, 61.22), ("Honolulu", -157.86, 21.31), ("London", -0.13, 51.51), ("Nairobi", 36.82, -1.29),
    ("Tokyo", 139.69, 35.69), ("Sydney", 151.21, -33.87), ("Lima", -77.04, -12.05), ("Suva", 178.44, -18.14),
]
US_CITIES = [c for c in CITIES if c[0] in ("Seattle", "New York", "Miami", "Denver", "Anchorage", "Honolulu")]

# GeoJSON written as d3-geo winds it (exteriors clockwise on the sphere): a box over Europe, a triangle across the
# antimeridian, a square with a hole, two islands, a line.
GEOJSON = {
    "type": "FeatureCollection",
    "features": [
        {"type": "Feature", "id": "box", "properties": {"name": "Box"},
         "geometry": {"type": "Polygon", "coordinates": [[[-10, 35], [-10, 60], [30, 60], [30, 35], [-10, 35]]]}},
        {"type": "Feature", "id": "pacific", "properties": {"name": "Pacific"},
         "geometry": {"type": "Polygon", "coordinates": [[[170, -10], [-170, -20], [170, -30], [170, -10]]]}},
        {"type": "Feature", "id": "holed", "properties": {"name": "Holed"},
         "geometry": {"type": "Polygon", "coordinates": [
             [[-70, -40], [-70, -10], [-40, -10], [-40, -40], [-70, -40]],
             [[-60, -30], [-50, -30], [-50, -20], [-60, -20], [-60, -30]]]}},
        {"type": "Feature", "id": "islands", "properties": {"name": "Islands"},
         "geometry": {"type": "MultiPolygon", "coordinates": [
             [[[100, 0], [100, 10], [110, 10], [110, 0], [100, 0]]],
             [[[120, -5], [120, 5], [130, 5], [130, -5], [120, -5]]]]}},
        {"type": "Feature", "id": "route", "properties": {"name": "Route"},
         "geometry": {"type": "LineString", "coordinates": [[-74, 40.7], [-0.1, 51.5], [37.6, 55.8], [139.7, 35.7]]}},
    ],
}


def layer(data, mark="geoshape", **extra):
    out = {"data": data, "mark": mark}
    out.update(extra)
    return out


WORLD, STATES = layer("world"), layer("states")
SPHERE, GRATICULE = layer("sphere"), layer({"graticule": {"step": [30, 30]}})
CITY_POINTS, US_POINTS = layer("cities", "point"), layer("us-cities", "point")

CASES = [
    # Every projection fitted to the world's countries (the built-in basemap), or to the states under the US ones.
    {"name": "equalEarth-world", "projection": {"type": "equalEarth"}, "layers": [WORLD]},
    {"name": "mercator-world", "projection": {"type": "mercator"}, "layers": [WORLD]},
    {"name": "transverseMercator-world", "projection": {"type": "transverseMercator"}, "layers": [WORLD]},
    {"name": "albers-states", "projection": {"type": "albers"}, "layers": [STATES]},
    {"name": "albersUsa-states", "projection": {"type": "albersUsa"}, "layers": [STATES]},
    {"name": "albersUsa-counties", "width": 960, "height": 600, "projection": {"type": "albersUsa"}, "layers": [layer("counties")]},
    {"name": "conicEqualArea-world", "projection": {"type": "conicEqualArea"}, "layers": [WORLD]},
    {"name": "conicConformal-states", "projection": {"type": "conicConformal"}, "layers": [STATES]},
    {"name": "naturalEarth1-world", "projection": {"type": "naturalEarth1"}, "layers": [WORLD]},
    {"name": "orthographic-world", "projection": {"type": "orthographic"}, "layers": [WORLD]},
    {"name": "equirectangular-world", "projection": {"type": "equirectangular"}, "layers": [WORLD]},
    {"name": "default-projection-world", "projection": None, "layers": [WORLD]},
    # The same topology by url, with format and feature, as a Vega-Lite user writes it.
    {"name": "url-world-naturalEarth1", "projection": {"type": "naturalEarth1"}, "layers": [layer("world-url")]},
    {"name": "url-states-albersUsa", "projection": {"type": "albersUsa"}, "layers": [layer("states-url")]},
    # rotate, center, parallels.
    {"name": "orthographic-rotated", "projection": {"type": "orthographic", "rotate": [-10, -45, 0]}, "layers": [SPHERE, WORLD]},
    {"name": "equalEarth-rotate-pacific", "projection": {"type": "equalEarth", "rotate": [-150, 0]}, "layers": [WORLD]},
    {"name": "mercator-rotate-center", "projection": {"type": "mercator", "rotate": [-20, 0], "center": [10, 50]}, "layers": [WORLD]},
    {"name": "transverseMercator-rotate", "projection": {"type": "transverseMercator", "rotate": [100, -40]}, "layers": [STATES]},
    {"name": "conicConformal-parallels", "projection": {"type": "conicConformal", "parallels": [20, 60], "rotate": [100, 0]}, "layers": [STATES]},
    {"name": "conicEqualArea-parallels", "projection": {"type": "conicEqualArea", "parallels": [20, 50], "rotate": [-20, 0]}, "layers": [WORLD]},
    {"name": "albers-parallels", "projection": {"type": "albers", "parallels": [35, 40]}, "layers": [STATES]},
    {"name": "equirectangular-rotate3", "projection": {"type": "equirectangular", "rotate": [30, 20, 10]}, "layers": [WORLD]},
    # Explicit scale and translate: nothing fitted, positions absolute.
    {"name": "equalEarth-scale-translate", "projection": {"type": "equalEarth", "scale": 100, "translate": [300, 180]}, "layers": [WORLD]},
    {"name": "mercator-scale-translate-center", "projection": {"type": "mercator", "scale": 400, "translate": [300, 200], "center": [15, 50]}, "layers": [WORLD]},
    {"name": "albersUsa-scale-translate", "projection": {"type": "albersUsa", "scale": 700, "translate": [300, 190]}, "layers": [STATES, US_POINTS]},
    {"name": "orthographic-scale-translate", "projection": {"type": "orthographic", "scale": 180, "translate": [300, 200], "rotate": [90, -30]}, "layers": [SPHERE, WORLD]},
    {"name": "equalEarth-scale-only", "projection": {"type": "equalEarth", "scale": 90}, "layers": [WORLD]},
    {"name": "conicConformal-translate-only", "projection": {"type": "conicConformal", "translate": [300, 300]}, "layers": [WORLD]},
    # GeoJSON, graticule and sphere data.
    {"name": "geojson-equalEarth", "projection": {"type": "equalEarth"}, "layers": [layer("geojson")]},
    {"name": "geojson-orthographic", "projection": {"type": "orthographic", "rotate": [-20, -20]}, "layers": [SPHERE, layer("geojson")]},
    {"name": "graticule-only", "projection": {"type": "naturalEarth1"}, "layers": [GRATICULE]},
    {"name": "graticule-default", "projection": {"type": "equirectangular"}, "layers": [layer({"graticule": True})]},
    {"name": "sphere-graticule-world", "projection": {"type": "equalEarth"}, "layers": [SPHERE, GRATICULE, WORLD]},
    {"name": "sphere-mercator", "projection": {"type": "mercator"}, "layers": [SPHERE, WORLD]},
    # Points and text by longitude and latitude.
    {"name": "points-world", "projection": {"type": "equalEarth"}, "layers": [WORLD, CITY_POINTS]},
    {"name": "points-only", "projection": {"type": "mercator"}, "layers": [CITY_POINTS]},
    {"name": "points-albersUsa", "projection": {"type": "albersUsa"}, "layers": [STATES, US_POINTS]},
    {"name": "text-world", "projection": {"type": "equalEarth"}, "layers": [WORLD, layer("cities", "text")]},
    # Points outside the shapes: the fit takes in every layer's positions, as Vega-Lite's does.
    {"name": "points-beyond-shapes", "projection": {"type": "mercator"}, "layers": [layer("geojson-box"), CITY_POINTS]},
    {"name": "orthographic-points", "projection": {"type": "orthographic", "rotate": [0, -30]}, "layers": [SPHERE, WORLD, CITY_POINTS]},
    # Edge cases of d3-geo's conics: parallels symmetric about the equator (n = 0: cylindrical equal-area) and
    # conformal on the equator (Mercator, unclipped: the states, since Antarctica would reach infinity).
    {"name": "conicEqualArea-symmetric", "projection": {"type": "conicEqualArea", "parallels": [-30, 30]}, "layers": [WORLD]},
    {"name": "conicConformal-equator", "projection": {"type": "conicConformal", "parallels": [0, 0], "rotate": [100, 0]}, "layers": [STATES]},
    {"name": "transverseMercator-center", "projection": {"type": "transverseMercator", "center": [10, 45], "scale": 600, "translate": [300, 200]},
     "layers": [WORLD]},
    {"name": "albers-rotate-center", "projection": {"type": "albers", "rotate": [-10, 0], "center": [5, 48], "parallels": [40, 55]},
     "layers": [layer("world", filter="europe")]},
    # A subset of the features (a filter): fitted to what is drawn.
    {"name": "filtered-countries", "projection": {"type": "mercator"}, "layers": [layer("world", filter="europe")]},
    # Borders drawn once (a TopoJSON mesh), a graticule on a globe, text alone, a plot below a title.
    {"name": "mesh-states", "projection": {"type": "albersUsa"}, "layers": [layer("states-mesh")]},
    {"name": "orthographic-graticule", "projection": {"type": "orthographic", "rotate": [60, -20]}, "layers": [SPHERE, GRATICULE, WORLD]},
    {"name": "text-only-albersUsa", "projection": {"type": "albersUsa"}, "layers": [layer("us-cities", "text")]},
    {"name": "titled-plot", "title": "A map below a title", "projection": {"type": "naturalEarth1"}, "layers": [SPHERE, WORLD, CITY_POINTS]},
    # Cuts at a rotated antimeridian, a pole inside the view, angles past a turn, places albersUsa has no box for.
    {"name": "geojson-rotated", "projection": {"type": "equalEarth", "rotate": [-170, 0]}, "layers": [layer("geojson")]},
    {"name": "orthographic-south-pole", "projection": {"type": "orthographic", "rotate": [0, 90]}, "layers": [SPHERE, GRATICULE, WORLD]},
    {"name": "equirectangular-rotate-past-turn", "projection": {"type": "equirectangular", "rotate": [200, 30, -370]}, "layers": [WORLD]},
    {"name": "albersUsa-points-abroad", "projection": {"type": "albersUsa"}, "layers": [STATES, CITY_POINTS]},
    # Size and aspect.
    {"name": "tall-plot", "width": 300, "height": 500, "projection": {"type": "equalEarth"}, "layers": [WORLD]},
    {"name": "wide-plot", "width": 900, "height": 200, "projection": {"type": "albersUsa"}, "layers": [STATES]},
    # Facets and concat.
    {"name": "facet-states", "projection": {"type": "albersUsa"}, "layers": [STATES], "facet": "region", "height": 150},
    {"name": "concat-projections", "concat": [
        {"projection": {"type": "orthographic", "rotate": [100, -40]}, "layers": [SPHERE, WORLD], "width": 250, "height": 250},
        {"projection": {"type": "albersUsa"}, "layers": [STATES, US_POINTS], "width": 300, "height": 200}]},
]

# ------------------------------------------------------------------------------------------------------------------


def features(name):
    if name in ("world", "world-url"):
        topo, obj = TOPO["world"], "countries"
    elif name == "counties":
        topo, obj = TOPO["unitedStates"], "counties"
    else:
        topo, obj = TOPO["unitedStates"], "states"
    return topo, obj


# The countries the filtered cases keep.
EUROPE = ("France", "Spain", "Portugal", "Italy", "Germany", "Poland", "Norway", "Sweden", "Finland", "Greece", "Ireland",
          "United Kingdom")

# The states of the facet's East panel (FIPS codes); the others are West.
EAST = (9, 10, 11, 12, 13, 23, 24, 25, 33, 34, 36, 37, 42, 44, 45, 50, 51, 54)


def chartc_data(data, folder):
    if data == "world":
        return {"basemap": "world"}
    if data == "states":
        return {"basemap": "us-states"}
    if data == "counties":
        return {"basemap": "us-counties"}
    if data == "states-mesh":
        json.dump(TOPO["unitedStates"], open(os.path.join(folder, "us.topojson.json"), "w"))
        return {"url": "us.topojson.json", "format": "topojson", "mesh": "states"}
    if data in ("world-url", "states-url"):
        topo, obj = features(data)
        name = "world.topojson.json" if data == "world-url" else "us.topojson.json"
        json.dump(topo, open(os.path.join(folder, name), "w"))
        return {"url": name, "format": "topojson", "feature": obj}
    if data in ("geojson", "geojson-box"):
        collection = GEOJSON if data == "geojson" else {"type": "FeatureCollection", "features": GEOJSON["features"][:1]}
        json.dump(collection, open(os.path.join(folder, data + ".geojson"), "w"))
        return {"url": data + ".geojson"}
    if data == "sphere":
        return {"sphere": True}
    if data in ("cities", "us-cities"):
        return {"values": [{"city": c, "lon": lon, "lat": lat} for c, lon, lat in (CITIES if data == "cities" else US_CITIES)]}
    return data  # a graticule, written the same in both


def vl_data(data):
    if data == "states-mesh":
        return {"values": TOPO["unitedStates"], "format": {"type": "topojson", "mesh": "states"}}
    if data in ("world", "world-url", "states", "states-url", "counties"):
        topo, obj = features(data)
        return {"values": topo, "format": {"type": "topojson", "feature": obj}}
    if data in ("geojson", "geojson-box"):
        collection = GEOJSON if data == "geojson" else {"type": "FeatureCollection", "features": GEOJSON["features"][:1]}
        return {"values": collection, "format": {"type": "json", "property": "features"}}
    if data == "sphere":
        return {"sphere": True}
    if data in ("cities", "us-cities"):
        return {"values": [{"city": c, "lon": lon, "lat": lat} for c, lon, lat in (CITIES if data == "cities" else US_CITIES)]}
    return data


def has_ids(data):
    return data in ("world", "world-url", "states", "states-url", "counties", "geojson", "geojson-box")


def place_encoding():
    return {"longitude": {"field": "lon", "type": "quantitative"}, "latitude": {"field": "lat", "type": "quantitative"}}


def chartc_layer(spec_layer, folder):
    out = {"data": chartc_data(spec_layer["data"], folder)}
    if spec_layer.get("filter") == "europe":
        out["filter"] = "name in (%s)" % ", ".join("'%s'" % name for name in EUROPE)
    if spec_layer["mark"] == "geoshape":
        out["mark"] = "geoshape"
    elif spec_layer["mark"] == "point":
        out["mark"] = "point"
        out["encoding"] = {"longitude": {"field": "lon"}, "latitude": {"field": "lat"}}
    else:
        out["mark"] = "text"
        out["encoding"] = {"longitude": {"field": "lon"}, "latitude": {"field": "lat"}, "text": {"field": "city"}}
    return out


def vl_layer(spec_layer):
    out = {"data": vl_data(spec_layer["data"])}
    if spec_layer.get("filter") == "europe":
        out["transform"] = [{"filter": {"field": "properties.name", "oneOf": list(EUROPE)}}]
    if spec_layer["mark"] == "geoshape":
        out["mark"] = {"type": "geoshape", "stroke": "black", "strokeWidth": 0.5}
        if has_ids(spec_layer["data"]):
            out["encoding"] = {"description": {"field": "id", "type": "nominal"}}
    elif spec_layer["mark"] == "point":
        out["mark"] = "circle"
        out["encoding"] = place_encoding()
    else:
        out["mark"] = "text"
        out["encoding"] = dict(place_encoding(), text={"field": "city", "type": "nominal"})
    return out


def chartc_view(view, folder, width, height):
    spec = {}
    if view.get("projection"):
        spec["projection"] = view["projection"]
    layers = [chartc_layer(l, folder) for l in view["layers"]]
    if len(layers) == 1:
        spec.update(layers[0])
    else:
        spec["layers"] = layers
    spec["width"], spec["height"] = width, height
    return spec


def vl_view(view, width, height):
    spec = {"width": width, "height": height}
    if view.get("projection"):
        spec["projection"] = view["projection"]
    layers = [vl_layer(l) for l in view["layers"]]
    if len(layers) == 1:
        spec.update(layers[0])
    else:
        spec["layer"] = layers
    return spec


def specs(case, folder):
    """The chartc spec and the Vega-Lite spec of a case; Vega-Lite's views have the size of chartc's plots."""
    width, height = case.get("width", 640), case.get("height", 400)
    head = {"$schema": "https://vega.github.io/schema/vega-lite/v5.json", "padding": 0, "autosize": {"type": "none"},
            "config": {"view": {"stroke": None}}}
    if "concat" in case:
        views = [chartc_view(v, folder, v["width"], v["height"]) for v in case["concat"]]
        chartc = {"concat": views, "columns": len(views), "sources": [{"title": "test"}]}
        vl = dict(head, hconcat=[vl_view(v, v["width"], v["height"]) for v in case["concat"]])
        return chartc, vl
    if "facet" in case:
        chartc = chartc_view(case, folder, width, height)
        east = ", ".join("'%02d'" % code for code in EAST)
        chartc["calculate"] = {"region": "id in (%s) ? 'East' : 'West'" % east}
        chartc["facet"] = {"field": case["facet"], "columns": 2}
        chartc["sources"] = [{"title": "test"}]
        return chartc, None  # Vega-Lite's twin needs the panel size: made once chartc has drawn (`facet_vl`)
    chartc = chartc_view(case, folder, width, height)
    chartc["sources"] = [{"title": "test"}]
    if case.get("title"):
        chartc["title"] = case["title"]
    vl = dict(head, **vl_view(case, width - 2 * PADDING, height))
    return chartc, vl


def facet_vl(case, panel_width, panel_height):
    """The reference for each panel of a faceted map: Vega-Lite's single view of every feature at the panel's size.
    (Vega-Lite itself draws a faceted map empty, its projection fitted to a dataset the facet hides,
    vega-lite#3729; what a panel must show is one fit to every panel's shapes, each panel drawing its own.)"""
    head = {"$schema": "https://vega.github.io/schema/vega-lite/v5.json", "padding": 0, "autosize": {"type": "none"},
            "config": {"view": {"stroke": None}}}
    return dict(head, **vl_view(case, panel_width, panel_height))


# SVG reading ------------------------------------------------------------------------------------------------------


def translation(transform):
    match = re.search(r"translate\(\s*([-\d.e]+)[ ,]+([-\d.e]+)\s*\)", transform or "")
    return (float(match.group(1)), float(match.group(2))) if match else (0.0, 0.0)


def walk(element, offset=(0.0, 0.0), parents=()):
    """Every element with the sum of its ancestors' translations (and its own), and its ancestors."""
    t = translation(element.get("transform"))
    here = (offset[0] + t[0], offset[1] + t[1])
    yield element, here, parents
    for child in element:
        yield from walk(child, here, parents + (element,))


def rings(d, offset):
    """A path's rings (or open lines) as lists of absolute points; M/L/Z and H/V only (what geoPath writes)."""
    out, current = [], []
    tokens = re.findall(r"[MLZHVmlzhv]|-?\d*\.?\d+(?:e-?\d+)?", d or "")
    i, command, x, y = 0, None, 0.0, 0.0
    while i < len(tokens):
        token = tokens[i]
        if token.isalpha():
            command = token
            i += 1
            if command in "Zz":
                if current:
                    out.append(current)
                current = []
            continue
        if command in ("M", "L"):
            x, y = float(tokens[i]), float(tokens[i + 1])
            i += 2
            if command == "M" and current:
                out.append(current)
                current = []
            current.append((x + offset[0], y + offset[1]))
            if command == "M":
                command = "L"
        elif command == "H":
            x = float(tokens[i])
            i += 1
            current.append((x + offset[0], y + offset[1]))
        elif command == "V":
            y = float(tokens[i])
            i += 1
            current.append((x + offset[0], y + offset[1]))
        else:
            raise ValueError("unexpected path command %r in %s" % (command, d[:80]))
    if current:
        out.append(current)
    return out


def classes(element):
    return (element.get("class") or "").split()


def chartc_panels(svg_path):
    """chartc's plots: [(origin, shapes, points, texts, heading)]; shapes [(id, rings)] in drawing order."""
    root = ET.parse(svg_path).getroot()
    panels = []
    for element, offset, parents in walk(root):
        if "chartc-plot" not in classes(element):
            continue
        shapes, points, texts = [], [], []
        for child, child_offset, _ in walk(element, (offset[0] - translation(element.get("transform"))[0],
                                                      offset[1] - translation(element.get("transform"))[1])):
            names = classes(child)
            if "chartc-region" in names or "chartc-geoline" in names:
                shapes.append((child.get("data-id"), rings(child.get("d"), child_offset)))
            elif "chartc-point" in names and child.tag == SVG + "circle":
                points.append((float(child.get("cx")) + child_offset[0], float(child.get("cy")) + child_offset[1]))
            elif "chartc-text" in names and child.tag == SVG + "text":
                texts.append(("".join(child.itertext()), float(child.get("x")) + child_offset[0], float(child.get("y")) + child_offset[1],
                              child.get("text-anchor") or "start", float(child.get("font-size") or 12)))
        heading = None
        for parent in reversed(parents):
            title = next((t for t in parent if t.tag == SVG + "text" and ("chartc-panel-title" in classes(t) or "chartc-title" in classes(t))), None)
            if title is not None and parent is not root:
                heading = "".join(title.itertext())
                break
        panels.append({"origin": offset, "shapes": shapes, "points": points, "texts": texts, "heading": heading})
    return root, panels


def vl_panels(svg):
    """Vega-Lite's views: each group of marks (a unit view, a facet cell) with its origin and its marks."""
    root = ET.fromstring(svg)
    views = {}
    for element, offset, parents in walk(root):
        names = classes(element)
        if element.tag != SVG + "g" or "role-mark" not in names:
            continue
        # The view: the nearest enclosing group item (the cell of a facet or concat, else the root).
        cell, origin = None, (0.0, 0.0)
        for depth in range(len(parents) - 1, -1, -1):
            parent = parents[depth]
            if parent.tag == SVG + "g" and ("role-scope" in classes(parent) or "role-frame" in classes(parent)):
                cell = parent
                # The cell's items are drawn in the group right inside it (translated to the cell's place).
                origin = next(o for e, o, _ in walk(root) if e is parents[depth + 1]) if depth + 1 < len(parents) else offset
                break
        if "mark-group" in names:
            continue
        key = id(cell)
        view = views.setdefault(key, {"order": len(views), "shapes": [], "points": [], "texts": [], "origin": origin})
        if "role-header-title" in names or "role-column-title" in names or "role-axis" in names:
            continue
        own = translation(element.get("transform"))
        base = (offset[0] - own[0], offset[1] - own[1])
        if "mark-shape" in names:
            for path, path_offset, _ in walk(element, base):
                if path.tag == SVG + "path":
                    view["shapes"].append((path.get("aria-label"), rings(path.get("d"), path_offset)))
        elif "mark-symbol" in names:
            for path, path_offset, _ in walk(element, base):
                if path.tag == SVG + "path" and path.get("transform"):
                    view["points"].append(path_offset)
        elif "mark-text" in names and "role-mark" in names:
            for text, text_offset, _ in walk(element, base):
                if text.tag == SVG + "text":
                    view["texts"].append(("".join(text.itertext()), text_offset[0], text_offset[1]))
    return [v for v in sorted(views.values(), key=lambda v: v["order"]) if v["shapes"] or v["points"] or v["texts"]]


# Comparison -------------------------------------------------------------------------------------------------------


def bbox(ring_list):
    xs = [p[0] for r in ring_list for p in r]
    ys = [p[1] for r in ring_list for p in r]
    return (min(xs), min(ys), max(xs), max(ys)) if xs else None


def visible(ring_list, tolerance=0.5):
    """The rings chartc draws: a closed ring smaller than 0.5 px both ways is left out (and so skipped here)."""
    out = []
    for ring in ring_list:
        b = bbox([ring])
        if b and (b[2] - b[0] >= tolerance or b[3] - b[1] >= tolerance):
            out.append(ring)
    return out


def segment_distance(p, a, b):
    ax, ay = a
    bx, by = b
    dx, dy = bx - ax, by - ay
    length = dx * dx + dy * dy
    t = 0.0 if length == 0 else max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / length))
    x, y = ax + t * dx, ay + t * dy
    return math.hypot(p[0] - x, p[1] - y)


def outline_distance(ours, theirs):
    """The largest distance from a vertex of `ours` to the nearest segment of `theirs` (numpy when there)."""
    segments = []
    for ring in theirs:
        closed = ring + [ring[0]] if len(ring) > 1 else ring * 2
        segments.extend(zip(closed[:-1], closed[1:]))
    vertices = [p for r in ours for p in r]
    if not vertices or not segments:
        return 0.0 if not vertices and not segments else float("inf")
    try:
        import numpy as np
        a = np.array([s[0] for s in segments])
        b = np.array([s[1] for s in segments])
        d = b - a
        length = (d * d).sum(axis=1)
        length[length == 0] = 1e-12
        worst = 0.0
        for start in range(0, len(vertices), 512):
            p = np.array(vertices[start:start + 512])[:, None, :]
            t = np.clip(((p - a) * d).sum(axis=2) / length, 0, 1)
            nearest = a + t[..., None] * d
            distance = np.sqrt(((p - nearest) ** 2).sum(axis=2)).min(axis=1)
            worst = max(worst, float(distance.max()))
        return worst
    except ImportError:
        return max(min(segment_distance(p, s[0], s[1]) for s in segments) for p in vertices)


def normal_id(value):
    if value is None:
        return None
    text = str(value).split(": ", 1)[-1]  # Vega-Lite's label may read "id: 004"
    if text in ("", "undefined", "null", "None"):
        return None
    try:
        return str(int(float(text)))
    except ValueError:
        return text


def compare_shapes(ours, theirs, problems):
    """Pairs the shapes by id and order (shapes without an id, Natural Earth's three countries without an ISO
    code, a graticule, the sphere: by the nearest box, since either tool may leave one out); returns the worst
    difference in px."""
    def keyed(shapes):
        # Numbered among the shapes drawn: a feature that draws nothing (an empty geometry, one clipped away)
        # takes no number, so two features of one id stay paired whichever tool writes an empty path for one.
        seen, out = {}, []
        for ident, ring_list in shapes:
            if not visible(ring_list):
                continue
            key = normal_id(ident)
            seen[key] = seen.get(key, 0) + 1
            out.append(((key, seen[key]), ring_list))
        return out
    mine = dict(keyed(ours))
    anonymous = [rings for (key, _), rings in mine.items() if key is None and rings]
    mine = {k: v for k, v in mine.items() if k[0] is not None}
    pairs = []
    for key, ring_list in keyed(theirs):
        if key[0] is not None:
            pairs.append((key, ring_list, mine.pop(key, None)))
            continue
        box = bbox(visible(ring_list))
        if box is None:
            continue
        nearest = min(anonymous, key=lambda r: max(abs(a - b) for a, b in zip(bbox(r), box)), default=None)
        if nearest is not None:
            anonymous.remove(nearest)
        pairs.append((key, ring_list, nearest))
    for rings in anonymous:
        mine[(None, id(rings))] = rings
    worst = 0.0
    for key, ring_list, other in pairs:
        drawn = visible(ring_list)
        if other is None:
            if drawn:
                problems.append("feature %s: Vega-Lite draws it (box %s), chartc does not" % (key[0], fmt(bbox(drawn))))
                worst = max(worst, math.inf)
            continue
        if not drawn and not other:
            continue
        if not drawn or not other:
            size = bbox(drawn or other)
            span = max(size[2] - size[0], size[3] - size[1])
            if span > TOLERANCE:
                problems.append("feature %s: only %s draws it (box %s)" % (key[0], "chartc" if other else "Vega-Lite", fmt(size)))
                worst = max(worst, span)
            continue
        b1, b2 = bbox(other), bbox(drawn)
        diff = max(abs(a - b) for a, b in zip(b1, b2))
        diff = max(diff, outline_distance(drawn, other), outline_distance(other, ring_list))
        if diff > TOLERANCE:
            problems.append("feature %s: off by %.2f px (chartc box %s, Vega-Lite %s)" % (key[0], diff, fmt(b1), fmt(b2)))
        worst = max(worst, diff)
    for key, ring_list in mine.items():
        if ring_list and max(bbox(ring_list)[2] - bbox(ring_list)[0], bbox(ring_list)[3] - bbox(ring_list)[1]) > TOLERANCE:
            problems.append("feature %s: chartc draws it (box %s), Vega-Lite does not" % (key[0], fmt(bbox(ring_list))))
            worst = math.inf
    return worst


def fmt(box):
    return "(%s)" % ", ".join("%.1f" % v for v in box) if box else "()"


def compare_places(ours, theirs, what, problems, text=False):
    worst = 0.0
    if len(ours) != len(theirs):
        problems.append("%s: chartc draws %d, Vega-Lite %d" % (what, len(ours), len(theirs)))
        return math.inf
    if text:
        theirs = sorted(theirs)
        ours = sorted(ours)
        for (name, x, y, anchor, size), (vname, vx, vy) in zip(ours, theirs):
            if name != vname:
                problems.append("%s: chartc's %r where Vega-Lite has %r" % (what, name, vname))
                worst = math.inf
                continue
            # chartc places a label clear of its place and of the other labels, inside the plot (SPEC §22): the
            # place must lie within LABEL_GAP px of the label's box (its width guessed at 0.6 em a character).
            width = 0.6 * size * len(name)
            x0 = x - width / 2 if anchor == "middle" else (x - width if anchor == "end" else x)
            box = (x0, y - size, x0 + width, y + 0.3 * size)
            outside = math.hypot(max(box[0] - vx, 0, vx - box[2]), max(box[1] - vy, 0, vy - box[3]))
            diff = max(0.0, outside - LABEL_GAP)
            if diff > TOLERANCE:
                problems.append("%s %s: chartc (%.1f, %.1f), Vega-Lite (%.1f, %.1f)" % (what, name, x, y, vx, vy))
            worst = max(worst, diff)
        return worst
    remaining = list(theirs)
    for p in ours:
        nearest = min(remaining, key=lambda q: math.hypot(p[0] - q[0], p[1] - q[1]))
        remaining.remove(nearest)
        diff = math.hypot(p[0] - nearest[0], p[1] - nearest[1])
        if diff > TOLERANCE:
            problems.append("%s at (%.1f, %.1f): Vega-Lite's nearest at (%.1f, %.1f)" % (what, p[0], p[1], nearest[0], nearest[1]))
        worst = max(worst, diff)
    return worst


def drawn(view, lon, lat):
    """Whether chartc draws a place: not on the far side of an orthographic globe, nor outside albersUsa's three
    boxes, as d3's geoPath draws a Point (SPEC §22: `places-left-out`). Vega-Lite draws the first over the front
    of the globe (its positions are not clipped) and the second at the view's top-left corner (0, 0)."""
    projection = view.get("projection") or {}
    if projection.get("type") == "albersUsa":
        return any(abs(lon - c[1]) < 1e-9 and abs(lat - c[2]) < 1e-9 for c in US_CITIES)
    if projection.get("type") != "orthographic":
        return True
    rotate = projection.get("rotate", [0, 0])
    lon0, lat0 = math.radians(-rotate[0]), math.radians(-rotate[1])
    lon, lat = math.radians(lon), math.radians(lat)
    return math.sin(lat0) * math.sin(lat) + math.cos(lat0) * math.cos(lat) * math.cos(lon - lon0) > 0


def places(view, mark):
    """Whether each place of the view's `mark` layers (in Vega-Lite's drawing order) is drawn."""
    out = []
    for spec_layer in view["layers"]:
        if spec_layer["mark"] == mark:
            cities = CITIES if spec_layer["data"] == "cities" else US_CITIES
            out.extend(drawn(view, lon, lat) for _, lon, lat in cities)
    return out


def first_appearance(case):
    """The facet's values in the order the rows first give them (chartc's panel order, as for every facet)."""
    order = []
    for geometry in TOPO["unitedStates"]["objects"]["states"]["geometries"]:
        value = "East" if int(geometry["id"]) in EAST else "West"
        if value not in order:
            order.append(value)
    return order


def run(chartc, case):
    folder = tempfile.mkdtemp(prefix="chartc-maps-")
    chartc_spec, vl_spec = specs(case, folder)
    path = os.path.join(folder, "m.chart.json")
    json.dump(chartc_spec, open(path, "w"), indent=1)
    result = subprocess.run([chartc, "build", path, "-o", folder, "--format", "svg"], capture_output=True, text=True)
    if result.returncode != 0:
        return math.inf, ["chartc build failed: " + (result.stderr or result.stdout).strip()[:800]]
    _, panels = chartc_panels(os.path.join(folder, "m.svg"))
    problems = []
    faceted = "facet" in case
    if faceted:
        vl_spec = facet_vl(case, *panel_size(panels, case))
        headings = [p["heading"] for p in panels]
        if headings != first_appearance(case):
            problems.append("panels in order %s; the rows give %s first" % (headings, first_appearance(case)))
    json.dump(vl_spec, open(os.path.join(folder, "m.vl.json"), "w"))
    svg = vlc.vegalite_to_svg(json.dumps(vl_spec))
    open(os.path.join(folder, "m.vl.svg"), "w").write(svg)
    views = vl_panels(svg)
    if faceted:
        views = views * len(panels)
    if len(views) != len(panels):
        return math.inf, ["chartc draws %d plots, Vega-Lite %d views (%s)" % (len(panels), len(views), folder)]
    worst = 0.0
    described = case["concat"] if "concat" in case else [case] * len(panels)
    for panel, view, described_view in zip(panels, views, described):
        origin = view["origin"]
        ox, oy = panel["origin"]
        shift = lambda pts: [(x - ox, y - oy) for x, y in pts]
        vshift = lambda pts: [(x - origin[0], y - origin[1]) for x, y in pts]
        ours_shapes = [(i, [shift(r) for r in rs]) for i, rs in panel["shapes"]]
        vl_shapes = [(i, [vshift(r) for r in rs]) for i, rs in view["shapes"]]
        if faceted:  # a panel draws its own features: the reference's others are not in it
            drawn = {normal_id(i) for i, _ in ours_shapes}
            vl_shapes = [(i, rs) for i, rs in vl_shapes if normal_id(i) in drawn]
        worst = max(worst, compare_shapes(ours_shapes, vl_shapes, problems))
        shown = places(described_view, "point")
        vl_points = [p for i, p in enumerate(vshift(view["points"])) if all(math.isfinite(v) for v in p) and (i >= len(shown) or shown[i])]
        worst = max(worst, compare_places(shift(panel["points"]), vl_points, "point", problems))
        ours_texts = [(t, x - ox, y - oy, anchor, size) for t, x, y, anchor, size in panel["texts"]]
        shown = places(described_view, "text")
        vl_texts = [(t, x - origin[0], y - origin[1]) for i, (t, x, y) in enumerate(view["texts"])
                    if math.isfinite(x) and math.isfinite(y) and (i >= len(shown) or shown[i])]
        worst = max(worst, compare_places(ours_texts, vl_texts, "text", problems, text=True))
    if problems:
        problems.append("files: " + folder)
    return worst, problems


def panel_size(panels, case):
    """A facet panel's plot size in chartc's drawing: its height is the spec's; its width the distance between two
    panels side by side less the 14 px between them (a map's panels have no axes)."""
    if len(panels) < 2:
        raise SystemExit("a facet case needs two panels side by side")
    return panels[1]["origin"][0] - panels[0]["origin"][0] - 14, case.get("height", 400)


def main():
    chartc = sys.argv[1]
    names = sys.argv[2:]
    passed = failed = 0
    for case in CASES:
        if names and case["name"] not in names:
            continue
        worst, problems = run(chartc, case)
        ok = worst <= TOLERANCE and not problems
        print("%-34s worst %s px%s" % (case["name"], "%.2f" % worst if math.isfinite(worst) else "inf", "" if ok else "  FAILED"))
        for problem in problems[:12]:
            print("    " + problem)
        if len(problems) > 12:
            print("    … and %d more" % (len(problems) - 12))
        passed += ok
        failed += not ok
    print("%d passed, %d failed" % (passed, failed))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
