# The rules page of a contest (/contests/{slug}/rules): everything around the game's statement.

rules-title = Säännöt · { $title }
rules-heading = { $title }: säännöt ja botin protokolla
rules-submit-link = Palauta botti
rules-toc = Tällä sivulla:
rules-toc-game = Peli
rules-toc-local = Testaa omalla koneella
# Shown above the English statement when the reader's language has no translation of it.
rules-statement-not-translated = Tämän pelin tehtävänantoa ei ole vielä käännetty suomeksi; alla se on englanniksi.
rules-settings = Tämän kilpailun asetukset
rules-settings-hint = Rajat ja pelilaudat, joilla tämän kilpailun pelit pelataan (ne ohittavat yllä mainitut oletusarvot). Rajan rikkominen häviää pelin heti; pelin sivu kertoo sitten rikotun säännön (luovutuksen laji suluissa).
rules-th-setting = Asetus
rules-th-value = Arvo
rules-th-meaning = Mitä se tarkoittaa
# Under a setting's value when this contest changed it.
rules-setting-default = oletus { $value }
rules-submissions = Palautukset
rules-languages = Kielet
rules-languages-hint = Ainoa lähdekooditiedostosi tallennetaan alla mainitulla nimellä, käännetään ja ajetaan sitten näillä komennoilla botin omassa hakemistossa hiekkalaatikon sisällä. Ohjelmasi lukee tuomarin viestit vakiosyötteestä ja vastaa vakiotulosteeseen; virhetuloste menee pelin lokiin.
rules-th-language = Kieli
rules-th-version = Versio tällä palvelimella
rules-th-commands = Komennot
rules-language-file = tiedosto <code>{ $file }</code>
rules-unavailable = Ei käytettävissä
# Before the compile command of a language.
rules-compile = käännös:
# Before the run command of a language.
rules-run = ajo:
# A language's compiler did not say its version.
rules-version-unknown = tuntematon
rules-starters = Aloitusbotit
rules-starters-none = Tälle pelille ei ole aloitusbottia tämän kilpailun kielillä.
rules-starters-hint = Lyhyt ohjelma kullekin kielelle, joka osaa protokollan ja pelaa laillisen siirron: lataa se tai vie se palautuslomakkeeseen ja paranna sitä siitä eteenpäin.
rules-starter-download = Lataa <code>{ $file }</code>
rules-starter-insert = Vie palautuslomakkeeseen
# LANGUAGE stays as it is: the reader replaces it with a language id.
rules-starters-offline = Samat aloitusbotit tulevat myös tuomariohjelman mukana (ks. alla): <code>./botarena starter { $game } LANGUAGE -o .</code> kirjoittaa yhden nykyiseen hakemistoon.
rules-local = Testaa bottiasi omalla koneella
rules-local-intro = Tämän palvelimen tuomari on yksi ohjelma, <code>botarena</code>. Sen <code>play</code>-komento pelaa ottelun omalla koneellasi täsmälleen samalla erotuomarilla ja samoilla rajoilla kuin palvelin, omia bottejasi tai sisäänrakennettuja talon botteja vastaan (<code>house:random</code>, <code>house:level1</code>, <code>house:level2</code>).
rules-local-download = Lataa <a href="/download/botarena" id="binary-link" download="botarena">botarena</a> ({ $version }, { $platform }, { $mib } MiB) ja tarkista se:
rules-local-install = Asenna kielesi kääntäjä (yllä ovat palvelimen versiot) ja laita bottisi sen viereen, esimerkiksi nimellä <code>{ $file }</code>.
rules-local-play = Pelaa ottelu tämän kilpailun asetuksilla:
rules-local-play-hint = Se tulostaa rivin jokaisesta pelistä ja ottelun tuloksen. Lisää <code>--log-dir logs</code> säilyttääksesi jokaisen pelin tallenteen (jokainen rivi kumpaankin suuntaan, DEBUG-tulosteesi ja virhetuloste), <code>--json result.json</code> koko tulosta varten ja <code>--seed N</code> pelataksesi samat pelit uudelleen; vaihda vastustajaksi <code>house:level1</code> tai <code>house:level2</code> saadaksesi vahvemman vastustajan, tai toinen bottitiedosto.
rules-local-hint = Ilman root-oikeuksia hiekkalaatikossa on vähemmän suojauksia; <code>play</code> kertoo mitkä, ja pelaa silti. <code>./botarena house { $game } random</code> ajaa talon bottia päätteessäsi, jotta voit pelata sitä vastaan käsin.
rules-exe-error = Palvelin ei pysty lukemaan omaa suoritettavaa tiedostoaan, joten se ei voi tarjota sitä ladattavaksi.

## What each setting means, by its name (`setting-NAME`); `setting-NAME-GAME` where a game uses
## it its own way. The names in the texts (move_ms, start_timeout, START, OK...) stay as they are.

setting-start_ms = Suoritinaika, jossa tuomarin START-viestiin on vastattava OK (kaikki, mitä ohjelmasi valmistelee ennen vastaamista, lasketaan mukaan); enemmän häviää pelin (start_timeout). Odottaminen ei kuluta aikaa, mutta vastauksen on tultava myös kolminkertaisen ajan ja 0,1 s:n kuluessa todellista aikaa.
setting-start_ms-one-two-three = Ei käytössä tässä pelissä: jokainen siirto on ohjelmasi uusi ajokerta, jonka aikaa mittaa move_ms.
setting-start_ms-tron = Aika, jossa bottisi on tulostettava nimensä saatuaan pelaajanumeronsa; pidempi häviää pelin (start_timeout).
setting-start_ms-connect4 = Ei käytössä tässä pelissä: aloitusviestiä, johon vastata, ei ole; ensimmäisen siirron aikaa mittaa move_ms.
setting-move_ms = Suoritinaika yhteen siirtoon tuomarin kehotteesta vastaukseesi: mitä ohjelmasi laskee (kaikki sen säikeet), riippumatta siitä, mitä muuta palvelimella ajetaan. Enemmän häviää pelin (move_timeout). Odottaminen (nukkuminen, lukeminen) ei kuluta aikaa, mutta vastauksen on tultava myös kolminkertaisen ajan ja 0,1 s:n kuluessa todellista aikaa.
setting-move_ms-one-two-three = Suoritinaika ohjelmasi koko ajokerralle yhdessä siirrossa: käynnistys, aseman lukeminen, ajattelu, uuden laudan tulostaminen ja lopetus; enemmän häviää pelin (move_timeout). Muut palvelimella ajettavat ohjelmat eivät vaikuta siihen. Odottaminen ei kuluta aikaa, mutta ajokerta saa kestää enintään kolminkertaisen ajan ja 0,1 s todellista aikaa.
setting-move_ms-tron = Ei käytössä tässä pelissä: tron etenee kellon mukaan, jokaisella laudalla on oma tahtinsa (ks. boards); myöhässä tulostettu suunta pätee yksinkertaisesti seuraavasta tahdista alkaen.
setting-bank_ms = Ajatteluaika (suoritinaika) koko pelille, siirtojesi yhteensä käyttämänä. Siirto saa käyttää enintään move_ms niin kauan kuin aikapankissa on sen verran jäljellä; kun pankissa on vähemmän, jäljellä oleva määrä on raja, ja sen loppuminen häviää pelin (time_bank).
setting-bank_ms-tron = Ei käytössä tässä pelissä: tron etenee kellon mukaan, eikä kenenkään ajatteluaikaa lasketa.
setting-bank_ms-none = 0: ei aikapankkia; jokaisella siirrolla on koko siirtoaikansa.
setting-bank_ms-none-one-two-three = 0: ei aikapankkia; vain siirtokohtainen raja on voimassa.
setting-memory_mib = Muisti, jota bottisi saa käyttää (kaikki sen prosessit yhteensä). Ylitys lopettaa sen ja häviää pelin (memory_limit).
setting-games = Kahden botin välisten pelien määrä yhdessä ottelussa; puolia vaihdetaan joka pelissä, joten kumpikin botti aloittaa yhtä usein.
setting-games-boards = Kahden botin välisten pelien määrä yhdessä ottelussa: jokainen lauta pelataan kahdesti, kumpikin botti aloittaa kerran.
setting-max_rounds = Kierrokset (kummankin puolen yksi siirto), joiden jälkeen päättymätön peli ratkaistaan laudalle jääneen materiaalin perusteella.
setting-rows = Ruudukon rivit.
setting-cols = Ruudukon sarakkeet.
setting-connect = Kuinka monta kiekkoa suorassa rivissä (vaaka-, pysty- tai vinorivissä) voittaa.
setting-boards = Pelattavat laudat muodossa leveys x korkeus.
setting-boards-one-two-three = Pelattavat laudat muodossa sarakkeet x rivit.
setting-boards-tron = Pelattavat laudat muodossa leveys x korkeus x tahti millisekunteina: viivat liikkuvat kerran tahdissa.
# A language's time factor; $start, $per_move and $bank are milliseconds, written as in the settings.
setting-time_factor = Kielellä { $language } kirjoitetut botit saavat yllä olevat aikarajat { $factor }-kertaisina: start_ms { $start }, move_ms { $per_move }.
setting-time_factor-bank = Kielellä { $language } kirjoitetut botit saavat yllä olevat aikarajat { $factor }-kertaisina: start_ms { $start }, move_ms { $per_move }, bank_ms { $bank }.
setting-time_factor-none = Kaikilla kielillä on samat aikarajat: minkään kielen rajoja ei kerrota.
setting-submit_interval_s = Lyhin aika kahden palautuksesi välillä; aiempi palautus hylätään ja kerrotaan, kauanko on vielä odotettava.
setting-daily_budget_s = Laskenta-aika, jonka käännöksesi ja pelisi saavat käyttää vuorokaudessa (UTC). Kun se on käytetty, uudet palautukset hylätään UTC-keskiyöhön asti.
setting-max_source_bytes = Suurin hyväksytty lähdekooditiedosto (yksi tiedosto palautusta kohden).
