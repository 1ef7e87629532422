// vmsample's HTML report: a flame graph per sample kind, the types, the GC
// timeline.  The data (see vmsample/convert/html.py) is a call tree whose
// nodes carry only their *self* samples; everything else (totals, died-young
// shares, a type filter, search matches) is summed up the tree here.
(function () {
  "use strict";

  const data = JSON.parse(document.getElementById("data").textContent);
  const $ = (id) => document.getElementById(id);
  const ROW = 18;               // px per flame graph row
  const MIN_PX = 0.5;           // narrower frames (and their children) are not drawn
  const LABEL_PX = 28;          // narrower frames get no label

  // ------------------------------------------------------------ formatting
  function fmtBytes(n) {
    if (n === null || n === undefined) return "-";
    const units = ["B", "KiB", "MiB", "GiB", "TiB"];
    let i = 0;
    while (Math.abs(n) >= 1024 && i < units.length - 1) { n /= 1024; i++; }
    return i === 0 ? `${Math.round(n)} B` : `${n.toFixed(1)} ${units[i]}`;
  }
  const fmtPct = (x) => (x === null || x === undefined || !isFinite(x)) ? "-" : `${(x * 100).toFixed(1)}%`;
  const fmtCount = (n) => n >= 1e6 ? `${(n / 1e6).toFixed(1)}M` : n >= 1e4 ? `${(n / 1e3).toFixed(1)}k`
    : Math.round(n).toLocaleString("en-US");
  function fmtMs(ms) {
    if (ms === null || ms === undefined) return "-";
    if (ms >= 1000) return `${(ms / 1000).toFixed(2)} s`;
    if (ms >= 1) return `${ms.toFixed(1)} ms`;
    if (ms === 0) return "0";
    return `${(ms * 1000).toFixed(0)} us`;
  }
  function esc(s) {
    return String(s).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" }[c]));
  }
  function el(tag, attrs, text) {
    const e = document.createElement(tag);
    for (const k in attrs || {}) e.setAttribute(k, attrs[k]);
    if (text !== undefined) e.textContent = text;
    return e;
  }

  // ------------------------------------------------------------ colours
  // Allocation frames are coloured by the share of their bytes that died
  // young: red = survived its first minor collection (tenured), blue = died
  // young, yellow in between; grey when no outcome is known.
  const RAMP = [[0, [228, 87, 46]], [0.5, [243, 201, 74]], [1, [79, 163, 209]]];
  function rampColor(x) {
    for (let i = 1; i < RAMP.length; i++) {
      const [x1, c1] = RAMP[i];
      const [x0, c0] = RAMP[i - 1];
      if (x <= x1) {
        const f = (x - x0) / (x1 - x0);
        return `rgb(${c0.map((c, j) => Math.round(c + (c1[j] - c) * f)).join(",")})`;
      }
    }
    return `rgb(${RAMP[RAMP.length - 1][1].join(",")})`;
  }
  const UNKNOWN_COLOR = "#c9ced6";
  function hashColor(name) {
    let h = 0;
    for (let i = 0; i < name.length; i++) h = (h * 31 + name.charCodeAt(i)) >>> 0;
    return `hsl(${20 + (h % 35)}, ${70 + (h >> 8) % 20}%, ${58 + (h >> 16) % 12}%)`;
  }

  // ------------------------------------------------------------ tree model
  // One View per sample kind: the tree, the current type filter, zoom and search.
  function View(kind, tree) {
    this.kind = kind;
    this.bytes = tree.unit === "bytes";     // allocations, or the live heap: types and fates
    this.tree = tree;
    this.n = tree.parent.length;
    this.children = Array.from({ length: this.n }, () => []);
    this.depth = new Int32Array(this.n);
    for (let i = 1; i < this.n; i++) {
      this.children[tree.parent[i]].push(i);
      this.depth[i] = this.depth[tree.parent[i]] + 1;
    }
    this.typeFilter = null;
    this.focus = 0;
    this.search = null;
    this.compute();
  }
  View.prototype.name = function (i) {
    return i === 0 ? this.tree.root : this.tree.functions[this.tree.func[i]][0];
  };
  View.prototype.compute = function () {
    const t = this.tree, n = this.n, alloc = this.bytes;
    const total = new Float64Array(n), self = new Float64Array(n), died = new Float64Array(n),
      survived = new Float64Array(n), samples = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      for (const e of t.self[i]) {
        if (alloc) {
          if (this.typeFilter !== null && e[0] !== this.typeFilter) continue;
          self[i] += e[1]; died[i] += e[2]; survived[i] += e[3]; samples[i] += e[4];
        } else {
          self[i] += e[0]; samples[i] += e[0];
        }
      }
      total[i] = self[i];
    }
    for (let i = n - 1; i > 0; i--) {
      const p = t.parent[i];
      total[p] += total[i]; died[p] += died[i]; survived[p] += survived[i]; samples[p] += samples[i];
    }
    Object.assign(this, { total, self, died, survived, samples });
    // Children largest first; x = offset of each node within the root's width.
    this.x = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      this.children[i].sort((a, b) => total[b] - total[a]);
      let x = this.x[i];
      for (const c of this.children[i]) { this.x[c] = x; x += total[c]; }
    }
    this.maxDepth = 0;
    for (let i = 0; i < n; i++) if (total[i] > 0 && this.depth[i] > this.maxDepth) this.maxDepth = this.depth[i];
  };
  View.prototype.diedShare = function (i) {
    const known = this.died[i] + this.survived[i];
    return known > 0 ? this.died[i] / known : null;
  };
  View.prototype.color = function (i) {
    if (!this.bytes) return hashColor(this.name(i));
    const d = this.diedShare(i);
    return d === null ? UNKNOWN_COLOR : rampColor(d);
  };
  View.prototype.matches = function (i) {
    return this.search !== null && i !== 0 && this.search.test(this.name(i));
  };
  // Bytes (or samples) under matching frames, each counted once.
  View.prototype.matchedTotal = function () {
    let sum = 0;
    const stack = [0];
    while (stack.length) {
      const i = stack.pop();
      if (this.matches(i)) { sum += this.total[i]; continue; }
      for (const c of this.children[i]) stack.push(c);
    }
    return sum;
  };
  View.prototype.fmt = function (v) {
    return this.bytes ? fmtBytes(v) : `${fmtCount(v)} samples`;
  };

  // ------------------------------------------------------------ flame graph
  const flame = $("flame");
  const tooltip = $("tooltip");
  let view = null;
  const views = {};

  function frameDiv(i, left, width, depth, cls) {
    const d = el("div", { class: "frame" + (cls ? " " + cls : ""), "data-node": String(i) });
    d.style.left = `${left}px`;
    d.style.width = `${Math.max(width, 1)}px`;
    d.style.top = `${depth * ROW}px`;
    d.style.background = view.color(i);
    if (width >= LABEL_PX) d.textContent = view.name(i);
    return d;
  }

  function draw() {
    const v = view;
    if (!v) return;
    const W = flame.clientWidth || 1000;
    flame.textContent = "";
    const frag = document.createDocumentFragment();
    const focus = v.focus;
    const fTotal = v.total[focus];
    // The focus's ancestors, full width and faded: click one to zoom out.
    const chain = [];
    for (let a = v.tree.parent[focus]; a >= 0; a = v.tree.parent[a]) chain.push(a);
    for (const a of chain) frag.appendChild(frameDiv(a, 0, W, v.depth[a], "ancestor"));
    let maxDepth = v.depth[focus];
    if (fTotal > 0) {
      const scale = W / fTotal;
      const x0 = v.x[focus];
      const stack = [focus];
      let drawn = 0;
      while (stack.length && drawn < 8000) {
        const i = stack.pop();
        const w = v.total[i] * scale;
        if (w < MIN_PX) continue;
        let cls = "";
        if (v.search !== null) cls = v.matches(i) ? "match" : "dim";
        frag.appendChild(frameDiv(i, (v.x[i] - x0) * scale, w, v.depth[i], cls));
        drawn++;
        if (v.depth[i] > maxDepth) maxDepth = v.depth[i];
        for (const c of v.children[i]) stack.push(c);
      }
    }
    flame.style.height = `${(maxDepth + 1) * ROW + 2}px`;
    flame.appendChild(frag);
    updateMatch();
  }

  function updateMatch() {
    const m = $("match");
    if (view.search === null) { m.textContent = ""; return; }
    const sum = view.matchedTotal();
    m.textContent = `matched ${view.fmt(sum)} (${fmtPct(view.total[0] ? sum / view.total[0] : 0)} of all)`;
  }

  function tooltipHtml(i) {
    const v = view, t = v.tree;
    const lines = [`<b>${esc(v.name(i))}</b>`];
    if (i > 0) {
      const fn = t.functions[t.func[i]];
      if (fn[1]) lines.push(`<span class="k">${esc(fn[1])}:${fn[2]}</span>`);
    }
    const all = v.total[0], parent = i > 0 ? v.total[t.parent[i]] : 0;
    let share = `${fmtPct(all ? v.total[i] / all : 0)} of all`;
    if (i > 0 && parent) share += `, ${fmtPct(v.total[i] / parent)} of its caller`;
    if (v.bytes) {
      lines.push(`<span class="k">${v.kind === "live" ? "live at the end" : "allocated"}</span> ${fmtBytes(v.total[i])} (${share})`);
      lines.push(`<span class="k">self</span> ${fmtBytes(v.self[i])} &middot; <span class="k">samples</span> ${fmtCount(v.samples[i])}`);
      const d = v.diedShare(i);
      const unknown = v.total[i] - v.died[i] - v.survived[i];
      lines.push(d === null ? `<span class="k">fate</span> unknown (no minor collection after these samples)`
        : `<span class="k">died young</span> ${fmtPct(d)} &middot; <span class="k">survived</span> ${fmtPct(1 - d)}`
          + (unknown > 0 ? ` &middot; ${fmtBytes(unknown)} unknown` : ""));
      const types = typeBreakdown(i);
      if (types.length) {
        lines.push(`<span class="k">types</span> ` + types.slice(0, 4).map(([name, b]) =>
          `${esc(name)} ${fmtPct(b / v.total[i])}`).join(", "));
      }
    } else {
      lines.push(`<span class="k">samples</span> ${fmtCount(v.total[i])} (${share})`);
      lines.push(`<span class="k">self</span> ${fmtCount(v.self[i])}`);
      if (t.period_ns) lines.push(`<span class="k">time</span> about ${fmtMs(v.total[i] * t.period_ns / 1e6)}`);
    }
    const own = t.lines[i];
    if (own.length && v.typeFilter === null) {
      const sum = own.reduce((s, [, w]) => s + w, 0);
      lines.push(`<span class="k">self by line</span> ` + own.map(([ln, w]) => `${ln} (${fmtPct(w / sum)})`).join(", "));
    }
    return lines.join("<br>");
  }

  function typeBreakdown(i) {
    const v = view, t = v.tree, acc = new Map();
    const stack = [i];
    while (stack.length) {
      const j = stack.pop();
      for (const e of t.self[j]) {
        if (v.typeFilter !== null && e[0] !== v.typeFilter) continue;
        acc.set(e[0], (acc.get(e[0]) || 0) + e[1]);
      }
      for (const c of v.children[j]) stack.push(c);
    }
    return [...acc.entries()].sort((a, b) => b[1] - a[1]).map(([k, b]) => [t.types[k], b]);
  }

  function nodeOf(target) {
    const d = target.closest ? target.closest(".frame") : null;
    return d ? Number(d.getAttribute("data-node")) : null;
  }
  flame.addEventListener("mousemove", (ev) => {
    const i = nodeOf(ev.target);
    if (i === null) { tooltip.hidden = true; return; }
    if (tooltip.dataset.node !== String(i)) {
      tooltip.innerHTML = tooltipHtml(i);
      tooltip.dataset.node = String(i);
    }
    tooltip.hidden = false;
    const pad = 14, r = tooltip.getBoundingClientRect();
    let x = ev.clientX + pad, y = ev.clientY + pad;
    if (x + r.width > window.innerWidth) x = Math.max(0, ev.clientX - r.width - pad);
    if (y + r.height > window.innerHeight) y = Math.max(0, ev.clientY - r.height - pad);
    tooltip.style.left = `${x}px`;
    tooltip.style.top = `${y}px`;
  });
  flame.addEventListener("mouseleave", () => { tooltip.hidden = true; tooltip.dataset.node = ""; });
  flame.addEventListener("click", (ev) => {
    const i = nodeOf(ev.target);
    if (i === null) return;
    // Clicking the focus again zooms out one level.
    view.focus = (i === view.focus && i !== 0) ? view.tree.parent[i] : i;
    tooltip.hidden = true;
    draw();
  });
  $("reset").addEventListener("click", () => { view.focus = 0; draw(); });
  document.addEventListener("keydown", (ev) => {
    if (ev.key === "Escape") { view.focus = 0; draw(); }
  });
  $("search").addEventListener("input", (ev) => {
    const q = ev.target.value.trim();
    let re = null;
    if (q) {
      try { re = new RegExp(q, "i"); } catch (e) { re = new RegExp(q.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"), "i"); }
    }
    for (const k in views) views[k].search = re;
    draw();
  });
  let resizeTimer = null;
  window.addEventListener("resize", () => {
    clearTimeout(resizeTimer);
    resizeTimer = setTimeout(() => { draw(); drawGC(); }, 100);
  });

  // ------------------------------------------------------------ tabs, legend, filter
  function legend() {
    const l = $("legend");
    l.textContent = "";
    if (view.bytes) {
      l.appendChild(el("span", {}, "survived"));
      const ramp = el("span", { class: "ramp" });
      ramp.style.background = `linear-gradient(to right, ${rampColor(0)}, ${rampColor(0.5)}, ${rampColor(1)})`;
      l.appendChild(ramp);
      l.appendChild(el("span", {}, "died young"));
      const sw = el("span", { class: "swatch" });
      sw.style.background = UNKNOWN_COLOR;
      l.appendChild(sw);
      l.appendChild(el("span", {}, `fate unknown \u00b7 width = estimated ${view.kind !== "live" ? "allocated bytes" : view.moment === undefined ? "bytes alive when profiling stopped" : `bytes alive at ${fmtMs(view.moment)}`} \u00b7 click to zoom`));
    } else {
      const period = view.tree.period_ns ? ` (one sample every ${fmtMs(view.tree.period_ns / 1e6)})` : "";
      l.appendChild(el("span", {}, `width = time samples${period} \u00b7 click to zoom`));
    }
  }

  function showFilter() {
    const f = $("filter");
    f.textContent = "";
    if (view.kind !== "alloc" || view.typeFilter === null) return;
    const chip = el("span", { class: "chip" }, `only type ${view.tree.types[view.typeFilter]}`);
    const x = el("button", { type: "button", title: "show every type" }, "\u00d7");
    x.addEventListener("click", () => setTypeFilter(null));
    chip.appendChild(x);
    f.appendChild(chip);
  }

  function setTypeFilter(name) {
    const v = views.alloc;
    if (!v) return;
    const idx = name === null ? -1 : v.tree.types.indexOf(name);
    v.typeFilter = (idx < 0 || v.typeFilter === idx) ? null : idx;
    v.focus = 0;
    v.compute();
    if (view !== v) select("alloc");
    showFilter();
    draw();
    for (const tr of $("types").querySelectorAll("tr[data-type]")) {
      tr.classList.toggle("selected", v.typeFilter !== null && tr.dataset.type === v.tree.types[v.typeFilter]);
    }
  }

  function select(kind) {
    view = views[kind];
    for (const b of $("tabs").children) b.setAttribute("aria-selected", String(b.dataset.kind === kind));
    legend();
    showFilter();
    const dropped = view.tree.dropped;
    $("note").textContent = dropped ? `${dropped.toLocaleString("en-US")} of the smallest frames are not shown.` : "";
    draw();
  }

  // ------------------------------------------------------------ tables
  function table(id, columns, rows, onRow) {
    const t = $(id);
    t.textContent = "";
    const head = el("tr");
    for (const [label, cls] of columns) head.appendChild(el("th", cls ? { class: cls } : {}, label));
    t.appendChild(el("thead")).appendChild(head);
    const body = t.appendChild(el("tbody"));
    if (!rows.length) {
      const tr = body.appendChild(el("tr"));
      tr.appendChild(el("td", { colspan: String(columns.length), class: "muted" }, "none"));
    }
    for (const r of rows) {
      const tr = body.appendChild(el("tr"));
      r.cells.forEach((c, j) => {
        const td = tr.appendChild(el("td", columns[j][1] ? { class: columns[j][1] } : {}));
        if (c instanceof Node) td.appendChild(c); else td.textContent = c;
      });
      if (onRow) onRow(tr, r);
    }
  }
  function barCell(share, color, text) {
    const span = el("span");
    const bar = span.appendChild(el("span", { class: "bar" }));
    bar.style.width = `${Math.round(Math.max(0, Math.min(1, share)) * 60)}px`;
    bar.style.background = color;
    span.appendChild(document.createTextNode(text));
    return span;
  }

  function typesTable() {
    const rows = (data.types || []).map((r) => ({
      type: r.type,
      cells: [r.type, fmtBytes(r.bytes), barCell(r.share, "#3a6ea5", fmtPct(r.share)), fmtCount(r.objects),
        fmtBytes(r.average_size),
        r.survival === null ? "-" : barCell(r.survival, rampColor(1 - r.survival), fmtPct(r.survival))],
    }));
    table("types", [["type", "name"], ["allocated", "num"], ["share", ""], ["objects", "num"], ["avg size", "num"],
      ["survived", ""]], rows, (tr, r) => {
      tr.classList.add("clickable");
      tr.dataset.type = r.type;
      tr.addEventListener("click", () => setTypeFilter(r.type));
    });
  }

  function sitesTable() {
    const rows = (data.sites || []).slice(0, 25).map((r) => ({
      cells: [r.function, r.file ? `${r.file}:${r.line}` : "", fmtBytes(r.bytes), fmtPct(r.share),
        r.died_young === null ? "-" : barCell(r.died_young, rampColor(r.died_young), fmtPct(r.died_young))],
    }));
    table("sites", [["function", "name"], ["location", "loc"], ["allocated", "num"], ["share", "num"],
      ["died young", ""]], rows);
  }

  // ------------------------------------------------------------ GC timeline
  const SERIES = [["total_memory_used", 2, "#e8833a"], ["total_size_of_arenas", 3, "#3a6ea5"], ["VmRSS", 4, "#8e5ea2"]];
  const SVG = "http://www.w3.org/2000/svg";
  function svg(tag, attrs) {
    const e = document.createElementNS(SVG, tag);
    for (const k in attrs) e.setAttribute(k, attrs[k]);
    return e;
  }
  function drawGC() {
    const box = $("gc");
    box.textContent = "";
    const gc = data.gc, pts = gc.minor;
    if (!pts.length && !gc.major.length) {
      box.appendChild(el("p", { class: "muted" }, "No collections were recorded."));
      return;
    }
    const W = Math.max(300, box.clientWidth || 600), H = 220, L = 64, R = 10, T = 10, B = 34;
    const end = Math.max(data.duration_ms || 0, ...pts.map((p) => p[0]), ...gc.major.map((m) => m.end || m.start), 1e-6);
    const series = SERIES.filter(([, col]) => pts.some((p) => p[col] > 0));
    const ymax = Math.max(1, ...pts.flatMap((p) => series.map(([, col]) => p[col])));
    const sx = (t) => L + (t / end) * (W - L - R);
    const sy = (v) => T + (1 - v / ymax) * (H - T - B);
    const s = svg("svg", { viewBox: `0 0 ${W} ${H}`, width: W, height: H, role: "img", "aria-label": "GC timeline" });
    for (const m of gc.major) {
      const x0 = sx(m.start), x1 = sx(m.end === null ? end : m.end);
      s.appendChild(svg("rect", { x: x0, y: T, width: Math.max(2, x1 - x0), height: H - T - B, fill: "#8e5ea2", "fill-opacity": 0.12 }));
    }
    for (let k = 0; k <= 4; k++) {
      const v = ymax * k / 4, y = sy(v);
      s.appendChild(svg("line", { x1: L, x2: W - R, y1: y, y2: y, class: "axis" }));
      const label = s.appendChild(svg("text", { x: L - 6, y: y + 4, "text-anchor": "end" }));
      label.textContent = fmtBytes(v);
    }
    for (let k = 0; k <= 4; k++) {
      const t = end * k / 4;
      const label = s.appendChild(svg("text", { x: sx(t), y: H - B + 14, "text-anchor": k === 0 ? "start" : k === 4 ? "end" : "middle" }));
      label.textContent = fmtMs(t);
    }
    for (const p of pts) s.appendChild(svg("line", { x1: sx(p[0]), x2: sx(p[0]), y1: H - B, y2: H - B + 4, stroke: "#98a2b3" }));
    for (const [name, col, color] of series) {
      const d = pts.map((p, k) => `${k ? "L" : "M"}${sx(p[0]).toFixed(1)},${sy(p[col]).toFixed(1)}`).join("");
      s.appendChild(svg("path", { d, fill: "none", stroke: color, "stroke-width": 1.6 })).dataset.series = name;
    }
    let lx = L;
    for (const [name, , color] of series) {
      s.appendChild(svg("rect", { x: lx, y: H - 12, width: 10, height: 8, fill: color }));
      const label = s.appendChild(svg("text", { x: lx + 14, y: H - 4 }));
      label.textContent = name;
      lx += 24 + name.length * 6.5;
    }
    if (gc.major.length) {
      s.appendChild(svg("rect", { x: lx, y: H - 12, width: 10, height: 8, fill: "#8e5ea2", "fill-opacity": 0.3 }));
      s.appendChild(svg("text", { x: lx + 14, y: H - 4 })).textContent = "major collection";
    }
    const cursor = s.appendChild(svg("line", { x1: 0, x2: 0, y1: T, y2: H - B, stroke: "#1d2330", "stroke-width": 1, visibility: "hidden" }));
    s.addEventListener("mousemove", (ev) => {
      if (!pts.length) return;
      const r = s.getBoundingClientRect();
      const t = ((ev.clientX - r.left) * (W / r.width) - L) / (W - L - R) * end;
      let best = 0;
      for (let k = 1; k < pts.length; k++) if (Math.abs(pts[k][0] - t) < Math.abs(pts[best][0] - t)) best = k;
      const p = pts[best];
      cursor.setAttribute("x1", sx(p[0]));
      cursor.setAttribute("x2", sx(p[0]));
      cursor.setAttribute("visibility", "visible");
      const what = p[8] > 1 ? `${p[8]} minor collections` : "minor collection";
      $("gc-readout").textContent = `${what} at ${fmtMs(p[0])}: ` + series.map(([name, col]) => `${name} ${fmtBytes(p[col])}`).join(", ")
        + `; copied ${fmtBytes(p[5])}; sampled objects: ${p[6]} survived, ${p[7]} died young; pause ${fmtMs(p[1] / 1e6)}`;
    });
    s.addEventListener("mouseleave", () => cursor.setAttribute("visibility", "hidden"));
    box.appendChild(s);
    const majors = gc.major.length ? `, ${gc.major.length} major` : "";
    $("gc-readout").textContent = `${gc.minor_count.toLocaleString("en-US")} minor collections${majors}; hover for details`;
    drawPauses(box, W, L, R, sx, end);
  }

  // The pauses on the GC timeline's time axis: one bar per pause, its
  // height the pause's length, the major work after the minor collection
  // in the darker part.
  function drawPauses(box, W, L, R, sx, end) {
    const gc = data.gc, pts = gc.pause || [];
    const P = gc.pause_summary;
    if (!pts.length || !P) {
      box.appendChild(el("p", { class: "muted small" }, gc.minor_count
        ? "Pauses: not recorded (a profile written before vmsample recorded them)." : ""));
      return;
    }
    const H = 96, T = 8, B = 6;
    const ymax = Math.max(...pts.map((p) => p[1]), 1e-6);
    const sy = (ms) => T + (1 - ms / ymax) * (H - T - B);
    const s = svg("svg", { viewBox: `0 0 ${W} ${H}`, width: W, height: H, role: "img", "aria-label": "GC pauses" });
    for (const v of [0, ymax / 2, ymax]) {
      s.appendChild(svg("line", { x1: L, x2: W - R, y1: sy(v), y2: sy(v), class: "axis" }));
      s.appendChild(svg("text", { x: L - 6, y: sy(v) + 4, "text-anchor": "end" })).textContent = fmtMs(v);
    }
    const p99 = P.p99_ns / 1e6;
    s.appendChild(svg("line", { x1: L, x2: W - R, y1: sy(p99), y2: sy(p99), stroke: "#c0392b", "stroke-dasharray": "4 3" }));
    s.appendChild(svg("text", { x: L + 4, y: Math.max(T + 10, sy(p99) - 3), fill: "#c0392b" })).textContent = `p99 ${fmtMs(p99)}`;
    for (const [t, ms, major] of pts) {
      const x = sx(t), w = Math.max(1.5, sx(t + ms) - x);
      s.appendChild(svg("rect", { x, y: sy(ms), width: w, height: sy(0) - sy(ms), fill: "#e8833a" }));
      if (major > 0) s.appendChild(svg("rect", { x, y: sy(major), width: w, height: sy(0) - sy(major), fill: "#8e5ea2" }));
    }
    const caption = `${gc.pause_count.toLocaleString("en-US")} pauses, ${fmtMs(P.total_ns / 1e6)} in all; longest `
      + `${fmtMs(P.max_ns / 1e6)}, p99 ${fmtMs(p99)}, median ${fmtMs(P.median_ns / 1e6)} `
      + "(orange: the minor collection, purple: the major work after it); hover a pause for details";
    const readout = box.appendChild(el("div", { class: "muted small" }, caption));
    s.addEventListener("mousemove", (ev) => {
      const r = s.getBoundingClientRect();
      const t = ((ev.clientX - r.left) * (W / r.width) - L) / (W - L - R) * end;
      let best = 0;
      for (let k = 1; k < pts.length; k++) if (Math.abs(pts[k][0] - t) < Math.abs(pts[best][0] - t)) best = k;
      const [pt, ms, major, minor] = pts[best];
      readout.textContent = `pause at ${fmtMs(pt)}: ${fmtMs(ms)} (minor collection #${minor}, then ${fmtMs(major)} of major work)`;
    });
    box.insertBefore(s, readout);
  }

  // ------------------------------------------------------------ live heap
  // The live flame graph at moment [t] (ms; Infinity = when profiling
  // stopped): the allocation tree whose self entries are the lives alive then.
  function liveTree(t) {
    const alloc = data.trees.alloc, selfs = alloc.parent.map(() => new Map());
    for (const [n, ty, w, b, d, c] of data.live.samples) {
      if (b > t || (d !== null && d <= t)) continue;
      let e = selfs[n].get(ty);
      if (!e) selfs[n].set(ty, e = [ty, 0, 0, 0, 0]);
      e[1] += w; e[3] += w; e[4] += c;
    }
    return Object.assign({}, alloc, { self: selfs.map((m) => [...m.values()].sort((a, b) => b[1] - a[1])) });
  }
  function setLiveMoment(t) {
    views.live = new View("live", liveTree(t));
    if (t !== Infinity) views.live.moment = t;
    const b = $("tabs").querySelector("button[data-kind='live']");
    b.textContent = t === Infinity ? "Live at the end" : `Live at ${fmtMs(t)}`;
    select("live");
  }
  const LIVE_COLORS = ["#e4572e", "#4fa3d1", "#76b041", "#8e5ea2", "#f3a712", "#29335c", "#db2b39", "#17bebb", "#b0b7c3"];
  function drawLive() {
    const live = data.live, alloc = data.trees.alloc;
    if (!live || !live.samples.length) return;
    $("live-section").hidden = false;
    const box = $("live-chart");
    const top = live.top_nodes, series = new Map(top.map((n, k) => [n, k]));
    const names = top.map((n) => n === 0 ? alloc.root : alloc.functions[alloc.func[n]][0]).concat(["other"]);
    // The stacked curve: +bytes at birth, -bytes at death, per series.
    const events = [];
    for (const [n, , w, b, d] of live.samples) {
      const k = series.has(n) ? series.get(n) : top.length;
      events.push([b, k, w]);
      if (d !== null) events.push([d, k, -w]);
    }
    events.sort((a, b) => a[0] - b[0]);
    const pts = [], cur = new Float64Array(names.length);
    for (const [t, k, w] of events) {
      cur[k] += w;
      if (pts.length && pts[pts.length - 1][0] === t) pts[pts.length - 1][1] = Array.from(cur);
      else pts.push([t, Array.from(cur)]);
    }
    const W = Math.max(300, box.clientWidth || 600), H = 200, L = 64, R = 10, T = 10, B = 34;
    const end = Math.max(live.end_ms, pts.length ? pts[pts.length - 1][0] : 0, 1e-6);
    const ymax = Math.max(1, ...pts.map(([, v]) => v.reduce((a, b) => a + b, 0)));
    const sx = (t) => L + (t / end) * (W - L - R), sy = (v) => T + (1 - v / ymax) * (H - T - B);
    const s = svg("svg", { viewBox: `0 0 ${W} ${H}`, width: W, height: H, role: "img", "aria-label": "live heap over time" });
    for (let k = 0; k <= 4; k++) {
      const y = sy(ymax * k / 4);
      s.appendChild(svg("line", { x1: L, x2: W - R, y1: y, y2: y, class: "axis" }));
      s.appendChild(svg("text", { x: L - 6, y: y + 4, "text-anchor": "end" })).textContent = fmtBytes(ymax * k / 4);
      s.appendChild(svg("text", { x: sx(end * k / 4), y: H - B + 14, "text-anchor": k === 0 ? "start" : k === 4 ? "end" : "middle" }))
        .textContent = fmtMs(end * k / 4);
    }
    // Step areas, bottom series first: each band from the sum below it to the sum including it.
    for (let k = 0; k < names.length; k++) {
      const lo = [], hi = [];
      let prev = null;
      for (const [t, v] of pts) {
        let below = 0;
        for (let j = 0; j < k; j++) below += v[j];
        if (prev) { lo.push([t, prev[0]]); hi.push([t, prev[1]]); }
        lo.push([t, below]); hi.push([t, below + v[k]]);
        prev = [below, below + v[k]];
      }
      if (prev) { lo.push([end, prev[0]]); hi.push([end, prev[1]]); }
      const d = hi.map(([t, v], i) => `${i ? "L" : "M"}${sx(t).toFixed(1)},${sy(v).toFixed(1)}`).join("")
        + lo.reverse().map(([t, v]) => `L${sx(t).toFixed(1)},${sy(v).toFixed(1)}`).join("") + "Z";
      s.appendChild(svg("path", { d, fill: LIVE_COLORS[k % LIVE_COLORS.length], "fill-opacity": 0.75, stroke: "none" }))
        .dataset.series = names[k];
    }
    let lx = L;
    names.forEach((name, k) => {
      s.appendChild(svg("rect", { x: lx, y: H - 12, width: 10, height: 8, fill: LIVE_COLORS[k % LIVE_COLORS.length] }));
      s.appendChild(svg("text", { x: lx + 14, y: H - 4 })).textContent = name;
      lx += 24 + name.length * 6.5;
    });
    const cursor = s.appendChild(svg("line", { x1: 0, x2: 0, y1: T, y2: H - B, stroke: "#1d2330", "stroke-width": 1, visibility: "hidden" }));
    const timeAt = (ev) => {
      const r = s.getBoundingClientRect();
      return Math.max(0, Math.min(end, ((ev.clientX - r.left) * (W / r.width) - L) / (W - L - R) * end));
    };
    const valuesAt = (t) => {
      let v = new Array(names.length).fill(0);
      for (const [pt, pv] of pts) { if (pt > t) break; v = pv; }
      return v;
    };
    s.addEventListener("mousemove", (ev) => {
      const t = timeAt(ev), v = valuesAt(t);
      cursor.setAttribute("x1", sx(t)); cursor.setAttribute("x2", sx(t)); cursor.setAttribute("visibility", "visible");
      $("live-readout").textContent = `at ${fmtMs(t)}: ${fmtBytes(v.reduce((a, b) => a + b, 0))} live; `
        + names.map((name, k) => [name, v[k]]).filter(([, b]) => b > 0).map(([name, b]) => `${name} ${fmtBytes(b)}`).join(", ");
    });
    s.addEventListener("mouseleave", () => cursor.setAttribute("visibility", "hidden"));
    s.addEventListener("click", (ev) => setLiveMoment(timeAt(ev)));
    box.appendChild(s);
    $("live-readout").textContent = "hover for the live bytes at a moment; click to see them as a flame graph"
      + (live.merged ? ` (${live.merged})` : "");
  }

  // ------------------------------------------------------------ header
  function cards() {
    const s = data.summary;
    const name = data.program ? data.program.split(/[\\/]/).pop() : "profile";
    $("title").textContent = `vmsample \u2014 ${name}`;
    document.title = `vmsample: ${name}`;
    const items = [["duration", fmtMs(data.duration_ms), ""]];
    if (s.alloc_samples) {
      items.push(["allocated (estimate)", fmtBytes(s.estimated_bytes),
        `${fmtCount(s.alloc_samples)} samples, one per ${fmtBytes(s.alloc_period)}`]);
      items.push(["died young", fmtPct(s.died_young), s.unknown_bytes ? `${fmtBytes(s.unknown_bytes)} fate unknown` : "of sampled bytes"]);
    }
    if (s.time_samples) items.push(["time samples", fmtCount(s.time_samples), s.time_period_ns ? `every ${fmtMs(s.time_period_ns / 1e6)}` : ""]);
    items.push(["collections", `${fmtCount(s.minor_collections)} minor`, `${s.major_collections} major`]);
    items.push(["old space, peak", fmtBytes(s.peak_heap) + " in use (total_memory_used)", `${fmtBytes(s.bytes_copied)} copied`]);
    const box = $("cards");
    for (const [label, value, sub] of items) {
      const c = box.appendChild(el("div", { class: "card" }));
      c.appendChild(el("div", { class: "label" }, label));
      c.appendChild(el("div", { class: "value" }, value));
      if (sub) c.appendChild(el("div", { class: "sub" }, sub));
    }
    $("footer").textContent = `Generated by ${data.generator}` + (data.argv ? ` \u00b7 ${data.argv.join(" ")}` : "");
  }

  // ------------------------------------------------------------ start
  cards();
  const tabs = $("tabs");
  for (const [kind, label] of [["alloc", "Allocations"], ["live", "Live at the end"], ["time", "Time"]]) {
    const tree = kind === "live" ? (data.live && data.live.samples.length ? liveTree(Infinity) : null) : data.trees[kind];
    if (!tree) continue;
    views[kind] = new View(kind, tree);
    const b = tabs.appendChild(el("button", { type: "button", role: "tab", "data-kind": kind }, label));
    b.addEventListener("click", () => select(kind));
  }
  typesTable();
  sitesTable();
  drawGC();
  drawLive();
  if (views.alloc || views.time) {
    select(views.alloc ? "alloc" : "time");
  } else {
    $("flame-section").textContent = "";
    $("flame-section").appendChild(el("p", { class: "muted" }, "This profile has no samples."));
  }
})();
