/// The page's script: it draws the overview, the tables, the players, the timeline and the
/// charts from the embedded data, and answers the address's fragment (``ReportPage``).
extension ReportPage {
  static let script = #"""
    "use strict";
    const data = JSON.parse(document.getElementById("report-data").textContent);
    const $ = (id) => document.getElementById(id);
    const SVG = "http://www.w3.org/2000/svg";
    function el(name, attributes, parent, text) {
      const node = document.createElementNS(SVG, name);
      for (const key in attributes) node.setAttribute(key, attributes[key]);
      if (text !== undefined) node.textContent = text;
      if (parent) parent.appendChild(node);
      return node;
    }
    function html(name, text, parent, attributes) {
      const node = document.createElement(name);
      if (text !== undefined && text !== null) node.textContent = text;
      for (const key in attributes || {}) node.setAttribute(key, attributes[key]);
      if (parent) parent.appendChild(node);
      return node;
    }
    const number = (value, digits) => value === null || value === undefined ? "—"
      : Number.isInteger(value) && digits === undefined ? value.toLocaleString("en-US")
      : value.toLocaleString("en-US", { maximumFractionDigits: digits === undefined ? 3 : digits });
    const classes = ["tap", "long-press", "drag", "swipe", "cancelled"];
    const causes = ["tap", "scrub", "jog", "flick", "pointer", "swipe", "key", "accessibility", "timer", "program"];
    // Colours that pass 3:1 against white as marks, told apart without hue by the legends.
    const colours = { tap: "#0b57a4", "long-press": "#6a3d9a", drag: "#b35900", swipe: "#1b7837",
      cancelled: "#5f5f5f", scrub: "#b35900", jog: "#8c510a", flick: "#c51b7d", pointer: "#01665e",
      key: "#4d4d4d", accessibility: "#762a83", timer: "#35978f", program: "#9e0142" };

    // MARK: Overview
    function overview() {
      const totals = data.totals;
      $("inputs").textContent = data.files.length === 1 ? "Input: " + data.files[0]
        : data.files.length + " inputs: " + data.files.join(", ");
      const strokes = classes.reduce((sum, kind) => sum + (totals.strokes[kind] || 0), 0);
      const figures = [
        ["files", "Files", data.files.length], ["sessions", "Sessions", data.sessionCount],
        ["events", "Events", totals.events], ["strokes", "Strokes", strokes],
        ["transitions", "Transitions", totals.transitions], ["animated", "Animated", totals.animated],
        ["notAnimated", "Not animated", totals.notAnimated],
        ["suppressedAnimations", "Animations suppressed by scrubs", totals.suppressedAnimations],
        ["scrubs", "Scrubs", totals.scrubs], ["announcements", "Announcements", totals.announcements],
        ["lint", "Guideline findings", data.lint.length],
      ];
      for (const [key, label, value] of figures) {
        const box = html("div", null, $("figures"));
        html("dt", label, box);
        html("dd", number(value), box, { "data-figure": key, "data-value": String(value) });
      }
      for (const cause of causes) {
        const row = html("tr", null, document.querySelector("#by-cause tbody"));
        html("th", cause, row, { scope: "row" });
        const value = (totals.transitionsByCause || {})[cause] || 0;
        html("td", number(value), row, { class: "n", "data-cause": cause, "data-value": String(value) });
      }
      for (const kind of classes) {
        const row = html("tr", null, document.querySelector("#by-class tbody"));
        html("th", kind, row, { scope: "row" });
        const value = totals.strokes[kind] || 0;
        html("td", number(value), row, { class: "n", "data-class": kind, "data-value": String(value) });
      }
      for (const entry of (totals.timeOnPage || []).slice(0, 50)) {
        const row = html("tr", null, document.querySelector("#by-page tbody"));
        html("th", "page " + (entry.page + 1), row, { scope: "row" });
        html("td", number(entry.seconds), row, { class: "n", "data-page": String(entry.page) });
      }
      if (data.lint.length === 0) html("li", "None", $("lint"));
      for (const finding of data.lint) {
        html("li", finding.file + ": " + finding.severity + " " + finding.rule + ": " + finding.message,
          $("lint"), { class: finding.severity });
      }
    }

    // MARK: Sessions
    const columns = [
      ["file", "File", (s) => data.files[s.file]], ["session", "Session", (s) => s.session === null ? "(default)" : s.session === "" ? '""' : s.session],
      ["events", "Events", (s) => s.figures.events], ["transitions", "Transitions", (s) => s.figures.transitions],
      ["strokes", "Strokes", (s) => classes.reduce((sum, k) => sum + (s.figures.strokes[k] || 0), 0)],
      ["scrubs", "Scrubs", (s) => s.figures.scrubs],
      ["duration", "Seconds", (s) => s.timeline ? s.timeline.end - s.timeline.start : null],
    ];
    let sortKey = null, sortUp = true;
    function sessionTable() {
      const head = document.querySelector("#session-table thead tr");
      for (const [key, label] of columns) {
        const th = html("th", null, head, { scope: "col", class: key === "file" || key === "session" ? "" : "n" });
        const button = html("button", label, th, { type: "button", "data-key": key });
        button.addEventListener("click", () => { sortUp = sortKey === key ? !sortUp : true; sortKey = key; fillSessions(); });
      }
      const th = html("th", "Player", head, { scope: "col" });
      $("filter").addEventListener("input", fillSessions);
      const listed = data.sessions.length;
      $("sessions-note").textContent = listed < data.sessionCount
        ? listed + " of " + data.sessionCount + " sessions listed (every figure counts them all)"
        : data.sessionCount + (data.sessionCount === 1 ? " session" : " sessions");
      fillSessions();
    }
    function fillSessions() {
      const body = document.querySelector("#session-table tbody");
      body.textContent = "";
      const filter = $("filter").value.trim().toLowerCase();
      let rows = data.sessions.map((s, index) => ({ s, index }));
      if (filter) rows = rows.filter(({ s }) => (data.files[s.file] + " " + (s.session || "")).toLowerCase().includes(filter));
      if (sortKey) {
        const value = columns.find((c) => c[0] === sortKey)[2];
        rows.sort((a, b) => {
          const x = value(a.s), y = value(b.s);
          const order = typeof x === "string" ? String(x).localeCompare(String(y)) : (x ?? -1) - (y ?? -1);
          return sortUp ? order : -order;
        });
      }
      for (const th of document.querySelectorAll("#session-table thead th")) {
        const key = th.querySelector("button")?.dataset.key;
        if (key) th.setAttribute("aria-sort", key === sortKey ? (sortUp ? "ascending" : "descending") : "none");
      }
      for (const { s, index } of rows) {
        const row = html("tr", null, body, { "data-index": String(index) });
        if (index === current) row.classList.add("selected");
        for (const [key, , value] of columns) {
          const v = value(s);
          html("td", typeof v === "number" ? number(v) : v, row, { class: typeof v === "string" ? "" : "n" });
        }
        const cell = html("td", null, row);
        if (s.timeline) {
          const open = html("button", "Open", cell, { type: "button", "aria-label": "Open session " + (s.session ?? "(default)") + " of " + data.files[s.file] });
          open.addEventListener("click", () => { select(index); $("session").scrollIntoView(); $("play").focus(); });
        } else cell.textContent = "—";
      }
    }

    // MARK: Player
    let current = -1, session = null, timeline = null, configuration = null;
    let time = 0, playing = false, speed = 1, lastFrame = 0, announced = null;
    let transitions = [], interactions = [], backgrounds = [], view = [0, 1], mainSide = null;
    // A timeline and its configuration, its records sorted out by kind: what a player draws.
    function sideOf(tl, conf) {
      const side = { timeline: tl, configuration: conf, transitions: [], interactions: [], backgrounds: [] };
      for (const record of tl.records) {
        if (record[0] === 0) side.transitions.push({ t: record[1], from: record[2], to: record[3], cause: data.causes[record[4]], animated: record[5] === 1 });
        else if (record[0] === 1) side.interactions.push({ t: record[1], state: data.states[record[2]] });
        else if (record[0] === 2) side.backgrounds.push({ t: record[1], visible: record[2] === 1 });
      }
      return side;
    }
    function select(index) {
      current = index;
      session = data.sessions[index];
      timeline = session.timeline;
      configuration = data.configurations[session.file];
      $("session-select").value = String(index);
      mainSide = sideOf(timeline, configuration);
      ({ transitions, interactions, backgrounds } = mainSide);
      const name = session.session === null ? "the default session" : "session " + session.session;
      $("session-note").textContent = "Of " + data.files[session.file] + ": " + name + ", "
        + number(timeline.end - timeline.start) + " s from t = " + number(timeline.start) + " s of the trace; times below count from its start."
        + (timeline.cutAt !== null ? " The timeline ends at " + number(timeline.cutAt - timeline.start) + " s: its records were more than the report keeps." : "")
        + (timeline.sampleStride > 1 ? " One finger sample in " + timeline.sampleStride + " is drawn (every press and lift)." : "");
      view = [timeline.start, Math.max(timeline.end, timeline.start + 0.001)];
      for (const row of document.querySelectorAll("#session-table tbody tr")) row.classList.toggle("selected", row.dataset.index === String(index));
      announced = null;
      seek(timeline.start);
    }
    // The last element of `list` (sorted by t) at or before `t`.
    function lastAt(list, t) {
      let low = 0, high = list.length - 1, found = -1;
      while (low <= high) { const mid = (low + high) >> 1; if (list[mid].t <= t) { found = mid; low = mid + 1; } else high = mid - 1; }
      return found;
    }
    function pageAt(t) { return pageOf(mainSide, t); }
    function seek(t) {
      const end = timeline.cutAt ?? timeline.end;
      time = Math.min(Math.max(t, timeline.start), Math.max(end, timeline.start));
      const span = Math.max(end - timeline.start, 1e-9);
      $("scrubber").value = String(Math.round((time - timeline.start) / span * 10000));
      $("scrubber").setAttribute("aria-valuetext", number(time - timeline.start) + " seconds");
      $("clock").textContent = number(time - timeline.start) + " s";
      drawControl();
      drawTimeline();
    }
    function pageOf(side, t) {
      const index = lastAt(side.transitions, t);
      return index < 0 ? side.configuration.startingPage : side.transitions[index].to;
    }
    function sampleOf(tl, t) {
      const times = tl.t;
      let low = 0, high = times.length - 1, found = -1;
      while (low <= high) { const mid = (low + high) >> 1; if (times[mid] <= t) { found = mid; low = mid + 1; } else high = mid - 1; }
      return found;
    }
    // Draws a side's control at time t into svg; returns the page, its words and the state.
    function drawSide(svg, side, t) {
      svg.textContent = "";
      const conf = side.configuration, tl = side.timeline;
      const page = pageOf(side, t);
      const pages = conf.pages;
      const at = lastAt(side.interactions, t);
      const interaction = at < 0 ? "none" : side.interactions[at].state;
      const lastBackground = lastAt(side.backgrounds, t);
      const background = lastBackground >= 0 && side.backgrounds[lastBackground].visible;
      const text = pages === null ? "page " + (page + 1) : "page " + (page + 1) + " of " + pages;
      // The dots: all of them up to 11, else a window of 11 around the current page.
      const shown = pages !== null && pages <= 11 ? pages : 11;
      const first = pages !== null && pages <= 11 ? 0
        : Math.max(pages === null ? page - 5 : 0, Math.min(page - 5, (pages ?? page + 6) - shown));
      const pitch = 24, width = shown * pitch, left = (360 - width) / 2;
      if (background || conf.style === "prominent") {
        el("rect", { x: left - 12, y: 40, width: width + 24, height: 40, rx: 20, fill: interaction === "continuous" ? "#c7d3e3" : "#d9e1ec" }, svg);
      }
      for (let i = 0; i < shown; i++) {
        const index = first + i;
        const isCurrent = index === page;
        el("circle", { cx: left + pitch * i + pitch / 2, cy: 60, r: isCurrent ? 7 : 5,
          fill: isCurrent ? "#1b1b1b" : "#767676", "data-dot": String(index) }, svg);
      }
      if (pages !== null && pages > shown) {
        el("text", { x: 8, y: 110, "font-size": 12, fill: "#4a4a4a" }, svg, "pages " + (first + 1) + "–" + (first + shown) + " of " + pages);
      }
      // The finger, where it is on the control (its box mapped onto the dots' row).
      const index = sampleOf(tl, t);
      const control = conf.control;
      if (index >= 0 && tl.phase[index] !== 2 && control) {
        const fx = (tl.x[index] - control.x) / Math.max(control.width, 1);
        const fy = (tl.y[index] - control.y) / Math.max(control.height, 1);
        const along = conf.vertical ? fy : fx;
        el("circle", { cx: left + Math.max(-0.1, Math.min(1.1, along)) * width, cy: 60 + Math.max(-1, Math.min(1, (conf.vertical ? fx : fy) - 0.5)) * 30,
          r: 14, fill: "none", stroke: "#c25100", "stroke-width": 3, "data-finger": "down" }, svg);
      }
      svg.setAttribute("aria-label", "The page control: " + text + (interaction === "continuous" ? ", scrubbing" : ""));
      return { page, text, interaction, background };
    }
    function drawControl() {
      const { page, text, interaction, background } = drawSide($("control-view"), mainSide, time);
      const status = $("page-status");
      status.dataset.page = String(page);
      status.dataset.time = String(time);
      if (announced !== text) { status.textContent = text; announced = text; }
      $("state-status").textContent = "Interaction: " + (interaction === "continuous" ? "scrubbing (continuous)" : interaction === "discrete" ? "tap (discrete)" : "none")
        + "; background " + (background ? "shown" : "hidden") + "; style " + configuration.style + ".";
      $("state-status").dataset.interaction = interaction;
    }
    function play() {
      playing = !playing;
      $("play").textContent = playing ? "Pause" : "Play";
      if (playing) {
        if (time >= (timeline.cutAt ?? timeline.end)) seek(timeline.start);
        lastFrame = performance.now();
        requestAnimationFrame(frame);
      }
    }
    function frame(now) {
      if (!playing) return;
      const elapsed = (now - lastFrame) / 1000;
      lastFrame = now;
      seek(time + elapsed * speed);
      if (time >= (timeline.cutAt ?? timeline.end)) { playing = false; $("play").textContent = "Play"; return; }
      requestAnimationFrame(frame);
    }
    function step(direction) {
      if (direction > 0) {
        const next = transitions.find((x) => x.t > time + 1e-9);
        if (next) seek(next.t);
      } else {
        const index = lastAt(transitions, time - 1e-9);
        seek(index >= 0 ? transitions[index].t : timeline.start);
      }
    }

    // MARK: Timeline
    function drawTimeline() {
      const svg = $("timeline");
      const width = Math.max(svg.clientWidth || 800, 200), height = svg.clientHeight || 256;
      svg.setAttribute("viewBox", "0 0 " + width + " " + height);
      svg.textContent = "";
      const left = 48, right = width - 8, top = 8, middle = height * 0.5, bottom = height - 24;
      const [v0, v1] = view;
      const x = (t) => left + (t - v0) / (v1 - v0) * (right - left);
      // Interaction state as shading.
      for (let i = 0; i < interactions.length; i++) {
        if (interactions[i].state !== "continuous") continue;
        const a = interactions[i].t, b = i + 1 < interactions.length ? interactions[i + 1].t : timeline.end;
        if (b < v0 || a > v1) continue;
        el("rect", { x: x(Math.max(a, v0)), y: top, width: Math.max(1, x(Math.min(b, v1)) - x(Math.max(a, v0))), height: bottom - top, fill: "#f3d9a4" }, svg);
      }
      // The finger along the control's axis, per pixel column its lowest and highest.
      const control = configuration.control;
      const along = (i) => control ? (configuration.vertical ? timeline.y[i] - control.y : timeline.x[i] - control.x) : (configuration.vertical ? timeline.y[i] : timeline.x[i]);
      let low = Infinity, high = -Infinity;
      for (let i = 0; i < timeline.t.length; i++) { const v = along(i); if (v < low) low = v; if (v > high) high = v; }
      if (low === high) { low -= 1; high += 1; }
      const fy = (v) => top + (1 - (v - low) / (high - low)) * (middle - top - 8);
      let path = "", lastStroke = -1, lastColumn = null;
      for (let i = 0; i < timeline.t.length; i++) {
        const t = timeline.t[i];
        if (t < v0 || t > v1) { lastStroke = -1; continue; }
        const column = Math.round(x(t));
        if (timeline.stroke[i] === lastStroke && column === lastColumn && timeline.phase[i] === 1) continue;
        path += (timeline.stroke[i] === lastStroke ? " L" : " M") + column + " " + fy(along(i)).toFixed(1);
        lastStroke = timeline.stroke[i]; lastColumn = column;
      }
      if (path) el("path", { d: path, fill: "none", stroke: "#c25100", "stroke-width": 1.5 }, svg);
      el("text", { x: 4, y: top + 12, "font-size": 11, fill: "#4a4a4a" }, svg, "finger");
      // The page as a step line, and a mark per transition.
      const pages = transitions.reduce((m, t) => Math.max(m, t.to, t.from), configuration.startingPage);
      const least = transitions.reduce((m, t) => Math.min(m, t.to, t.from), configuration.startingPage);
      const py = (p) => middle + 8 + (1 - (p - least) / Math.max(pages - least, 1)) * (bottom - middle - 16);
      let page = pageAt(v0), steps = "M" + left + " " + py(page).toFixed(1);
      const first = Math.max(0, lastAt(transitions, v0) + 1);
      for (let i = first; i < transitions.length && transitions[i].t <= v1; i++) {
        const tx = x(transitions[i].t).toFixed(1);
        steps += " L" + tx + " " + py(page).toFixed(1) + " L" + tx + " " + py(transitions[i].to).toFixed(1);
        page = transitions[i].to;
      }
      steps += " L" + right + " " + py(page).toFixed(1);
      el("path", { d: steps, fill: "none", stroke: "#1b1b1b", "stroke-width": 1.5 }, svg);
      let drawn = 0;
      for (let i = first; i < transitions.length && transitions[i].t <= v1 && drawn < 2000; i++, drawn++) {
        const tr = transitions[i];
        const mark = el("circle", { cx: x(tr.t), cy: py(tr.to), r: 3.5, fill: tr.animated ? colours[tr.cause] : "#fff", stroke: colours[tr.cause], "stroke-width": 1.5, class: "transition" }, svg);
        el("title", {}, mark, number(tr.t - timeline.start) + " s: page " + (tr.from + 1) + " → " + (tr.to + 1) + ", " + tr.cause + (tr.animated ? ", animated" : ", not animated"));
      }
      el("text", { x: 4, y: middle + 20, "font-size": 11, fill: "#4a4a4a" }, svg, "page");
      // The time axis, from the session's start.
      const span = v1 - v0, stepSize = niceStep(span / Math.max(2, (right - left) / 90));
      for (let t = Math.ceil((v0 - timeline.start) / stepSize) * stepSize; t + timeline.start <= v1; t += stepSize) {
        const tx = x(t + timeline.start);
        el("line", { x1: tx, x2: tx, y1: bottom, y2: bottom + 4, stroke: "#767676" }, svg);
        el("text", { x: tx, y: height - 6, "font-size": 11, "text-anchor": "middle", fill: "#4a4a4a" }, svg, number(t, 3) + " s");
      }
      // The player's time.
      if (time >= v0 && time <= v1) el("line", { x1: x(time), x2: x(time), y1: top, y2: bottom, stroke: "#0b57a4", "stroke-width": 2, "data-cursor": "" }, svg);
      $("timeline-note").textContent = "Showing " + number(v0 - timeline.start) + " s to " + number(v1 - timeline.start) + " s; "
        + (drawn < 2000 ? "" : "the first 2,000 transitions of this window are marked; zoom in for the rest. ")
        + "Filled marks animated, hollow not; shading is scrubbing.";
    }
    function niceStep(raw) {
      const power = Math.pow(10, Math.floor(Math.log10(Math.max(raw, 1e-6))));
      for (const m of [1, 2, 5, 10]) if (m * power >= raw) return m * power;
      return 10 * power;
    }
    function zoom(factor, centre) {
      const [v0, v1] = view, c = centre ?? (v0 + v1) / 2;
      const whole = [timeline.start, Math.max(timeline.end, timeline.start + 0.001)];
      let span = Math.min((v1 - v0) * factor, whole[1] - whole[0]);
      span = Math.max(span, 0.001);
      let a = c - (c - v0) * span / (v1 - v0);
      a = Math.max(whole[0], Math.min(a, whole[1] - span));
      view = [a, a + span];
      drawTimeline();
    }
    function pan(fraction) {
      const [v0, v1] = view, span = v1 - v0;
      const a = Math.max(timeline.start, Math.min(v0 + span * fraction, Math.max(timeline.end, timeline.start + 0.001) - span));
      view = [a, a + span];
      drawTimeline();
    }
    function timelineEvents() {
      const svg = $("timeline");
      let drag = null;
      const timeAt = (clientX) => {
        const box = svg.getBoundingClientRect(), width = box.width;
        return view[0] + (clientX - box.left - 48 * width / Math.max(svg.clientWidth, 1)) / Math.max(width - 56, 1) * (view[1] - view[0]);
      };
      svg.addEventListener("wheel", (event) => { event.preventDefault(); zoom(event.deltaY > 0 ? 1.25 : 0.8, timeAt(event.clientX)); }, { passive: false });
      svg.addEventListener("pointerdown", (event) => { drag = { x: event.clientX, view: view.slice(), moved: false }; svg.setPointerCapture(event.pointerId); });
      svg.addEventListener("pointermove", (event) => {
        if (!drag) return;
        const box = svg.getBoundingClientRect();
        const dt = (event.clientX - drag.x) / Math.max(box.width - 56, 1) * (drag.view[1] - drag.view[0]);
        if (Math.abs(event.clientX - drag.x) > 3) drag.moved = true;
        if (drag.moved) { view = [drag.view[0] - dt, drag.view[1] - dt]; pan(0); }
      });
      svg.addEventListener("pointerup", (event) => { if (drag && !drag.moved) seek(timeAt(event.clientX)); drag = null; });
      svg.addEventListener("keydown", (event) => {
        const keys = { ArrowLeft: () => pan(-0.2), ArrowRight: () => pan(0.2), "+": () => zoom(0.5), "=": () => zoom(0.5), "-": () => zoom(2), Home: () => zoom(Infinity) };
        if (keys[event.key]) { event.preventDefault(); keys[event.key](); }
      });
    }

    // MARK: Strokes
    function histograms() {
      const box = $("histograms");
      const charts = [["duration", "Duration", "s"], ["travel", "Travel (path length)", "pt"], ["peakSpeed", "Peak speed", "pt/s"], ["landing", "Where strokes went down along the control", ""]];
      for (const [key, title, unit] of charts) {
        const d = data.strokes[key];
        if (key === "landing" && !d.hasControl) continue;
        const figure = html("figure", null, box, { class: "chart" });
        const caption = html("figcaption", title + (unit ? " (" + unit + ")" : ""), figure);
        const bins = d.counts[classes[0]].length;
        const totals = Array.from({ length: bins }, (_, i) => classes.reduce((s, k) => s + d.counts[k][i], 0));
        const most = Math.max(1, ...totals);
        const width = 360, height = 180, left = 36, bottom = 150, barWidth = (width - left - 8) / bins;
        const svg = el("svg", { viewBox: "0 0 " + width + " " + height, role: "img", "aria-label": title + ": strokes by class in each bin" }, figure);
        for (let i = 0; i < bins; i++) {
          let y = bottom;
          for (const kind of classes) {
            const count = d.counts[kind][i];
            if (!count) continue;
            const h = count / most * (bottom - 10);
            const bar = el("rect", { x: left + i * barWidth + 1, y: y - h, width: Math.max(1, barWidth - 2), height: h, fill: colours[kind] }, svg);
            el("title", {}, bar, kind + ": " + count + " strokes, " + binLabel(d, i, unit));
            y -= h;
          }
        }
        el("line", { x1: left, x2: width - 8, y1: bottom, y2: bottom, stroke: "#767676" }, svg);
        el("text", { x: left - 4, y: 16, "font-size": 11, "text-anchor": "end", fill: "#4a4a4a" }, svg, String(most));
        el("text", { x: left - 4, y: bottom, "font-size": 11, "text-anchor": "end", fill: "#4a4a4a" }, svg, "0");
        for (const i of [0, Math.floor(bins / 2), bins - 1]) {
          el("text", { x: left + (i + 0.5) * barWidth, y: bottom + 16, "font-size": 10, "text-anchor": "middle", fill: "#4a4a4a" }, svg, binLabel(d, i, unit, true));
        }
        const legend = html("ul", null, figure, { class: "legend" });
        for (const kind of classes) {
          const total = d.counts[kind].reduce((s, v) => s + v, 0);
          const item = html("li", null, legend);
          html("span", null, item, { class: "swatch", style: "background:" + colours[kind] });
          item.appendChild(document.createTextNode(kind + " " + total));
        }
      }
    }
    function binLabel(d, i, unit, short) {
      if (!d.edges) return i === 0 ? "before" : i === d.bins + 1 ? "after" : short ? (i === 1 ? "start" : i === d.bins ? "end" : "middle") : "bin " + i + " of " + d.bins;
      const from = d.edges[i], to = d.edges[i + 1];
      return to === undefined ? "≥ " + number(from) + (short ? "" : " " + unit) : number(from) + "–" + number(to) + (short ? "" : " " + unit);
    }

    // MARK: What if
    // A sweep's rows (`report --vary`): a chart of each metric that changes against the one
    // varied key, and a table of every row with the values of `sweep --format csv`.
    function whatIf() {
      const w = data.whatIf;
      if (!w) return;
      $("what-if").hidden = false;
      const link = html("li", null, document.querySelector("nav ul"));
      html("a", "What if", link, { href: "#what-if" });
      $("what-if-note").textContent = w.rows.length + " combinations of " + w.keys.join(" and ")
        + ", each replaying every input; every figure is as stats counts it under that combination.";
      const head = document.querySelector("#what-if-table thead tr");
      for (const key of w.keys) html("th", key, head, { scope: "col" });
      for (const metric of w.metrics) html("th", metric.name, head, { scope: "col", class: "n" });
      const body = document.querySelector("#what-if-table tbody");
      w.rows.forEach((row, index) => {
        const tr = html("tr", null, body);
        row.vary.forEach((value) => html("th", value, tr, { scope: "row" }));
        row.values.forEach((value, m) => html("td", value === null ? "—" : number(value, w.metrics[m].isCount ? 0 : 3), tr,
          { class: "n", "data-metric": w.metrics[m].name, "data-row": String(index), "data-value": value === null ? "" : String(value) }));
      });
      if (w.keys.length !== 1) return;
      const numeric = w.numeric[0];
      const xs = w.rows.map((row, i) => numeric ? Number(row.vary[0]) : i);
      const low = Math.min(...xs), high = Math.max(...xs);
      const unchanged = [];
      w.metrics.forEach((metric, m) => {
        const values = w.rows.map((row) => row.values[m]);
        if (values.every((v) => v === values[0])) { unchanged.push(metric.name); return; }
        const figure = html("figure", null, $("what-if-charts"), { class: "chart" });
        html("figcaption", metric.name + " (" + metric.unit + ") against " + w.keys[0], figure);
        const width = 360, height = 170, left = 48, right = 350, top = 10, bottom = 140;
        const present = values.filter((v) => v !== null);
        const vLow = Math.min(0, ...present), vHigh = Math.max(...present, vLow + 1);
        const svg = el("svg", { viewBox: "0 0 " + width + " " + height, role: "img", "aria-label": metric.name + " against " + w.keys[0] }, figure);
        const px = (x) => left + (high > low ? (x - low) / (high - low) : 0.5) * (right - left);
        const py = (v) => bottom - (v - vLow) / (vHigh - vLow) * (bottom - top);
        let d = "", pen = false;
        values.forEach((v, i) => {
          if (v === null) { pen = false; return; }
          d += (pen ? " L" : " M") + px(xs[i]).toFixed(1) + " " + py(v).toFixed(1); pen = true;
          const dot = el("circle", { cx: px(xs[i]), cy: py(v), r: 3, fill: "#0b57a4" }, svg);
          el("title", {}, dot, w.keys[0] + " " + w.rows[i].vary[0] + ": " + number(v));
        });
        el("path", { d: d, fill: "none", stroke: "#0b57a4", "stroke-width": 2 }, svg);
        el("line", { x1: left, x2: right, y1: bottom, y2: bottom, stroke: "#767676" }, svg);
        el("text", { x: left - 4, y: top + 8, "font-size": 11, "text-anchor": "end", fill: "#4a4a4a" }, svg, number(vHigh));
        el("text", { x: left - 4, y: bottom, "font-size": 11, "text-anchor": "end", fill: "#4a4a4a" }, svg, number(vLow));
        el("text", { x: left, y: bottom + 16, "font-size": 11, fill: "#4a4a4a" }, svg, w.rows[0].vary[0]);
        el("text", { x: right, y: bottom + 16, "font-size": 11, "text-anchor": "end", fill: "#4a4a4a" }, svg, w.rows[w.rows.length - 1].vary[0]);
      });
      if (unchanged.length) html("p", "The same under every combination: " + unchanged.join(", ") + ".", $("what-if"), { id: "what-if-unchanged" });
    }

    // MARK: Differences
    // `report --a … --b …`: what diff lists, each opening a player of A and B side by side.
    let compared = null, compareIndex = -1, compareTime = 0;
    function describe(outcome) {
      if (Array.isArray(outcome)) {
        return outcome.length === 0 ? "nothing" : outcome.map((c) => c.cause ? c.cause + " " + (c.from + 1) + "→" + (c.to + 1) : "detail " + (c.detail + 1)).join(", ");
      }
      return outcome.outcome + (outcome.from !== undefined ? " " + (outcome.from + 1) + "→" + (outcome.to + 1) : "");
    }
    const differenceTime = (d) => d.unit === "stroke" ? d.end : d.t;
    function differences() {
      const c = data.comparison;
      if (!c) return;
      $("differences").hidden = false;
      const link = html("li", null, document.querySelector("nav ul"));
      html("a", "Differences", link, { href: "#differences" });
      const s = c.summary;
      $("differences-note").textContent = "A (" + c.a + ") against B (" + c.b + "): " + s.differences + " differences: strokes "
        + s.strokesDiffering + " of " + s.strokes + ", events " + s.eventsDiffering + " of " + s.events + ", timer " + s.timerDiffering + "."
        + (c.differences.length < s.differences ? " The first " + c.differences.length + " are listed." : "");
      $("a-caption").textContent = "A: " + c.a;
      $("b-caption").textContent = "B: " + c.b;
      const body = document.querySelector("#difference-table tbody");
      c.differences.forEach((d, k) => {
        const row = html("tr", null, body, { "data-difference": String(k) });
        html("td", number(differenceTime(d)), row, { class: "n", "data-time": String(differenceTime(d)) });
        html("td", d.file, row);
        html("td", d.session === undefined ? "(default)" : d.session, row);
        html("td", d.unit === "stroke" ? "touch " + d.id : d.unit === "timer" ? "timer" : d.event, row);
        html("td", describe(d.a), row, { "data-side": "a" });
        html("td", describe(d.b), row, { "data-side": "b" });
        const cell = html("td", null, row);
        const open = html("button", "Compare", cell, { type: "button", "aria-label": "Compare A and B at " + number(differenceTime(d)) + " s" });
        open.addEventListener("click", () => { openComparison(k); $("comparer").scrollIntoView(); $("compare-next").focus(); });
      });
      $("compare-prev").addEventListener("click", () => openComparison(Math.max(0, compareIndex - 1)));
      $("compare-next").addEventListener("click", () => openComparison(Math.min(c.differences.length - 1, compareIndex + 1)));
      $("compare-time").addEventListener("input", () => {
        const tl = compared[0].timeline, end = tl.cutAt ?? tl.end;
        drawComparison(tl.start + Number($("compare-time").value) / 10000 * (end - tl.start));
      });
    }
    function openComparison(k) {
      const c = data.comparison, d = c.differences[k];
      if (!d) return;
      compareIndex = k;
      const side = c.sides.find((s) => data.files[s.file] === d.file && s.session === (d.session ?? null));
      $("comparer").hidden = false;
      if (!side) {
        compared = null;
        $("comparer-note").textContent = "This session's timelines were not kept (the report keeps " + data.timelineLimit + ").";
        return;
      }
      compared = [sideOf(side.timelines[0], side.configurations[0]), sideOf(side.timelines[1], side.configurations[1])];
      $("comparer-note").textContent = "Difference " + (k + 1) + " of " + c.differences.length + ": " + d.file + ", "
        + (d.session === undefined ? "the default session" : "session " + d.session) + ", at " + number(differenceTime(d)) + " s of the trace.";
      drawComparison(differenceTime(d));
    }
    function drawComparison(t) {
      if (!compared) return;
      compareTime = t;
      const tl = compared[0].timeline, end = tl.cutAt ?? tl.end;
      $("compare-time").value = String(Math.round((t - tl.start) / Math.max(end - tl.start, 1e-9) * 10000));
      $("compare-clock").textContent = number(t) + " s";
      for (const [index, name] of [[0, "a"], [1, "b"]]) {
        const shown = drawSide($("compare-" + name), compared[index], t);
        const status = $(name + "-status");
        status.textContent = name.toUpperCase() + ": " + shown.text;
        status.dataset.page = String(shown.page);
      }
    }

    // MARK: Start
    function start() {
      overview();
      sessionTable();
      histograms();
      whatIf();
      differences();
      const choices = $("session-select");
      data.sessions.forEach((s, index) => {
        if (!s.timeline) return;
        html("option", data.files[s.file] + ": " + (s.session ?? "(default)"), choices, { value: String(index) });
      });
      choices.addEventListener("change", () => select(Number(choices.value)));
      $("play").addEventListener("click", play);
      $("prev").addEventListener("click", () => step(-1));
      $("next").addEventListener("click", () => step(1));
      $("speed").addEventListener("change", () => { speed = Number($("speed").value); });
      $("scrubber").addEventListener("input", () => {
        const end = timeline.cutAt ?? timeline.end;
        seek(timeline.start + Number($("scrubber").value) / 10000 * (end - timeline.start));
      });
      $("player").addEventListener("keydown", (event) => {
        if (event.target.tagName === "SELECT" || event.target.tagName === "INPUT") return;
        if (event.key === " " || event.key === "k") { event.preventDefault(); play(); }
        else if (event.key === "ArrowRight" || event.key === "l") { event.preventDefault(); step(1); }
        else if (event.key === "ArrowLeft" || event.key === "j") { event.preventDefault(); step(-1); }
      });
      $("zoom-in").addEventListener("click", () => zoom(0.5));
      $("zoom-out").addEventListener("click", () => zoom(2));
      $("zoom-all").addEventListener("click", () => zoom(Infinity));
      timelineEvents();
      window.addEventListener("resize", () => { if (timeline) drawTimeline(); });
      const hash = new URLSearchParams(location.hash.slice(1));
      const wanted = Number(hash.get("session") ?? NaN);
      const withTimeline = data.sessions.findIndex((s) => s.timeline);
      const chosen = Number.isInteger(wanted) && data.sessions[wanted]?.timeline ? wanted : withTimeline;
      if (hash.has("text")) document.documentElement.style.fontSize = Number(hash.get("text")) * 100 + "%";
      if (chosen >= 0) {
        select(chosen);
        if (hash.has("t")) seek(Number(hash.get("t")));
        // Keys pressed in the player, as a person would (for tests: `keys=ArrowRight,ArrowRight`).
        for (const key of (hash.get("keys") || "").split(",").filter(Boolean)) {
          $("play").dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true }));
        }
      } else {
        $("player").hidden = true;
        $("session-note").textContent = "No session to play.";
      }
      if (hash.has("compare")) openComparison(Number(hash.get("compare")));
      if (hash.has("check")) layoutCheck();
      // When the page was ready, in ms since navigation began (Benchmarks/RESULTS.md).
      document.body.dataset.readyMs = performance.now().toFixed(0);
    }
    // Whether anything is wider than the window, and whether boxes that should sit side by
    // side overlap: written for tests, in #layout-check.
    function layoutCheck() {
      const problems = [];
      const width = document.documentElement.clientWidth;
      if (document.documentElement.scrollWidth > width + 1) {
        problems.push("the page is " + document.documentElement.scrollWidth + " px wide in a window of " + width);
        // The widest elements that run past it, not inside a box that scrolls.
        const past = [...document.querySelectorAll("body *")].filter((n) => n.getBoundingClientRect().right > width + 1
          && !n.closest(".scroll") && n.children.length === 0);
        for (const n of past.slice(0, 5)) problems.push("  " + n.tagName.toLowerCase() + (n.id ? "#" + n.id : "") + " ends at " + Math.round(n.getBoundingClientRect().right));
      }
      const groups = [".figures > div", ".controls > *", "nav li", ".tables > table", ".charts > figure", ".legend li"];
      for (const selector of groups) {
        const boxes = [...document.querySelectorAll(selector)].filter((n) => n.offsetParent !== null).map((n) => [n, n.getBoundingClientRect()]);
        for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
          const a = boxes[i][1], b = boxes[j][1];
          if (a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1) problems.push(selector + " " + i + " overlaps " + j);
        }
        for (const [node, box] of boxes) if (box.right > width + 1) problems.push(selector + " runs past the window: " + (node.id || node.textContent.slice(0, 20)));
      }
      const out = $("layout-check");
      out.hidden = false;
      out.textContent = problems.length ? problems.join("\n") : "ok";
    }
    start();
    """#
}
