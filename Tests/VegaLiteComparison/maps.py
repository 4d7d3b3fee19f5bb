#!/usr/bin/env python3
"""Compares chartc's maps (SPEC §22) with Vega-Lite's drawing of the same map (vl-convert, offline).

Usage: maps.py CHARTC GEO_FOLDER PROJECTION FEATURE, FEATURE one of states, counties (us-10m.json) or countries
(world-110m.json) in GEO_FOLDER (../shared/data/geo). Both draw every feature fitted to a 600 x 400 plot; each
feature's bounding box in chartc's SVG, scaled to Vega-Lite's extent, is compared with Vega-Lite's, and the worst
difference printed (in Vega-Lite's px). Measured 2026-11: albersUsa states 0.31 px; equalEarth 0.49,
naturalEarth1 0.48, mercator 0.45, equirectangular 0.43 px over the 177 countries (chartc rounds to 0.1 px).
Counties are not paired one to one: chartc leaves out a ring smaller than half a px (simplification).
"""
import json, os, re, subprocess, sys, tempfile, vl_convert as vlc
import xml.etree.ElementTree as ET
chartc, geo, proj, feature = sys.argv[1:5]
topo_path = os.path.join(geo, "us-10m.json" if feature in ("states", "counties") else "world-110m.json")
os.chdir(tempfile.mkdtemp())
basemap = {"states": "us-states", "counties": "us-counties", "countries": "world"}[feature]
topo = json.load(open(topo_path))
W, H = 600, 400
vl = {"$schema": "https://vega.github.io/schema/vega-lite/v5.json", "width": W, "height": H, "padding": 0,
      "autosize": {"type": "none"}, "config": {"view": {"stroke": None}},
      "data": {"values": topo, "format": {"type": "topojson", "feature": feature}},
      "projection": {"type": proj}, "mark": {"type": "geoshape", "stroke": None}}
svg = vlc.vegalite_to_svg(json.dumps(vl))
def bbox(d):
    nums = [float(x) for x in re.findall(r"-?\d+\.?\d*(?:e-?\d+)?", d)]
    xs, ys = nums[0::2], nums[1::2]
    return (min(xs), min(ys), max(xs), max(ys)) if xs else None
root = ET.fromstring(svg)
vpaths = [p.get("d") or "" for p in root.iter("{http://www.w3.org/2000/svg}path") if p.get("class") != "background"]
print("empty Vega-Lite paths:", sum(1 for d in vpaths if not d))
vpaths = [d for d in vpaths if d]
spec = {"data": {"basemap": basemap}, "projection": {"type": proj}, "mark": "geoshape", "width": W, "height": H}
open("m.chart.json", "w").write(json.dumps(spec))
subprocess.run([chartc, "build", "m.chart.json", "-o", ".", "--format", "svg"], check=True, capture_output=True)
ours = ET.parse("m.svg").getroot()
opaths = [(p.get("data-id"), p.get("d")) for p in ours.iter("{http://www.w3.org/2000/svg}path") if "chartc-region" in (p.get("class") or "")]
# our plot's offset: the union bbox of all our paths vs VL's union bbox; both are fitted, so compare after removing each tool's offset and plot size
def union(bbs):
    bbs = [b for b in bbs if b]
    return (min(b[0] for b in bbs), min(b[1] for b in bbs), max(b[2] for b in bbs), max(b[3] for b in bbs))
vb = [bbox(d) for d in vpaths]
ob = [bbox(d) for _, d in opaths]
print(len(vb), "Vega-Lite paths,", len(ob), "chartc paths")
vu, ou = union(vb), union(ob)
k = (vu[2] - vu[0]) / (ou[2] - ou[0])
print("extent: Vega-Lite %.1f x %.1f, chartc %.1f x %.1f" % (vu[2]-vu[0], vu[3]-vu[1], ou[2]-ou[0], ou[3]-ou[1]))
worst = 0
vb_nonempty = [b for b in vb if b]
for (i, o), v in zip(enumerate(ob), vb_nonempty):
    if not o: continue
    # map ours into VL's frame: same scale factor k, aligned at the union's top-left
    mapped = [vu[0] + (o[0]-ou[0])*k, vu[1] + (o[1]-ou[1])*k, vu[0] + (o[2]-ou[0])*k, vu[1] + (o[3]-ou[1])*k]
    diff = max(abs(a-b) for a, b in zip(mapped, v))
    worst = max(worst, diff)
print("scale ratio %.4f; worst feature bbox difference %.2f px (Vega-Lite's px)" % (k, worst))
