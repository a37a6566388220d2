# The starter bots' one-click links on the contest page (static/starters.js); $name is a language's name.
starters-confirm = Replace the source in the form with the { $name } starter bot?
starters-note = The { $name } starter bot ({ $file }) is in the form: improve it, then submit.
