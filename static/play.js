// The practice page: a person against a bot. Plain JavaScript, no build step.
//
// The page follows the game through its WebSocket (`/api/practice/{id}/ws`), which sends the
// whole game as JSON at once and after every change, and takes the person's moves as
// `{"move": "..."}` in the game's own notation. The board is drawn by replay.js's drawings
// (`BotarenaBoards`); this file knows no rule: the server lists the legal moves
// (`legal_moves`) and refuses any other. Clicks make moves — checkers: the piece, then each
// landing square; connect4: a column; one-two-three: one to three free cells, then "Place";
// mathtricks: a neighbouring cell — and tron is steered with the arrow keys.
(function () {
  'use strict';

  /** The squares of a legal checkers move (`N r,c r,c ...`). */
  const squaresOf = (move) => move.split(/\s+/).slice(1);

  /** Checkers: why a square does not begin or go on with one of the `legal` moves. Captures are
   * compulsory (the longest ones): when every legal move is one, the message says so. */
  function checkersRefusal(legal) {
    const { msg } = window.BotarenaBoards;
    const moves = legal.map(squaresOf);
    const jump = (sq) => Math.abs(Number(sq[1].split(',')[0]) - Number(sq[0].split(',')[0])) === 2;
    if (moves.length && moves.every((sq) => sq.length > 1 && jump(sq))) {
      // "5,0 or 5,4" in the page's language.
      const squares = [...new Set(moves.map((sq) => sq[0]))];
      const from = window.Intl && Intl.ListFormat
        ? new Intl.ListFormat(document.documentElement.lang || 'en', { type: 'disjunction' }).format(squares)
        : squares.join(' / ');
      const longest = Math.max(...moves.map((sq) => sq.length)) - 1;
      return longest > 1 ? msg('practice-capture-longest', { count: longest, from }) : msg('practice-capture', { from });
    }
    return msg('practice-not-legal');
  }
  window.BotarenaPlay = { checkersRefusal };

  const box = document.getElementById('practice');
  if (!box || !window.BotarenaBoards) return;
  const { boards, el, msg, reasonText, forfeitText } = window.BotarenaBoards;
  const id = box.dataset.id;
  const seat = box.dataset.seat;
  const statusEl = document.getElementById('practice-status');
  const clockEl = document.getElementById('practice-clock');
  const errorEl = document.getElementById('practice-error');
  const boardEl = document.getElementById('practice-board');
  const leave = document.getElementById('practice-leave');
  const logBox = document.getElementById('practice-log');
  const logText = document.getElementById('practice-log-text');

  let view = null;
  /** Checkers: the squares clicked so far of the move being made ("r,c"). */
  let path = [];
  /** One-two-three: the cells picked for the placement ("r,c"). */
  const picked = new Set();

  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const socket = new WebSocket(`${scheme}//${location.host}/api/practice/${id}/ws`);

  function say(text) {
    statusEl.textContent = text;
  }

  function fail(message) {
    errorEl.textContent = message;
    errorEl.hidden = false;
  }

  function send(message) {
    errorEl.hidden = true;
    socket.send(JSON.stringify(message));
  }

  socket.addEventListener('message', (event) => {
    const message = JSON.parse(event.data);
    if (message.error) {
      fail(message.message);
      path = [];
      picked.clear();
      if (view) render();
      return;
    }
    view = message;
    path = [];
    picked.clear();
    render();
  });
  socket.addEventListener('close', () => {
    if (!view || view.status !== 'over') say(msg('practice-disconnected'));
  });

  function resultText(result) {
    // The person's side ends as "exited" only when they leave.
    if (result.forfeit && result.forfeit.bot === 'a' && result.forfeit.kind === 'exited') {
      return msg('practice-you-left', { bot: view.opponent });
    }
    const reason = reasonText(result.reason || '?');
    let text = msg(result.winner ? (result.winner === 'a' ? 'practice-you-won' : 'practice-bot-won') : 'practice-draw',
      { bot: view.opponent, reason });
    if (result.forfeit) {
      const kind = forfeitText(result.forfeit.kind);
      text += ` · ${result.forfeit.bot === 'a' ? msg('practice-you-forfeited', { kind })
        : msg('replay-forfeited', { bot: view.opponent, kind })}`;
      if (result.forfeit.detail) text += ` — ${result.forfeit.detail}`;
    }
    return text;
  }

  function render() {
    const data = {
      game: view.game,
      frames: view.frames,
      params: view.params,
      moves: view.moves,
      seats: seat === 'first' ? ['a', 'b'] : ['b', 'a'],
      nicknames: { a: msg('practice-you'), b: view.opponent },
    };
    const drawing = boards(data);
    const last = view.frames.length - 1;
    if (drawing && last >= 0) {
      const board = drawing.draw(last);
      for (const square of path) mark(board, `[data-square="${square}"]`);
      // Checkers: where the picked piece may go next.
      for (const square of targets()) mark(board, `rect[data-square="${square}"]`, 'target');
      for (const cell of picked) mark(board, `[data-cell="${cell}"]`);
      const children = [board, el('p', { class: 'replay-info' }, [].concat(drawing.info(last)))];
      if (view.game === 'one-two-three' && view.status === 'your_turn') {
        const place = el('button', { type: 'button', id: 'practice-place' }, [msg('practice-place-button')]);
        place.disabled = picked.size === 0;
        place.addEventListener('click', placeCells);
        children.push(el('p', {}, [place, ' ', el('span', { class: 'hint' }, [msg('practice-place-hint')])]));
      }
      boardEl.replaceChildren(...children);
      fitForFingers(board);
    }
    box.dataset.status = view.status;
    box.dataset.moves = String(view.moves.length);
    const texts = {
      your_turn: msg('practice-your-move'),
      bot_thinking: msg('practice-bot-thinking', { bot: view.opponent }),
      playing: msg('practice-steering'),
    };
    say(view.status === 'over' && view.result ? resultText(view.result) : texts[view.status] || view.status);
    clockEl.textContent = clockText();
    showLines(view.lines || []);
    if (view.status === 'over') {
      leave.hidden = true;
      if (view.log) {
        logText.textContent = view.log;
        logBox.hidden = false;
      }
    }
  }

  /** The limits of the game: per move (turn games), or its clock (tron, where nobody's move is
   * waited for and the lines move every tick). */
  function clockText() {
    if (view.game === 'tron') {
      const tick = view.params && view.params.ms;
      return tick ? msg('practice-clock-every', { ms: tick }) : msg('practice-clock-ticks');
    }
    const args = {
      bot: view.opponent,
      think: view.bot_think_ms,
      now: view.bot_thinking_ms,
      move: view.move_ms,
      patience: Math.round(view.patience_ms / 1000),
    };
    return msg(view.bot_thinking_ms == null ? 'practice-limits' : 'practice-limits-thinking', args);
  }

  /** The bot's own DEBUG and standard-error lines (when it is yours or the house's), each under
   * the move it came before; the last 200. */
  function showLines(lines) {
    if (!lines.length) return;
    const { el: E, lineItem } = window.BotarenaBoards;
    const items = lines.slice(-200).map((l) => lineItem(l, null));
    const list = E('ol', { id: 'practice-lines', class: 'live-lines' }, items);
    const old = document.getElementById('practice-lines');
    if (old) old.replaceWith(list); else logBox.before(E('h3', {}, [msg('practice-bot-says', { bot: view.opponent })]), list);
    list.scrollTop = list.scrollHeight;
  }

  /** A board scales down to the screen's width, but not below what a finger taps: when its
   * columns, squares or cells would be narrower than 40 px, it is drawn with 40 px ones and
   * scrolls inside its own box (the page itself never scrolls sideways). */
  function fitForFingers(board) {
    const target = board.querySelector('[data-col], [data-square], [data-cell]');
    const width = Number(board.getAttribute('width'));
    const cell = target && Number(target.getAttribute('width'));
    if (!cell || !width || !boardEl.clientWidth) return;
    const shown = cell * Math.min(1, boardEl.clientWidth / width);
    const big = shown < 40;
    boardEl.classList.toggle('board-scroll', big);
    board.classList.toggle('tap-size', big);
    if (big) {
      const k = 40 / cell;
      board.setAttribute('width', String(Math.ceil(width * k)));
      board.setAttribute('height', String(Math.ceil(Number(board.getAttribute('height')) * k)));
    }
  }

  function mark(board, selector, kind = 'picked') {
    const target = board.querySelector(selector);
    if (target) target.classList.add(kind);
  }

  /** Checkers: the squares the move begun by `path` may go to next (none before a piece is picked). */
  function targets() {
    if (view.game !== 'checkers' || !path.length || view.status !== 'your_turn') return [];
    const next = view.legal_moves.map(squaresOf)
      .filter((sq) => sq.length > path.length && path.every((s, i) => sq[i] === s))
      .map((sq) => sq[path.length]);
    return [...new Set(next)];
  }



  function placeCells() {
    const rows = view.frames[view.frames.length - 1].rows.map((r) => r.split(''));
    const letter = seat === 'first' ? 'A' : 'B';
    for (const cell of picked) {
      const [r, c] = cell.split(',').map(Number);
      rows[r][c] = letter;
    }
    send({ move: rows.map((r) => r.join('')).join('\n') });
  }

  boardEl.addEventListener('click', (event) => {
    if (!view || view.status !== 'your_turn') return;
    const target = event.target.closest('[data-col], [data-square], [data-cell]');
    if (!target) return;
    if (view.game === 'connect4') {
      send({ move: target.dataset.col });
    } else if (view.game === 'mathtricks') {
      send({ move: target.dataset.cell.replace(',', ' ') });
    } else if (view.game === 'one-two-three') {
      const cell = target.dataset.cell;
      if (picked.has(cell)) picked.delete(cell); else picked.add(cell);
      render();
    } else if (view.game === 'checkers') {
      const next = path.concat([target.dataset.square]);
      const fits = view.legal_moves.filter((m) => next.every((s, i) => squaresOf(m)[i] === s));
      if (fits.length === 0) {
        // Not a continuation: start again from this square if it begins a move.
        const restart = view.legal_moves.filter((m) => squaresOf(m)[0] === target.dataset.square);
        path = restart.length ? [target.dataset.square] : [];
        if (!restart.length) fail(checkersRefusal(view.legal_moves));
      } else {
        const done = fits.find((m) => squaresOf(m).length === next.length);
        if (done && fits.length === 1) {
          send({ move: done });
          path = [];
          return;
        }
        path = next;
      }
      render();
    }
  });

  const ARROWS = {
    ArrowUp: '+Y', ArrowDown: '-Y', ArrowRight: '+X', ArrowLeft: '-X', w: '+Y', s: '-Y', d: '+X', a: '-X',
  };
  document.addEventListener('keydown', (event) => {
    if (!view || view.game !== 'tron' || view.status === 'over') return;
    const dir = ARROWS[event.key];
    if (!dir) return;
    event.preventDefault();
    send({ move: dir });
  });

  // Tron on a touch screen: the buttons under the board steer as the arrow keys do.
  const steer = document.getElementById('practice-steer');
  if (steer) {
    steer.addEventListener('click', (event) => {
      const button = event.target.closest('[data-turn]');
      if (button && view && view.status !== 'over') send({ move: button.dataset.turn });
    });
  }

  leave.addEventListener('click', () => {
    if (!view || view.status === 'over') return;
    if (!window.confirm(msg('practice-leave-confirm'))) return;
    send({ leave: true });
  });
}());
