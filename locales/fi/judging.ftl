# Arvioinnin sivut: tulostaulukko, keskinäisten otteluiden taulukko, ranking-tikkaat, palautuksen ottelut ja yhden pelin sivu.

judging-scoreboard = Tulostaulukko
judging-scoreboard-title = Tulostaulukko · { $contest }
judging-rank = Sija
judging-nickname = Nimimerkki
judging-points = Pisteet
judging-wdl-title = voitot/tasapelit/tappiot
judging-matches-wdl = Ottelut V/T/H
judging-games-wdl = Pelit V/T/H
judging-language = Kieli
judging-latest-submission = Viimeisin palautus
judging-computed-at = laskettu
judging-head-to-head-link = keskinäiset ottelut
judging-head-to-head = Keskinäiset ottelut
judging-next-refresh = seuraava päivitys viimeistään <span id="next-refresh">{ $time }</span> (aiemmin, kun kilpailun ensimmäinen ottelu ratkeaa tai pelijono tyhjenee)
judging-frozen = tulokset on jäädytetty
judging-no-entrants = Kenelläkään ei ole vielä käännettyä palautusta.
judging-find-me = <a href="{ $href }">Näytä minut</a> (sija { $rank })
judging-rows-of = Rivit { $first }–{ $last } / { $total }
judging-page = sivu
judging-house-bots = Talon botit
judging-entrant = Osallistuja
judging-games = Pelit

judging-matrix-title = Keskinäiset ottelut · { $contest }
judging-matrix-heading = { $contest }: keskinäiset ottelut
judging-matrix-snapshot = tilannekuvasta, joka laskettiin <span id="computed-at">{ $time }</span>
judging-matrix-hint = Jokainen solu on rivin pisteet saraketta vastaan (voitto 3, tasapeli 1, tappio 0, voitettujen pelien mukaan) ja linkki otteluun; tyhjä solu on ottelu, joka ei ollut ratkennut tilannekuvaa laskettaessa. Sarakkeet on numeroitu rivien mukaan; vie osoitin numeron päälle nähdäksesi nimen.
judging-matrix-column-title = { $name } (sija { $rank })

judging-ladder-title = Tikkaat · { $contest }
judging-ladder-heading = { $contest }: tikkaat
judging-ladder-round-robin = Tämä kilpailu pelataan kaikki kaikkia vastaan: järjestys on tulostaulukon.
judging-ladder-hint = Järjestetty varovaisen arvion μ − 3σ mukaan: taito, joka botilla hyvin todennäköisesti vähintään on. μ on arvioitu taito (alussa 25), σ kuinka epävarma arvio vielä on (alussa 8,33, pienempi jokaisen pelin jälkeen); väli μ ± 2σ sisältää taidon noin 95 %:n todennäköisyydellä. Kaavio näyttää μ:n jokaisen arvioidun ottelun jälkeen, kaikki samalla asteikolla.
judging-ladder-rating-over-time = Luokitus ajan myötä
judging-ladder-rating-history = luokitushistoria
judging-ladder-band = { $low } – { $high }

judging-submission = palautus
judging-not-current = <strong id="not-current">ei enää voimassa</strong> (korvattu tai hylätty: sen ottelut eivät enää lasketa)
judging-history-caption = Käyttäjän { $bot } pisteet ja sija tulostaulukon jokaisessa tilannekuvassa tähän mennessä.
judging-history-label = sija ja pisteet ajan myötä
judging-history-points = pisteet (0–{ $max })
judging-history-rank = sija (1 ylimpänä, { $max } asti), nyt { $rank }
judging-points-rule = Ottelun voittaa se, joka voittaa enemmän sen peleistä kuin vastustaja: voitosta 3 pistettä, tasapelistä 1 (yhtä monta voitettua ja hävittyä peliä), tappiosta 0. Tuloksiin lasketaan vain voimassa olevien palautusten väliset ottelut.
judging-superseded-shown = Kaikki ottelut näytetään; niistä { $count } vastustajien aiempia (korvattuja) palautuksia vastaan, merkittyinä. <a href="{ $href }">Vain nykyiset vastustajat</a>
judging-superseded-hidden = { $count ->
    [one] { $count } ottelu vastustajien aiempia palautuksia vastaan on piilotettu. <a href="{ $href }" id="show-all">Näytä se</a>
   *[other] { $count } ottelua vastustajien aiempia palautuksia vastaan on piilotettu. <a href="{ $href }" id="show-all">Näytä ne</a>
}
judging-replaced-shown = { $count ->
    [one] Uudelleenarvioinnissa korvattu peli näytetään ottelunsa alla (se ei lasketa). <a href="{ $href }">Piilota se</a>
   *[other] Uudelleenarvioinneissa korvatut { $count } peliä näytetään kunkin ottelun alla (ne eivät lasketa). <a href="{ $href }">Piilota ne</a>
}
judging-replaced-hidden = { $count ->
    [one] { $count } uudelleenarvioinnissa korvattu peli on piilotettu. <a href="{ $href }" id="show-replaced">Näytä korvatut pelit</a>
   *[other] { $count } uudelleenarvioinneissa korvattua peliä on piilotettu. <a href="{ $href }" id="show-replaced">Näytä korvatut pelit</a>
}
judging-no-matches = Ei vielä otteluita.
judging-opponent = Vastustaja
judging-status = Tila
judging-games-won-drawn-lost = Pelit (voitot–tasapelit–tappiot)
judging-superseded = korvattu
judging-game-outcome = peli { $number }: { $outcome }
judging-replaced-games = korvatut:

judging-outcome-won = voitto ({ $reason })
judging-outcome-lost = tappio ({ $reason })
judging-outcome-draw = tasapeli ({ $reason })

judging-status-queued = jonossa
judging-status-running = käynnissä
judging-status-done = valmis
judging-status-cancelled = peruttu
judging-status-failed = epäonnistui

judging-game-title = Peli { $id } · { $contest }
judging-game-heading = Peli { $id }: { $a } vastaan { $b }
judging-game-of-match = { $game }, ottelunsa peli { $number }
judging-game-status = tila
judging-replaced-rejudge = Korvattu uudelleenarvioinnissa { $when } (tekijä { $by }): tämä peli ei enää lasketa tuloksiin.
judging-replaced-submission-rejudge = Korvattu palautuksen uudelleenarvioinnissa { $when } (tekijä { $by }): tämä peli ei enää lasketa tuloksiin.
judging-replaced-by-command-line = komentorivi
judging-replaced-new-game = Sen tilalla pelattiin <a href="/games/{ $game }" id="replaced-by">peli { $game }</a>.
judging-result = Tulos
judging-winner = Voittaja:
judging-draw = Tasapeli
judging-reason = syy
judging-score = pisteet
judging-forfeited = { $bot } hävisi luovutuksella: { $kind }
judging-stderr-none = { $bot } ei kirjoittanut mitään vakiovirhevirtaan.
judging-stderr-tail = Botin { $bot } vakiovirhevirran loppu — vain sen omistaja ja ylläpitäjät näkevät tämän:
judging-stderr-tail-last = Botin { $bot } vakiovirhevirran loppu (viimeiset { $count } riviä; lokissa ovat kaikki) — vain sen omistaja ja ylläpitäjät näkevät tämän:
judging-no-result = Ei tulosta ({ $status }).
judging-bot = Botti
judging-seat = Vuoro
judging-thinking-time = Miettimisaika
judging-peak-memory = Muistin huippukäyttö
judging-moves-first = aloittaa
judging-moves-second = siirtää toisena
judging-ms = { $ms } ms
judging-kib = { $kib } KiB
judging-download-log = Lataa loki
judging-played-under = Pelattu asetuksilla
judging-time-factor-of = botin { $bot } aikakerroin
judging-live = Suorana
judging-live-waiting = Odotetaan pelin ensimmäisiä siirtoja…
judging-live-needs-javascript = Pelin seuraaminen suorana vaatii JavaScriptin; lataa sivu uudelleen nähdäksesi sen pelattuna.
