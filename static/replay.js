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

  // Every word shown comes from the page's messages (the server's catalogs, in the reader's
  // language): `msg(key, {name: value})` is message `key` with each `{name}` replaced.
  const messagesEl = document.getElementById('messages');
  const MESSAGES = messagesEl ? JSON.parse(messagesEl.textContent) : {};
  function msg(key, args) {
    const text = MESSAGES[key] === undefined ? key : MESSAGES[key];
    const given = args || {};
    return text.replace(/\{(\w+)\}/g, (whole, k) => (k in given ? String(given[k]) : whole));
  }
  /** An end reason (`four_in_a_row`) or forfeit kind (`illegal_move`) in words; unknown ones as they are. */
  const reasonText = (word) => (MESSAGES[`reason-${word}`] === undefined ? word : MESSAGES[`reason-${word}`]);
  const forfeitText = (word) => (MESSAGES[`forfeit-${word}`] === undefined ? word : MESSAGES[`forfeit-${word}`]);

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

    // Coordinates are printed around every board in the notation of the game's protocol (and
    // its judge's messages), so that "illegal move 5,0 4,1" or "column 9" can be found on it.
    const LABEL = 18;

    /** A board of `cols` x `rows` squares of `size` pixels, a margin of `LABEL` above and left
     * for `labels.col(c)` and `labels.row(r)` (either may return '' to skip a line), and
     * `cell(col, row, x, y)` adding what is on a square at (x, y). */
    function grid(cols, rows, size, labels, cell) {
      const m = labels ? LABEL : 0;
      const width = m + cols * size;
      const height = m + rows * size;
      const root = svg('svg', {
        class: 'board', width, height, viewBox: `0 0 ${width} ${height}`, role: 'img',
      });
      if (labels) root.append(...axes(cols, rows, size, labels));
      for (let y = 0; y < rows; y++) {
        for (let x = 0; x < cols; x++) {
          for (const item of cell(x, y, m + x * size, m + y * size)) root.append(item);
        }
      }
      return root;
    }

    /** The coordinate labels above the columns and left of the rows of a grid. */
    function axes(cols, rows, size, labels) {
      const out = [];
      const font = Math.max(9, Math.min(13, Math.round(size * 0.3)));
      for (let c = 0; c < cols; c++) {
        const t = labels.col ? String(labels.col(c)) : '';
        if (t) out.push(svg('text', { x: LABEL + c * size + size / 2, y: LABEL - 4, class: 'coord col', 'text-anchor': 'middle', 'font-size': font }, [t]));
      }
      for (let r = 0; r < rows; r++) {
        const t = labels.row ? String(labels.row(r)) : '';
        if (t) out.push(svg('text', { x: LABEL - 3, y: LABEL + r * size + size / 2 + 4, class: 'coord row', 'text-anchor': 'end', 'font-size': font }, [t]));
      }
      return out;
    }
    /** Labels every `step`-th line only, so that small squares keep readable labels. */
    const every = (step, text) => (i) => (i % step === 0 ? text(i) : '');
    const stepFor = (size) => [1, 2, 5, 10, 20].find((k) => k * size >= 14) || 20;
    const cellSize = (cols, rows) => Math.max(4, Math.min(56, Math.floor(520 / Math.max(cols, rows))));

    /** Player i's `label` (their name by default) after a small sample of their piece (`kind`
     * is the piece's CSS class). */
    const who = (kind, i, label) => [
      svg('svg', { class: 'swatch', width: 14, height: 14, viewBox: '0 0 14 14' },
        [svg('rect', { x: 1, y: 1, width: 12, height: 12, rx: 6, class: `${kind} p${i}` })]),
      ` ${label === undefined ? player(i) : label}`,
    ];

    /** Every `[x, y]` that `pick(frame)` lists in frames 0..i, as "x,y" keys: trails that grow. */
    const cellsUpTo = (i, pick) => {
      const seen = new Map();
      for (let k = 0; k <= i; k++) pick(frames[k]).forEach((xy, n) => seen.set(`${xy[0]},${xy[1]}`, n));
      return seen;
    };
    const keys = (list) => new Set((list || []).map(([a, b]) => `${a},${b}`));

    // ---- the five games: `draw(i)` an SVG of frame i, `info(i)` the line under the board (a
    // string or a list of nodes), `said(i)` move i in the protocol's notation with its mover
    // (i >= 1). Each frame's format is in docs/replay-frames.md.

    const checkers = {
      draw(i) {
        const { board, last, taken } = frames[i];
        const rows = board.length;
        const cols = rows ? board[0].length : 0;
        const s = cellSize(cols, rows);
        const lastSet = keys(last);
        const takenSet = keys(taken);
        const root = grid(cols, rows, s, { col: (c) => c, row: (r) => r }, (c, r, x, y) => {
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
              items.push(svg('text', { x: x + s / 2, y: y + s * 0.62, class: 'crown', 'text-anchor': 'middle' }, [msg('replay-king-letter')]));
            }
          } else if (takenSet.has(`${r},${c}`)) {
            // A piece the last move captured: a ghost with a cross where it stood.
            const d = s * 0.22;
            items.push(svg('g', { class: 'taken', 'data-square': `${r},${c}` }, [
              svg('circle', { cx: x + s / 2, cy: y + s / 2, r: s * 0.38 }),
              svg('path', { d: `M${x + s / 2 - d},${y + s / 2 - d}l${2 * d},${2 * d}m0,${-2 * d}l${-2 * d},${2 * d}` }),
            ]));
          }
          return items;
        });
        // The path of the last move, from its first square through every landing.
        if (last.length > 1) {
          const points = last.map(([r, c]) => `${LABEL + c * s + s / 2},${LABEL + r * s + s / 2}`).join(' ');
          root.append(svg('polyline', { points, class: 'path' }));
        }
        return root;
      },
      info(i) {
        const [b, w] = frames[i].pieces;
        return [...who('piece', 0, msg('replay-checkers-black', { player: player(0), count: b })), ' · ',
          ...who('piece', 1, msg('replay-checkers-white', { player: player(1), count: w }))];
      },
      said(i) {
        const { board, last, taken } = frames[i];
        if (!last.length) return null;
        const [r, c] = last[last.length - 1];
        const mover = board[r][c].toLowerCase() === 'b' ? 0 : 1;
        const path = last.map(([lr, lc]) => `${lr},${lc}`).join(' → ');
        if (!taken || !taken.length) return [mover, path];
        return [mover, msg('replay-checkers-taking', { path, taken: taken.map(([tr, tc]) => `${tr},${tc}`).join(' ') })];
      },
    };

    const connect4 = {
      draw(i) {
        const { rows, last, line } = frames[i];
        const h = rows.length;
        const w = h ? rows[0].length : 0;
        const s = cellSize(w, h);
        const won = keys(line);
        return grid(w, h, s, { col: (c) => c }, (c, r, x, y) => {
          const ch = rows[r][c];
          const isLast = last && last[0] === r && last[1] === c;
          const marks = `${isLast ? ' last' : ''}${won.has(`${r},${c}`) ? ' win' : ''}`;
          return [
            svg('rect', { x, y, width: s, height: s, class: 'slot', 'data-col': c }),
            svg('circle', {
              cx: x + s / 2, cy: y + s / 2, r: s * 0.4, 'data-col': c,
              class: ch === '.' ? 'hole' : `disc p${ch === '1' ? 0 : 1}${marks}`,
            }),
          ];
        });
      },
      info() {
        return [...who('disc', 0, msg('replay-first-player', { player: player(0) })), ' · ',
          ...who('disc', 1, msg('replay-second-player', { player: player(1) }))];
      },
      said(i) {
        const { rows, last, line } = frames[i];
        if (!last) return null;
        const key = line && line.length ? 'replay-connect4-column-line' : 'replay-connect4-column';
        return [rows[last[0]][last[1]] === '1' ? 0 : 1, msg(key, { column: last[1] })];
      },
    };

    // One-two-three's boards have no coordinates in the protocol; the judge's messages count
    // rows and columns from 1 at the top left ("row 2, column 3"), and so do these labels.
    const oneTwoThree = {
      draw(i) {
        const { rows, last } = frames[i];
        const h = rows.length;
        const w = h ? rows[0].length : 0;
        const s = cellSize(w, h);
        const fresh = keys(last);
        return grid(w, h, s, { col: (c) => c + 1, row: (r) => r + 1 }, (c, r, x, y) => {
          const ch = rows[r][c];
          const cls = ch === 'A' ? 'p0' : ch === 'B' ? 'p1' : 'free';
          const mark = fresh.has(`${r},${c}`) ? ' last' : '';
          const items = [svg('rect', { x, y, width: s, height: s, class: `cell ${cls}${mark}`, 'data-cell': `${r},${c}` })];
          if (ch !== '-' && s >= 12) {
            items.push(svg('text', { x: x + s / 2, y: y + s * 0.66, 'text-anchor': 'middle', class: 'letter', translate: 'no' }, [ch]));
          }
          return items;
        });
      },
      info(i) {
        const [a, b] = frames[i].cells;
        return [...who('cell', 0, msg('replay-ott-cells', { player: player(0), letter: 'A', count: a })), ' · ',
          ...who('cell', 1, msg('replay-ott-cells', { player: player(1), letter: 'B', count: b }))];
      },
      said(i) {
        const { rows, last } = frames[i];
        if (!last || !last.length) return null;
        const [r0, c0] = last[0];
        return [rows[r0][c0] === 'A' ? 0 : 1, last.map(([r, c]) => msg('replay-ott-cell', { row: r + 1, column: c + 1 })).join('; ')];
      },
    };

    const mathtricks = {
      // The cells' operations, to print on them: the stored board of the result.
      board: params.board || [],
      draw(i) {
        const { pawns } = frames[i];
        const visited = cellsUpTo(i, (f) => f.visited);
        const stepped = i > 0 ? keys(frames[i].visited) : new Set();
        const h = this.board.length;
        const w = h ? this.board[0].length : 0;
        const s = cellSize(w, h);
        return grid(w, h, s, { col: (x) => x, row: (y) => y }, (x, y, px, py) => {
          const mark = stepped.has(`${x},${y}`) ? ' last' : '';
          const items = [svg('rect', {
            x: px, y: py, width: s, height: s, class: `cell${visited.has(`${x},${y}`) ? ' visited' : ''}${mark}`,
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
        return [...who('pawn', 0, `${player(0)}: `), total(0), ' · ', ...who('pawn', 1, `${player(1)}: `), total(1)];
      },
      said(i) {
        const [x, y] = (frames[i].visited || [])[0] || [];
        if (i === 0 || x === undefined) return null;
        const mover = frames[i].pawns.findIndex(([px, py]) => px === x && py === y);
        return [Math.max(0, mover), msg('replay-mathtricks-to', { x, y, cell: this.board[y][x] })];
      },
    };

    // Tron's protocol counts y from the bottom; frames count rows from the top.
    const tron = {
      w: Number(params.width) || 0,
      h: Number(params.height) || 0,
      draw(i) {
        const { w, h } = this;
        const s = Math.max(3, Math.min(32, Math.floor(640 / Math.max(1, w))));
        const step = stepFor(s);
        const root = grid(w, h, s, { col: every(step, (x) => x), row: every(step, (r) => h - 1 - r) }, () => []);
        root.classList.add('tron');
        // The grid wraps around: a little room on the right and at the bottom for the marks of
        // a line leaving at one edge and coming back at the other.
        const pad = Math.max(4, s / 2);
        const [W, H] = [LABEL + w * s + pad, LABEL + h * s + pad];
        Object.entries({ width: W, height: H, viewBox: `0 0 ${W} ${H}` }).forEach(([k, v]) => root.setAttribute(k, v));
        root.append(svg('rect', { x: LABEL, y: LABEL, width: w * s, height: h * s, class: 'arena' }));
        const put = ([x, y], cls) => root.append(svg('rect', { x: LABEL + x * s, y: LABEL + y * s, width: s, height: s, class: cls }));
        // Each player's trail is its heads so far; the heads of frame i on top.
        for (const [key, p] of cellsUpTo(i, (f) => f.heads)) put(key.split(',').map(Number), `trail p${p}`);
        frames[i].heads.forEach((xy, p) => put(xy, `head p${p}`));
        for (const [from, to, p] of this.wraps(i)) {
          root.append(this.edgeMark(from, to, s, pad, p), this.edgeMark(to, from, s, pad, p));
        }
        return root;
      },
      /** The steps up to frame i that crossed an edge: `[from, to, player]`. */
      wraps(i) {
        const out = [];
        for (let k = 1; k <= i; k++) {
          frames[k].heads.forEach((to, p) => {
            const from = frames[k - 1].heads[p];
            if (Math.abs(to[0] - from[0]) > 1 || Math.abs(to[1] - from[1]) > 1) out.push([from, to, p]);
          });
        }
        return out;
      },
      /** A line from the middle of cell `at` out across the board's edge, towards where a step
       * to `other` (on the opposite edge) went: the crossing drawn on both sides. */
      edgeMark(at, other, s, pad, p) {
        const [cx, cy] = [LABEL + at[0] * s + s / 2, LABEL + at[1] * s + s / 2];
        const dx = other[0] === at[0] ? 0 : other[0] > at[0] ? -1 : 1;
        const dy = other[1] === at[1] ? 0 : other[1] > at[1] ? -1 : 1;
        const reach = s / 2 + pad;
        return svg('line', {
          x1: cx, y1: cy, x2: cx + dx * reach, y2: cy + dy * reach, class: `wrap p${p}`,
        });
      },
      info(i) {
        return [`${msg('replay-tron-tick', { tick: i })} · `, ...who('trail', 0, `${player(0)} (1)`), ' · ',
          ...who('trail', 1, `${player(1)} (2)`)];
      },
      said(i) {
        if (i === 0) return null;
        const at = ([x, r]) => `${x} ${this.h - 1 - r}`;
        const [a, b] = frames[i].heads;
        return [null, msg('replay-tron-heads', { a: player(0), at_a: at(a), b: player(1), at_b: at(b) })];
      },
    };

    const GAMES = { checkers, connect4, 'one-two-three': oneTwoThree, mathtricks, tron };
    return GAMES[data.game];
  }
  /** A bot's DEBUG or standard-error line (`{bot, channel, move, text}`, `move` the number of
   * moves played when it was said) as a list item tagged with the move it came with. */
  function lineItem(l, nick) {
    const n = l.move == null ? '?' : l.move + 1;
    // The channel is the protocol's word (DEBUG) or the stream's name: code, not text.
    const tag = `${msg('replay-line-move', { move: n })} · ${nick ? `${nick(l.bot)} · ` : ''}`;
    const channel = el('code', { class: 'channel' }, [l.channel === 'debug' ? 'DEBUG' : 'stderr']);
    return el('li', { class: `said ${l.channel}`, 'data-move': l.move == null ? '' : String(l.move + 1) },
      [el('span', { class: 'hint' }, [tag, channel, ' ']), el('code', {}, [l.text])]);
  }
  window.BotarenaBoards = { boards, el, svg, lineItem, msg, reasonText, forfeitText };

  const root = document.getElementById('replay');
  const dataEl = document.getElementById('replay-data');
  if (!root || !dataEl) return;
  const data = JSON.parse(dataEl.textContent);
  const nick = (bot) => (data.nicknames && data.nicknames[bot]) || bot;
  const frames = data.frames || [];
  const moves = data.moves || [];
  const seats = data.seats || ['a', 'b'];
  const game = boards(data);

  // ---- the result, visible at once
  const reason = data.reason ? reasonText(data.reason) : '';
  let resultText = data.winner
    ? msg(reason ? 'replay-winner-reason' : 'replay-winner', { bot: nick(data.winner), reason })
    : msg(reason ? 'replay-draw-reason' : 'replay-draw', { reason });
  if (data.forfeit) {
    resultText += ` · ${msg('replay-forfeited', { bot: nick(data.forfeit.bot), kind: forfeitText(data.forfeit.kind) })}`;
    if (data.forfeit.detail) resultText += ` — ${data.forfeit.detail}`;
  }
  const result = el('p', { id: 'replay-result', class: 'replay-result' }, [resultText]);
  root.append(result);
  if (!game || frames.length === 0) {
    const why = game ? msg('replay-missing-unplayable') : msg('replay-missing-viewer', { game: data.game });
    root.append(el('p', { class: 'hint', id: 'replay-missing' }, [why]));
    return;
  }

  // ---- controls
  const last = frames.length - 1;
  const button = (id, label, title) => el('button', { type: 'button', id, title }, [label]);
  const first = button('replay-first', msg('replay-button-first'), msg('replay-button-first-title'));
  const back = button('replay-back', `‹ ${msg('replay-button-back')}`, msg('replay-button-back-title'));
  const play = button('replay-play', msg('replay-button-play'), msg('replay-button-play-title'));
  const forward = button('replay-forward', `${msg('replay-button-forward')} ›`, msg('replay-button-forward-title'));
  const end = button('replay-last', msg('replay-button-last'), msg('replay-button-last-title'));
  const speed = el('select', { id: 'replay-speed', 'aria-label': msg('replay-speed') },
    [['1000', 'replay-speed-slow'], ['400', 'replay-speed-normal'], ['150', 'replay-speed-fast'],
      ['40', 'replay-speed-very-fast']].map(([ms, label]) => el('option', { value: ms }, [msg(label)])));
  speed.value = '400';
  const counter = el('span', { id: 'move-counter', class: 'counter' });
  const board = el('div', { id: 'replay-board', class: `replay-board game-${data.game}` });
  const info = el('p', { id: 'replay-info', class: 'replay-info' });
  const said = el('p', { id: 'replay-move', class: 'replay-move' });
  const view = el('div', { class: 'replay-view' }, [el('div', { class: 'replay-main' }, [board, said, info])]);
  root.append(el('div', { class: 'replay-controls' }, [first, back, play, forward, end, speed, counter]), view);
  if (last < moves.length) {
    root.append(el('p', { class: 'hint', id: 'replay-short' },
      [msg('replay-short', { move: last, count: moves.length })]));
  }

  // ---- the viewer's own bot's DEBUG and standard-error lines (both bots' for an admin), beside
  // the board: those of the move shown are highlighted, later ones hidden until the replay
  // reaches them. `data.lines` is absent when the viewer may read neither bot's.
  const lines = data.lines;
  let lineItems = [];
  const linesList = el('ol', { id: 'replay-lines', class: 'live-lines replay-lines' });
  if (Array.isArray(lines)) {
    const both = new Set(lines.map((l) => l.bot)).size > 1;
    lineItems = lines.map((l) => lineItem(l, both ? nick : null));
    const whose = both ? msg('replay-said-both')
      : lines.length ? msg('replay-said-bot', { bot: nick(lines[0].bot) }) : msg('replay-said-yours');
    const box = el('section', { id: 'replay-said', class: 'replay-said' }, [
      el('h3', {}, [whose]),
      lines.length
        ? linesList
        : el('p', { class: 'hint', id: 'replay-no-lines' }, [msg('replay-no-lines')]),
    ]);
    if (lines.some((l) => l.move == null)) {
      box.append(el('p', { class: 'hint' }, [msg('replay-lines-untied')]));
    }
    linesList.append(...lineItems);
    view.append(box);
  }

  /** Shows the lines that came with moves 1..i, those of move i (and, at the end, any said after
   * the last move: a crash's traceback) highlighted and scrolled into view. */
  function showLines(i) {
    let current = null;
    for (const li of lineItems) {
      const n = li.dataset.move === '' ? null : Number(li.dataset.move);
      const now = n !== null && (n === i || (i === last && n > last));
      li.hidden = n !== null && n > i && i !== last;
      li.classList.toggle('current', now);
      if (now) current = li;
    }
    if (current) linesList.scrollTop = current.offsetTop - linesList.offsetTop - linesList.clientHeight / 2;
  }

  let at = 0;
  let timer = null;

  function show(i) {
    at = Math.max(0, Math.min(last, i));
    board.replaceChildren(game.draw(at));
    // Text nodes only: nicknames are users' own text.
    info.replaceChildren(...[].concat(game.info(at)));
    const move = at > 0 && game.said ? game.said(at) : null;
    if (move && move[0] !== null) {
      said.textContent = msg('replay-move-by', { move: at, bot: nick(seats[move[0]]), text: move[1] });
    } else if (move) {
      said.textContent = msg('replay-move-text', { move: at, text: move[1] });
    } else {
      said.textContent = at === 0 ? msg('replay-start') : msg('replay-move', { move: at });
    }
    counter.textContent = `${at} / ${last}`;
    root.dataset.move = String(at);
    back.disabled = first.disabled = at === 0;
    forward.disabled = end.disabled = at === last;
    showLines(at);
    if (at === last) stop();
  }

  function stop() {
    if (timer !== null) clearInterval(timer);
    timer = null;
    play.textContent = msg('replay-button-play');
  }

  function start() {
    if (at === last) show(0);
    stop();
    play.textContent = msg('replay-button-pause');
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
