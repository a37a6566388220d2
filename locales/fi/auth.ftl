# Logging in and the first login's welcome page; the problems a nickname or a new password can have.

login-title = Kirjaudu sisään
login-username = Käyttäjätunnus (opiskelijanumerosi)
login-password = Salasana
login-button = Kirjaudu
login-first-time = Ensimmäistä kertaa täällä? Salasanasi on käyttäjätunnuksesi; valitset uuden.
login-missing = Anna käyttäjätunnus ja salasana.
login-throttled-address = Liian monta epäonnistunutta kirjautumista osoitteestasi. Yritä uudelleen { $seconds } sekunnin kuluttua.
login-throttled-username = Liian monta epäonnistunutta kirjautumista tällä käyttäjätunnuksella. Yritä uudelleen { $seconds } sekunnin kuluttua.
login-busy = Palvelin tarkistaa parhaillaan muita kirjautumisia. Yritä uudelleen muutaman sekunnin kuluttua.
login-wrong = Väärä käyttäjätunnus tai salasana.

welcome-title = Tervetuloa
# $name is the student's name from the roster (or their username).
welcome-heading = Tervetuloa, { $name }
welcome-intro = Valitse ennen aloittamista nimimerkki, jonka tulostaulukko näyttää kaikille, ja uusi salasana.
welcome-nickname = Nimimerkki
welcome-password = Uusi salasana (vähintään 8 merkkiä)
welcome-button = Tallenna ja jatka
auth-password-again = Uusi salasana uudelleen

auth-nickname-taken = Toisella käyttäjällä on tämä nimimerkki tai käyttäjätunnus, tai samalta näyttävä.
auth-passwords-differ = Salasanat eroavat toisistaan.
auth-nickname-length = Käytä 2–32 merkkiä.
auth-nickname-invisible = Ei ohjaus-, muotoilu- tai näkymättömiä merkkejä (kuten nollalevyisiä välilyöntejä tai suuntamerkkejä), eikä muita välilyöntejä kuin tavallinen.
auth-nickname-spaces = Ei välilyöntejä alussa eikä lopussa.
auth-nickname-marks = Ei yksinäisiä tai kasattuja yhdistyviä merkkejä.
auth-nickname-scripts = Käytä vain yhden kirjoitusjärjestelmän kirjaimia (latinalaiset, kyrilliset, kreikkalaiset, kiinalaiset... kukin erikseen; numerot ja välimerkit käyvät minkä tahansa kanssa): kirjoitusjärjestelmiä sekoittava nimi voi jäljitellä toisen nimeä.
auth-nickname-letters = Käytä vain yleisessä käytössä olevia kirjaimia (Unicoden yleinen turvallisuusprofiili): pienet kapiteelit ja muut foneettiset tai historialliset kirjaimet voivat jäljitellä tavallisia.
auth-nickname-reserved = `admin`, `root` ja `system` on varattu (eikä nimi saa näyttää niiltä).
auth-nickname-house = `house`-alkuiset nimet kuuluvat talon boteille (eikä nimi saa näyttää niiltä).
auth-nickname-staff = `staff`-alkuiset nimet kuuluvat ylläpitäjille (eikä nimi saa näyttää niiltä).
auth-password-short = Käytä vähintään 8 merkkiä.
auth-password-long = Käytä enintään 1024 tavua.
auth-password-username = Valitse salasana, joka ei ole käyttäjätunnuksesi.
