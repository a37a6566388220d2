// The replay viewer of the game page: plain JavaScript, no build step.
//
// It reads the game's result object (a game of `botarena play --json`, plus `game`, `settings`,
// `nicknames` and `frames`) from <script id="replay-data"> and draws its frames as SVG (so the
// board is part of the DOM, which the browser test reads). The frames — the start and the
// position after every move — are computed on the server by the games' Rust rules
// (docs/replay-frames.md); this file knows no rule of any game, it only draws. The URL fragment
// picks the start: `#last`, `#move=K`, or `#play`.
//
// The drawings are also what the practice page (play.js) draws its live board with:
// `BotarenaBoards.boards(data)` gives the game's `draw(i)` and `info(i)`. Every square, column
// and cell carries its coordinates (`data-square`, `data-col`, `data-cell`) for its clicks.
(function () {
  'use strict';

  const SVG = 'http://www.w3.org/2000/svg';

  /** An element with attributes and children; SVG elements when `ns` is given. */
  function el(tag, attrs, children, ns) {
    const e = ns ? document.createElementNS(ns, tag) : document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
    for (const c of children || []) e.append(c);
    return e;
  }
  const svg = (tag, attrs, children) => el(tag, attrs, children, SVG);

  /** The drawing of `data`'s game (a result with `game`, `frames`, `params`, `seats` and
   * `nicknames`): `{ draw(i), info(i) }`, or undefined for a game without a viewer. */
  function boards(data) {
    const seats = data.seats || ['a', 'b'];
    const nick = (bot) => (data.nicknames && data.nicknames[bot]) || bot;
    /** Player i (0 moves first) as a name. */
    const player = (i) => nick(seats[i]);
    const frames = data.frames || [];
    const moves = data.moves || [];
    const params = data.params || {};

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

    /** Every `[x, y]` that `pick(frame)` lists in frames 0..i, as "x,y" keys: trails that grow. */
    const cellsUpTo = (i, pick) => {
      const seen = new Map();
      for (let k = 0; k <= i; k++) pick(frames[k]).forEach((xy, n) => seen.set(`${xy[0]},${xy[1]}`, n));
      return seen;
    };

    // ---- the five games: `draw(i)` an SVG of frame i, `info(i)` the line under the board (a
    // string or a list of nodes). Each frame's format is in docs/replay-frames.md.

    const checkers = {
      draw(i) {
        const { board, last } = frames[i];
        const rows = board.length;
        const cols = rows ? board[0].length : 0;
        const s = cellSize(cols, rows);
        const lastSet = new Set(last.map(([r, c]) => `${r},${c}`));
        return grid(cols, rows, s, (c, r, x, y) => {
          const ch = board[r][c];
          const shade = (r + c) % 2 === 1 ? 'dark' : 'light';
          const items = [svg('rect', {
            x, y, width: s, height: s, class: `square ${shade}${lastSet.has(`${r},${c}`) ? ' last' : ''}`,
            'data-square': `${r},${c}`,
          })];
          if (ch !== '.') {
            const king = ch === 'B' || ch === 'W';
            items.push(svg('circle', {
              cx: x + s / 2, cy: y + s / 2, r: s * 0.38,
              class: `piece p${ch.toLowerCase() === 'b' ? 0 : 1}${king ? ' king' : ''}`, 'data-square': `${r},${c}`,
            }));
            if (king) {
              items.push(svg('text', { x: x + s / 2, y: y + s * 0.62, class: 'crown', 'text-anchor': 'middle' }, ['K']));
            }
          }
          return items;
        });
      },
      info(i) {
        const [b, w] = frames[i].pieces;
        return [...who('piece', 0, ` (black): ${b} pieces · `), ...who('piece', 1, ` (white): ${w} pieces`)];
      },
    };

    const connect4 = {
      draw(i) {
        const { rows, last } = frames[i];
        const h = rows.length;
        const w = h ? rows[0].length : 0;
        const s = cellSize(w, h);
        return grid(w, h, s, (c, r, x, y) => {
          const ch = rows[r][c];
          const isLast = last && last[0] === r && last[1] === c;
          return [
            svg('rect', { x, y, width: s, height: s, class: 'slot', 'data-col': c }),
            svg('circle', {
              cx: x + s / 2, cy: y + s / 2, r: s * 0.4, 'data-col': c,
              class: ch === '.' ? 'hole' : `disc p${ch === '1' ? 0 : 1}${isLast ? ' last' : ''}`,
            }),
          ];
        });
      },
      info() {
        return [...who('disc', 0, ' (first) · '), ...who('disc', 1, ' (second)')];
      },
    };

    const oneTwoThree = {
      draw(i) {
        const { rows } = frames[i];
        const h = rows.length;
        const w = h ? rows[0].length : 0;
        const s = cellSize(w, h);
        return grid(w, h, s, (c, r, x, y) => {
          const ch = rows[r][c];
          const cls = ch === 'A' ? 'p0' : ch === 'B' ? 'p1' : 'free';
          const items = [svg('rect', { x, y, width: s, height: s, class: `cell ${cls}`, 'data-cell': `${r},${c}` })];
          if (ch !== '-' && s >= 12) {
            items.push(svg('text', { x: x + s / 2, y: y + s * 0.66, 'text-anchor': 'middle', class: 'letter' }, [ch]));
          }
          return items;
        });
      },
      info(i) {
        const [a, b] = frames[i].cells;
        return [...who('cell', 0, ` (A): ${a} cells · `), ...who('cell', 1, ` (B): ${b} cells`)];
      },
    };

    const mathtricks = {
      // The cells' operations, to print on them: the stored board of the result.
      board: params.board || [],
      draw(i) {
        const { pawns } = frames[i];
        const visited = cellsUpTo(i, (f) => f.visited);
        const h = this.board.length;
        const w = h ? this.board[0].length : 0;
        const s = cellSize(w, h);
        return grid(w, h, s, (x, y, px, py) => {
          const items = [svg('rect', {
            x: px, y: py, width: s, height: s, class: `cell${visited.has(`${x},${y}`) ? ' visited' : ''}`,
            'data-cell': `${x},${y}`,
          })];
          pawns.forEach(([qx, qy], p) => {
            if (qx === x && qy === y) {
              items.push(svg('circle', { cx: px + s / 2, cy: py + s / 2, r: s * 0.42, class: `pawn p${p}` }));
            }
          });
          items.push(svg('text', { x: px + s / 2, y: py + s * 0.62, 'text-anchor': 'middle', class: 'op' }, [this.board[y][x]]));
          return items;
        });
      },
      info(i) {
        const total = (p) => el('span', { id: `total-${p}` }, [frames[i].totals[p]]);
        return [...who('pawn', 0, ': '), total(0), ' · ', ...who('pawn', 1, ': '), total(1)];
      },
    };

    const tron = {
      w: Number(params.width) || 0,
      h: Number(params.height) || 0,
      draw(i) {
        const s = Math.max(3, Math.min(32, Math.floor(640 / Math.max(1, this.w))));
        const root = svg('svg', {
          class: 'board tron', width: this.w * s, height: this.h * s, viewBox: `0 0 ${this.w * s} ${this.h * s}`,
        }, [svg('rect', { x: 0, y: 0, width: this.w * s, height: this.h * s, class: 'arena' })]);
        // Frames count rows from the top, as drawn.
        const put = ([x, y], cls) => root.append(svg('rect', { x: x * s, y: y * s, width: s, height: s, class: cls }));
        // Each player's trail is its heads so far; the heads of frame i on top.
        for (const [key, p] of cellsUpTo(i, (f) => f.heads)) put(key.split(',').map(Number), `trail p${p}`);
        frames[i].heads.forEach((xy, p) => put(xy, `head p${p}`));
        return root;
      },
      info(i) {
        return [`tick ${i} · `, ...who('trail', 0, ' (1) · '), ...who('trail', 1, ' (2)')];
      },
    };

    const GAMES = { checkers, connect4, 'one-two-three': oneTwoThree, mathtricks, tron };
    return GAMES[data.game];
  }
  window.BotarenaBoards = { boards, el, svg };

  const root = document.getElementById('replay');
  const dataEl = document.getElementById('replay-data');
  if (!root || !dataEl) return;
  const data = JSON.parse(dataEl.textContent);
  const nick = (bot) => (data.nicknames && data.nicknames[bot]) || bot;
  const frames = data.frames || [];
  const moves = data.moves || [];
  const game = boards(data);

  // ---- the result, visible at once
  const reason = data.reason ? ` (${data.reason})` : '';
  let resultText = data.winner ? `Winner: ${nick(data.winner)}${reason}` : `Draw${reason}`;
  if (data.forfeit) {
    resultText += ` · ${nick(data.forfeit.bot)} forfeited: ${data.forfeit.kind}`;
    if (data.forfeit.detail) resultText += ` — ${data.forfeit.detail}`;
  }
  const result = el('p', { id: 'replay-result', class: 'replay-result' }, [resultText]);
  root.append(result);
  if (!game || frames.length === 0) {
    const why = game ? 'its moves could not be replayed' : `there is no viewer for the game “${data.game}”`;
    root.append(el('p', { class: 'hint', id: 'replay-missing' }, [`No replay: ${why}; the moves are listed below.`]));
    return;
  }

  // ---- controls
  const last = frames.length - 1;
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
  if (last < moves.length) {
    root.append(el('p', { class: 'hint', id: 'replay-short' },
      [`The replay stops after move ${last} of ${moves.length}: the next move could not be replayed.`]));
  }

  let at = 0;
  let timer = null;

  function show(i) {
    at = Math.max(0, Math.min(last, i));
    board.replaceChildren(game.draw(at));
    // Text nodes only: nicknames are users' own text.
    info.replaceChildren(...[].concat(game.info(at)));
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
