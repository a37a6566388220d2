// One-click starter bots on the submit form. Without JavaScript each link reloads the contest
// page with the form filled in by the server (`?starter=LANGUAGE`); with it, the link fills the
// form in place from the sources embedded in the page, and never silently drops typed text.
(function () {
  "use strict";
  var data = document.getElementById("starters-data");
  var source = document.getElementById("source");
  var language = document.getElementById("language");
  if (!data || !source || !language) return;
  var starters = JSON.parse(data.textContent);
  // The words come from the page's messages (the server's catalogs), `{name}` filled in here.
  var messagesEl = document.getElementById("messages");
  var messages = messagesEl ? JSON.parse(messagesEl.textContent) : {};
  var msg = function (key, args) {
    return (messages[key] || key).replace(/\{(\w+)\}/g, function (whole, k) {
      return k in args ? String(args[k]) : whole;
    });
  };
  var file = document.getElementById("file");
  var note = document.getElementById("starter-note");
  var isStarter = function (text) {
    return Object.keys(starters).some(function (k) { return starters[k].source.trim() === text; });
  };
  document.querySelectorAll("a[data-starter]").forEach(function (link) {
    link.addEventListener("click", function (event) {
      var s = starters[link.getAttribute("data-starter")];
      if (!s) return; // let the link do it
      event.preventDefault();
      var typed = source.value.trim();
      if (typed && !isStarter(typed) &&
          !window.confirm(msg("starters-confirm", { name: s.name }))) return;
      source.value = s.source;
      language.value = link.getAttribute("data-starter");
      if (file) file.value = "";
      if (note) note.textContent = msg("starters-note", { name: s.name, file: s.file });
      source.focus();
    });
  });
})();
