// A submission's page keeps its round-robin progress up to date while games wait: plain
// JavaScript, no build step. It asks `/submissions/{id}/progress` every few seconds (the same
// session as the page) and stops once nothing of the submission is queued or being played.
(function () {
  'use strict';

  const el = document.getElementById('progress');
  if (!el || !window.fetch) return;
  let pending = Number(el.dataset.pending);

  async function update() {
    try {
      const answer = await fetch(`/submissions/${el.dataset.id}/progress`, { credentials: 'same-origin' });
      if (!answer.ok) return;
      const data = await answer.json();
      el.textContent = data.text;
      pending = data.progress.queued + data.progress.running;
    } catch (e) {
      // The next tick tries again.
    }
  }

  const timer = setInterval(() => {
    if (pending > 0) update(); else clearInterval(timer);
  }, 3000);
}());
