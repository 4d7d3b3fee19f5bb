/// The scripts of the preview's pages. The chart page listens on `/events/ID` and, for each build, updates
/// the bar and the diagnostics and, when the chart built, loads the new page into a hidden frame, presses the
/// same legend buttons the reader had pressed, and swaps it for the old one without moving the scroll
/// position. Key `r` asks for the remote data to be downloaded again. The index refreshes its cards.
enum LiveScript {
    static let chartPage = """
        (function () {
          "use strict";
          var body = document.body;
          var chart = body.getAttribute("data-chart");
          var version = Number(body.getAttribute("data-version"));
          var shown = Number(body.getAttribute("data-good"));
          var stage = document.querySelector(".preview-stage");
          var report = document.querySelector(".preview-diagnostics");
          var status = document.querySelector(".preview-status");
          var heading = document.querySelector(".preview-title");
          var frame = stage.querySelector(".preview-frame");
          var each = function (list, action) { Array.prototype.forEach.call(list, action); };

          function fit(target) {
            var doc = target.contentDocument;
            if (doc && doc.documentElement) target.style.height = Math.ceil(doc.documentElement.getBoundingClientRect().height) + "px";
          }
          function pressed(target) {
            var state = {};
            var doc = target && target.contentDocument;
            if (doc) each(doc.querySelectorAll("button.chartc-toggle"), function (button) {
              state[button.getAttribute("data-series")] = button.getAttribute("aria-pressed");
            });
            return state;
          }
          function prepare(target) {
            var doc = target.contentDocument;
            if (!doc || target.getAttribute("data-ready")) return;
            target.setAttribute("data-ready", "true");
            doc.addEventListener("keydown", onKey);
            var view = target.contentWindow;
            if (view && view.ResizeObserver) new view.ResizeObserver(function () { fit(target); }).observe(doc.documentElement);
            fit(target);
          }
          function swap(good) {
            var state = pressed(frame);
            var next = document.createElement("iframe");
            next.className = "preview-frame preview-loading";
            next.title = "The chart";
            next.addEventListener("load", function () {
              var doc = next.contentDocument;
              var seen = {};
              if (doc) each(doc.querySelectorAll("button.chartc-toggle"), function (button) {
                var series = button.getAttribute("data-series");
                if (seen[series]) return;
                seen[series] = true;
                if (Object.prototype.hasOwnProperty.call(state, series) && state[series] !== button.getAttribute("aria-pressed")) button.click();
              });
              var x = window.scrollX, y = window.scrollY;
              prepare(next);
              next.classList.remove("preview-loading");
              if (frame && frame !== next) frame.remove();
              frame = next;
              window.scrollTo(x, y);
              body.setAttribute("data-shown", String(good));
            }, { once: true });
            next.src = "/frame/" + chart + "?v=" + good;
            stage.appendChild(next);
          }
          function show(build) {
            if (build.version <= version) return;
            // A batch's page lists its charts: the page is made again for the new build.
            if (document.querySelector(".preview-batch-charts") || build.batch) { location.reload(); return; }
            version = build.version;
            heading.textContent = build.title;
            document.title = build.title + " \\u00b7 chartc preview";
            var failed = build.errors > 0;
            stage.classList.toggle("preview-failed", failed);
            report.textContent = build.diagnostics;
            report.hidden = build.diagnostics === "";
            report.classList.toggle("preview-errors", failed);
            status.textContent = build.status;
            status.classList.toggle("preview-bad", failed);
            body.setAttribute("data-version", String(version));
            if (!failed && build.good > shown) {
              shown = build.good;
              swap(build.good);
            }
          }
          function onKey(event) {
            if (event.key !== "r" || event.ctrlKey || event.metaKey || event.altKey) return;
            var target = event.target;
            if (target && /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName)) return;
            status.textContent = "downloading the remote data again\\u2026";
            fetch("/refresh/" + chart, { method: "POST" });
          }
          document.addEventListener("keydown", onKey);
          if (frame) {
            frame.addEventListener("load", function () { prepare(frame); body.setAttribute("data-shown", String(shown)); });
            if (frame.contentDocument && frame.contentDocument.readyState === "complete" && frame.contentDocument.URL !== "about:blank") prepare(frame);
          }
          var session = body.getAttribute("data-session");
          var source = null;
          // Browsers allow six connections per server: a page in a background tab lets go of its stream and
          // catches up from the first event when it is shown again.
          function listen() {
            source = new EventSource("/events/" + chart);
            source.addEventListener("build", function (event) {
              var build = JSON.parse(event.data);
              if (build.session !== session) { location.reload(); return; }  // the preview was restarted
              show(build);
            });
            source.addEventListener("removed", function () {
              status.textContent = "the spec is gone: it was deleted, renamed or is now ignored";
              status.classList.add("preview-bad");
            });
          }
          document.addEventListener("visibilitychange", function () {
            if (document.hidden && source) { source.close(); source = null; } else if (!document.hidden && !source) listen();
          });
          if (!document.hidden) listen();
        })();
        """

    static let index = """
        (function () {
          "use strict";
          var session = document.body.getAttribute("data-session");
          var source = null;
          function onBuild(event) {
            var build = JSON.parse(event.data);
            if (build.session !== session) { location.reload(); return; }
            var card = null;
            Array.prototype.forEach.call(document.querySelectorAll(".preview-card"), function (item) {
              if (item.getAttribute("data-chart") === build.chart) card = item;
            });
            if (!card) { location.reload(); return; }
            card.querySelector(".preview-card-title").textContent = build.title;
            card.querySelector(".preview-card-status").textContent = build.status;
            card.classList.toggle("preview-card-failed", build.errors > 0);
            var image = card.querySelector("img");
            if (!image && build.good > 0) { location.reload(); return; }
            if (image && build.good > 0) image.src = "/svg/" + build.chart + "?v=" + build.good;
          }
          function listen() {
            source = new EventSource("/events/");
            source.addEventListener("build", onBuild);
            source.addEventListener("charts", function () { location.reload(); });
            source.addEventListener("hello", function (event) {
              if (JSON.parse(event.data).session !== session) location.reload();
            });
          }
          document.addEventListener("visibilitychange", function () {
            if (document.hidden && source) { source.close(); source = null; } else if (!document.hidden && !source) { location.reload(); }
          });
          if (!document.hidden) listen();
        })();
        """
}
