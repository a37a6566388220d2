// A game being played, followed live on its page: plain JavaScript, no build step.
//
// The server streams the game's moves, `params` and replay frames as Server-Sent Events
// (`/games/{id}/live`: `progress` whenever they change, then `done`); the board is drawn with
// replay.js's drawings (`BotarenaBoards`) at the newest position. The viewer's own bot's DEBUG
// and standard-error lines (every bot's for an admin) come with them, each with the move it came
// before, and are listed beside the board, newest last. Once the game is over the page reloads
// and shows the finished replay.
(function () {
  'use strict';

  const box = document.getElementById('live');
  if (!box || !window.BotarenaBoards || !window.EventSource) return;
  const { boards, el, lineItem, msg } = window.BotarenaBoards;
  const status = document.getElementById('live-status');
  const source = new EventSource(`/games/${box.dataset.id}/live`);

  source.addEventListener('progress', (event) => {
    const data = JSON.parse(event.data);
    const drawing = boards({ game: box.dataset.game, frames: data.frames, params: data.params, moves: data.moves });
    const last = data.frames.length - 1;
    status.textContent = msg('replay-live-playing', { count: data.moves.length });
    box.dataset.moves = String(data.moves.length);
    if (!drawing || last < 0) return;
    const board = el('div', { id: 'live-board', class: `replay-board game-${box.dataset.game}` }, [drawing.draw(last)]);
    const old = document.getElementById('live-board');
    if (old) old.replaceWith(board); else box.append(board);
    showLines(data.lines || []);
  });

  /** The bot's own lines, grouped under the move they came before (the last 200). */
  function showLines(lines) {
    if (!lines.length) return;
    const both = new Set(lines.map((l) => l.bot)).size > 1;
    const items = lines.slice(-200).map((l) => lineItem(l, both ? (bot) => msg('replay-live-bot', { bot }) : null));
    const list = el('ol', { id: 'live-lines', class: 'live-lines' }, items);
    const old = document.getElementById('live-lines');
    if (old) old.replaceWith(list); else box.append(el('h3', {}, [msg('replay-live-your-bot-says')]), list);
    list.scrollTop = list.scrollHeight;
  }
  source.addEventListener('done', () => {
    source.close();
    status.textContent = msg('replay-live-over');
    location.reload();
  });
}());
