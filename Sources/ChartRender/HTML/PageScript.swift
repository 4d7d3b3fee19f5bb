/// The page's script, written by us and inlined; the same bytes on every page (its hash is in the page's
/// Content-Security-Policy). It reads the chart's data from the `<script type="application/json">` block in
/// the figure and never builds markup from strings: text goes in with `textContent`, series names are compared
/// with `getAttribute`, never put into a selector.
///
/// - Legend buttons flip `aria-pressed` on every button of their series and `data-hidden` on its legend
///   entries and mark groups (the stylesheet hides those), in both the wide and the narrow layout.
/// - Tooltips: a pointer over a mark (`[data-row]`), or near a point, shows that row's formatted fields;
///   Tab focuses the marks, the arrow keys move between them (left/right along a series, up/down across
///   series), Home/End jump, Escape closes; a polite live region reads the values out.
/// - The "Show the data" button reveals the table that screen readers always have.
enum PageScript {
    /// The script of a layered chart's page (SPEC §11): the same, except that a tooltip leaves out the fields a
    /// row's layer does not show (written `false` in the data, `TooltipData(layers:)`). One-mark pages keep
    /// `source`, byte for byte.
    static let layeredSource = source.replacingFirst(
        "if (index === data.heading) { return; }",
        with: "if (index === data.heading || row[index] === false) { return; }"
    ).replacingFirst(
        "if (data.heading !== null && row[data.heading] !== null) {",
        with: "if (data.heading !== null && row[data.heading] !== null && row[data.heading] !== false) {"
    )

    /// The script of a page that draws arcs (SPEC §21): the same (`base`: `source` or `layeredSource`), plus a
    /// legend button re-draws each pie over the slices left shown, so their shares fill 360° again (each slice's
    /// `data-value` and its pie's `data-arc` geometry, `cx,cy,inner,outer,padAngle`). Its labels are hidden while
    /// any slice is (their places were computed for every slice), and the drawn paths come back when all are shown.
    /// Pages without arcs keep their script byte for byte.
    static func arcSource(_ base: String) -> String {
        base.replacingFirst(
            "    function setSeries(name, visible) {\n",
            with: arcFunctions + "    function setSeries(name, visible) {\n"
        ).replacingFirst(
            "      if (active && !isShown(active)) { hide(); }\n",
            with: "      redrawArcs();\n      if (active && !isShown(active)) { hide(); }\n")
    }

    /// The script of a page with a stepped color legend (SPEC §22): the same (`base`), plus each step's button
    /// highlights its step: the marks (`data-step`, the step of their value) and swatches of the steps not
    /// highlighted fade (`data-dimmed`); pressing it again, or every highlighted step's button, shows all. Being
    /// buttons, they take Tab, Enter and Space. Pages without one keep their script byte for byte.
    static func stepSource(_ base: String) -> String {
        base.replacingFirst(
            "    function setSeries(name, visible) {\n",
            with: stepFunctions + "    function setSeries(name, visible) {\n")
    }

    private static let stepFunctions = """
            var steps = [];
            each(figure.querySelectorAll("button.chartc-step-toggle"), function (button) {
              button.addEventListener("click", function () {
                setStep(button.getAttribute("data-step"), button.getAttribute("aria-pressed") !== "true");
              });
            });

            function setStep(step, highlighted) {
              var at = steps.indexOf(step);
              if (highlighted && at < 0) { steps.push(step); }
              if (!highlighted && at >= 0) { steps.splice(at, 1); }
              each(figure.querySelectorAll("[data-step]"), function (element) {
                var own = steps.indexOf(element.getAttribute("data-step")) >= 0;
                if (element.classList.contains("chartc-step-toggle")) {
                  element.setAttribute("aria-pressed", own ? "true" : "false");
                } else {
                  element.setAttribute("data-dimmed", steps.length && !own ? "true" : "false");
                }
              });
            }


        """

    private static let arcFunctions = """
            var pies = [];
            each(figure.querySelectorAll(".chartc-plot"), function (plot) {
              var slices = Array.prototype.slice.call(plot.querySelectorAll("path.chartc-arc"));
              if (slices.length) {
                pies.push({ plot: plot, slices: slices, drawn: slices.map(function (slice) { return slice.getAttribute("d"); }) });
              }
            });

            function redrawArcs() {
              pies.forEach(function (pie) {
                var shown = pie.slices.filter(isShown);
                var all = shown.length === pie.slices.length;
                var total = 0;
                shown.forEach(function (slice) { total += Number(slice.getAttribute("data-value")); });
                var angle = 0;
                pie.slices.forEach(function (slice, index) {
                  if (all) { slice.setAttribute("d", pie.drawn[index]); return; }
                  if (!isShown(slice) || !(total > 0)) { return; }
                  var arc = (slice.getAttribute("data-arc") || "").split(",").map(Number);
                  var end = angle + Number(slice.getAttribute("data-value")) / total * 2 * Math.PI;
                  slice.setAttribute("d", wedge(arc[0], arc[1], arc[2], arc[3], arc[4], angle, end));
                  angle = end;
                });
                each(pie.plot.querySelectorAll(".chartc-arc-label, .chartc-leader"), function (label) {
                  if (all) { label.removeAttribute("visibility"); } else { label.setAttribute("visibility", "hidden"); }
                });
              });
            }

            function wedge(cx, cy, inner, outer, pad, start, end) {
              var point = function (angle, radius) {
                return (cx + radius * Math.sin(angle)).toFixed(2) + "," + (cy - radius * Math.cos(angle)).toFixed(2);
              };
              var ring = function (radius, sweep) {
                return "M" + point(0, radius) + "A" + radius + "," + radius + " 0 1," + sweep + " " + point(Math.PI, radius)
                  + "A" + radius + "," + radius + " 0 1," + sweep + " " + point(0, radius) + "Z";
              };
              if (end - start >= 2 * Math.PI - 1e-9) { return ring(outer, 1) + (inner > 0 ? ring(inner, 0) : ""); }
              var half = Math.min(pad, end - start) / 2;
              var from = start + half, to = end - half;
              var large = to - from > Math.PI ? 1 : 0;
              var path = "M" + point(from, outer) + "A" + outer + "," + outer + " 0 " + large + ",1 " + point(to, outer);
              if (inner > 0) {
                path += "L" + point(to, inner) + "A" + inner + "," + inner + " 0 " + large + ",0 " + point(from, inner);
              } else {
                path += "L" + cx + "," + cy;
              }
              return path + "Z";
            }


        """

    static let source = """
        (function () {
          "use strict";
          var each = function (list, action) { Array.prototype.forEach.call(list, action); };
          each(document.querySelectorAll(".chartc-figure"), setUp);

          function setUp(figure) {
            var data = { heading: null, fields: [], rows: [] };
            var source = figure.querySelector("script.chartc-data");
            if (source) {
              try { data = JSON.parse(source.textContent); } catch (error) { /* the chart still works, without tooltips */ }
            }
            var tooltip = figure.querySelector(".chartc-tooltip");
            var announcer = figure.querySelector(".chartc-announcer");
            var active = null;

            each(figure.querySelectorAll("button.chartc-toggle"), function (button) {
              button.addEventListener("click", function () {
                setSeries(button.getAttribute("data-series"), button.getAttribute("aria-pressed") !== "true");
              });
            });

            function setSeries(name, visible) {
              each(figure.querySelectorAll("[data-series]"), function (element) {
                if (element.getAttribute("data-series") !== name) { return; }
                if (element.classList.contains("chartc-toggle")) {
                  element.setAttribute("aria-pressed", visible ? "true" : "false");
                } else {
                  element.setAttribute("data-hidden", visible ? "false" : "true");
                }
              });
              if (active && !isShown(active)) { hide(); }
            }

            function isShown(mark) {
              var series = mark.closest(".chartc-series");
              return !series || series.getAttribute("data-hidden") !== "true";
            }

            function marksOf(svg) {
              return Array.prototype.filter.call(svg.querySelectorAll(".chartc-marks [data-row]"), isShown);
            }

            function element(tag, className) {
              var node = document.createElement(tag);
              if (className) { node.className = className; }
              return node;
            }

            function colorOf(mark) {
              var style = window.getComputedStyle(mark);
              var fill = style.fill;
              return fill && fill !== "none" && fill.indexOf("url(") !== 0 ? fill : style.stroke;
            }

            function show(mark, announce) {
              var row = data.rows[Number(mark.getAttribute("data-row"))];
              if (!row || !tooltip) { hide(); return; }
              var color = colorOf(mark);
              if (active && active !== mark) { active.classList.remove("chartc-active"); }
              active = mark;
              mark.classList.add("chartc-active");
              while (tooltip.firstChild) { tooltip.removeChild(tooltip.firstChild); }
              var spoken = [];
              if (data.heading !== null && row[data.heading] !== null) {
                var heading = element("div", "chartc-tooltip-heading");
                var swatch = element("span", "chartc-tooltip-swatch");
                swatch.style.background = color;
                heading.appendChild(swatch);
                heading.appendChild(document.createTextNode(row[data.heading]));
                tooltip.appendChild(heading);
                spoken.push(row[data.heading]);
              }
              var list = element("dl");
              data.fields.forEach(function (label, index) {
                if (index === data.heading) { return; }
                var value = row[index] === null ? "\\u2013" : row[index];
                var item = element("div");
                var term = element("dt");
                var description = element("dd");
                term.textContent = label;
                description.textContent = value;
                item.appendChild(term);
                item.appendChild(description);
                list.appendChild(item);
                spoken.push(label + ": " + value);
              });
              if (list.firstChild) { tooltip.appendChild(list); }
              tooltip.hidden = false;
              place(mark);
              if (announce && announcer) { announcer.textContent = spoken.join(", "); }
            }

            function place(mark) {
              var box = mark.getBoundingClientRect();
              var frame = figure.getBoundingClientRect();
              var width = tooltip.offsetWidth;
              var height = tooltip.offsetHeight;
              var x = box.left + box.width / 2 - frame.left;
              var left = Math.max(0, Math.min(frame.width - width, x - width / 2));
              var top = box.top - frame.top - height - 10;
              if (top < 0) { top = box.bottom - frame.top + 10; }
              tooltip.style.left = Math.round(left) + "px";
              tooltip.style.top = Math.round(top) + "px";
            }

            function hide() {
              if (active) { active.classList.remove("chartc-active"); }
              active = null;
              if (tooltip) { tooltip.hidden = true; }
            }

            function pick(svg, event) {
              var target = event.target && event.target.closest ? event.target.closest("[data-row]") : null;
              if (target && svg.contains(target) && isShown(target)) { return target; }
              var best = null;
              var bestDistance = 24 * 24;
              marksOf(svg).forEach(function (mark) {
                if (mark.tagName.toLowerCase() !== "circle") { return; }
                var box = mark.getBoundingClientRect();
                var dx = box.left + box.width / 2 - event.clientX;
                var dy = box.top + box.height / 2 - event.clientY;
                var distance = dx * dx + dy * dy;
                if (distance < bestDistance) { best = mark; bestDistance = distance; }
              });
              return best;
            }

            each(figure.querySelectorAll(".chartc-view > svg"), function (svg) {
              var group = svg.querySelector(".chartc-marks");
              if (!group || !svg.querySelector(".chartc-marks [data-row]")) { return; }
              // At most one lookup per frame, however fast the pointer moves over thousands of marks.
              var pending = null;
              var follow = function (event) {
                if (pending === null) {
                  window.requestAnimationFrame(function () {
                    var last = pending;
                    pending = null;
                    var mark = pick(svg, last);
                    if (mark) { show(mark, false); } else if (active && document.activeElement !== group) { hide(); }
                  });
                }
                pending = { target: event.target, clientX: event.clientX, clientY: event.clientY };
              };
              svg.addEventListener("pointermove", follow);
              svg.addEventListener("pointerdown", follow);
              svg.addEventListener("pointerleave", function () {
                if (document.activeElement !== group) { hide(); }
              });

              group.setAttribute("tabindex", "0");
              group.setAttribute("aria-label", "Data points: use the arrow keys to read each value");
              group.addEventListener("focus", function () {
                var list = marksOf(svg);
                if (list.length) { show(list.indexOf(active) >= 0 ? active : list[0], true); }
              });
              group.addEventListener("blur", hide);
              group.addEventListener("keydown", function (event) {
                var list = marksOf(svg);
                if (!list.length) { return; }
                var index = list.indexOf(active);
                var next = index < 0 ? 0 : index;
                switch (event.key) {
                  case "ArrowRight": next = Math.min(list.length - 1, next + (index < 0 ? 0 : 1)); break;
                  case "ArrowLeft": next = Math.max(0, next - (index < 0 ? 0 : 1)); break;
                  case "ArrowDown": next = across(svg, index < 0 ? list[0] : active, 1); break;
                  case "ArrowUp": next = across(svg, index < 0 ? list[0] : active, -1); break;
                  case "Home": next = 0; break;
                  case "End": next = list.length - 1; break;
                  case "Escape": hide(); return;
                  default: return;
                }
                event.preventDefault();
                if (typeof next !== "number") { next = list.indexOf(next); }
                if (next >= 0) { show(list[next], true); }
              });
            });

            // The mark at the same place in the next (or previous) visible series, for moving between lines.
            function across(svg, mark, step) {
              var groups = Array.prototype.filter.call(svg.querySelectorAll(".chartc-marks .chartc-series"), function (series) {
                return series.getAttribute("data-hidden") !== "true" && series.querySelector("[data-row]");
              });
              var current = mark.closest(".chartc-series");
              var at = groups.indexOf(current);
              var target = groups[Math.max(0, Math.min(groups.length - 1, at + step))];
              if (!target || target === current) { return mark; }
              var here = Array.prototype.indexOf.call(current.querySelectorAll("[data-row]"), mark);
              var there = target.querySelectorAll("[data-row]");
              return there[Math.max(0, Math.min(there.length - 1, here))];
            }

            var tableButton = figure.querySelector(".chartc-table-toggle");
            var table = figure.querySelector(".chartc-table");
            if (tableButton && table) {
              tableButton.addEventListener("click", function () {
                var open = tableButton.getAttribute("aria-expanded") !== "true";
                tableButton.setAttribute("aria-expanded", open ? "true" : "false");
                tableButton.textContent = open ? "Hide the data" : "Show the data";
                table.classList.toggle("chartc-sr-only", !open);
              });
            }
            window.addEventListener("resize", hide);
          }
        })();

        """
}

extension String {
    /// `self` with the first occurrence of `target` replaced (unchanged when there is none).
    func replacingFirst(_ target: String, with replacement: String) -> String {
        let characters = Array(self), wanted = Array(target)
        guard !wanted.isEmpty, wanted.count <= characters.count else { return self }
        for start in 0...(characters.count - wanted.count) where Array(characters[start..<(start + wanted.count)]) == wanted {
            return String(characters[..<start]) + replacement + String(characters[(start + wanted.count)...])
        }
        return self
    }
}
