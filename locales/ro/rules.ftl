# The rules page of a contest (/contests/{slug}/rules): everything around the game's statement.

rules-title = Regulament · { $title }
rules-heading = { $title }: regulament și protocolul botului
rules-submit-link = Trimite un bot
rules-toc = Pe această pagină:
rules-toc-game = Jocul
rules-toc-local = Testare locală
# Shown above the English statement when the reader's language has no translation of it.
rules-statement-not-translated = Enunțul acestui joc nu este încă tradus în română; mai jos îl găsiți în engleză.
rules-settings = Setările acestui concurs
rules-settings-hint = Limitele și tablele pe care se joacă partidele acestui concurs (au întâietate față de valorile implicite de mai sus). Încălcarea unei limite pierde partida pe loc; pagina partidei numește apoi regula (tipul abandonului, între paranteze).
rules-th-setting = Setare
rules-th-value = Valoare
rules-th-meaning = Ce înseamnă
# Under a setting's value when this contest changed it.
rules-setting-default = implicit { $value }
rules-submissions = Trimiteri
rules-languages = Limbaje
rules-languages-hint = Singurul tău fișier sursă este salvat cu numele de mai jos, compilat, apoi rulat cu aceste comenzi, în directorul propriu al botului din sandbox. Programul tău citește mesajele arbitrului de la intrarea standard și răspunde la ieșirea standard; ieșirea de erori ajunge în jurnalul partidei.
rules-th-language = Limbaj
rules-th-version = Versiunea de pe acest server
rules-th-commands = Comenzi
rules-language-file = fișier <code>{ $file }</code>
rules-unavailable = Indisponibil
# Before the compile command of a language.
rules-compile = compilare:
# Before the run command of a language.
rules-run = rulare:
# A language's compiler did not say its version.
rules-version-unknown = necunoscută
rules-starters = Boți de pornire
rules-starters-none = Nu există bot de pornire pentru acest joc în limbajele acestui concurs.
rules-starters-hint = Câte un program scurt pentru fiecare limbaj, care vorbește protocolul și face o mutare legală: descarcă-l sau pune-l în formularul de trimitere și îmbunătățește-l de acolo.
rules-starter-download = Descarcă <code>{ $file }</code>
rules-starter-insert = Pune-l în formularul de trimitere
# LANGUAGE stays as it is: the reader replaces it with a language id.
rules-starters-offline = Offline, aceiași boți de pornire vin odată cu arbitrul (vezi mai jos): <code>./botarena starter { $game } LANGUAGE -o .</code> scrie unul lângă tine.
rules-local = Testează-ți botul local
rules-local-intro = Arbitrul acestui server este un singur program, <code>botarena</code>. Comanda sa <code>play</code> joacă un meci pe calculatorul tău, cu exact același arbitru și aceleași limite ca serverul, împotriva propriilor tăi boți sau a boților casei (<code>house:random</code>, <code>house:level1</code>, <code>house:level2</code>).
rules-local-download = Descarcă <a href="/download/botarena" id="binary-link" download="botarena">botarena</a> ({ $version }, { $platform }, { $mib } MiB) și verifică-l:
rules-local-install = Instalează compilatorul limbajului tău (versiunile de mai sus sunt cele ale serverului) și pune botul lângă el, de exemplu ca <code>{ $file }</code>.
rules-local-play = Joacă un meci cu setările acestui concurs:
rules-local-play-hint = Afișează câte o linie pentru fiecare partidă și rezultatul meciului. Adaugă <code>--log-dir logs</code> pentru a păstra transcrierea fiecărei partide (fiecare linie în ambele sensuri, ieșirea ta DEBUG și ieșirea de erori), <code>--json result.json</code> pentru rezultatul complet, <code>--seed N</code> pentru a rejuca aceleași partide; pune <code>house:level1</code> sau <code>house:level2</code> pentru un adversar mai puternic, sau un al doilea fișier de bot.
rules-local-hint = Fără root, sandboxul are mai puține protecții; <code>play</code> spune care lipsesc și joacă oricum. <code>./botarena house { $game } random</code> rulează un bot al casei în terminalul tău, ca să joci împotriva lui de mână.
rules-exe-error = Serverul nu își poate citi propriul executabil, așa că nu îl poate oferi.

## What each setting means, by its name (`setting-NAME`); `setting-NAME-GAME` where a game uses
## it its own way. The names in the texts (move_ms, start_timeout, START, OK...) stay as they are.

setting-start_ms = Timp CPU pentru a răspunde cu OK la START-ul arbitrului (tot ce pregătește programul înainte de a răspunde se socotește și el); mai mult pierde partida (start_timeout). Așteptarea nu consumă nimic, dar răspunsul trebuie să vină și în cel mult de trei ori această valoare plus 0,1 s de timp real.
setting-start_ms-one-two-three = Nefolosit de acest joc: fiecare mutare este o rulare nouă a programului tău, cronometrată de move_ms.
setting-start_ms-tron = Timpul în care botul trebuie să-și afișeze numele după ce primește numărul de jucător; mai mult pierde partida (start_timeout).
setting-start_ms-connect4 = Nefolosit de acest joc: nu există mesaj de început la care să răspunzi; prima mutare este cronometrată de move_ms.
setting-move_ms = Timp CPU pentru o mutare, de la solicitarea arbitrului până la răspunsul tău: cât calculează programul tău (toate firele sale), indiferent ce altceva rulează pe server. Mai mult pierde partida (move_timeout). Așteptarea (somn, citire) nu consumă nimic, dar răspunsul trebuie să vină și în cel mult de trei ori această valoare plus 0,1 s de timp real.
setting-move_ms-one-two-three = Timp CPU pentru întreaga rulare a programului tău la o mutare: pornire, citirea poziției, gândire, afișarea tablei noi și ieșire; mai mult pierde partida (move_timeout). Ce altceva rulează pe server nu schimbă nimic. Așteptarea nu consumă nimic, dar o rulare poate dura cel mult de trei ori această valoare plus 0,1 s de timp real.
setting-move_ms-tron = Nefolosit de acest joc: tron merge după un ceas, fiecare tablă cu tactul ei (vezi boards); o direcție afișată târziu se aplică pur și simplu de la tactul următor.
setting-bank_ms = Timp de gândire (timp CPU) pentru întreaga partidă, însumat pe mutările tale. O mutare poate folosi până la move_ms cât timp în rezervă a rămas cel puțin atât; când rezerva are mai puțin, ce a rămas este limita, iar epuizarea ei pierde partida (time_bank).
setting-bank_ms-tron = Nefolosit de acest joc: tron merge după un ceas și nu se numără timpul de gândire al nimănui.
setting-bank_ms-none = 0: fără rezervă de timp; fiecare mutare are tot timpul ei.
setting-bank_ms-none-one-two-three = 0: fără rezervă de timp; contează doar limita pe mutare.
setting-memory_mib = Memoria pe care o poate folosi botul (toate procesele sale la un loc). Depășirea îl oprește și pierde partida (memory_limit).
setting-games = Partidele dintre doi boți într-un meci; părțile se schimbă la fiecare partidă, așa că fiecare bot mută primul de la fel de multe ori.
setting-games-boards = Partidele dintre doi boți într-un meci: fiecare tablă se joacă de două ori, fiecare bot mutând primul o dată.
setting-max_rounds = Runde (câte o mutare a fiecărei părți) după care o partidă neterminată se decide după materialul rămas pe tablă.
setting-rows = Rândurile grilei.
setting-cols = Coloanele grilei.
setting-connect = Câte discuri în linie (orizontal, vertical sau pe diagonală) câștigă.
setting-boards = Tablele jucate, ca lățime x înălțime.
setting-boards-one-two-three = Tablele jucate, ca coloane x rânduri.
setting-boards-tron = Tablele jucate, ca lățime x înălțime x tact în milisecunde: liniile se mișcă o dată pe tact.
# A language's time factor; $start, $per_move and $bank are milliseconds, written as in the settings.
setting-time_factor = Boții scriși în { $language } primesc de { $factor } ori limitele de timp de mai sus: start_ms { $start }, move_ms { $per_move }.
setting-time_factor-bank = Boții scriși în { $language } primesc de { $factor } ori limitele de timp de mai sus: start_ms { $start }, move_ms { $per_move }, bank_ms { $bank }.
setting-time_factor-none = Toate limbajele au aceleași limite de timp: nu se înmulțesc pentru niciun limbaj.
setting-submit_interval_s = Timpul minim între două trimiteri ale tale; una mai devreme este refuzată, cu timpul rămas de așteptat.
setting-daily_budget_s = Timpul de calcul pe care îl pot folosi pe zi (UTC) compilările și partidele tale. După ce se epuizează, trimiterile noi sunt refuzate până la miezul nopții UTC.
setting-max_source_bytes = Cel mai mare fișier sursă acceptat (un fișier pe trimitere).
