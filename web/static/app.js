"use strict";

async function api(path, body) {
  const r = await fetch(path, {method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)});
  const j = await r.json();
  if (!r.ok) throw new Error(j.error || r.statusText);
  return j;
}

const $ = (id) => document.getElementById(id);

// The calculator.
async function calc() {
  try {
    const j = await api("/api/nimber", {op: $("calc-op").value, a: $("calc-a").value, b: $("calc-b").value});
    $("calc-out").textContent = j.decimal + "   (" + j.hex + ")";
    $("calc-out").className = "";
  } catch (e) {
    $("calc-out").textContent = "error: " + e.message;
    $("calc-out").className = "error";
  }
}
$("calc-go").onclick = calc;
$("calc-op").onchange = () => { $("calc-b").disabled = ["inv", "sqrt"].includes($("calc-op").value); };

// The product table, with ticks along its edges and x ⊗ y under the pointer.
function table() {
  const bits = +$("table-bits").value, size = 1 << bits, img = $("table-img");
  img.src = "/api/table.png?bits=" + bits;
  for (const [id, side] of [["table-ticks-x", "left"], ["table-ticks-y", "top"]]) {
    const box = $(id);
    box.innerHTML = "";
    for (const k of [0, size / 4, size / 2, 3 * size / 4]) {
      const t = document.createElement("span");
      t.textContent = k;
      t.style[side] = (k / size * 256) + "px";
      box.appendChild(t);
    }
  }
  img.onmousemove = (e) => {
    const x = Math.min(size - 1, Math.floor(e.offsetX / img.clientWidth * size));
    const y = Math.min(size - 1, Math.floor(e.offsetY / img.clientHeight * size));
    img.title = x + " ⊗ " + y + " = " + nimMul(x, y);
    $("table-out").textContent = img.title;
  };
}
$("table-bits").onchange = table;

// nimMul returns the nim-product of a and b below 2^bits (bits a power of
// 2): with F = 2^(bits/2), a = a1·F ⊕ a0 and F ⊗ F = F ⊕ F/2.
function nimMul(a, b, bits = 16) {
  if (a < 2 || b < 2) return a * b;
  const h = bits / 2, m = (1 << h) - 1;
  const a1 = a >> h, a0 = a & m, b1 = b >> h, b0 = b & m;
  const hi = nimMul(a1, b1, h);
  return ((nimMul(a0, b1, h) ^ nimMul(a1, b0, h) ^ hi) << h) ^ nimMul(a0, b0, h) ^ nimMul(hi, 1 << (h - 1), h);
}

// step returns a round step (1, 2 or 5 times a power of 10) giving about
// n ticks up to top.
function step(top, n) {
  const raw = Math.max(1, top / n), p = Math.pow(10, Math.floor(Math.log10(raw)));
  return [1, 2, 5, 10].map((k) => k * p).find((k) => k >= raw);
}

// Grundy sequences, plotted on a canvas with axes and the period marked;
// the value under the pointer is written below.
const seq = {values: []};
async function sequence() {
  const c = $("seq-plot"), ctx = c.getContext("2d");
  const L = 44, B = 30, T = 10, R = 10, w = c.width - L - R, hgt = c.height - T - B;
  ctx.clearRect(0, 0, c.width, c.height);
  $("seq-out").className = "";
  seq.values = [];
  try {
    const j = await api("/api/sequence", {game: $("seq-game").value, code: $("seq-code").value, n: parseInt($("seq-n").value, 10) || 0});
    const v = j.values, top = Math.max(1, ...v), bw = w / v.length;
    let text = j.name + ": " + v.slice(0, 40).join(" ") + (v.length > 40 ? " …" : "");
    const p = j.period;
    if (p) {
      text += "\nperiod " + p.period + ", preperiod " + p.preperiod + (p.saltus ? ", saltus " + p.saltus : "") + (p.proven ? " (proven)" : " (observed)");
      ctx.fillStyle = "rgba(91,43,214,0.08)";
      const x0 = L + p.preperiod * bw;
      ctx.fillRect(x0, T, Math.min(p.period * bw, L + w - x0), hgt);
      ctx.strokeStyle = "#5b2bd6";
      ctx.beginPath(); ctx.moveTo(x0, T); ctx.lineTo(x0, T + hgt); ctx.stroke();
    } else {
      text += "\nno period found";
    }
    $("seq-out").textContent = text;
    ctx.fillStyle = "#1d1b2f";
    v.forEach((y, i) => {
      const h = y / top * hgt;
      ctx.fillRect(L + i * bw, T + hgt - h, Math.max(1, bw - 0.5), h);
    });
    // Axes, ticks and labels.
    ctx.strokeStyle = "#999"; ctx.fillStyle = "#6b6880"; ctx.font = "12px system-ui, sans-serif";
    ctx.beginPath(); ctx.moveTo(L, T); ctx.lineTo(L, T + hgt); ctx.lineTo(L + w, T + hgt); ctx.stroke();
    ctx.textAlign = "center"; ctx.textBaseline = "top";
    for (let n = 0, d = step(v.length, 10); n < v.length; n += d) {
      const x = L + (n + 0.5) * bw;
      ctx.beginPath(); ctx.moveTo(x, T + hgt); ctx.lineTo(x, T + hgt + 4); ctx.stroke();
      ctx.fillText(n, x, T + hgt + 6);
    }
    ctx.textAlign = "right"; ctx.textBaseline = "middle";
    for (let g = 0, d = step(top, 5); g <= top; g += d) {
      const y = T + hgt - g / top * hgt;
      ctx.beginPath(); ctx.moveTo(L - 4, y); ctx.lineTo(L, y); ctx.stroke();
      ctx.fillText(g, L - 6, y);
    }
    ctx.textAlign = "left"; ctx.fillText("n", L + w - 8, T + hgt + 20);
    ctx.save(); ctx.translate(12, T + hgt / 2); ctx.rotate(-Math.PI / 2); ctx.textAlign = "center"; ctx.fillText("G(n)", 0, 0); ctx.restore();
    seq.values = v;
  } catch (e) {
    $("seq-out").textContent = "error: " + e.message;
    $("seq-out").className = "error";
  }
  c.onmousemove = (e) => {
    const v = seq.values, x = e.offsetX * c.width / c.clientWidth, i = Math.floor((x - L) / (w / v.length));
    const t = i >= 0 && i < v.length ? "G(" + i + ") = " + v[i] : "";
    c.title = t;
    $("seq-hover").textContent = t;
  };
}
$("seq-go").onclick = sequence;

// Play.
const HEAPS = ["nim", "kayles", "wythoff"];
const STARTS = {
  nim: "3 5 7",
  kayles: "4 7",
  wythoff: "4 9",
  corners: "TTTTT THTTH TTHTT THTHT TTHTH",
  hackenbush: "0-1 1-2 1-3 3-4 0-5 5-6 6-0 0-7 7-8 8-9 9-7 9-9",
};
const HELP = {
  nim: "Click a heap to choose it, then a size to leave.",
  kayles: "Click a row to choose it, then which pins to knock down.",
  wythoff: "Click a heap, then a size to leave, or take the same from both.",
  corners: "Click a heads coin (gold) away from the top row and left column, then a coin above and to its left: the four corners of that rectangle turn over.",
  hackenbush: "Click an edge to cut it; whatever loses touch with the ground falls. Vertex 0 is the ground.",
};
let game = {name: "nim", position: [3, 5, 7], board: [], edges: [], chosen: -1, busy: false};

// The nim-products of 0..15 (corners boards are at most 16 coins a side),
// from the mex definition, for the coins' tooltips.
const NIM16 = (() => {
  const t = [];
  for (let a = 0; a < 16; a++) {
    t.push([]);
    for (let b = 0; b < 16; b++) {
      const seen = new Set();
      for (let x = 0; x < a; x++) for (let y = 0; y < b; y++) seen.add(t[x][b] ^ t[a][y] ^ t[x][y]);
      let m = 0;
      while (seen.has(m)) m++;
      t[a].push(m);
    }
  }
  return t;
})();

function kaylesMoves(h) {
  const seen = new Set(), out = [];
  for (const take of [1, 2]) {
    for (let i = 0; i + take <= h; i++) {
      const a = i, b = h - take - i, key = Math.min(a, b) + "," + Math.max(a, b);
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({text: "take " + take + " → " + ([a, b].filter((x) => x > 0).join("+") || "0"), rows: [a, b].filter((x) => x > 0)});
    }
  }
  return out;
}

function movesFor(i) {
  const p = game.position, h = p[i], out = [];
  if (game.name === "kayles") {
    for (const m of kaylesMoves(h)) {
      out.push({text: m.text, position: [...p.slice(0, i), ...m.rows, ...p.slice(i + 1)]});
    }
    return out;
  }
  for (let t = 0; t < h; t++) {
    const q = p.slice(); q[i] = t;
    out.push({text: String(t), position: q});
  }
  if (game.name === "wythoff") {
    for (let k = 1; k <= Math.min(p[0], p[1]); k++) {
      out.push({text: "both −" + k, position: [p[0] - k, p[1] - k]});
    }
  }
  return out;
}

// The request body for the current position.
function positionBody() {
  const body = {game: game.name};
  if (game.name === "corners") body.board = game.board;
  else if (game.name === "hackenbush") body.edges = game.edges;
  else body.position = game.position;
  return body;
}

// Take the position a move (ours or the server's) leads to.
function adopt(m) {
  const p = m.position || [];
  if (game.name === "corners") game.board = p;
  else if (game.name === "hackenbush") game.edges = p;
  else game.position = p.filter((h) => game.name !== "kayles" || h > 0);
}

function draw() {
  const b = $("board");
  b.innerHTML = "";
  if (game.name === "corners") return drawCorners(b);
  if (game.name === "hackenbush") return drawHackenbush(b);
  game.position.forEach((h, i) => {
    const row = document.createElement("div");
    row.className = "heap" + (i === game.chosen ? " chosen" : "");
    row.dataset.heap = i;
    const label = document.createElement("span");
    label.className = "label";
    label.textContent = (game.name === "kayles" ? "row " : "heap ") + (i + 1) + ": " + h;
    row.appendChild(label);
    for (let k = 0; k < Math.min(h, 40); k++) {
      const t = document.createElement("span");
      t.className = "token";
      row.appendChild(t);
    }
    row.onclick = () => { if (!game.busy) { game.chosen = i; draw(); } };
    b.appendChild(row);
    if (i === game.chosen) {
      const sizes = document.createElement("div");
      sizes.className = "sizes";
      if (h > SMALL) {
        takeAway(sizes, i);
        b.appendChild(sizes);
        return;
      }
      for (const m of movesFor(i)) {
        const btn = document.createElement("button");
        btn.textContent = m.text;
        btn.className = "move";
        btn.onclick = (ev) => { ev.stopPropagation(); move({position: m.position}); };
        sizes.appendChild(btn);
      }
      b.appendChild(sizes);
    }
  });
}

// A heap past SMALL gets boxes for the move instead of a button per size.
const SMALL = 40;
function takeAway(sizes, i) {
  const p = game.position, h = p[i];
  const box = (label, max) => {
    const l = document.createElement("label"), n = document.createElement("input");
    n.type = "number"; n.min = 0; n.max = max; n.value = 0; n.className = "take";
    l.append(label, n);
    sizes.appendChild(l);
    return n;
  };
  const go = (text, f) => {
    const btn = document.createElement("button");
    btn.textContent = text;
    btn.className = "move";
    btn.onclick = (ev) => {
      ev.stopPropagation();
      try { move({position: f()}); } catch (e) { fail(e); }
    };
    sizes.appendChild(btn);
  };
  const num = (n, lo, hi, what) => {
    const v = Number(n.value);
    if (!Number.isInteger(v) || v < lo || v > hi) throw new Error(what + " must be a whole number from " + lo + " to " + hi);
    return v;
  };
  sizes.onclick = (ev) => ev.stopPropagation();
  if (game.name === "kayles") {
    const k = box("knock down (1 or 2) ", 2), a = box(" leaving on the left ", h - 1);
    k.min = 1; k.value = 1;
    go("move", () => {
      const take = num(k, 1, 2, "the pins knocked down"), left = num(a, 0, h - take, "the pins on the left");
      return [...p.slice(0, i), ...[left, h - take - left].filter((x) => x > 0), ...p.slice(i + 1)];
    });
    return;
  }
  const n = box("leave ", h - 1);
  go("move", () => { const q = p.slice(); q[i] = num(n, 0, h - 1, "the size left"); return q; });
  if (game.name === "wythoff" && Math.min(p[0], p[1]) > 0) {
    const k = box(" or take from both ", Math.min(p[0], p[1]));
    k.min = 1; k.value = 1;
    go("take", () => { const t = num(k, 1, Math.min(p[0], p[1]), "the tokens taken"); return [p[0] - t, p[1] - t]; });
  }
}

// Turning Corners: a grid of coins; game.chosen is the head [r, c] picked.
function drawCorners(b) {
  const grid = document.createElement("div");
  grid.className = "coins";
  grid.style.gridTemplateColumns = "repeat(" + game.board[0].length + ", 30px)";
  const head = Array.isArray(game.chosen) ? game.chosen : null;
  game.board.forEach((row, r) => {
    [...row].forEach((ch, c) => {
      const coin = document.createElement("button");
      const target = head && r < head[0] && c < head[1];
      coin.className = "coin " + (ch === "H" ? "heads" : "tails") + (target ? " target" : "") + (head && r === head[0] && c === head[1] ? " chosen" : "");
      coin.dataset.r = r; coin.dataset.c = c;
      coin.textContent = ch;
      coin.title = "coin (" + r + "," + c + "), worth " + r + "⊗" + c + " = " + NIM16[r][c] + " when heads";
      coin.onclick = () => {
        if (game.busy) return;
        if (target) {
          const q = game.board.map((x) => [...x]);
          for (const rr of [r, head[0]]) for (const cc of [c, head[1]]) q[rr][cc] = q[rr][cc] === "H" ? "T" : "H";
          move({position: q.map((x) => x.join(""))});
          return;
        }
        game.chosen = (ch === "H" && r > 0 && c > 0) ? [r, c] : -1;
        draw();
      };
      grid.appendChild(coin);
    });
  });
  b.appendChild(grid);
}

// The edges still connected to the ground (vertex 0).
function grounded(edges) {
  const reach = new Set([0]);
  for (let changed = true; changed;) {
    changed = false;
    for (const [u, v] of edges) {
      if (reach.has(u) !== reach.has(v)) { reach.add(u); reach.add(v); changed = true; }
    }
  }
  return edges.filter(([u]) => reach.has(u));
}

// A layered drawing of the starting picture: each piece standing on the
// ground gets a slot as wide as its widest layer, and each vertex sits at
// the height of its distance from the ground, ordered within its layer by
// its neighbours below. It is kept for the whole game so nothing jumps.
function layout(edges) {
  const adj = new Map(), depth = new Map([[0, 0]]), root = new Map();
  const find = (v) => { while (root.has(v) && root.get(v) !== v) v = root.get(v); return v; };
  for (const [u, v] of edges) {
    for (const [a, b] of [[u, v], [v, u]]) {
      if (!adj.has(a)) adj.set(a, []);
      adj.get(a).push(b);
    }
    if (u !== 0 && v !== 0 && find(u) !== find(v)) root.set(find(u), find(v));
  }
  let layer = [0], maxDepth = 1;
  while (layer.length) {
    const next = [];
    for (const u of layer) for (const v of adj.get(u) || []) {
      if (!depth.has(v)) { depth.set(v, depth.get(u) + 1); next.push(v); maxDepth = Math.max(maxDepth, depth.get(v)); }
    }
    layer = next;
  }
  // The pieces, in order of their least vertex, with their layers.
  const pieces = new Map();
  for (const v of [...depth.keys()].filter((v) => v !== 0).sort((a, b) => a - b)) {
    const r = find(v);
    if (!pieces.has(r)) pieces.set(r, []);
    const ls = pieces.get(r), k = depth.get(v) - 1;
    while (ls.length <= k) ls.push([]);
    ls[k].push(v);
  }
  const W = 520, step = Math.min(56, 220 / maxDepth), pos = new Map([[0, [W / 2, 250]]]);
  const weight = (ls) => Math.max(...ls.map((l) => l.length));
  const total = [...pieces.values()].reduce((s, ls) => s + weight(ls), 0);
  let used = 0;
  for (const ls of pieces.values()) {
    const x0 = used / total * W, w = weight(ls) / total * W;
    used += weight(ls);
    ls.forEach((vs, k) => {
      const key = (v) => {
        const below = (adj.get(v) || []).filter((u) => depth.get(u) === k && pos.has(u) && u !== 0);
        return below.length ? below.reduce((s, u) => s + pos.get(u)[0], 0) / below.length : x0 + v / 1e6;
      };
      vs.sort((a, b) => key(a) - key(b) || a - b);
      vs.forEach((v, i) => pos.set(v, [x0 + (i + 1) * w / (vs.length + 1), 250 - (k + 1) * step]));
    });
  }
  return pos;
}

function drawHackenbush(b) {
  const NS = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(NS, "svg");
  svg.setAttribute("viewBox", "0 0 520 270");
  svg.setAttribute("class", "hackenbush");
  const ground = document.createElementNS(NS, "rect");
  ground.setAttribute("x", 0); ground.setAttribute("y", 250); ground.setAttribute("width", 520); ground.setAttribute("height", 20);
  ground.setAttribute("class", "ground");
  svg.appendChild(ground);
  // An edge is good when cutting it leaves a winning move's position.
  const cut = (i) => JSON.stringify(grounded(game.edges.filter((_, j) => j !== i)));
  const good = new Set(((game.hint && game.hint.moves) || []).map((m) => JSON.stringify(m.position)));
  const count = new Map(), dots = new Set();
  game.edges.forEach(([u, v], i) => {
    const pair = Math.min(u, v) + "-" + Math.max(u, v);
    const k = count.get(pair) || 0;
    count.set(pair, k + 1);
    // Where an end sits: the ground is a line, so a vertex's edges to it
    // come down to the point below, spread out when there are several.
    const at = (x, other) => x === 0 ? [game.layout.get(other)[0] + (k % 2 ? 1 : -1) * 14 * Math.ceil(k / 2), 250] : game.layout.get(x);
    const p = at(u, v), q = at(v, u);
    let d;
    if (u === v) {
      const r = 12 + 5 * k;
      d = `M ${p[0]} ${p[1]} c ${-r} ${-2 * r} ${r} ${-2 * r} 0 0`;
    } else {
      const bend = (u === 0 || v === 0) ? 0 : (k % 2 ? 1 : -1) * 22 * Math.ceil(k / 2);
      const mx = (p[0] + q[0]) / 2, my = (p[1] + q[1]) / 2, dx = q[0] - p[0], dy = q[1] - p[1], len = Math.hypot(dx, dy) || 1;
      d = `M ${p[0]} ${p[1]} Q ${mx - dy / len * bend} ${my + dx / len * bend} ${q[0]} ${q[1]}`;
    }
    const path = document.createElementNS(NS, "path");
    path.setAttribute("d", d);
    path.setAttribute("class", "edge" + (good.has(cut(i)) ? " good" : ""));
    path.dataset.edge = i;
    const title = document.createElementNS(NS, "title");
    title.textContent = "edge " + u + "–" + v;
    path.appendChild(title);
    path.onclick = () => {
      if (game.busy) return;
      move({position: grounded(game.edges.filter((_, j) => j !== i))});
    };
    svg.appendChild(path);
    for (const x of [u, v]) if (x !== 0) dots.add(x);
  });
  for (const x of dots) {
    const c = document.createElementNS(NS, "circle");
    const [cx, cy] = game.layout.get(x);
    c.setAttribute("cx", cx); c.setAttribute("cy", cy); c.setAttribute("r", 4);
    c.setAttribute("class", "vertex");
    svg.appendChild(c);
  }
  b.appendChild(svg);
}

async function analyse() {
  const j = await api("/api/play", positionBody());
  show(j, "");
  return j;
}

// fail shows an error in the error colour.
function fail(e) {
  const st = $("play-status");
  st.textContent = "error: " + e.message;
  st.className = "error";
}

// over says whether no move is left without asking the server: a heap
// game whose heaps are all empty.
function over() {
  return HEAPS.includes(game.name) && game.position.every((h) => h === 0);
}

// ended shows the end of the game, the last mover the winner.
function ended(prefix) {
  const st = $("play-status");
  st.textContent = prefix + "no move left: " + (game.lastMover === "you" ? "you win" : "the computer wins");
  st.className = game.lastMover === "you" ? "win" : "lose";
  game.why = null;
}

function show(j, prefix) {
  const st = $("play-status");
  const value = j.exact ? "value " + j.value : (j.winning ? "an N-position" : "a P-position");
  if (!j.reply) {
    st.textContent = prefix + "no move left: " + (game.lastMover === "you" ? "you win" : "the computer wins");
  } else {
    st.textContent = prefix + "your move; " + value + ": " + (j.winning ? "you can win" : "every move loses against perfect play");
  }
  st.className = j.winning ? "win" : "lose";
  game.why = j;
}

async function move(m) {
  game.busy = true;
  adopt(m);
  game.chosen = -1;
  game.hint = null;
  game.lastMover = "you";
  draw();
  try {
    if (over()) {
      ended("");
    } else {
      const j = await api("/api/play", positionBody());
      if (!j.reply) {
        show(j, "");
      } else {
        adopt(j.reply);
        game.lastMover = "computer";
        draw();
        const said = "the computer played " + j.reply.text + "; ";
        if (over()) ended(said);
        else show(await analyse(), said);
      }
    }
  } catch (e) {
    fail(e);
  }
  $("play-why").textContent = "";
  game.busy = false;
}

// Read the start box for the chosen game.
function parseStart(name, text) {
  const words = text.trim().split(/[\s,/]+/).filter((x) => x);
  if (name === "corners") {
    const rows = words.map((w) => w.toUpperCase());
    if (!rows.length) throw new Error("type the rows of H and T, e.g. " + STARTS.corners);
    return {position: rows};
  }
  if (name === "hackenbush") {
    const edges = [];
    for (const w of words) {
      const m = /^(\d+)-(\d+)$/.exec(w);
      if (!m) throw new Error("edges are written u-v, e.g. 0-1 1-2 (vertex 0 is the ground), not " + JSON.stringify(w));
      edges.push([parseInt(m[1], 10), parseInt(m[2], 10)]);
    }
    return {edges};
  }
  const bad = words.find((w) => !/^\d+$/.test(w) || (name === "kayles" && Number(w) === 0));
  if (bad !== undefined) throw new Error((name === "kayles" ? "rows are numbers of pins from 1" : "heaps are whole numbers of tokens") + ", e.g. " + STARTS[name] + ", not " + JSON.stringify(bad));
  const p = words.map(Number);
  if (name === "wythoff" && p.length !== 2) throw new Error("Wythoff's game takes 2 heaps, e.g. " + STARTS.wythoff);
  if (!p.length) throw new Error("type the heaps, e.g. " + STARTS[name]);
  return {position: p};
}

async function newGame() {
  game.name = $("play-game").value;
  game.chosen = -1;
  game.hint = null;
  $("play-why").textContent = "";
  $("play-help").textContent = HELP[game.name];
  try {
    const start = parseStart(game.name, $("play-start").value);
    if (game.name === "hackenbush") {
      game.edges = start.edges;
      game.layout = layout(start.edges);
      game.edges = grounded(game.edges);
    } else {
      adopt(start);
    }
    draw();
    await analyse();
  } catch (e) {
    $("board").innerHTML = "";
    fail(e);
  }
}
$("play-new").onclick = newGame;
$("play-game").onchange = () => {
  $("play-start").value = STARTS[$("play-game").value];
  newGame();
};
$("play-hint").onclick = () => {
  const j = game.why;
  if (!j) return;
  let t = j.why;
  if (j.moves && j.moves.length) t += "\nwinning moves: " + j.moves.map((m) => m.text).join("; ");
  $("play-why").textContent = t;
  if (game.name === "hackenbush") { game.hint = j; draw(); }
};

calc();
table();
sequence();
newGame();

// The worksheet: a sheet of Starlark, run by /api/script.
const EXAMPLES = {
  "clobber": "# Clobber: Left (x) moves a stone onto an adjacent o and captures it;\n# Right (o) does the same to an x. Rows are separated by |.\nc = ruleset(\"clobber\")\nfor row in [\"xo\", \"xxo\", \"xoxo\", \"xxoo\", \"xoxox\", \"xo|ox\"]:\n    p = c(row)\n    print(row, \"=\", p.value(), \" outcome\", p.outcome())\n# A sum of positions, and who wins it\ns = c(\"xoo\") + c(\"xxo\")\nprint(\"xoo + xxo =\", s.value(), \"and\", s.winner(), \"wins\")\n# The outcomes of a row of xo's, as a dict\nrows = table(c, [\"xo\" * n for n in range(1, 5)], what=\"outcome\")\n",
  "domineering": "# Domineering: Left places vertical dominoes, Right horizontal ones.\nd = ruleset(\"domineering\")\nfor rows, cols in [(1, 2), (2, 1), (2, 2), (2, 3), (3, 3), (2, 4)]:\n    board = \"|\".join([\".\" * cols] * rows)\n    print(\"%d x %d:\" % (rows, cols), d(board).value())\n# A board with a filled square (#), and Left's and Right's moves\np = d(\"...|..#\")\nprint(p.position, \"=\", p.value())\nfor player, q, v in p.moves():\n    print(\" \", player, \"->\", q.position, \"=\", v)\n",
  "userdefined": "# A ruleset defined in the sheet: Blue-Red Hackenbush on one string.\n# A position is a string of B and R from the ground up; cutting an edge\n# removes it and everything above it. Left cuts B, Right cuts R.\ndef cuts(colour):\n    return lambda s: [s[:i] for i in range(len(s)) if s[i] == colour]\nhb = ruleset(\"my-hackenbush\", left=cuts(\"B\"), right=cuts(\"R\"))\nbuiltin = ruleset(\"hackenbush-string\")\nfor s in [\"B\", \"BR\", \"BRR\", \"BRB\", \"RBBB\", \"BBRRB\"]:\n    print(s, \"=\", hb(s), \"   built in:\", builtin(s))\n# Berlekamp's rule: BR...BR is worth 1/2 + 1/8 + ...\nvalues = table(hb, [\"BR\" * n for n in range(1, 6)])\n",
  "thermographs": "# Hot games: temperature, mean and stops, then cooling.\nfor text in [\"{2|-1}\", \"{4|{2|0}}\", \"{5|4||3|2}\", \"+-1\", \"^*\", \"3/4\"]:\n    g = game(text)\n    print(g, \" temperature\", g.temperature(), \" mean\", g.mean(),\n          \" stops\", g.left_stop(), g.right_stop())\nhot = game(\"{4|{2|0}}\")\nth = hot.thermograph()\ncooled = hot.cool(1)\nfrozen = hot.freeze()\n"
};

// post sends body (aborted by signal, if given) and returns the answer's status and JSON, errors included.
async function post(path, body, signal) {
  const r = await fetch(path, {method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body), signal});
  let j;
  try { j = await r.json(); } catch (e) { j = {error: r.statusText || "no answer"}; }
  return {status: r.status, j};
}

// Number the sheet's lines, marking the one with an error.
function sheetLines(bad) {
  const src = $("ws-src"), n = src.value.split("\n").length, nums = $("ws-lines");
  nums.textContent = "";
  for (let i = 1; i <= n; i++) {
    const s = document.createElement("span");
    s.textContent = i + "\n";
    if (i === bad) s.className = "bad";
    nums.appendChild(s);
  }
  nums.scrollTop = src.scrollTop;
}
$("ws-src").addEventListener("input", () => sheetLines(0));
$("ws-src").addEventListener("scroll", () => { $("ws-lines").scrollTop = $("ws-src").scrollTop; });
$("ws-src").addEventListener("keydown", (e) => {
  if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) { e.preventDefault(); runSheet(); }
  if (e.key === "Tab") {
    e.preventDefault();
    const t = e.target, at = t.selectionStart;
    t.setRangeText("    ", at, t.selectionEnd, "end");
    sheetLines(0);
  }
});

function loadExample() {
  $("ws-src").value = EXAMPLES[$("ws-example").value];
  $("ws-out").textContent = "";
  $("ws-globals").textContent = "";
  $("ws-status").textContent = "";
  sheetLines(0);
}
$("ws-example").onchange = loadExample;

async function runSheet() {
  const src = $("ws-src").value, out = $("ws-out"), table = $("ws-globals");
  $("ws-status").textContent = "running…";
  $("ws-run").disabled = true;
  let a;
  try {
    a = await post("/api/script", {source: src});
  } catch (e) {
    a = {status: 0, j: {error: e.message}};
  }
  $("ws-run").disabled = false;
  const j = a.j;
  out.textContent = (j.output || []).join("\n") + (j.truncated ? "\n… (the rest of the output is cut)" : "");
  out.className = "";
  table.textContent = "";
  if (j.error) {
    const err = document.createElement("span");
    err.className = "lose";
    err.textContent = (out.textContent ? "\n" : "") + "error" + (j.line ? " at line " + j.line + (j.col ? ", column " + j.col : "") : "") + ": " + j.error;
    out.appendChild(err);
    out.className = "error";
    sheetLines(j.line || 0);
    if (j.line) {
      // Put the cursor where the error is.
      const lines = src.split("\n"), start = lines.slice(0, j.line - 1).reduce((s, l) => s + l.length + 1, 0);
      const ta = $("ws-src");
      ta.setSelectionRange(start + Math.max(0, (j.col || 1) - 1), start + (lines[j.line - 1] || "").length);
      ta.scrollTop = Math.max(0, (j.line - 4) * 20);
    }
    $("ws-status").textContent = a.status === 413 ? "over the budget" : "";
    return;
  }
  sheetLines(0);
  for (const [k, v] of Object.entries(j.globals || {})) {
    const tr = table.insertRow(), kc = tr.insertCell(), vc = tr.insertCell();
    kc.textContent = k;
    vc.textContent = typeof v === "string" ? v : JSON.stringify(v);
  }
  $("ws-status").textContent = "done: " + j.steps + " steps";
}
$("ws-run").onclick = runSheet;

// The explorer: a ruleset's position (through /api/game), a position of a
// ruleset the worksheet defines, or a game in CGSuite's notation (through
// sheets), with the thermograph of its value; and play against the
// computer, which takes a winning move when it has one.
const explorer = {ruleset: "", kind: "", trail: [], sheetVar: "", you: "", turn: "Left", playFrom: 0, first: "Left"};
const WINNER = {L: "Left wins", R: "Right wins", N: "the first player wins", P: "the second player wins", D: "a draw"};
const SHEET = "(sheet)";
const other = (side) => side === "Left" ? "Right" : "Left";

async function loadRulesets() {
  const r = await fetch("/api/rulesets"), j = await r.json(), sel = $("ex-ruleset");
  explorer.entries = {};
  for (const e of j.rulesets) {
    const o = document.createElement("option");
    o.value = e.example[0];
    o.textContent = e.example[0] + " (" + e.kind + ")";
    sel.appendChild(o);
    explorer.entries[e.example[0]] = e;
  }
  const o = document.createElement("option");
  o.value = SHEET;
  o.textContent = "a ruleset of the worksheet";
  sel.appendChild(o);
}
$("ex-ruleset").onchange = () => {
  const v = $("ex-ruleset").value, e = explorer.entries[v], sheet = v === SHEET;
  $("ex-position").value = sheet ? '"BRB"' : e ? e.example.slice(1).join(" ") : "{2|-1}";
  $("ex-help").textContent = sheet ? "A ruleset the worksheet defines (run its example \"a ruleset of your own\"): its variable in the box, the position as a Starlark value, such as \"BRB\" or (1, 2)." : e ? e.summary + ". " + e.notation : "";
  // A ruleset with a parameter ("octal:0.77") takes it in its own box;
  // a ruleset of the worksheet, its variable.
  $("ex-param").hidden = !(sheet || e && e.param);
  $("ex-param").placeholder = sheet ? "its variable" : e && e.param ? e.param : "";
  $("ex-param").value = sheet ? "hb" : e && e.example[0].includes(":") ? e.example[0].slice(e.example[0].indexOf(":") + 1) : "";
  startExplorer();
};

// A sheet that describes the game written t (a Starlark string literal
// from JSON, which Starlark reads alike), with each player's winning
// moves: Left's options G^L >= 0, Right's G^R <= 0.
function gameSheet(t) {
  return "g = game(" + JSON.stringify(t) + ")\nvalue = g\noutcome = g.outcome()\nth = g.thermograph()\nsvg = g.thermograph_svg()\nleft = g.left\nright = g.right\n" +
    "_z = game(0)\nwin_left = [x for x in g.left if x >= _z]\nwin_right = [x for x in g.right if x <= _z]\n";
}

// A sheet that runs the worksheet, then describes the position p (a
// Starlark value, as written) of its ruleset v: positions are written
// back as Starlark values (repr), so that the trail can name them.
function rulesetSheet(v, p, misere) {
  const m = misere ? "True" : "False";
  return $("ws-src").value + "\n_p = " + v + "(" + p + ")\nex_kind = " + v + ".kind\nex_position = repr(_p.position)\n" +
    "ex_value = str(_p.misere() if " + m + " else _p.value())\nex_outcome = _p.outcome(misere=" + m + ")\n" +
    "ex_moves = [(m[0], repr(m[1].position), str(m[2])) for m in _p.moves(misere=" + m + ")]\n" +
    "ex_win = [(w, repr(q.position)) for w in [\"left\", \"right\"] for q in _p.winning_moves(w, misere=" + m + ")]\n";
}

// The thermograph of a value and its picture, drawn by the library
// (plot.ThermographSVG) as CGSuite plots it.
async function thermoOf(value) {
  const a = await post("/api/script", {source: "g = game(" + JSON.stringify(value) + ")\nth = g.thermograph()\nsvg = g.thermograph_svg()\n"}, explorer.abort.signal);
  return a.status === 200 ? a.j.globals : {};
}

// What the explorer shows of a position: value, outcome, each player's
// options with their values, their winning moves, the thermograph.
async function describe(pos) {
  const misere = $("ex-misere").checked, side = (p) => p === "right" || p === "Right" ? "right" : "left";
  if (explorer.sheetVar) {
    const a = await post("/api/script", {source: rulesetSheet(explorer.sheetVar, pos, misere)}, explorer.abort.signal);
    if (a.status !== 200) throw new Error(a.j.error + (a.j.line ? " (line " + a.j.line + " of the sheet and query)" : ""));
    const g = a.j.globals, info = {position: g.ex_position, value: g.ex_value, outcome: g.ex_outcome, left: [], right: [], win: {left: [], right: []}};
    explorer.kind = g.ex_kind;
    for (const [p, q, v] of g.ex_moves || []) info[side(p)].push({position: q, value: v});
    for (const [p, q] of g.ex_win || []) info.win[side(p)].push(q);
    return info;
  }
  if (explorer.ruleset) {
    const ask = (extra) => post("/api/game", Object.assign({ruleset: explorer.ruleset, positions: [pos], misere}, extra), explorer.abort.signal);
    // One request at a time: the server runs a few at once.
    const a = await ask({moves: true}), w = await ask({winning: true});
    if (a.status !== 200) throw new Error(a.j.error);
    const j = a.j, info = {position: j.position, value: j.value, outcome: j.outcome, left: [], right: [], win: {left: [], right: []}};
    for (const m of j.moves || []) info[side(m.player)].push({position: m.position, value: m.value});
    for (const m of w.status === 200 ? w.j.moves || [] : []) info.win[side(m.player)].push(m.position);
    const short = !misere && !/loopy|transfinite/.test(explorer.kind);
    const t = short ? await thermoOf(j.value) : {};
    info.th = t.th;
    info.svg = t.svg;
    return info;
  }
  const a = await post("/api/script", {source: gameSheet(pos)}, explorer.abort.signal);
  if (a.status !== 200) throw new Error(a.j.error);
  const g = a.j.globals, opts = (xs) => (xs || []).map((x) => ({position: x, value: x}));
  return {position: pos, value: g.value, outcome: g.outcome, left: opts(g.left), right: opts(g.right), th: g.th, svg: g.svg,
    win: {left: g.win_left || [], right: g.win_right || []}};
}

// Look up the position at the end of the trail and show it; in play,
// the computer then moves when it is its turn.
async function explore() {
  const pos = explorer.trail[explorer.trail.length - 1], asked = explorer.asked = (explorer.asked || 0) + 1;
  // The requests of an earlier look-up are dropped: the server stops them.
  if (explorer.abort) explorer.abort.abort();
  explorer.abort = new AbortController();
  $("ex-status").textContent = "…";
  $("ex-status").className = "";
  let info;
  try {
    info = await describe(pos);
  } catch (e) {
    if (asked !== explorer.asked) return;
    $("ex-status").textContent = "error: " + e.message;
    $("ex-status").className = "lose";
    return;
  }
  // An answer to an earlier click, come late, is dropped.
  if (asked !== explorer.asked) return;
  $("ex-status").textContent = "";
  explorer.info = info;
  showExplored(info);
  playOn(info);
}

function impartial() {
  return /impartial/.test(explorer.kind) && !/partizan/.test(explorer.kind);
}

// The options of the side to move (both sides' in an impartial game).
function optionsOf(info, side) {
  return impartial() ? info.left : info[side.toLowerCase()];
}

// In play: says whose turn it is, ends the game when the side to move
// has no move, and moves for the computer on its turn.
function playOn(info) {
  if (!explorer.you) {
    $("ex-play").textContent = "";
    return;
  }
  const side = explorer.turn, opts = optionsOf(info, side), misere = $("ex-misere").checked;
  const who = (s) => s === explorer.you ? "you (" + s + ")" : "the computer (" + s + ")";
  if (!opts.length) {
    const winner = misere ? side : other(side);
    const first = who(side);
    $("ex-play").textContent = (explorer.said || "") + " " + first[0].toUpperCase() + first.slice(1) + " cannot move: " + who(winner) + " won" + (misere ? " (misère play)" : "") + ".";
    $("ex-play").className = winner === explorer.you ? "win" : "lose";
    explorer.over = true;
    return;
  }
  explorer.over = false;
  if (side === explorer.you) {
    $("ex-play").textContent = (explorer.said || "") + " Your move (" + side + ").";
    $("ex-play").className = "";
    return;
  }
  // The computer's move: a winning one if it has one, else the first.
  const wins = impartial() ? info.win.left : info.win[side.toLowerCase()];
  const pick = wins.length ? wins[0] : opts[0].position, opt = opts.find((o) => o.position === pick) || {value: "?"};
  const after = impartial() ? "whoever moves next loses" : other(side) + ", to move there, loses";
  explorer.said = "The computer (" + side + ") moved to " + pick + " (value " + opt.value + "): " +
    (wins.length ? "a winning move — " + after + "." : "it has no winning move, so it took the first.");
  explorer.trail.push(pick);
  explorer.turn = other(side);
  explore();
}

// The side to move at trail index i.
function turnAt(i) {
  if (i < explorer.playFrom) {
    explorer.playFrom = i;
    explorer.first = explorer.you || "Left";
  }
  return (i - explorer.playFrom) % 2 === 0 ? explorer.first : other(explorer.first);
}

// Go to trail index i (the trail kept up to it).
function goBack(i) {
  explorer.trail.length = i + 1;
  explorer.turn = turnAt(i);
  explorer.said = "";
  explore();
}

function showExplored(info) {
  const trail = $("ex-trail");
  trail.textContent = "";
  explorer.trail.forEach((p, i) => {
    if (i > 0) trail.append(" → ");
    const b = document.createElement("button");
    b.textContent = p;
    b.dataset.depth = i;
    b.onclick = () => goBack(i);
    trail.appendChild(b);
  });
  const facts = $("ex-facts"), th = info.th;
  facts.textContent = "";
  const rows = [["position", info.position], ["value", info.value], ["outcome", info.outcome + ": " + (WINNER[info.outcome] || "")]];
  if (th) rows.push(["temperature", th.temperature], ["mean", th.mean], ["stops", "Left " + th.left_stop + ", Right " + th.right_stop]);
  for (const [k, v] of rows) {
    const dt = document.createElement("dt"), dd = document.createElement("dd");
    dt.textContent = k;
    dd.textContent = v;
    dd.id = "ex-f-" + k;
    facts.append(dt, dd);
  }
  // The picture comes from the server's own library, its labels escaped.
  $("ex-thermo").innerHTML = info.svg || "";
  $("ex-left-title").textContent = impartial() ? "Options" : "Left's options";
  $("ex-right-title").parentElement.style.display = impartial() ? "none" : "";
  for (const [id, side, list] of [["ex-left", "Left", info.left], ["ex-right", "Right", info.right]]) {
    const ul = $(id);
    ul.textContent = "";
    if (!list.length) {
      const li = document.createElement("li");
      li.className = "note";
      li.textContent = "none";
      ul.appendChild(li);
    }
    // In play, only the options of your side, on your turn, are yours to take.
    const mine = !explorer.you || (impartial() || side === explorer.turn) && explorer.turn === explorer.you;
    for (const m of list) {
      const li = document.createElement("li"), b = document.createElement("button");
      b.className = "option";
      b.textContent = m.position;
      b.disabled = !mine;
      if (m.value !== m.position) {
        const v = document.createElement("span");
        v.className = "v";
        v.textContent = m.value;
        b.appendChild(v);
      }
      b.onclick = () => {
        explorer.trail.push(m.position);
        if (explorer.you) explorer.turn = other(explorer.turn);
        explorer.said = "";
        explore();
      };
      li.appendChild(b);
      ul.appendChild(li);
    }
  }
}

function startExplorer() {
  const v = $("ex-ruleset").value, e = explorer.entries && explorer.entries[v], param = $("ex-param").value.trim();
  explorer.sheetVar = v === SHEET ? param : "";
  explorer.ruleset = !e ? "" : e.name + (e.param && param ? ":" + param : "");
  explorer.kind = e ? e.kind : "";
  $("ex-misere").disabled = !explorer.ruleset && !explorer.sheetVar;
  explorer.trail = [$("ex-position").value.trim()];
  startPlay();
}

// Start playing (or stop) from the position at the end of the trail: you
// move first, unless you ask the computer to.
function startPlay() {
  explorer.you = $("ex-you").value;
  explorer.playFrom = explorer.trail.length - 1;
  explorer.first = explorer.turn = explorer.you || "Left";
  explorer.said = "";
  $("ex-cpu").disabled = !explorer.you;
  explore();
}
$("ex-go").onclick = startExplorer;
$("ex-misere").onchange = explore;
$("ex-you").onchange = startPlay;
$("ex-cpu").onclick = () => {
  if (!explorer.you || explorer.over) return;
  explorer.first = explorer.turn = other(explorer.you);
  explorer.playFrom = explorer.trail.length - 1;
  explorer.said = "";
  explore();
};
for (const id of ["ex-position", "ex-param"]) $(id).addEventListener("keydown", (e) => { if (e.key === "Enter") startExplorer(); });

loadExample();
loadRulesets().then(startExplorer, (e) => { $("ex-status").textContent = "error: " + e.message; });
