# Jokaisen sivun asettelu: navigointipalkki, alatunniste, virhesivu ja monen sivun yhteiset tekstit.

nav-contests = Kilpailut
nav-new-contest = Uusi kilpailu
nav-users = Käyttäjät
nav-status = Tila
nav-log-out = Kirjaudu ulos

footer-language = Kieli
footer-language-change = Vaihda
footer-time-zone = Ajat näytetään aikavyöhykkeellä { $zone }.

error-not-found = Ei löytynyt
error-not-allowed = Ei sallittu
error-log-in = Kirjaudu sisään
error-too-many = Liikaa pyyntöjä
error-too-large = Liian suuri
error-bad-request = Virheellinen pyyntö
error-conflict = Ristiriita
error-busy = Palvelin on kiireinen
error-server = Palvelinvirhe
error-back = Takaisin kilpailuihin

countdown-left = { $days ->
    [0] { $hours } t { $minutes } min jäljellä
    [one] { $days } päivä { $hours } t { $minutes } min jäljellä
   *[other] { $days } päivää { $hours } t { $minutes } min jäljellä
}
countdown-closed = päättynyt
deadline-none = ei ole

## Units written next to numbers (the number as the language writes it).
unit-ms = { $n } ms
# A number of milliseconds that is whole tenths of a second, with it in seconds ($s).
unit-ms-seconds = { $n } ms ({ $s } s)
unit-s = { $n } s
unit-kib = { $n } KiB
unit-mib = { $n } MiB
