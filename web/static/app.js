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
  } catch (e) {
    $("calc-out").textContent = "error: " + e.message;
  }
}
$("calc-go").onclick = calc;
$("calc-op").onchange = () => { $("calc-b").disabled = ["inv", "sqrt"].includes($("calc-op").value); };

// The product table.
function table() {
  const bits = $("table-bits").value;
  $("table-img").src = "/api/table.png?bits=" + bits;
}
$("table-bits").onchange = table;

// Grundy sequences, plotted on a canvas with the period marked.
async function sequence() {
  const c = $("seq-plot"), ctx = c.getContext("2d");
  ctx.clearRect(0, 0, c.width, c.height);
  try {
    const j = await api("/api/sequence", {game: $("seq-game").value, code: $("seq-code").value, n: parseInt($("seq-n").value, 10) || 0});
    const v = j.values, top = Math.max(1, ...v);
    let text = j.name + ": " + v.slice(0, 40).join(" ") + (v.length > 40 ? " …" : "");
    const p = j.period;
    if (p) {
      text += "\nperiod " + p.Period + ", preperiod " + p.Preperiod + (p.Saltus ? ", saltus " + p.Saltus : "") + (p.Proven ? " (proven)" : " (observed)");
      ctx.fillStyle = "rgba(91,43,214,0.08)";
      const x0 = p.Preperiod / v.length * c.width, w = p.Period / v.length * c.width;
      ctx.fillRect(x0, 0, w, c.height);
      ctx.strokeStyle = "#5b2bd6";
      ctx.beginPath(); ctx.moveTo(x0, 0); ctx.lineTo(x0, c.height); ctx.stroke();
    } else {
      text += "\nno period found";
    }
    $("seq-out").textContent = text;
    ctx.fillStyle = "#1d1b2f";
    const bw = c.width / v.length;
    v.forEach((y, i) => {
      const h = y / top * (c.height - 10);
      ctx.fillRect(i * bw, c.height - h, Math.max(1, bw - 0.5), h);
    });
  } catch (e) {
    $("seq-out").textContent = "error: " + e.message;
  }
}
$("seq-go").onclick = sequence;

// Play.
let game = {name: "nim", position: [3, 5, 7], chosen: -1, busy: false};

function kaylesMoves(h) {
  const seen = new Set(), out = [];
  for (const take of [1, 2]) {
    for (let i = 0; i + take <= h; i++) {
      const a = i, b = h - take - i, key = Math.min(a, b) + "," + Math.max(a, b);
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({text: "take " + take + " → " + [a, b].filter((x) => x > 0).join("+") || "0", rows: [a, b].filter((x) => x > 0)});
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

function draw() {
  const b = $("board");
  b.innerHTML = "";
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
      for (const m of movesFor(i)) {
        const btn = document.createElement("button");
        btn.textContent = m.text;
        btn.className = "move";
        btn.onclick = (ev) => { ev.stopPropagation(); move(m.position); };
        sizes.appendChild(btn);
      }
      b.appendChild(sizes);
    }
  });
}

async function analyse() {
  const j = await api("/api/play", {game: game.name, position: game.position});
  show(j, "");
  return j;
}

function show(j, prefix) {
  const st = $("play-status");
  const value = j.exact ? "value " + j.value : (j.winning ? "an N-position" : "a P-position");
  if (j.over) {
    st.textContent = prefix + "no move left: " + (game.lastMover === "you" ? "you win" : "the computer wins");
  } else {
    st.textContent = prefix + "your move; " + value + ": " + (j.winning ? "you can win" : "every move loses against perfect play");
  }
  st.className = j.winning ? "win" : "lose";
  game.why = j;
}

async function move(position) {
  game.busy = true;
  game.position = position.filter((h, i) => game.name !== "kayles" || h > 0);
  game.chosen = -1;
  game.lastMover = "you";
  draw();
  try {
    const j = await api("/api/play", {game: game.name, position: game.position, reply: true});
    if (j.over) {
      show(j, "");
    } else {
      game.position = j.reply.position.filter((h) => game.name !== "kayles" || h > 0);
      game.lastMover = "computer";
      draw();
      const a = await analyse();
      show(a, "the computer played " + j.reply.text + "; ");
    }
  } catch (e) {
    $("play-status").textContent = "error: " + e.message;
  }
  $("play-why").textContent = "";
  game.busy = false;
}

async function newGame() {
  game.name = $("play-game").value;
  const start = $("play-start").value.trim().split(/[\s,]+/).map((x) => parseInt(x, 10)).filter((x) => x >= 0);
  game.position = start.length ? start : [3, 5, 7];
  if (game.name === "wythoff") game.position = (game.position.concat([4, 7])).slice(0, 2);
  game.chosen = -1;
  $("play-why").textContent = "";
  draw();
  try { await analyse(); } catch (e) { $("play-status").textContent = "error: " + e.message; }
}
$("play-new").onclick = newGame;
$("play-game").onchange = () => {
  $("play-start").value = {nim: "3 5 7", kayles: "4 7", wythoff: "4 9"}[$("play-game").value];
  newGame();
};
$("play-hint").onclick = () => {
  const j = game.why;
  if (!j) return;
  let t = j.why;
  if (j.moves && j.moves.length) t += "\nwinning moves: " + j.moves.map((m) => m.text).join("; ");
  $("play-why").textContent = t;
};

calc();
table();
sequence();
newGame();
