// gattai's page: a board of input cells for any layout, and buttons that
// ask the JSON API (see package web's doc.go). No dependencies.
"use strict";

(function () {
  const $ = (id) => document.getElementById(id);
  const boardEl = $("board");
  const statusEl = $("status");
  let board = null;   // the Board of the API: cells, borders, units, layout_file
  let inputs = [];    // cell index -> its input
  let at = new Map(); // "r,c" -> cell index
  let answer = null;  // the last answer's SVG, for download
  let custom = false; // the board is a layout file's

  function setStatus(text, kind) {
    statusEl.textContent = "";
    statusEl.className = kind || "";
    if (typeof text === "string") {
      statusEl.textContent = text;
    } else {
      statusEl.append(...text);
    }
  }

  async function api(path, body) {
    const init = body === undefined ? {} : {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    };
    const res = await fetch(path, init);
    const type = res.headers.get("Content-Type") || "";
    const data = type.startsWith("application/json") ? await res.json() : await res.text();
    if (!res.ok) {
      const msg = data && data.error ? data.error.message : res.status + " " + res.statusText;
      throw new Error(msg);
    }
    return data;
  }

  function symbolDigit(ch) {
    if (!board) return -1;
    const i = board.symbols.findIndex((s) => s.toUpperCase() === ch.toUpperCase());
    return i + 1; // 0 when unknown
  }

  function render(b) {
    board = b;
    answer = null;
    boardEl.textContent = "";
    inputs = [];
    at = new Map();
    const avail = Math.max(boardEl.parentElement.clientWidth - 8, 300);
    const cell = Math.max(20, Math.min(40, Math.floor(avail / b.width)));
    boardEl.style.setProperty("--cell", cell + "px");
    boardEl.style.gridTemplateColumns = `repeat(${b.width}, ${cell}px)`;
    boardEl.style.gridTemplateRows = `repeat(${b.height}, ${cell}px)`;
    const maxLen = Math.max(...b.symbols.map((s) => s.length));
    b.cells.forEach(([r, c], i) => {
      const el = document.createElement("input");
      el.type = "text";
      el.maxLength = maxLen;
      el.autocomplete = "off";
      el.spellcheck = false;
      el.setAttribute("inputmode", b.size <= 9 ? "numeric" : "text");
      el.setAttribute("aria-label", `row ${r + 1}, column ${c + 1}`);
      el.dataset.cell = i;
      el.style.gridRow = r + 1;
      el.style.gridColumn = c + 1;
      el.tabIndex = i === 0 ? 0 : -1;
      boardEl.append(el);
      inputs.push(el);
      at.set(r + "," + c, i);
    });
    // Lines: a cell draws its right and bottom edges, and its top and
    // left ones on the board's edge; a box border shared by two cells
    // is 2px from the cell before it and 1px (an inset shadow) from the
    // cell after, so that every thick line is 3px.
    b.cells.forEach(([r, c], i) => {
      const e = b.borders[i];
      const has = (dr, dc) => at.has((r + dr) + "," + (c + dc));
      const st = inputs[i].style;
      const thin = "1px solid var(--thin)", edge = "3px solid var(--line)";
      st.borderRight = !has(0, 1) ? edge : e & 2 ? "2px solid var(--line)" : thin;
      st.borderBottom = !has(1, 0) ? edge : e & 4 ? "2px solid var(--line)" : thin;
      st.borderLeft = !has(0, -1) ? edge : "0";
      st.borderTop = !has(-1, 0) ? edge : "0";
      const shadows = [];
      if (has(0, -1) && e & 8) shadows.push("inset 1px 0 0 var(--line)");
      if (has(-1, 0) && e & 1) shadows.push("inset 0 1px 0 var(--line)");
      if (shadows.length) st.boxShadow = shadows.join(", ");
    });
    if (b.givens) {
      b.givens.forEach((d, i) => { if (d) inputs[i].value = b.symbols[d - 1]; });
    }
    $("caption").textContent = `${b.name} · ${b.size} × ${b.size} · ${b.cells.length} cells`;
    $("rules").textContent = b.rules && b.rules.length
      ? "Also on this board, drawn below: " + b.rules.join(", ") + "."
      : "";
    conflicts();
    picture(null);
    if (b.rules && b.rules.length) {
      fetch("/api/svg", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(source()) })
        .then((res) => (res.ok ? res.text() : null))
        .then((svg) => { if (svg && board === b) picture(svg); }, () => {});
    }
  }

  // picture shows the SVG of the puzzle or its answer under the board,
  // for layouts with constraints that the grid of inputs does not draw.
  let pictureURL = null;
  function picture(svg) {
    const img = $("picture");
    if (pictureURL) URL.revokeObjectURL(pictureURL);
    pictureURL = null;
    img.hidden = !(svg && board.rules && board.rules.length);
    if (img.hidden) return;
    pictureURL = URL.createObjectURL(new Blob([svg], { type: "image/svg+xml" }));
    img.src = pictureURL;
  }

  function givens() {
    return inputs.map((el) => (el.classList.contains("solved") ? 0 : symbolDigit(el.value.trim()) || 0));
  }

  function clearAnswer() {
    for (const el of inputs) {
      el.classList.remove("core");
      if (el.classList.contains("solved")) {
        el.value = "";
        el.classList.remove("solved");
      }
    }
    answer = null;
  }

  function conflicts() {
    const ds = inputs.map((el) => symbolDigit(el.value.trim()));
    const bad = new Set();
    for (const u of board.units) {
      const seen = new Map();
      for (const c of u) {
        const d = ds[c];
        if (d <= 0) continue;
        if (seen.has(d)) { bad.add(c); bad.add(seen.get(d)); } else seen.set(d, c);
      }
    }
    inputs.forEach((el, i) => el.classList.toggle("conflict", bad.has(i)));
    return bad.size;
  }

  function focusCell(i) {
    for (const el of inputs) el.tabIndex = -1;
    inputs[i].tabIndex = 0;
    inputs[i].focus();
    inputs[i].select();
  }

  function move(i, dr, dc) {
    let [r, c] = board.cells[i];
    for (let k = 0; k < Math.max(board.height, board.width); k++) {
      r += dr; c += dc;
      if (r < 0 || c < 0 || r >= board.height || c >= board.width) return;
      const j = at.get(r + "," + c);
      if (j !== undefined) { focusCell(j); return; }
    }
  }

  boardEl.addEventListener("keydown", (ev) => {
    const el = ev.target;
    if (!(el instanceof HTMLInputElement)) return;
    const i = Number(el.dataset.cell);
    const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
    if (moves[ev.key]) {
      ev.preventDefault();
      move(i, ...moves[ev.key]);
      return;
    }
    if (ev.key === "Backspace" || ev.key === "Delete" || ev.key === "." || ev.key === "0" || ev.key === " ") {
      ev.preventDefault();
      edit(el, "");
      return;
    }
    if (ev.key.length === 1 && !ev.ctrlKey && !ev.metaKey && !ev.altKey) {
      ev.preventDefault();
      const d = board.size > 35 ? 0 : symbolDigit(ev.key);
      if (d > 0) edit(el, board.symbols[d - 1]);
    }
  });
  boardEl.addEventListener("input", (ev) => { // big grids: numbers typed
    const el = ev.target;
    const d = symbolDigit(el.value.trim());
    if (d <= 0 && el.value.trim() !== "" && !/^\d+$/.test(el.value.trim())) el.value = "";
    edit(el, el.value.trim());
  });
  boardEl.addEventListener("focusin", (ev) => {
    if (ev.target instanceof HTMLInputElement) ev.target.select();
  });

  function edit(el, v) {
    clearAnswer();
    el.value = v;
    el.select();
    const n = conflicts();
    setStatus(n ? `${n} cells repeat a digit in a row, column or box.` : "", n ? "bad" : "");
  }

  function source() {
    return { layout_file: board.layout_file, givens: givens() };
  }

  function ms(rec) {
    return rec.elapsed_ms === undefined ? "" : ` in ${rec.elapsed_ms < 10 ? rec.elapsed_ms.toFixed(2) : rec.elapsed_ms.toFixed(0)} ms`;
  }

  function strong(text) {
    const s = document.createElement("span");
    s.className = "st";
    s.textContent = text;
    return s;
  }

  async function run(kind) {
    if (!board) return;
    if (conflicts() && kind !== "explain") {
      setStatus("Some givens repeat a digit: fix the red cells, or ask Explain.", "bad");
      return;
    }
    clearAnswer();
    const req = source();
    req.engine = $("engine").value;
    if (kind === "count") req.limit = Number($("limit").value) || 2;
    setStatus("Working…");
    let ans;
    try {
      ans = await api("/api/" + kind, req);
    } catch (e) {
      setStatus(e.message, "bad");
      return;
    }
    answer = ans.svg || null;
    if (answer) picture(answer);
    const rec = ans.records[0];
    if (ans.digits) {
      ans.digits.forEach((d, i) => {
        if (!req.givens[i]) {
          inputs[i].value = board.symbols[d - 1];
          inputs[i].classList.add("solved");
        }
      });
    }
    for (const c of ans.core_cells || []) inputs[c].classList.add("core");
    for (const c of ans.ambiguous_cells || []) inputs[c].classList.add("core");
    const engine = rec.engine ? ` (${rec.engine})` : "";
    switch (rec.status) {
      case "error":
        setStatus(rec.error.message, "bad");
        return;
      case "timeout":
        setStatus([strong("timeout"), " — the server's time ran out before an answer."], "bad");
        return;
    }
    if (kind === "explain") {
      if (rec.status === "unique") {
        setStatus([strong("unique"), " — exactly one solution, nothing to explain" + ms(rec) + engine], "ok");
      } else if (rec.status === "multiple") {
        setStatus([strong("several solutions"), ": two differ only in the marked cells: " + (rec.ambiguous || []).join(", ") + ms(rec)], "bad");
      } else {
        const core = rec.core || [];
        setStatus([strong("no solution"), (core.length === 1 ? ": this cannot hold: " : ": these cannot all hold: ") + core.join(", ") + ms(rec)], "bad");
      }
      return;
    }
    const n = rec.solutions + (rec.limit_reached ? "+" : "");
    const text = {
      unique: " — exactly one solution",
      multiple: kind === "count" ? ` — ${n} solutions` : " — more than one solution; one is shown",
      none: " — no solution",
      found: " — a solution",
    }[rec.status] || "";
    setStatus([strong(rec.status), text + ms(rec) + engine], rec.status === "none" ? "bad" : "ok");
  }

  async function loadLayouts() {
    const list = await api("/api/layouts");
    const sel = $("layout");
    for (const l of list) {
      const o = document.createElement("option");
      o.value = l.name;
      o.textContent = `${l.name} (${l.grids} grid${l.grids > 1 ? "s" : ""})`;
      o.title = l.about;
      o.dataset.sizes = l.sizes.join(",");
      sel.append(o);
    }
    sel.addEventListener("change", () => { sizes(); newBoard(); });
    $("size").addEventListener("change", newBoard);
    sizes();
  }

  function sizes() {
    const sel = $("size");
    const keep = sel.value || "9";
    const opt = $("layout").selectedOptions[0];
    sel.textContent = "";
    for (const n of opt.dataset.sizes.split(",")) {
      const o = document.createElement("option");
      o.value = n;
      o.textContent = `${n} × ${n}`;
      sel.append(o);
    }
    sel.value = opt.dataset.sizes.split(",").includes(keep) ? keep : "9";
  }

  async function newBoard() {
    custom = false;
    try {
      render(await api(`/api/layouts/${encodeURIComponent($("layout").value)}?size=${$("size").value}`));
      setStatus("Type the givens, then Solve.");
    } catch (e) {
      setStatus(e.message, "bad");
    }
  }

  async function load(asLayout) {
    const text = $("text").value;
    if (!text.trim()) {
      setStatus("Paste a puzzle first.", "bad");
      return;
    }
    try {
      let b;
      if (asLayout) {
        b = await api("/api/board", { layout_file: text });
      } else if (custom) {
        // On a layout file's board the text is read on that layout,
        // unless it carries its own (a link).
        b = await api("/api/board", { puzzle: text, layout_file: board.layout_file })
          .catch(() => api("/api/board", { puzzle: text }));
      } else {
        b = await api("/api/board", { puzzle: text });
      }
      custom = asLayout || (custom && b.name === board.name);
      render(b);
      setStatus(asLayout ? "Layout loaded: type the givens." : "Puzzle loaded: Solve, Count or Explain.");
    } catch (e) {
      setStatus(e.message, "bad");
    }
  }

  function download() {
    const go = (svg) => {
      const url = URL.createObjectURL(new Blob([svg], { type: "image/svg+xml" }));
      const a = document.createElement("a");
      a.href = url;
      a.download = (board.name || "puzzle") + (answer ? "-solved" : "") + ".svg";
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    };
    if (answer) { go(answer); return; }
    fetch("/api/svg", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(source()) })
      .then(async (res) => { if (!res.ok) throw new Error((await res.json()).error.message); return res.text(); })
      .then(go, (e) => setStatus(e.message, "bad"));
  }

  async function links() {
    const out = $("links");
    out.textContent = "";
    let ls;
    try {
      ls = await api("/api/link", source());
    } catch (e) {
      setStatus(e.message, "bad");
      return;
    }
    for (const [site, name] of [["sudokupad", "SudokuPad"], ["fpuzzles", "f-puzzles"]]) {
      if (ls[site]) {
        const a = document.createElement("a");
        a.href = ls[site];
        a.target = "_blank";
        a.rel = "noopener noreferrer";
        a.textContent = name + ": " + ls[site];
        out.append(a);
      } else if (ls.errors && ls.errors[site]) {
        const p = document.createElement("p");
        p.textContent = name + ": " + ls.errors[site];
        out.append(p);
      }
    }
    const first = ls.sudokupad || ls.fpuzzles;
    if (first && navigator.clipboard) {
      navigator.clipboard.writeText(first).then(
        () => setStatus("The " + (ls.sudokupad ? "SudokuPad" : "f-puzzles") + " link is copied."),
        () => {});
    }
  }

  // hint shows the next logical step, its cells marked; with nudge, only
  // its technique and where to look.
  async function hint(nudge) {
    if (!board) return;
    clearAnswer();
    setStatus("Working…");
    let ans;
    try {
      ans = await api("/api/hint", source());
    } catch (e) {
      setStatus(e.message, "bad");
      return;
    }
    const rec = ans.records[0];
    if (rec.status !== "unique") {
      setStatus(rec.status === "error" ? rec.error.message : [strong(rec.status), " — a hint needs a puzzle with exactly one solution."], "bad");
      return;
    }
    if (nudge) {
      setStatus([strong("nudge"), ": " + ans.nudge], "ok");
      return;
    }
    for (const c of ans.step_cells || []) inputs[c].classList.add("core");
    setStatus([strong("hint"), ": " + ans.step], "ok");
  }

  async function generateBoard() {
    if (!board) return;
    setStatus("Making a puzzle…");
    try {
      const b = await api("/api/generate", custom ? { layout_file: board.layout_file } : { layout: board.name, size: board.size, box: board.box });
      render(b);
      setStatus("A new puzzle with exactly one solution.", "ok");
    } catch (e) {
      setStatus(e.message, "bad");
    }
  }

  $("nudge").addEventListener("click", () => hint(true));
  $("hint").addEventListener("click", () => hint(false));
  $("generate").addEventListener("click", generateBoard);
  $("solve").addEventListener("click", () => run("solve"));
  $("count").addEventListener("click", () => run("count"));
  $("explain").addEventListener("click", () => run("explain"));
  $("clear").addEventListener("click", () => { clearAnswer(); setStatus(""); });
  $("reset").addEventListener("click", () => { for (const el of inputs) { el.value = ""; el.className = el.className.replace(/\b(solved|core|conflict)\b/g, ""); } setStatus(""); });
  $("new").addEventListener("click", newBoard);
  $("load").addEventListener("click", () => load(false));
  $("load-layout").addEventListener("click", () => load(true));
  $("svg").addEventListener("click", download);
  $("link").addEventListener("click", links);

  loadLayouts().then(newBoard, (e) => setStatus(e.message, "bad"));
})();
