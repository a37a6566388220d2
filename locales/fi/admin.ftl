# The admin pages: a contest's settings, new contest, similar submissions, queue status, submissions, users.

admin-cancel = Peruuta
admin-any = kaikki
admin-filter = Suodata
admin-clear = tyhjennä
# Page navigation of a long list.
admin-page-of = sivu { $page }/{ $pages }
admin-newer = ← uudemmat
admin-older = vanhemmat →
admin-previous = ← edellinen
admin-next = seuraava →
# A share shown in whole percent.
admin-percent = { $percent } %
# Durations on the status page.
admin-duration-seconds = { $seconds } s
admin-duration-minutes = { $minutes } min
admin-duration-hours = { $hours } h { $minutes } min

# Links between the admin pages of a contest.
admin-link-contest-page = kilpailun sivu
admin-link-settings = asetukset
admin-link-standings-csv = tulostaulukko CSV-muodossa
admin-link-submissions = palautukset
admin-link-sources-zip = nykyiset lähdekoodit (zip)
admin-link-similarity = samankaltaiset lähdekoodit
admin-link-queue-status = jonojen tila

## A contest's settings page.
admin-settings-page-title = Ylläpito · { $title }
admin-settings-heading = { $title }: asetukset
# $game is a game id such as connect4.
admin-settings-game = Peli <strong>{ $game }</strong>
admin-settings-applies = Muutokset koskevat tämän jälkeen ajastettuja pelejä: jo ajastetut pelit säilyttävät asetukset, joilla ne ajastettiin. <strong>Uudelleenarviointi</strong> pelaa jokaisen nykyisen ottelun (uusimpien valmiiden palautusten välillä) uudelleen nykyisillä asetuksilla.
admin-settings-col-setting = Asetus
admin-settings-col-value = Arvo
admin-settings-col-default = Oletus
admin-settings-col-what = Merkitys
# The deadline's label: $name is the setting's name (deadline), $zone the time zone it is written in.
admin-settings-deadline-label = { $name } ({ $zone })
admin-settings-save = Tallenna asetukset
# What time_factor.LANGUAGE does.
admin-setting-time_factor = kertoo kyseisellä kielellä kirjoitettujen bottien aloitusajan, siirtoajan ja aikapankin, esim. time_factor.python=3; luku väliltä 0,1–10 (oletus 1)
admin-setting-title = näkyy kilpailun sivuilla
# $zone: the contest's time zone (an IANA name, or UTC).
admin-setting-deadline = päivä ja kellonaika aikavyöhykkeellä { $zone }; tyhjä, jos määräaikaa ei ole; sen jälkeen palautuksia ei oteta vastaan
admin-standings = Tulostaulukko
admin-frozen-since = Jäädytetty { $at } alkaen: tulostaulukko ei enää muutu.
admin-unfreeze = Pura jäädytys
admin-not-frozen = Ei jäädytetty: lasketaan uudelleen { $seconds } s:n välein. Määräajan jälkeen tulostaulukko jäätyy itsestään, kun viimeinen peli on pelattu.
admin-freeze-now = Jäädytä nyt
admin-rejudge = Uudelleenarviointi
admin-rejudge-explained = Pelaa jokaisen nykyisen ottelun uudelleen nykyisillä asetuksilla (ja purkaa tulostaulukon jäädytyksen, jotta uusintapelit lasketaan). Uusintapelejä ei veloiteta opiskelijoiden laskenta-ajasta.
admin-rejudge-all = Arvioi kaikki nykyiset ottelut uudelleen
admin-history = Historia
admin-history-none = Muutoksia ei ole vielä kirjattu.
admin-history-when = Milloin
admin-history-who = Kuka
admin-history-what = Mitä
admin-history-setting = Asetus
admin-history-old = Vanha
admin-history-new = Uusi
# What an entry of the settings history did.
admin-action-create = luotu
admin-action-settings = asetuksia muutettu
admin-action-rejudge = uudelleenarviointi
admin-action-freeze = jäädytetty
admin-action-unfreeze = jäädytys purettu
admin-action-announce = tiedote
admin-action-prune = korvatut pelit poistettu
# The notices after an action on the settings page.
admin-notice-saved = Tallennettu: { $count ->
    [one] 1 asetus muutettu.
   *[other] { $count } asetusta muutettu.
} Muutokset koskevat tästä lähtien ajastettavia pelejä.
admin-notice-rejudged = Uudelleenarviointi: { $count ->
    [one] 1 ottelu
   *[other] { $count } ottelua
} jonossa uudelleen nykyisillä asetuksilla.
admin-notice-frozen = Tulostaulukko on jäädytetty.
admin-notice-unfrozen = Tulostaulukon jäädytys on purettu ja se on laskettu uudelleen.

## Confirmations of actions that are hard to undo.
admin-confirm-rejudge = Arvioidaanko { $title } uudelleen?
admin-confirm-rejudge-consequence = Jokainen nykyinen ottelu (uusimpien valmiiden palautusten välillä) pelataan uudelleen nykyisillä asetuksilla; kunnes sen pelit on pelattu uudelleen, ottelu ei ole mukana tulostaulukossa, jonka jäädytys puretaan. Tähän mennessä pelatut pelit jäävät nähtäville korvatuiksi merkittyinä. Uusintapelejä ei veloiteta opiskelijoiden laskenta-ajasta.
admin-confirm-unfreeze = Puretaanko kilpailun { $title } tulostaulukon jäädytys?
admin-confirm-unfreeze-consequence = Tulostaulukko lasketaan taas uudelleen, joten kaikki jäädytyksen jälkeiset tulokset näkyvät; määräajan jälkeen se jäätyy uudelleen itsestään, kun arvioitavaa ei enää ole.
# $id: a submission's number; $owner: its author (username and name).
admin-confirm-disqualify = Hylätäänkö palautus { $id }?
admin-confirm-disqualify-consequence = Käyttäjän { $owner } palautus { $id }: sen jonossa olevat pelit perutaan ja sen ottelut poistuvat tulostaulukosta; { $owner } on poissa tulostaulukosta, kunnes palauttaa uudelleen.
admin-disqualify = Hylkää
admin-confirm-rejudge-submission = Arvioidaanko palautus { $id } uudelleen?
admin-confirm-rejudge-submission-consequence = Käyttäjän { $owner } palautuksen { $id } jokainen nykyinen ottelu pelataan uudelleen kilpailun nykyisillä asetuksilla; kunnes sen pelit on pelattu uudelleen, ottelu ei ole mukana tulostaulukossa. Tähän mennessä pelatut pelit jäävät nähtäville korvatuiksi merkittyinä. Uusintapelejä ei veloiteta opiskelijoiden laskenta-ajasta.
admin-rejudge-its-matches = Arvioi sen ottelut uudelleen

## New contest.
admin-new-contest = Uusi kilpailu
admin-new-slug = Tunniste (osoitteissa: pieniä kirjaimia, numeroita, viivoja)
admin-new-slug-taken = Tällä tunnisteella on jo kilpailu.
admin-new-title = Nimi
admin-new-game = Peli
admin-new-choose = Valitse…
admin-new-time-zone = Aikavyöhyke
admin-new-time-zone-hint = IANA-nimi, kuten Asia/Shanghai: kilpailun ajat näytetään tällä vyöhykkeellä ja määräaika luetaan sen mukaan. Tyhjä: palvelimen vyöhyke (määräaika UTC-aikana).
admin-new-deadline = Määräaika (kilpailun aikavyöhykkeellä; tyhjä, jos ei ole)
admin-new-language = Sivujen kieli
admin-new-language-server = Palvelimen oletus
admin-new-languages = Ohjelmointikielet
admin-new-settings = Asetukset, yksi <code>nimi=arvo</code> riviä kohden (tyhjä: pelin oletukset)
admin-new-setting-names = Asetusten nimet ja oletusarvot
admin-new-create = Luo kilpailu

## Similar submissions (copy detection).
admin-similarity-page-title = Samankaltaiset palautukset · { $title }
admin-similarity-heading = { $title }: samankaltaiset palautukset
admin-similarity-json = JSON: <code>GET /api/contests/{ $slug }/similarity</code>
# $floor: the least similarity kept, in percent.
admin-similarity-explained = Jokainen palautus indeksoidaan, kun sen käännös päättyy: lähdekoodi jäsennetään, tunnisteet ja literaalit yhdenmukaistetaan, kommentit ja muotoilu poistetaan ja tuloksesta lasketaan sormenjäljet MOSSin tapaan (12 sanakkeen k-grammit, winnowing). <strong>Samankaltaisuus</strong> on suurempi osuus toisen puolen sormenjäljistä, jotka löytyvät toisesta; kilpailun aloituskoodit ja alla olevat pohjatiedostot eivät koskaan laske. Alle { $floor } %:n pareja ei tallenneta. Korkea luku on syy katsoa tarkemmin, ei tuomio: avaa pari.
admin-similarity-coverage = { $indexed }/{ $submissions ->
    [one] 1 palautuksesta indeksoitu.
   *[other] { $submissions } palautuksesta indeksoitu.
}
admin-similarity-at-least = Vähintään
admin-similarity-superseded-too = myös korvatut palautukset
admin-similarity-over-budget = Jäsentimen rajojen yli
admin-similarity-over-budget-explained = { $count } indeksoidun palautuksen koko, sisäkkäisyyden syvyys tai jäsennysaika ylitti kielensä jäsentimen rajat (yli { $kib } KiB, sanakkeiden tai sulkusyvyyden raja tai aikaraja), joten ne luettiin yksinkertaisella selaajalla, joka ei tunne kielen kommentteja eikä avainsanoja (ja niistä indeksoidaan enintään { $tokens } ensimmäistä sanaketta). Niiden luvut ovat epäluotettavampia; generoitu tai täytetty lähdekoodi on syy katsoa sitä.
admin-similarity-no-pairs = Ei pareja, joiden samankaltaisuus on vähintään { $percent } %.
admin-similarity-col-similarity = Samankaltaisuus
admin-similarity-col-longest = Pisin yhtenäinen osa
admin-similarity-col-first = Ensimmäinen
admin-similarity-col-second = Toinen
admin-similarity-tokens = { $count ->
    [one] 1 sanake
   *[other] { $count } sanaketta
}
admin-similarity-superseded = (korvattu)
admin-similarity-side-by-side = rinnakkain
admin-similarity-base-code = Pohjakoodi
admin-similarity-base-explained = Kilpailun pelin aloituskoodit kaikilla kielillä ovat aina pohjakoodia. Lisää mikä tahansa muu tiedosto, jota jokainen opiskelija saa käyttää (esim. kurssilla jaettu kirjasto); kilpailu indeksoidaan sitten uudelleen.
# After a base file's name: its language id and size.
admin-similarity-base-file = ({ $language }, { $bytes ->
    [one] 1 tavu
   *[other] { $bytes } tavua
})
admin-similarity-remove = poista
admin-similarity-base-name = Nimi
admin-similarity-base-language = Kieli
admin-similarity-base-source = Lähdekoodi
admin-similarity-base-add = Lisää pohjatiedosto
admin-similarity-reindex = Indeksoi kaikki palautukset uudelleen
admin-similarity-reindex-hint = (palautuksille, jotka tehtiin ennen kopioiden tunnistuksen käyttöönottoa)
admin-similarity-reindexing = Uudelleenindeksointi käynnissä taustalla: parit lasketaan uudelleen palautus kerrallaan.
admin-similarity-base-changed = Pohjakoodi muuttui: kaikki palautukset indeksoidaan uudelleen taustalla.
# A pair side by side; $a and $b are submission numbers (#12), $title the contest's.
admin-pair-page-title = { $a } ja { $b } · { $title }
# $a and $b: a username and a submission number each (ada #12).
admin-pair-heading = { $a } ja { $b }
admin-pair-back = kilpailun { $title } samankaltaiset palautukset
admin-pair-stored = Samankaltaisuus { $percent } % ({ $shared ->
    [one] 1 yhteinen sormenjälki
   *[other] { $shared } yhteistä sormenjälkeä
})
admin-pair-regions = { $regions ->
    [one] 1 yhteinen vähintään 12 sanakkeen alue
   *[other] { $regions } yhteistä vähintään 12 sanakkeen aluetta
}, pisin { $longest } sanaketta. Pohjakoodia ei merkitä. Napsauta merkittyä aluetta nähdäksesi sen vastineen toisella puolella.

## Queue status.
admin-status = Tila
admin-status-heading = Jonojen tila
admin-status-queue = Jono
admin-status-queued = Jonossa
admin-status-running = Käynnissä
admin-status-done = Valmiit
admin-status-failed = Epäonnistuneet
admin-status-cancelled = Perutut
admin-status-compile = Käännös
admin-status-games = Pelit
admin-status-attempts = Peliä yritetään enintään { $attempts } kertaa (joka kerta työprosessi kaatui tai menetti varauksensa); sen jälkeen se merkitään epäonnistuneeksi, sen ottelu jää pois tulostaulukosta ja kilpailun uudelleenarviointi pelaa sen uudelleen.
admin-status-sharing = Pelipaikkoja jakavat kilpailut
admin-status-sharing-none = Millään kilpailulla ei ole pelejä jonossa.
admin-status-contest = Kilpailu
admin-status-share = Osuus
admin-status-oldest-wait = Pisin odotus
admin-status-slot-time = Käytetty paikka-aika
admin-status-sharing-explained = Kilpailut, joilla on pelejä jonossa, jakavat pelipaikat pelien käyttämän paikka-ajan mukaan <code>share</code>-asetuksensa (oletus 1) suhteessa, eivät saapumisjärjestyksessä: seuraava vapaa paikka pelaa listan ensimmäisen kilpailun pelin. Kilpailun sisällä testiottelut tulevat ensin, sitten jokaisen palautuksen ensimmäinen ottelu ennen kenenkään seuraavaa.
admin-status-running-games = Käynnissä olevat pelit
admin-status-running-none = Yksikään peli ei ole käynnissä.
admin-status-game = Peli
admin-status-players = Pelaajat
admin-status-worker = Työprosessi
admin-status-attempt = Yritys
admin-status-started = Alkoi
admin-status-lease-until = Varaus päättyy
admin-status-failed-games = Epäonnistuneet pelit
admin-status-failed-none = Ei epäonnistuneita pelejä.
admin-status-attempts-col = Yrityksiä
admin-status-why = Syy
admin-status-workers = Työprosessit
admin-status-workers-none = Yhtään työprosessia ei ole nähty.
admin-status-heartbeat = Viimeisin elonmerkki
admin-status-games-running = Pelejä käynnissä
admin-status-state = Tila
admin-status-stale = <strong>vanhentunut</strong> (ei elonmerkkiä yli minuuttiin)
admin-status-alive = toiminnassa
# A time and how long ago it was (or how far ahead it is), e.g. "12 s ago".
admin-status-time-ago = { $time } ({ $duration } sitten)
admin-status-time-ahead = { $time } ({ $duration } päästä)

## Every submission.
admin-submissions = Palautukset
admin-submissions-contest = Kilpailu
admin-submissions-student = Opiskelija
admin-submissions-student-placeholder = käyttäjätunnus tai nimimerkki
admin-submissions-language = Kieli
admin-submissions-status = Tila
admin-submissions-when = Milloin
admin-submissions-count = { $count ->
    [one] 1 palautus
   *[other] { $count } palautusta
}
admin-submissions-sources-zip = kilpailun { $contest } kaikki nykyiset lähdekoodit (zip)
admin-submissions-none = Yksikään palautus ei vastaa hakua.
# A submission's status.
admin-submission-queued = jonossa
admin-submission-compiling = käännetään
admin-submission-compile-error = käännösvirhe
admin-submission-ready = valmis
admin-submission-superseded = korvattu
admin-submission-disqualified = hylätty

## Users.
admin-users = Käyttäjät
admin-users-search = Hae
admin-users-search-placeholder = käyttäjätunnus, näyttönimi tai nimimerkki
admin-users-only-disabled = vain käytöstä poistetut tilit
admin-users-count = { $count ->
    [one] 1 käyttäjä
   *[other] { $count } käyttäjää
}
admin-users-count-disabled = { $count ->
    [one] 1 käytöstä poistettu käyttäjä
   *[other] { $count } käytöstä poistettua käyttäjää
}
admin-users-count-matching = { $count ->
    [one] 1 käyttäjä
   *[other] { $count } käyttäjää
} haulla ”{ $q }”
admin-users-count-matching-disabled = { $count ->
    [one] 1 käytöstä poistettu käyttäjä
   *[other] { $count } käytöstä poistettua käyttäjää
} haulla ”{ $q }”
# $users: one of the counts above.
admin-users-count-page = { $users } · sivu { $page }/{ $pages }
admin-users-disabling-explained = Tilin poistaminen käytöstä päättää sen istunnot ja estää sen kirjautumiset ja API-tunnisteet; sen palautukset ja sijoitukset säilyvät.
admin-users-col-username = Käyttäjätunnus
admin-users-col-display-name = Näyttönimi
admin-users-col-nickname = Nimimerkki
admin-users-col-last-login = Viimeisin kirjautuminen
admin-users-col-submissions = Palautukset
admin-users-col-account = Tili
admin-users-col-actions = Toiminnot
admin-users-badge-admin = ylläpitäjä
admin-users-their-submissions = käyttäjän palautukset
admin-users-disabled-since = <strong class="error">poistettu käytöstä</strong> { $since } alkaen
admin-users-active = käytössä
admin-users-never = ei koskaan
admin-users-enable = Ota käyttöön
admin-users-disable = Poista käytöstä
admin-users-reset-password = Nollaa salasana
admin-users-none = Yksikään käyttäjä ei vastaa hakua.
admin-users-reset-heading = Salasanan nollaus
admin-users-reset-explained = Opiskelijalle, joka on unohtanut salasanansa: salasanaksi tulee taas käyttäjätunnus, ja uusi on valittava seuraavalla kirjautumisella (nimimerkki säilyy). Avoimet istunnot päättyvät.
admin-users-reset-done = Käyttäjän <strong>{ $username }</strong> salasana on nyt hänen käyttäjätunnuksensa.
admin-users-username = Käyttäjätunnus
admin-users-import-heading = Käyttäjien tuonti
admin-users-import-explained = Yksi opiskelija riviä kohden: <code>username[,display name]</code> (käyttäjätunnus[,näyttönimi]). Ensimmäinen salasana on käyttäjätunnus; jokainen opiskelija valitsee uuden (ja nimimerkin) ensimmäisellä kirjautumisella. Olemassa olevat käyttäjätunnukset jätetään ennalleen.
admin-users-import-line = rivi { $line }: { $error }
admin-users-roster = Nimilista (CSV)
admin-users-import = Tuo käyttäjät
admin-users-import-empty = Liitä nimilista: yksi käyttäjätunnus[,näyttönimi] riviä kohden.
admin-users-imported = { $created ->
    [one] Luotiin 1 käyttäjä
   *[other] Luotiin { $created } käyttäjää
}; jo olemassa: { $existing }.
admin-users-import-some-failed = Joitakin rivejä ei tuotu; katso alta.
admin-users-no-such-user = Käyttäjää ”{ $username }” ei ole.
admin-users-reset-button = Nollaa salasana
admin-users-reset-question = Nollataanko käyttäjän { $username } salasana?
admin-users-reset-consequence = Käyttäjän { $username } salasanaksi tulee hänen käyttäjätunnuksensa, joka on vaihdettava seuraavalla kirjautumisella; avoimet istunnot päättyvät heti.
admin-users-disable-self = Et voi poistaa omaa tiliäsi käytöstä.
admin-users-disable-button = Poista tili käytöstä
admin-users-disable-question = Poistetaanko { $username } käytöstä?
admin-users-disable-consequence = { $username } ei voi enää kirjautua: avoimet istunnot päättyvät heti ja API-tunnisteet mitätöidään (tilin ottaminen uudelleen käyttöön ei palauta niitä). Palautukset, ottelut ja sijoitus tulostaulukossa säilyvät. Voit ottaa tilin myöhemmin uudelleen käyttöön.
admin-users-is-disabled = { $username } on poistettu käytöstä.
admin-users-is-enabled = { $username } on otettu käyttöön.
admin-users-was-disabled = { $username } oli jo poistettu käytöstä.
admin-users-was-enabled = { $username } oli jo käytössä.

## Why a field of the contest forms (or a setting sent to the API) is refused. The values quoted
## (`{ $value }`) and the names of settings and languages stay as written.
# $field: the field's or setting's name; $problem: one of the messages below.
admin-field-error = { $field }: { $problem }
admin-field-slug = käytä 1–64 pientä kirjainta, numeroa ja yhdysmerkkiä (ei ensimmäisenä)
# $valid: the games' ids, comma-separated.
admin-field-unknown-game = tuntematon peli `{ $name }` (sallitut: { $valid })
admin-field-title-long = enintään { $max } merkkiä
admin-field-not-key-value = `{ $text }` ei ole muotoa AVAIN=ARVO
admin-field-no-language = ota käyttöön vähintään yksi kieli
# $unknown, $configured: language ids, comma-separated.
admin-field-unknown-languages = tuntematon kieli { $unknown } (määritetyt: { $configured })
admin-field-unknown-factor-language = tuntematon kieli `{ $language }` (määritetyt: { $configured })
admin-field-none-configured = yhtään kieltä ei ole määritetty
admin-field-house-bot = tuntematon talon botin taso `{ $name }` (sallitut: { $valid })
admin-field-share = `{ $value }` ei ole luku väliltä 0,01–100
admin-field-time-factor = `{ $value }` ei ole luku väliltä 0,1–10 enintään kahdella desimaalilla
admin-field-format = `{ $value }` ei ole round_robin eikä ladder
admin-field-count = `{ $value }` ei ole kokonaisluku väliltä 1–{ $max }
admin-field-time-zone = `{ $value }` ei ole IANA-tietokannan aikavyöhyke
admin-field-language = `{ $value }` ei ole mikään seuraavista: en, zh-CN, ro, bg, fi
admin-field-practice-opponent = tuntematon harjoitusvastustaja `{ $name }` (sallitut: house, own, all, none)
admin-field-seconds = `{ $value }` ei ole kokonainen sekuntimäärä väliltä 0–10000000
admin-field-deadline = `{ $value }` ei ole päivämäärä ja kellonaika, kuten 2026-12-31T23:59:00Z
# $game: the game's id; $valid: its settings' names.
admin-field-unknown-setting = pelillä { $game } ei ole asetusta `{ $name }` (sallitut: { $valid })
# $why: one of the admin-value-… messages.
admin-field-bad-value = virheellinen arvo `{ $value }` asetukselle `{ $name }`: { $why }
admin-value-not-whole = ei ole kokonaisluku
admin-value-range = oltava väliltä { $min }–{ $max }
admin-value-range-cols = oltava väliltä { $min }–{ $max }: lopetuskoodit 10, 11 ja 12 (voitit, hävisit, tasapeli) eivät saa olla sarakkeiden numeroita
# $form: WxH or WxHxMS (width x height x tick milliseconds), as written in the setting.
admin-value-board-form = jokaisen laudan on oltava muotoa { $form }
admin-value-board-numbers = jokaisen laudan on oltava muotoa { $form } kokonaisluvuin
admin-value-width = leveyden on oltava väliltä { $min }–{ $max }
admin-value-height = korkeuden on oltava väliltä { $min }–{ $max }
admin-value-even = sivujen on oltava parillisia
admin-value-tick = tikin on oltava väliltä { $min }–{ $max } ms
admin-value-factor-name = nimen on oltava time_factor.KIELI, jossa KIELI on kielen tunniste
admin-value-factor = luku väliltä 0,1–10 enintään kahdella desimaalilla

## Why a line of an imported roster is refused.
admin-users-import-quote = lainausmerkki jäi sulkematta
admin-users-import-unreadable = kenttää ei voitu lukea
# $problem: one of the messages below (or why a name is reserved).
admin-users-import-name = `{ $username }`: { $problem }
admin-users-import-fields = odotettiin `username` tai `username,display name` (käyttäjätunnus, halutessa näyttönimen kanssa)
admin-users-import-looks-like = `{ $username }` näyttää tilin `{ $other }` nimeltä (opiskelija voisi esiintyä toisena)
admin-users-import-username-length = käyttäjätunnuksessa on 1–64 merkkiä
admin-users-import-username-chars = käyttäjätunnuksessa voi olla vain kirjaimia, numeroita ja merkkejä . _ - @
admin-users-import-display-length = näyttönimessä on enintään 200 merkkiä
admin-users-import-display-control = näyttönimessä ei voi olla ohjausmerkkejä

## Stored reasons, worded when shown.
# A source over the similarity parser's budget: why its grammar did not read it.
admin-similarity-why-size = { $kib } KiB (yli { $max } KiB): luettu yksinkertaisella selaajalla
admin-similarity-why-tokens = yli { $max } sanaketta: luettu yksinkertaisella selaajalla
admin-similarity-why-depth = sulkeet sisäkkäin { $depth } tasoa (yli { $max }): luettu yksinkertaisella selaajalla
admin-similarity-why-slow = jäsentimeltä kului yli { $seconds } s: luettu yksinkertaisella selaajalla
admin-similarity-why-truncated = vain sen { $tokens } ensimmäistä sanaketta on indeksoitu
# $why: one of the admin-similarity-why-… messages above.
admin-similarity-why-and-truncated = { $why }; vain sen { $tokens } ensimmäistä sanaketta on indeksoitu
# A line of the list of sources over the budget, after who submitted it: $language (an id), $why.
admin-similarity-over-budget-line = { $language }: { $why }
# A game that failed in the judge (the status page's "Why" column).
admin-status-given-up = Luovuttu { $attempts ->
    [one] yhden yrityksen
   *[other] { $attempts } yrityksen
} jälkeen: joka kerta sen työprosessi kuoli, menetti vuokransa tai ei voinut ajaa sitä (arvostelijan vika, ei bottien). Uudelleenarviointi pelaa sen uudelleen.
