# Kilpailun finaali: kaikki kaikkia vastaan -turnaus tulostaulukon kärjen kesken; sen tulos on
# kilpailun lopullinen järjestys.
finals-heading = Finaali
finals-standings-heading = Tulostaulukko
finals-second-table = Toinen taulukko on kilpailun oma tulostaulukko, josta finalistit valittiin.
finals-state-progress = Kaikki kaikkia vastaan -turnaus { $top } parhaan kesken { $started } alkaen: { $over }/{ $matches } finaaliottelua päättynyt.
finals-state-over = Kaikki kaikkia vastaan -turnaus { $top } parhaan kesken { $started } alkaen: lopullinen järjestys, kaikki { $matches } finaaliottelua päättyneet.
finals-admin-state = Alkoi { $started } { $top } parhaan kesken: { $over }/{ $matches } finaaliottelua päättynyt.
finals-admin-result = Sen tulos on kilpailun lopullinen järjestys: <a href="{ $href }">tulostaulukko</a>.
finals-admin-explain = Finaaliturnaus kaikki kaikkia vastaan tulostaulukon parhaiden opiskelijoiden kesken, alla olevin peliasetuksin kirjoittamillasi muutoksilla (esim. games=10); sen tulos on kilpailun lopullinen järjestys. Kilpailulla on yksi finaali.
finals-admin-after-deadline = Finaali (finaaliturnaus parhaiden opiskelijoiden kesken) voi alkaa, kun määräaika on mennyt.
finals-finalists = Finalistit
finals-settings = Asetukset
finals-start = Aloita finaali
finals-notice-started = { $matches ->
    [one] Finaali alkoi: 1 ottelu jonossa.
   *[other] Finaali alkoi: { $matches } ottelua jonossa.
}
finals-confirm-heading = Aloitetaanko kilpailun { $title } finaali?
finals-confirm-consequence = Tulostaulukon { $top } parasta opiskelijaa pelaa finaaliturnauksen kaikki kaikkia vastaan kilpailun peliasetuksin. Sen tulos on kilpailun lopullinen järjestys, joka näytetään omana taulukkonaan tulostaulukossa. Kilpailulla on yksi finaali: sitä ei voi aloittaa uudelleen.
finals-confirm-consequence-with = Tulostaulukon { $top } parasta opiskelijaa pelaa finaaliturnauksen kaikki kaikkia vastaan kilpailun peliasetuksin muutoksella { $changes }. Sen tulos on kilpailun lopullinen järjestys, joka näytetään omana taulukkonaan tulostaulukossa. Kilpailulla on yksi finaali: sitä ei voi aloittaa uudelleen.
