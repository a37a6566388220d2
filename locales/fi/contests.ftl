# The contests list, a contest's page with its submit form, the submission lists and one submission.

contests-title = Kilpailut
contests-none = Kilpailuja ei ole vielä.
contests-th-contest = Kilpailu
contests-th-game = Peli
contests-th-deadline = Määräaika
contests-th-state = Tila
# A badge beside a contest's title: announcements the reader has not seen.
contests-unread = { $count } uutta
contests-unread-title = tiedotteet, joita et ole lukenut
contests-open = avoinna
contests-closed = päättynyt

# The line under a contest's title: the game's id (connect4, tron...) stays as it is.
contest-game = Peli <strong>{ $game }</strong>
# Before the deadline's date and time.
contest-deadline = määräaika
contest-my-submissions = Omat palautukset
contest-all-submissions = Kaikki palautukset
contest-scoreboard = Tulostaulukko
contest-play = Pelaa bottia vastaan
contest-test-matches = Testiottelut
contest-page = Kilpailun sivu
contest-admin-settings = Ylläpito: asetukset, uudelleenarviointi, jäädytys
contest-admin-similarity = samankaltaiset lähdekoodit
contest-announcements = Tiedotteet
# A badge on an announcement posted since the reader's last visit.
contest-announcement-new = uusi
contest-announcements-none = Ei vielä tiedotteita.
contest-announce-label = Uusi tiedote (Markdown)
contest-announce-button = Julkaise
# The author of an announcement whose account was deleted.
contest-author-deleted = (poistettu käyttäjä)
contest-submit = Palauta
contest-rules-hint = Onko peli sinulle uusi? Lue <a href="{ $href }" id="rules-link">säännöt, botin protokolla, tämän kilpailun rajat ja miten testaat omalla koneellasi</a>.
contest-limit-interval = Yksi palautus { $seconds } s:n välein:
contest-wait = seuraava { $seconds } s:n kuluttua
contest-may-submit = voit palauttaa nyt
contest-budget = Laskentabudjetti tänään: { $used } s käytetty { $budget } s:sta, <strong id="budget-left">{ $left } s jäljellä</strong>
contest-max-source = Lähdekooditiedosto: enintään { $kib } KiB
contest-language = Kieli
contest-language-auto = Ladatun tiedoston päätteen mukaan
contest-language-unavailable-option = { $language } (ei käytettävissä)
contest-language-unavailable = <strong>{ $language }</strong> ei ole käytettävissä: { $why }.
contest-starters = Aloita aloitusbotista:
contest-file = Lataa tiedosto
contest-paste = tai liitä lähdekoodi
contest-submit-button = Palauta tämä botti
contest-closed = Määräaika on mennyt ({ $deadline }); palautukset on suljettu.
# Why a language cannot be chosen: its compiler or runtime is not installed.
contest-language-missing = ei asennettu tälle palvelimelle: `{ $program }` puuttuu
contest-language-missing-package = ei asennettu tälle palvelimelle: `{ $program }` puuttuu (paketti { $package })
contest-settings = Asetukset
contest-no-starter = Tässä kilpailussa ei ole aloitusbottia kielelle `{ $language }` (aloitusbotit: { $starters }).

contest-all-none = Kukaan ei ole vielä palauttanut.
contest-mine-none = Et ole vielä palauttanut tähän kilpailuun.
contest-th-who = Kuka
contest-th-when = Milloin
contest-th-language = Kieli
contest-th-status = Tila

# A submission's status.
submission-status = { $status ->
    [queued] jonossa
    [compiling] käännetään
    [compile_error] käännösvirhe
    [ready] valmis
    [superseded] korvattu
    [disqualified] hylätty
   *[other] { $status }
}
submission-title = Palautus { $id }
submission-matches = Ottelut
# An admin's view: whose submission it is.
submission-owner = Tekijä <a href="/admin/users?q={ $username }">{ $username }</a>
submission-owner-nickname = nimimerkki { $nickname }
submission-owner-disabled = tili poistettu käytöstä
submission-owner-all = kaikki hänen palautuksensa täällä
submission-submitted = palautettu { $when }
# Before the submission's status.
submission-status-label = tila
submission-disqualify = Hylkää
submission-disqualify-hint = sen jonossa olevat pelit perutaan ja sen ottelut poistuvat sarjataulukosta; käyttäjä on pois, kunnes palauttaa uudelleen
submission-rejudge = Arvioi sen ottelut uudelleen
submission-rejudge-hint = sen nykyiset ottelut pelataan uudelleen nykyisillä asetuksilla; tähänastiset pelit jäävät luettaviksi, korvatuiksi merkittyinä
submission-round-robin = Sarja (kaikki kaikkia vastaan)
submission-progress-none = Pelejä ei ole vielä ajoitettu: se pelaa jokaisen muun opiskelijan nykyistä palautusta vastaan sitä mukaa kuin niitä tulee.
# Each part after the first is there only when its number is not 0.
submission-progress = { $done }/{ $total } peliä pelattu{ $running ->
    [0] {""}
   *[other] , { $running } käynnissä
}{ $queued ->
    [0] {""}
   *[other] , { $queued } jonossa ({ $ahead ->
        [one] { $ahead } muiden peli
       *[other] { $ahead } muiden peliä
    } sinun peliesi edellä)
}{ $failed ->
    [0] {""}
   *[other] , { $failed } tuomarin luopumaa (ylläpitäjän uudelleenarviointi pelaa ne uudelleen)
}.
submission-progress-hint = <a href="{ $href }">Sen ottelut</a> · tämä sivu pitää luvut ajan tasalla, kun pelit odottavat.
submission-test-match = Testiottelu
submission-test-match-hint = Yksi kokonainen ottelu tämän palautuksen ja valitsemasi vastustajan välillä; se pelataan ennen sarjaa eikä sitä koskaan lasketa sarjataulukkoon (<a href="{ $href }">omat testiotteluni</a>).
submission-pending = Käännös on jonossa; <a href="{ $href }">lataa sivu uudelleen</a> nähdäksesi tuloksen.
submission-compiler-output = Kääntäjän tuloste
submission-no-output = Ei tulostetta.
submission-validity = Kelpoisuustestit
submission-validity-passed = Läpäisi <strong>{ $passed }/{ $total }</strong> syötettä
# The validity tests' score: full, half or none.
submission-validity-score = pisteet <strong>{ $score ->
    [full] täydet
    [half] puolet
    [none] ei pisteitä
   *[other] { $score }
}</strong>
submission-validity-hint = (laillinen siirto jokaiseen kelvolliseen asemaan, <code>error</code> jokaiseen kelvottomaan syötteeseen; yli 80 % antaa täydet, 50–80 % puolet)
submission-th-input = Syöte
submission-th-why = Miksi se epäonnistui
# A case of the one-two-three validity tests, as a row of the failures' table says what it was.
validity-case-first-example = 4x3-lauta, jolla on A:n kolmen ruudun lävistäjä, B:n vuoro (tehtävänannon ensimmäinen esimerkki)
validity-case-second-example = 5x3-lauta, jolla on kaksi vapaata ruutua kaukana toisistaan, B:n vuoro (tehtävänannon toinen esimerkki)
validity-case-board = { $cols }x{ $rows }-lauta { $percent } % täynnä, vuorossa { $mover }
validity-case-too-small = 2x2-lauta (pienempi kuin 3x3)
validity-case-words = sanoja laudan sijaan
validity-case-too-many-columns = 21 saraketta (yli 20)
validity-case-too-many-rows = 21 riviä (yli 20)
validity-case-bad-character = muu merkki kuin A, B tai -
validity-case-row-too-short = liian lyhyt rivi
validity-case-row-too-long = liian pitkä rivi
validity-case-bad-mover = vuorossa muu kuin A tai B
validity-case-full-board = täysi lauta
validity-case-no-mover = vuororivi puuttuu
validity-case-too-few-rows = liian vähän rivejä
validity-case-bad-size = koko, joka ei ole kaksi lukua
validity-case-lowercase = pieni kirjain laudalla
# Why a validity test case failed (`error` is the answer's literal word; $got the answer's first line).
validity-why-expected-error = kelvottomaan syötteeseen odotettiin vastausta `error`, saatiin `{ $got }`
validity-why-expected-error-nothing = kelvottomaan syötteeseen odotettiin vastausta `error`, ei saatu mitään
validity-why-bad-case = virheellinen testitapaus: { $detail }
validity-why-error-on-valid = vastasi `error`, mutta asema on kelvollinen: vastauksen pitää olla lauta siirron jälkeen
validity-why-no-board = ei lauta: vastaus on tyhjä
validity-why-not-a-board = ei lauta: vastauksen pitää olla laudan rivit, vain merkkejä A, B ja -, kaikki samanpituisia
validity-why-illegal = siirto ei ole sallittu: { $detail }
validity-why-not-started = ohjelmaa ei voitu käynnistää: { $detail }
validity-why-cpu = käytti { $ms } ms suoritinaikaa
validity-why-still-running = oli yhä käynnissä { $ms } ms:n jälkeen
validity-why-memory = ylitti { $mib } MiB
validity-why-over-time-cpu = käytti { $ms } ms suoritinaikaa, raja { $limit } ms
validity-why-over-time = kesti { $ms } ms, raja { $limit } ms
submission-source = Lähdekoodi
