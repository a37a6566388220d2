# Legăturile către boții de pornire de pe pagina concursului (static/starters.js).
starters-confirm = Înlocuiești sursa din formular cu botul de pornire în { $name }?
starters-note = Botul de pornire în { $name } ({ $file }) este în formular: îmbunătățește-l, apoi trimite-l.
