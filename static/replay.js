// The replay viewer of the game page: plain JavaScript, no build step.
//
// It reads the game's result object (the per-game part of docs/result-json.md, plus `game`,
// `settings` and `nicknames`) from <script id="replay-data">, replays the moves with each game's
// rules to get every position, and draws them as SVG (so the board is part of the DOM, which the
// browser test reads). The URL fragment picks the start: `#last`, `#move=K`, or `#play`.
(function () {
  'use strict';

  const root = document.getElementById('replay');
  const dataEl = document.getElementById('replay-data');
  if (!root || !dataEl) return;
  const data = JSON.parse(dataEl.textContent);
  const SVG = 'http://www.w3.org/2000/svg';

  /** An element with attributes and children; SVG elements when `ns` is given. */
  function el(tag, attrs, children, ns) {
    const e = ns ? document.createElementNS(ns, tag) : document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
    for (const c of children || []) e.append(c);
    return e;
  }
  const svg = (tag, attrs, children) => el(tag, attrs, children, SVG);

  const seats = data.seats || ['a', 'b'];
  const nick = (bot) => (data.nicknames && data.nicknames[bot]) || bot;
  /** Player i (0 moves first) as a name. */
  const player = (i) => nick(seats[i]);
  const moves = data.moves || [];
  const params = data.params || {};
  const settings = data.settings || {};
  const int = (v, d) => (v === undefined || v === null || isNaN(parseInt(v, 10)) ? d : parseInt(v, 10));

  /** A board of `cols` x `rows` squares of `size` pixels; `cell(x, y)` adds what is on a square. */
  function grid(cols, rows, size, cell) {
    const root = svg('svg', {
      class: 'board', width: cols * size, height: rows * size,
      viewBox: `0 0 ${cols * size} ${rows * size}`, role: 'img',
    });
    for (let y = 0; y < rows; y++) {
      for (let x = 0; x < cols; x++) {
        for (const item of cell(x, y, x * size, y * size)) root.append(item);
      }
    }
    return root;
  }
  const cellSize = (cols, rows) => Math.max(4, Math.min(56, Math.floor(520 / Math.max(cols, rows))));

  /** Player i's name after a small sample of their piece (`kind` is the piece's CSS class). */
  const who = (kind, i, extra) => [
    svg('svg', { class: 'swatch', width: 14, height: 14, viewBox: '0 0 14 14' },
      [svg('rect', { x: 1, y: 1, width: 12, height: 12, rx: 6, class: `${kind} p${i}` })]),
    ` ${player(i)}${extra || ''}`,
  ];

  // ---- the five games: `positions()` gives every position (index = moves played), `draw(p)`
  // an SVG of position p, `info(p)` the line under the board (a string or a list of nodes).

  const checkers = {
    positions() {
      const board = [];
      for (let r = 0; r < 8; r++) {
        board.push([]);
        for (let c = 0; c < 8; c++) {
          const dark = (r + c) % 2 === 1;
          board[r].push(dark && r >= 5 ? { p: 0, king: false } : dark && r <= 2 ? { p: 1, king: false } : null);
        }
      }
      const out = [{ board, last: [] }];
      let cur = board;
      for (const m of moves) {
        const squares = String(m).trim().split(/\s+/).slice(1).map((s) => s.split(',').map(Number));
        const next = cur.map((row) => row.slice());
        const [r0, c0] = squares[0];
        const piece = next[r0][c0];
        next[r0][c0] = null;
        // Jumped pieces go when the chain is complete; a man is promoted only where it stops.
        for (let i = 1; i < squares.length; i++) {
          const [ra, ca] = squares[i - 1];
          const [rb, cb] = squares[i];
          if (Math.abs(rb - ra) === 2) next[(ra + rb) / 2][(ca + cb) / 2] = null;
        }
        const [rz, cz] = squares[squares.length - 1];
        if (piece) {
          const far = piece.p === 0 ? 0 : 7;
          next[rz][cz] = { p: piece.p, king: piece.king || rz === far };
        }
        out.push({ board: next, last: squares });
        cur = next;
      }
      return out;
    },
    draw(pos) {
      const s = cellSize(8, 8);
      const lastSet = new Set(pos.last.map(([r, c]) => `${r},${c}`));
      return grid(8, 8, s, (c, r, x, y) => {
        const dark = (r + c) % 2 === 1;
        const items = [svg('rect', {
          x, y, width: s, height: s,
          class: `square ${dark ? 'dark' : 'light'}${lastSet.has(`${r},${c}`) ? ' last' : ''}`,
        })];
        const piece = pos.board[r][c];
        if (piece) {
          items.push(svg('circle', {
            cx: x + s / 2, cy: y + s / 2, r: s * 0.38,
            class: `piece p${piece.p}${piece.king ? ' king' : ''}`, 'data-square': `${r},${c}`,
          }));
          if (piece.king) {
            items.push(svg('text', { x: x + s / 2, y: y + s * 0.62, class: 'crown', 'text-anchor': 'middle' }, ['K']));
          }
        }
        return items;
      });
    },
    info(pos) {
      const count = (p) => pos.board.flat().filter((q) => q && q.p === p).length;
      return [...who('piece', 0, ` (black): ${count(0)} pieces · `), ...who('piece', 1, ` (white): ${count(1)} pieces`)];
    },
  };

  const connect4 = {
    rows: int(settings.rows, 9),
    cols: int(settings.cols, 9),
    positions() {
      const empty = Array.from({ length: this.rows }, () => Array(this.cols).fill(null));
      const out = [{ board: empty, last: null }];
      let cur = empty;
      moves.forEach((m, i) => {
        const col = int(m, -1);
        const next = cur.map((row) => row.slice());
        let last = null;
        for (let r = this.rows - 1; r >= 0 && col >= 0 && col < this.cols; r--) {
          if (next[r][col] === null) {
            next[r][col] = i % 2;
            last = [r, col];
            break;
          }
        }
        out.push({ board: next, last });
        cur = next;
      });
      return out;
    },
    draw(pos) {
      const s = cellSize(this.cols, this.rows);
      return grid(this.cols, this.rows, s, (c, r, x, y) => {
        const items = [svg('rect', { x, y, width: s, height: s, class: 'slot' })];
        const p = pos.board[r][c];
        const isLast = pos.last && pos.last[0] === r && pos.last[1] === c;
        items.push(svg('circle', {
          cx: x + s / 2, cy: y + s / 2, r: s * 0.4,
          class: p === null ? 'hole' : `disc p${p}${isLast ? ' last' : ''}`,
        }));
        return items;
      });
    },
    info() {
      return [...who('disc', 0, ' (first) · '), ...who('disc', 1, ' (second)')];
    },
  };

  const oneTwoThree = {
    cols: int(params.cols, 3),
    rows: int(params.rows, 3),
    positions() {
      const start = Array.from({ length: this.rows }, () => '-'.repeat(this.cols));
      return [start].concat(moves.map((m) => (Array.isArray(m) ? m : String(m).split(/\s+/))));
    },
    draw(board) {
      const s = cellSize(this.cols, this.rows);
      return grid(this.cols, this.rows, s, (c, r, x, y) => {
        const ch = (board[r] || '')[c] || '-';
        const cls = ch === 'A' ? 'p0' : ch === 'B' ? 'p1' : 'free';
        const items = [svg('rect', { x, y, width: s, height: s, class: `cell ${cls}` })];
        if (ch !== '-' && s >= 12) {
          items.push(svg('text', { x: x + s / 2, y: y + s * 0.66, 'text-anchor': 'middle', class: 'letter' }, [ch]));
        }
        return items;
      });
    },
    info(board) {
      const count = (ch) => board.join('').split(ch).length - 1;
      return [...who('cell', 0, ` (A): ${count('A')} cells · `), ...who('cell', 1, ` (B): ${count('B')} cells`)];
    },
  };

  const mathtricks = {
    board: params.board || [],
    positions() {
      const h = this.board.length;
      const w = h ? this.board[0].length : 0;
      const start = {
        pawns: [[0, 0], [w - 1, h - 1]],
        visited: new Set(['0,0', `${w - 1},${h - 1}`]),
        totals: [0n, 0n],
      };
      const out = [start];
      let cur = start;
      moves.forEach((m, i) => {
        const [x, y] = String(m).trim().split(/\s+/).map(Number);
        const p = i % 2;
        const op = String((this.board[y] || [])[x] || '+0');
        const k = BigInt(op.slice(1) || '0');
        const t = cur.totals[p];
        // BigInt division truncates toward zero, as the rules say.
        const total = { '+': t + k, '-': t - k, '*': t * k, '/': k === 0n ? t : t / k }[op[0]];
        const totals = cur.totals.slice();
        totals[p] = total === undefined ? t : total;
        const pawns = cur.pawns.slice();
        pawns[p] = [x, y];
        const visited = new Set(cur.visited);
        visited.add(`${x},${y}`);
        cur = { pawns, visited, totals };
        out.push(cur);
      });
      return out;
    },
    draw(pos) {
      const h = this.board.length;
      const w = h ? this.board[0].length : 0;
      const s = cellSize(w, h);
      return grid(w, h, s, (x, y, px, py) => {
        const items = [svg('rect', {
          x: px, y: py, width: s, height: s, class: `cell${pos.visited.has(`${x},${y}`) ? ' visited' : ''}`,
        })];
        pos.pawns.forEach(([qx, qy], p) => {
          if (qx === x && qy === y) {
            items.push(svg('circle', { cx: px + s / 2, cy: py + s / 2, r: s * 0.42, class: `pawn p${p}` }));
          }
        });
        items.push(svg('text', { x: px + s / 2, y: py + s * 0.62, 'text-anchor': 'middle', class: 'op' }, [this.board[y][x]]));
        return items;
      });
    },
    info(pos) {
      const total = (p) => el('span', { id: `total-${p}` }, [String(pos.totals[p])]);
      return [...who('pawn', 0, ': '), total(0), ' · ', ...who('pawn', 1, ': '), total(1)];
    },
  };

  const tron = {
    w: int(params.width, 12),
    h: int(params.height, 6),
    // A position is the number of ticks played; the trails are the heads up to it.
    positions() {
      return Array.from({ length: moves.length + 1 }, (_, i) => i);
    },
    draw(ticks) {
      const s = Math.max(3, Math.min(32, Math.floor(640 / this.w)));
      const root = svg('svg', {
        class: 'board tron', width: this.w * s, height: this.h * s, viewBox: `0 0 ${this.w * s} ${this.h * s}`,
      }, [svg('rect', { x: 0, y: 0, width: this.w * s, height: this.h * s, class: 'arena' })]);
      // (0,0) is the bottom-left cell and +Y is up.
      const put = (x, y, cls) => root.append(svg('rect', { x: x * s, y: (this.h - 1 - y) * s, width: s, height: s, class: cls }));
      const heads = [[0, 0], [1, 0]];
      const trail = [[[0, 0]], [[1, 0]]];
      for (let t = 0; t < ticks; t++) {
        (moves[t] || []).forEach((xy, p) => {
          if (p < 2) {
            heads[p] = xy;
            trail[p].push(xy);
          }
        });
      }
      trail.forEach((cells, p) => cells.forEach(([x, y]) => put(x, y, `trail p${p}`)));
      heads.forEach(([x, y], p) => put(x, y, `head p${p}`));
      return root;
    },
    info(ticks) {
      return [`tick ${ticks} · `, ...who('trail', 0, ' (1) · '), ...who('trail', 1, ' (2)')];
    },
  };

  const GAMES = { checkers, connect4, 'one-two-three': oneTwoThree, mathtricks, tron };
  const game = GAMES[data.game];

  // ---- the result, visible at once
  const reason = data.reason ? ` (${data.reason})` : '';
  let resultText = data.winner ? `Winner: ${nick(data.winner)}${reason}` : `Draw${reason}`;
  if (data.forfeit) {
    resultText += ` · ${nick(data.forfeit.bot)} forfeited: ${data.forfeit.kind}`;
    if (data.forfeit.detail) resultText += ` — ${data.forfeit.detail}`;
  }
  const result = el('p', { id: 'replay-result', class: 'replay-result' }, [resultText]);
  root.append(result);
  if (!game) {
    root.append(el('p', { class: 'hint' }, [`No viewer for the game “${data.game}”.`]));
    return;
  }

  // ---- controls
  const positions = game.positions();
  const last = positions.length - 1;
  const button = (id, label, title) => el('button', { type: 'button', id, title }, [label]);
  const first = button('replay-first', 'First', 'first position (Home)');
  const back = button('replay-back', '‹ Back', 'one move back (←)');
  const play = button('replay-play', 'Play', 'play / pause');
  const forward = button('replay-forward', 'Forward ›', 'one move forward (→)');
  const end = button('replay-last', 'Last', 'jump to the end (End)');
  const speed = el('select', { id: 'replay-speed', 'aria-label': 'speed' },
    [['1000', 'slow'], ['400', 'normal'], ['150', 'fast'], ['40', 'very fast']].map(
      ([ms, label]) => el('option', { value: ms }, [label])));
  speed.value = '400';
  const counter = el('span', { id: 'move-counter', class: 'counter' });
  const board = el('div', { id: 'replay-board', class: `replay-board game-${data.game}` });
  const info = el('p', { id: 'replay-info', class: 'replay-info' });
  root.append(el('div', { class: 'replay-controls' }, [first, back, play, forward, end, speed, counter]), board, info);

  let at = 0;
  let timer = null;

  function show(i) {
    at = Math.max(0, Math.min(last, i));
    board.replaceChildren(game.draw(positions[at]));
    // Text nodes only: nicknames are users' own text.
    info.replaceChildren(...[].concat(game.info(positions[at])));
    counter.textContent = `${at} / ${last}`;
    root.dataset.move = String(at);
    back.disabled = first.disabled = at === 0;
    forward.disabled = end.disabled = at === last;
    if (at === last) stop();
  }

  function stop() {
    if (timer !== null) clearInterval(timer);
    timer = null;
    play.textContent = 'Play';
  }

  function start() {
    if (at === last) show(0);
    stop();
    play.textContent = 'Pause';
    timer = setInterval(() => show(at + 1), Number(speed.value));
  }

  first.addEventListener('click', () => { stop(); show(0); });
  back.addEventListener('click', () => { stop(); show(at - 1); });
  forward.addEventListener('click', () => { stop(); show(at + 1); });
  end.addEventListener('click', () => { stop(); show(last); });
  play.addEventListener('click', () => (timer === null ? start() : stop()));
  speed.addEventListener('change', () => { if (timer !== null) start(); });
  document.addEventListener('keydown', (e) => {
    const t = e.target;
    const typing = t instanceof HTMLInputElement || t instanceof HTMLSelectElement || t instanceof HTMLTextAreaElement;
    if (typing || e.altKey || e.ctrlKey || e.metaKey) return;
    const keys = { ArrowLeft: back, ArrowRight: forward, Home: first, End: end };
    if (keys[e.key]) {
      e.preventDefault();
      keys[e.key].click();
    }
  });

  const hash = location.hash.slice(1);
  const wanted = /^move=(\d+)$/.exec(hash);
  show(hash === 'last' ? last : wanted ? Number(wanted[1]) : 0);
  if (hash === 'play') start();
}());
