# Virheilmoitukset: API-vastauksen {"error": koodi, "message": …} viesti ja virhesivun teksti.
# `Gravisaksenttien` välissä oleva teksti on kentän nimi, otsake tai kirjoitettava arvo: se pysyy sellaisenaan.

error-no-such = { $thing ->
    [contest] Tällaista kilpailua ei ole.
    [submission] Tällaista palautusta ei ole.
    [contest-submission] Tässä kilpailussa ei ole tällaista palautusta.
    [game] Tällaista peliä ei ole.
    [practice-game] Tällaista harjoituspeliä tai kilpailua ei ole.
    [test-match] Tällaista testiottelua ei ole.
    [user] Tällaista käyttäjää ei ole.
    [token] Tällaista API-tunnistetta ei ole.
    [log] Tällä pelillä ei ole lokia.
    [base-file] Tällaista pohjatiedostoa ei ole.
    [file] Tällaista tiedostoa ei ole.
    [api-endpoint] Tällaista API-osoitetta ei ole.
   *[page] Tällaista sivua ei ole.
}
error-internal = Palvelimella meni jotain vikaan; virhe on kirjattu lokiin.
error-password-busy = Palvelin tarkistaa parhaillaan muita kirjautumisia. Yritä uudelleen muutaman sekunnin kuluttua.

## Kuka saa tehdä mitä
error-csrf = Tämä lomake on vanhentunut tai sitä ei lähetetty tältä sivustolta. Palaa takaisin, lataa sivu uudelleen ja yritä uudestaan.
error-admins-only = Tämä sivu on vain ylläpitäjille.
error-admins-only-action = Vain ylläpitäjät voivat tehdä tämän.
error-admins-change-settings = Vain ylläpitäjät muuttavat kilpailun asetuksia.
error-admins-refresh-scoreboard = Vain ylläpitäjät päivittävät tulostaulukon.
error-admins-announce = Vain ylläpitäjät julkaisevat tiedotteita.
error-admins-queue = Vain ylläpitäjät näkevät jonon.
error-admins-similarity = Vain ylläpitäjät näkevät kopioinnin tunnistuksen.
error-admins-metrics = Vain ylläpitäjät lukevat mittarit.
error-metrics-log-in = Kirjaudu ylläpitäjänä tai lähetä ylläpitäjän API-tunniste muodossa `Authorization: Bearer <token>`.
error-game-log-forbidden = Vain pelin bottien omistajat ja ylläpitäjät voivat lukea sen lokin.
error-not-your-submission = Tämä on toisen käyttäjän palautus.
error-not-your-submission-page = Tämä on toisen käyttäjän palautus; voit nähdä vain omasi.
error-account-disabled = Tämä tili on poistettu käytöstä; ota yhteyttä kurssin henkilökuntaan.
error-api-token-missing = Lähetä API-tunniste muodossa `Authorization: Bearer <token>` (voit luoda sellaisen profiilisivullasi).
error-api-token-malformed = Tämä API-tunniste ei kelpaa.
error-api-token-unknown = Tämä API-tunniste ei kelpaa tai se on peruttu.

## Lomakkeet ja pyyntöjen rungot
error-form-content-type = Lähetä lomake muodossa `application/x-www-form-urlencoded`, kuten selain tekee.
error-form-too-large = Lomake on liian suuri.
error-form-unread = Lomaketta ei voitu lukea; lähetä se uudelleen.
error-form-invalid = Lomake ei kelpaa: { $detail }.
error-form-too-many-fields = Lomakkeessa on yli { $max } kenttää; millään tämän sivuston lomakkeella ei ole niin monta.
error-field-name-utf8 = Kentän nimi ei ole kelvollista UTF-8:aa.
error-field-name-control = Kentän nimessä on ohjausmerkki ({ $code }).
error-field-utf8 = `{ $field }` ei ole kelvollista UTF-8-tekstiä.
error-field-nul = `{ $field }` sisältää NUL-merkin (U+0000), jota mikään kääntäjä ei hyväksy.
error-field-control = `{ $field }` sisältää ohjausmerkin ({ $code }), jota mikään kenttä ei saa sisältää.
error-field-too-long = `{ $field }` on { $size } tavua pitkä; enintään { $max } tavua hyväksytään.
error-json-content-type = Lähetä runko JSON-muodossa otsakkeella `Content-Type: application/json`.
error-body-too-large = Pyynnön runko on liian suuri.
error-body-unread = Pyynnön runkoa ei voitu lukea; lähetä se uudelleen.
error-json-too-many-values = Rungossa on yli { $max } arvoa; millään tämän API:n rungolla ei ole niin monta.
error-json-invalid = Runko ei ole kelvollista JSONia: { $detail }
error-json-body-type = Runko ei ole odotetun muotoinen: { $detail }
error-json-field-type = `{ $field }`: { $detail }
error-submission-param = Anna `?submission=<id>`.
error-bad-window = `offset` ja `limit` ovat rivimääriä (0 tai enemmän).
error-revoke-tokens = `revoke_tokens` on 1, kun se on valittu.
error-setting-type = `{ $setting }`: anna merkkijono tai luku.
error-invalid-settings = Jotkin asetukset eivät kelpaa: { $detail }
error-language-not-enabled = Kieli `{ $language }` ei ole käytössä tässä kilpailussa (käytössä: { $enabled }).
error-no-starter = Pelille { $game } ei ole vielä { $language }-aloituskoodia.

## Kilpailut ja palautukset
error-already-disqualified = Tämä palautus on jo hylätty.
error-not-current = Vain nykyinen palautus arvioidaan uudelleen: tämä on korvattu, hylätty tai sitä ei ole vielä käännetty.
error-deadline-passed = Tämän kilpailun määräaika ({ $deadline }) on umpeutunut; palautuksia ei enää oteta vastaan.
error-deadline-passed-no-date = Tämän kilpailun määräaika on umpeutunut; palautuksia ei enää oteta vastaan.
error-no-language = Valitse kieli: jokin näistä: { $choices }.
error-unknown-language = `{ $language }` ei ole tämän kilpailun kieli; valitse jokin näistä: { $choices }.
error-language-unavailable = Kieltä { $language } ei voi käyttää tällä palvelimella ({ $detail }); palvelimen ylläpitäjä voi asentaa sen. Valitse toinen kieli.
error-empty-source = Lähdekoodi on tyhjä: liitä se tai valitse tiedosto.
error-source-too-large = Lähdekoodi on { $size } tavua; enintään { $max } tavua ({ $kib } KiB) hyväksytään.
error-submit-form-too-large = Lomake on liian suuri; enintään { $kib } KiB:n lähdekoodit hyväksytään.
error-too-soon = Voit palauttaa kerran { $interval ->
        [one] sekunnissa
       *[other] { $interval } sekunnissa
    }; yritä uudelleen { $wait ->
        [one] sekunnin
       *[other] { $wait } sekunnin
    } kuluttua.
error-budget-used = Olet käyttänyt päivittäisen { $budget ->
        [one] yhden sekunnin
       *[other] { $budget } sekunnin
    } laskenta-aikasi; se uusiutuu keskiyöllä UTC-aikaa.
error-announcement-empty = Tiedotteessa on oltava tekstiä.
error-announcement-too-long = Tiedote on enintään { $max } tavua.
error-base-file-empty = Pohjatiedostolla on oltava nimi ja lähdekoodi.
error-base-file-language = `{ $language }` ei ole tämän palvelimen kieli; jokin näistä: { $choices }.
error-base-file-too-large = Pohjatiedosto on enintään { $kib } KiB.

## Harjoituspelit ja testiottelut
error-unknown-opponent = Tuntematon vastustaja `{ $opponent }`: vastustaja on `house:<level>` ({ $levels }) tai palautuksen numero.
error-unknown-house-level = Tuntematon talon botin taso `{ $level }` (jokin näistä: { $levels }).
error-no-such-opponent = Tässä kilpailussa ei ole nykyistä palautusta #{ $id }.
error-no-test-opponent = Tässä kilpailussa ei ole palautusta #{ $id }, jota vastaan pelata: vastustaja on talon botin taso, jokin omista käännetyistä palautuksistasi tai toisen opiskelijan nykyinen palautus.
error-no-boards = Tätä peliä ei pelata valittavilla laudoilla.
error-bad-board = Lauta `{ $board }`: { $detail }
error-unknown-seat = Tuntematon paikka `{ $seat }` (jokin näistä: first, second).
error-practice-not-allowed = { $opponents ->
    [house] Tässä kilpailussa et voi harjoitella talon botteja vastaan.
    [own] Tässä kilpailussa et voi harjoitella omaa palautustasi vastaan.
   *[others] Tässä kilpailussa et voi harjoitella muiden opiskelijoiden palautuksia vastaan.
}
error-test-match-not-allowed = { $opponents ->
    [house] Tässä kilpailussa et voi pelata testiotteluita talon botteja vastaan.
    [own] Tässä kilpailussa et voi pelata testiotteluita omaa palautustasi vastaan.
   *[others] Tässä kilpailussa et voi pelata testiotteluita muiden opiskelijoiden palautuksia vastaan.
}
error-already-playing = Pelaat jo harjoituspeliä ({ $game }); pelaa se loppuun tai poistu siitä ensin.
error-practice-full = Palvelimella on käynnissä niin monta harjoituspeliä kuin se sallii ({ $max }); yritä uudelleen minuutin kuluttua.
error-practice-too-many = Olet aloittanut viimeisen tunnin aikana { $limit } harjoituspeliä, niin monta kuin tämä palvelin sallii; voit aloittaa uuden { $minutes ->
        [one] minuutin
       *[other] { $minutes } minuutin
    } kuluttua.
error-practice-unavailable = Harjoituspelit eivät ole käytettävissä tällä palvelimella.
error-practice-other-site = Tämä sivu ei voi avata toisen sivuston peliä.
error-practice-log-in = Kirjaudu sisään tai lähetä API-tunniste muodossa `Authorization: Bearer <token>`.
error-socket-message = Lähetä {"{"}"move": "…"{"}"} tai {"{"}"leave": true{"}"}.
error-not-your-turn = Ei ole sinun vuorosi.
error-game-over = Peli on päättynyt.
error-not-a-direction = `{ $text }` ei ole suunta (+X, -X, +Y, -Y).
error-illegal-move = Siirto ei ole sallittu: { $detail }
error-no-submission = Sinulla ei ole vielä käännettyä palautusta tässä kilpailussa: testiottelussa pelaa nykyinen palautuksesi.
error-test-match-running = Testiottelusi { $id } on yhä jonossa tai käynnissä; vain yksi kerrallaan.

## Tammi: sääntö, jota hylätty siirto rikkoo. $square: (rivi,sarake).
error-checkers-too-few-squares = siirrossa on vähintään 2 ruutua (lähtö- ja kohderuutu).
error-checkers-off-board = { $square } on laudan ulkopuolella: rivit ja sarakkeet ovat 0-7.
error-checkers-not-dark = { $square } ei ole tumma ruutu: nappulat ovat vain ruuduissa, joissa rivi + sarake on pariton.
error-checkers-no-piece = ruudussa { $square } ei ole omaa nappulaasi.
error-checkers-not-diagonal = { $from } – { $to } ei ole vinottainen askel eikä vinottainen hyppy.
error-checkers-steps-chained = tavallinen askel siirtää yhden ruudun; vain hyppyjä voi ketjuttaa.
error-checkers-capture-compulsory = lyönti on mahdollinen, ja lyöminen on pakollista.
error-checkers-occupied = ruutu { $square } on varattu.
error-checkers-man-backwards = nappula liikkuu vain eteenpäin ({ $side ->
        [black] mustalla
       *[white] valkealla
    } kohti riviä { $row }); vain kuninkaat liikkuvat taaksepäin.
error-checkers-step-after-jump = ketju koostuu vain hypyistä: tavallinen askel ei voi seurata hyppyä.
error-checkers-nothing-to-jump = ruudussa { $square } ei ole nappulaa, jonka yli hypätä.
error-checkers-own-piece = ruudussa { $square } on oma nappulasi: vain vastustajan nappuloiden yli voi hypätä.
error-checkers-jumped-twice = ruudun { $square } yli on jo hypätty tässä ketjussa.
error-checkers-majority = ketju lyö { $count ->
        [one] yhden nappulan
       *[other] { $count } nappulaa
    }, mutta lyötävissä on { $most }: pisin lyönti on pakollinen.

# Käsin kirjoitettu siirto, jota ei ole kirjoitettu pelin siirtojen tapaan (API:n harjoitussiirrot).
error-move-malformed = Tätä ei ole kirjoitettu tämän pelin siirroksi: katso säännöistä, miten siirto kirjoitetaan.

## Connect4: sääntö, jota hylätty siirto rikkoo, tekstin "Siirto ei ole sallittu:" jälkeen.
error-connect4-out-of-range = saraketta { $column } ei ole laudalla: sarakkeet ovat 0–{ $last }.
error-connect4-full = sarake { $column } on täynnä.

## MathTricks: sääntö, jota hylätty siirto rikkoo. $cell ja $from: ruutu muodossa "x y".
error-mathtricks-off-board = ruutu { $cell } on { $width }x{ $height }-laudan ulkopuolella.
error-mathtricks-not-neighbour = ruutu { $cell } ei ole nappulasi ruudun { $from } vieressä.
error-mathtricks-visited = ruudussa { $cell } on jo käyty.

## Yksi-kaksi-kolme: sääntö, jota hylätty lauta rikkoo.
error-ott-cell = rivi { $row }, sarake { $column }
error-ott-wrong-size = lauta on { $cols } saraketta × { $rows } riviä, mutta vastauksessa on { $answer_cols } saraketta × { $answer_rows } riviä.
error-ott-opponents-cell = ruudussa { $cell } on vastustajan kirjain { $theirs }: pala peittää vain vapaita ruutuja ja omiasi.
error-ott-letter-removed = ruudussa { $cell } oli { $mine }, ja se muutettiin muotoon { $now }: siirto ei koskaan poista kirjainta.
error-ott-wrong-letter = ruutuun { $cell } kirjoitettiin { $theirs }, mutta vuorossa on { $mine }.
error-ott-unchanged = yhtään vapaata ruutua ei täytetty: lauta on ennallaan.
error-ott-too-many = { $count ->
        [one] täytettiin yksi ruutu
       *[other] täytettiin { $count } ruutua
    }; pala on enintään 3 ruudun suora.
error-ott-not-in-line = täytetyt ruudut ({ $cells }) eivät ole samalla vaaka-, pysty- tai vinorivillä.
error-ott-too-long = täytetyt ruudut ({ $cells }) ulottuvat { $span } ruudun matkalle; pala peittää enintään 3 vierekkäistä ruutua.
error-ott-through-opponent = pala ruudusta { $from } ruutuun { $to } kulkee ruudun { $middle } kautta, jossa on vastustajan kirjain { $theirs }.
error-ott-gap-left = { $from } ja { $to } eivät ole vierekkäin, ja niiden välinen { $middle } jätettiin tyhjäksi.

# Kilpailun finaalin aloittaminen.
error-finals-before-deadline = Finaali alkaa kilpailun määräaikana tai sen jälkeen.
error-finals-started = Tämän kilpailun finaali on jo alkanut.
error-finals-too-few = Finaaliin tarvitaan vähintään kaksi opiskelijaa, joilla on käännetty palautus.
error-finals-bad = Finaalin asetukset eivät kelpaa: { $why }
error-finals-top-not-a-number = Finalistien määrä on kokonaisluku.
error-finals-not-an-assignment = ”{ $word }” ei ole muotoa NIMI=ARVO.
error-finals-admins-only = Vain ylläpitäjät voivat aloittaa finaalin.
error-finals-not-started = Tämän kilpailun finaali ei ole alkanut.
