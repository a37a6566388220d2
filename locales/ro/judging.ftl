# Paginile de evaluare: clasamentul, matricea meciurilor directe, ladderul, meciurile unei trimiteri și pagina unei partide.

judging-scoreboard = Clasament
judging-scoreboard-title = Clasament · { $contest }
judging-rank = Loc
judging-nickname = Pseudonim
judging-points = Puncte
judging-wdl-title = câștigate/egale/pierdute
judging-matches-wdl = Meciuri V/E/Î
judging-games-wdl = Partide V/E/Î
judging-language = Limbaj
judging-latest-submission = Ultima trimitere
judging-computed-at = calculat la
judging-head-to-head-link = meciuri directe
judging-head-to-head = Meciuri directe
judging-next-refresh = următoarea actualizare până la <span id="next-refresh">{ $time }</span> (mai devreme când se decide primul meci al concursului sau când se golește coada de partide)
judging-frozen = clasamentul este înghețat
judging-no-entrants = Nimeni nu are încă o trimitere compilată.
judging-find-me = <a href="{ $href }">Găsește-mă</a> (locul { $rank })
judging-rows-of = Rândurile { $first }–{ $last } din { $total }
judging-page = pagina
judging-house-bots = Boții casei
judging-entrant = Participant
judging-games = Partide

judging-matrix-title = Meciuri directe · { $contest }
judging-matrix-heading = { $contest }: meciuri directe
judging-matrix-snapshot = din instantaneul calculat la <span id="computed-at">{ $time }</span>
judging-matrix-hint = Fiecare celulă arată punctele rândului împotriva coloanei (3 victorie, 1 egal, 0 înfrângere, după partidele câștigate) și duce la acel meci; o celulă goală este un meci nedecis când a fost calculat instantaneul. Coloanele sunt numerotate după rânduri; ține mouse-ul pe un număr pentru a vedea numele.
judging-matrix-column-title = { $name } (locul { $rank })

judging-ladder-title = Ladder · { $contest }
judging-ladder-heading = { $contest }: ladder
judging-ladder-round-robin = Acest concurs este de tip fiecare cu fiecare: ordinea lui este cea din clasament.
judging-ladder-hint = Ordonat după scorul prudent μ − 3σ: un nivel pe care fiecare bot îl are foarte probabil cel puțin. μ este nivelul estimat (25 la început), σ cât de nesigură este încă estimarea (8,33 la început, mai mic după fiecare partidă); intervalul μ ± 2σ conține nivelul lui cu o probabilitate de aproximativ 95 %. Graficul arată μ după fiecare meci evaluat, toate pe aceeași scară.
judging-ladder-rating-over-time = Evoluția ratingului
judging-ladder-rating-history = istoricul ratingului
judging-ladder-band = de la { $low } la { $high }

judging-submission = trimiterea
judging-not-current = <strong id="not-current">nu mai este curentă</strong> (înlocuită sau descalificată: meciurile ei nu mai contează)
judging-history-caption = Punctele și locul lui { $bot } în fiecare instantaneu al clasamentului de până acum.
judging-history-label = locul și punctele în timp
judging-history-points = puncte (de la 0 la { $max })
judging-history-rank = locul (1 sus, până la { $max }), acum { $rank }
judging-points-rule = Un meci este câștigat de cel care câștigă mai multe partide decât adversarul: 3 puncte pentru victorie, 1 pentru egal (tot atâtea partide câștigate cât pierdute), 0 pentru înfrângere. În clasament contează doar meciurile dintre trimiterile curente.
judging-superseded-shown = Sunt afișate toate meciurile, dintre care { $count } împotriva unor trimiteri mai vechi (înlocuite) ale adversarilor, marcate. <a href="{ $href }">Doar adversarii curenți</a>
judging-superseded-hidden = { $count ->
    [one] { $count } meci împotriva unor trimiteri mai vechi ale adversarilor este ascuns. <a href="{ $href }" id="show-all">Arată-l</a>
    [few] { $count } meciuri împotriva unor trimiteri mai vechi ale adversarilor sunt ascunse. <a href="{ $href }" id="show-all">Arată-le</a>
   *[other] { $count } de meciuri împotriva unor trimiteri mai vechi ale adversarilor sunt ascunse. <a href="{ $href }" id="show-all">Arată-le</a>
}
judging-replaced-shown = { $count ->
    [one] Este afișată, sub meciul ei, partida înlocuită de o rejudecare (nu contează). <a href="{ $href }">Ascunde-o</a>
    [few] Sunt afișate, sub fiecare meci, cele { $count } partide înlocuite de rejudecări (nu contează). <a href="{ $href }">Ascunde-le</a>
   *[other] Sunt afișate, sub fiecare meci, cele { $count } de partide înlocuite de rejudecări (nu contează). <a href="{ $href }">Ascunde-le</a>
}
judging-replaced-hidden = { $count ->
    [one] { $count } partidă înlocuită de o rejudecare este ascunsă. <a href="{ $href }" id="show-replaced">Arată partidele înlocuite</a>
    [few] { $count } partide înlocuite de rejudecări sunt ascunse. <a href="{ $href }" id="show-replaced">Arată partidele înlocuite</a>
   *[other] { $count } de partide înlocuite de rejudecări sunt ascunse. <a href="{ $href }" id="show-replaced">Arată partidele înlocuite</a>
}
judging-no-matches = Încă nu există meciuri.
judging-opponent = Adversar
judging-status = Stare
judging-games-won-drawn-lost = Partide (câștigate–egale–pierdute)
judging-superseded = înlocuită
judging-game-outcome = partida { $number }: { $outcome }
judging-replaced-games = înlocuite:

judging-outcome-won = câștigată ({ $reason })
judging-outcome-lost = pierdută ({ $reason })
judging-outcome-draw = egal ({ $reason })

judging-status-queued = în așteptare
judging-status-running = în desfășurare
judging-status-done = încheiat
judging-status-cancelled = anulat
judging-status-failed = eșuat

judging-game-title = Partida { $id } · { $contest }
judging-game-heading = Partida { $id }: { $a } contra { $b }
judging-game-of-match = { $game }, partida { $number } a meciului ei
judging-game-status = stare
judging-replaced-rejudge = Înlocuită de rejudecarea din { $when } (de { $by }): această partidă nu mai contează în clasament.
judging-replaced-submission-rejudge = Înlocuită de rejudecarea unei trimiteri din { $when } (de { $by }): această partidă nu mai contează în clasament.
judging-replaced-by-command-line = linia de comandă
judging-replaced-new-game = În locul ei s-a jucat <a href="/games/{ $game }" id="replaced-by">partida { $game }</a>.
judging-result = Rezultat
judging-winner = Câștigător:
judging-draw = Egal
judging-reason = motiv
judging-score = scor
judging-forfeited = { $bot } a pierdut din oficiu: { $kind }
judging-stderr-none = { $bot } nu a scris nimic la ieșirea de erori standard.
judging-stderr-tail = Sfârșitul ieșirii de erori standard a lui { $bot } — doar proprietarul și administratorii văd asta:
judging-stderr-tail-last = { $count ->
    [one] Sfârșitul ieșirii de erori standard a lui { $bot } (ultima linie; jurnalul le are pe toate) — doar proprietarul și administratorii văd asta:
    [few] Sfârșitul ieșirii de erori standard a lui { $bot } (ultimele { $count } linii; jurnalul le are pe toate) — doar proprietarul și administratorii văd asta:
   *[other] Sfârșitul ieșirii de erori standard a lui { $bot } (ultimele { $count } de linii; jurnalul le are pe toate) — doar proprietarul și administratorii văd asta:
}
judging-no-result = Niciun rezultat ({ $status }).
judging-bot = Bot
judging-seat = Loc la masă
judging-thinking-time = Timp de gândire
judging-peak-memory = Memorie maximă
judging-moves-first = mută primul
judging-moves-second = mută al doilea
judging-ms = { $ms } ms
judging-kib = { $kib } KiB
judging-download-log = Descarcă jurnalul
judging-played-under = Jucată cu setările
judging-time-factor-of = factorul de timp al lui { $bot }
judging-live = În direct
judging-live-waiting = Se așteaptă primele mutări ale partidei…
judging-live-needs-javascript = Urmărirea partidei în direct necesită JavaScript; reîncarcă pagina după ce partida s-a jucat.
