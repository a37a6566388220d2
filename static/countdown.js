// Keeps a deadline's countdown current in its last day: the page's text (in the reader's
// language) has 88 hours and 99 minutes where the numbers go.
(function () {
  function tick() {
    document.querySelectorAll(".countdown[data-until]").forEach(function (el) {
      var left = Math.floor((Date.parse(el.dataset.until) - Date.now()) / 60000);
      if (left <= 0) {
        el.textContent = "(" + el.dataset.closed + ")";
      } else if (left < 24 * 60) {
        el.textContent = "(" + el.dataset.pattern.replace("88", Math.floor(left / 60)).replace("99", left % 60) + ")";
      }
    });
  }
  tick();
  setInterval(tick, 15000);
})();
