profile-preferences = Kieli ja aikavyöhyke
profile-language = Kieli
profile-language-auto = Selaimeni mukaan
profile-time-zone = Aikavyöhyke
profile-time-zone-hint = IANA-nimi, esimerkiksi Europe/Helsinki; tyhjä näyttää kunkin kilpailun oman.
profile-save-preferences = Tallenna
profile-preferences-saved = Kieli ja aikavyöhyke tallennettu.
profile-time-zone-unknown = ”{ $zone }” ei ole aikavyöhykkeen nimi; valitse luettelosta, esimerkiksi Europe/Helsinki.
profile-language-unknown = Tätä kieltä ei ole tarjolla; valitse English, 简体中文, Română, Български tai Suomi.
profile-token-never-used = ei koskaan

profile-title = Profiili
profile-heading = Käyttäjän { $username } profiili
profile-nickname = Nimimerkki
profile-nickname-shown = Näkyy tulostaulukossa
profile-nickname-change = Vaihda nimimerkki
profile-nickname-changed = Nimimerkki vaihdettu.
profile-password = Salasana
profile-password-current = Nykyinen salasana
profile-password-new = Uusi salasana
profile-revoke-tokens = mitätöi myös API-avaimeni
profile-password-hint = Muut istuntosi (muut selaimet, muut laitteet) kirjataan ulos.
profile-password-change = Vaihda salasana
profile-password-current-missing = Anna nykyinen salasanasi.
profile-password-current-wrong = Nykyinen salasanasi ei ole oikein.
profile-password-changed = Salasana vaihdettu. Muut istuntosi on kirjattu ulos.
profile-password-changed-tokens = Salasana vaihdettu. Muut istuntosi on kirjattu ulos ja { $count ->
    [one] { $count } API-avaimesi mitätöity
   *[other] { $count } API-avaintasi mitätöity
}.
profile-tokens = API-avaimet
profile-tokens-hint = Skripteille: lähetä <code>Authorization: Bearer &lt;token&gt;</code> <code>/api</code>-rajapinnan osoitteisiin.
profile-token-new = Uusi avaimesi (kopioi se nyt, sitä ei näytetä uudelleen):
profile-tokens-none = Sinulla ei ole avaimia.
profile-token-name = Nimi
profile-token-created = Luotu
profile-token-last-used = Viimeksi käytetty
profile-token-revoke = Mitätöi
profile-token-placeholder = esim. oma kannettava
profile-token-create = Luo avain
profile-token-revoked = Avain mitätöity.
