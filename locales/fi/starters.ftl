# Kilpailusivun aloitusbottien linkit (static/starters.js).
starters-confirm = Korvataanko lomakkeen lähdekoodi { $name }-aloitusbotilla?
starters-note = { $name }-aloitusbotti ({ $file }) on lomakkeessa: paranna sitä ja palauta se.
