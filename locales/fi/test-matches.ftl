# Test matches: the "My test matches" page, one test match, and the form (also on a submission's page).

test-matches-mine = Omat testiottelut
test-matches-heading = { $title }: omat testiottelut
test-matches-intro = Testiottelu on yksi kokonainen ottelu nykyisen palautuksesi ja valitsemasi vastustajan välillä tämän kilpailun asetuksilla (samat pelit, puolet vaihtaen, kuin sarjassa). Se pelataan sarjan jonon ohi, joten se alkaa sekunneissa; sitä ei koskaan lasketa sarjataulukkoon; kummankin botin ajatteluaika veloitetaan päivittäisestä laskentabudjetistasi. Yksi testiottelu kerrallaan.
test-matches-no-submission = Testiotteluissa pelaa nykyinen palautuksesi: palauta botti, ja kun se on käännetty, voit pelata ottelun täällä.
test-matches-none = Ei vielä testiotteluita.
test-matches-th-match = Ottelu
test-matches-th-opponent = Vastustaja
test-matches-th-status = Tila
test-matches-th-points = Pisteet
test-matches-th-games = Pelit (voitot–tasapelit–tappiot)
test-matches-th-asked = Pyydetty
test-matches-footer = Testiotteluita ei koskaan lasketa sarjataulukkoon. Bottisi DEBUG-rivit ovat kunkin pelin lokissa.

# A test match's status.
test-match-status = { $status ->
    [queued] jonossa
    [running] käynnissä
    [done] valmis
    [cancelled] peruttu
    [failed] epäonnistui
   *[other] { $status }
}
test-match-title = Testiottelu { $id }
test-match-heading = Testiottelu { $id }: palautus { $submission } vastaan { $opponent }
test-match-asked = pyydetty { $when }
test-match-finished = päättyi { $when }
# Before the test match's status.
test-match-status-label = Tila
test-match-ahead = { $count ->
    [one] { $count } testipeli jonossa sen edellä
   *[other] { $count } testipeliä jonossa sen edellä
}
# $tally is won–drawn–lost, such as 3–1–2.
test-match-points = pisteesi <strong id="points">{ $points }</strong> (pelit { $tally } voitot–tasapelit–tappiot; voitosta 3, tasapelistä 1, tappiosta 0, voitettujen pelien mukaan)
test-match-reloads = Tämä sivu latautuu uudelleen 3 sekunnin välein, kunnes ottelu on ohi; avaa käynnissä oleva peli katsoaksesi sitä suorana.
test-match-game = peli { $number }

test-form-no-opponent = Tämä kilpailu ei tarjoa vastustajaa testiotteluihin.
test-form-opponent = Vastustaja
test-form-by-id = palautus, jonka numero on alla
test-form-id-placeholder = palautuksen numero
test-form-start = Pelaa testiottelu
# $level is a house bot's level id: random, level1, level2.
test-form-house = talon botti { $level }
test-form-current = nykyinen palautuksesi #{ $id }
test-form-earlier = aiempi palautuksesi #{ $id } ({ $when })
