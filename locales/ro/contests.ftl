# The contests list, a contest's page with its submit form, the submission lists and one submission.

contests-title = Concursuri
contests-none = Nu există încă niciun concurs.
contests-th-contest = Concurs
contests-th-game = Joc
contests-th-deadline = Termen limită
contests-th-state = Stare
# A badge beside a contest's title: announcements the reader has not seen.
contests-unread = { $count ->
    [one] { $count } nou
    [few] { $count } noi
   *[other] { $count } noi
}
contests-unread-title = anunțuri pe care nu le-ai citit
contests-open = deschis
contests-closed = închis

# The line under a contest's title: the game's id (connect4, tron...) stays as it is.
contest-game = Joc <strong>{ $game }</strong>
# Before the deadline's date and time.
contest-deadline = termen limită
contest-my-submissions = Trimiterile mele
contest-all-submissions = Toate trimiterile
contest-scoreboard = Clasament
contest-play = Joacă împotriva unui bot
contest-test-matches = Meciuri de test
contest-page = Pagina concursului
contest-admin-settings = Admin: setări, rejudecare, înghețare
contest-admin-similarity = surse asemănătoare
contest-announcements = Anunțuri
# A badge on an announcement posted since the reader's last visit.
contest-announcement-new = nou
contest-announcements-none = Niciun anunț deocamdată.
contest-announce-label = Anunț nou (Markdown)
contest-announce-button = Publică
# The author of an announcement whose account was deleted.
contest-author-deleted = (utilizator șters)
contest-submit = Trimite
contest-rules-hint = Nou la acest joc? Citește <a href="{ $href }" id="rules-link">regulamentul, protocolul botului, limitele acestui concurs și cum testezi local</a>.
contest-limit-interval = O trimitere la fiecare { $seconds } s:
contest-wait = următoarea peste { $seconds } s
contest-may-submit = poți trimite acum
contest-budget = Bugetul de calcul de azi: { $used } s folosite din { $budget } s, <strong id="budget-left">{ $left } s rămase</strong>
contest-max-source = Fișier sursă: cel mult { $kib } KiB
contest-language = Limbaj
contest-language-auto = După extensia fișierului încărcat
contest-language-unavailable-option = { $language } (indisponibil)
contest-language-unavailable = <strong>{ $language }</strong> este indisponibil: { $why }.
contest-starters = Pornește de la un bot de pornire:
contest-file = Încarcă un fișier
contest-paste = sau lipește sursa
contest-submit-button = Trimite acest bot
contest-closed = Termenul limită a trecut ({ $deadline }); trimiterile sunt închise.
# Why a language cannot be chosen: its compiler or runtime is not installed.
contest-language-missing = nu este instalat pe acest server: lipsește `{ $program }`
contest-language-missing-package = nu este instalat pe acest server: lipsește `{ $program }` (pachetul { $package })
contest-settings = Setări
contest-no-starter = Nu există bot de pornire pentru `{ $language }` în acest concurs (boți de pornire: { $starters }).

contest-all-none = Nimeni nu a trimis încă.
contest-mine-none = Nu ai trimis încă nimic la acest concurs.
contest-th-who = Cine
contest-th-when = Când
contest-th-language = Limbaj
contest-th-status = Stare

# A submission's status.
submission-status = { $status ->
    [queued] în așteptare
    [compiling] se compilează
    [compile_error] eroare de compilare
    [ready] gata
    [superseded] înlocuită
    [disqualified] descalificată
   *[other] { $status }
}
submission-title = Trimiterea { $id }
submission-matches = Meciuri
# An admin's view: whose submission it is.
submission-owner = De la <a href="/admin/users?q={ $username }">{ $username }</a>
submission-owner-nickname = pseudonim { $nickname }
submission-owner-disabled = cont dezactivat
submission-owner-all = toate trimiterile sale aici
submission-submitted = trimisă { $when }
# Before the submission's status.
submission-status-label = stare
submission-disqualify = Descalifică
submission-disqualify-hint = partidele sale în așteptare sunt anulate, iar meciurile sale ies din clasament; utilizatorul este în afara concursului până trimite din nou
submission-rejudge = Rejudecă meciurile sale
submission-rejudge-hint = meciurile sale curente se joacă din nou cu setările curente; partidele de până acum rămân de citit, marcate ca înlocuite
submission-round-robin = Turneu fiecare cu fiecare
submission-progress-none = Nicio partidă programată încă: joacă împotriva trimiterii curente a fiecărui alt student, pe măsură ce apar.
# Each part after the first is there only when its number is not 0.
submission-progress = { $done } din { $total } partide jucate{ $running ->
    [0] {""}
   *[other] , { $running } în desfășurare
}{ $queued ->
    [0] {""}
   *[other] , { $queued } în așteptare ({ $ahead ->
        [one] { $ahead } partidă
        [few] { $ahead } partide
       *[other] { $ahead } de partide
    } ale altora înaintea ta)
}{ $failed ->
    [0] {""}
   *[other] , { $failed } abandonate de arbitru (o rejudecare a unui admin le joacă din nou)
}.
submission-progress-hint = <a href="{ $href }">Meciurile sale</a> · această pagină ține numărătoarea la zi cât timp partidele așteaptă.
submission-test-match = Meci de test
submission-test-match-hint = Un meci complet al acestei trimiteri împotriva unui adversar ales de tine, jucat înaintea turneului și niciodată socotit în clasament (<a href="{ $href }">meciurile mele de test</a>).
submission-pending = Compilarea este în așteptare; <a href="{ $href }">reîncarcă</a> pentru a vedea rezultatul.
submission-compiler-output = Ieșirea compilatorului
submission-no-output = Nicio ieșire.
submission-validity = Teste de validitate
submission-validity-passed = A trecut <strong>{ $passed } din { $total }</strong> intrări
# The validity tests' score: full, half or none.
submission-validity-score = scor <strong>{ $score ->
    [full] întreg
    [half] jumătate
    [none] zero
   *[other] { $score }
}</strong>
submission-validity-hint = (o mutare legală pentru fiecare poziție validă, <code>error</code> pentru fiecare intrare invalidă; peste 80 % înseamnă punctaj întreg, între 50 % și 80 % jumătate)
submission-th-input = Intrare
submission-th-why = De ce a eșuat
# A case of the one-two-three validity tests, as a row of the failures' table says what it was.
validity-case-first-example = o tablă 4x3 cu diagonala de trei celule a lui A, B la mutare (primul exemplu din enunț)
validity-case-second-example = o tablă 5x3 cu două celule libere departe una de alta, B la mutare (al doilea exemplu din enunț)
validity-case-board = o tablă { $cols }x{ $rows } plină în proporție de { $percent }%, { $mover } la mutare
validity-case-too-small = o tablă 2x2 (mai mică decât 3x3)
validity-case-words = cuvinte în loc de tablă
validity-case-too-many-columns = 21 de coloane (mai mult de 20)
validity-case-too-many-rows = 21 de rânduri (mai mult de 20)
validity-case-bad-character = un caracter altul decât A, B și -
validity-case-row-too-short = un rând prea scurt
validity-case-row-too-long = un rând prea lung
validity-case-bad-mover = la mutare altcineva decât A sau B
validity-case-full-board = o tablă plină
validity-case-no-mover = lipsește rândul cu jucătorul la mutare
validity-case-too-few-rows = prea puține rânduri
validity-case-bad-size = o dimensiune care nu este formată din două numere
validity-case-lowercase = o literă mică pe tablă
# Why a validity test case failed (`error` is the answer's literal word; $got the answer's first line).
validity-why-expected-error = se aștepta `error` pentru o intrare invalidă, s-a primit `{ $got }`
validity-why-expected-error-nothing = se aștepta `error` pentru o intrare invalidă, nu s-a primit nimic
validity-why-bad-case = caz de test greșit: { $detail }
validity-why-error-on-valid = a răspuns `error`, dar poziția este validă: răspunsul trebuie să fie tabla după o mutare
validity-why-no-board = nu este o tablă: răspunsul este gol
validity-why-not-a-board = nu este o tablă: răspunsul trebuie să fie rândurile tablei, doar cu A, B și -, toate de aceeași lungime
validity-why-illegal = nu este o mutare legală: { $detail }
validity-why-not-started = nu a putut fi pornit: { $detail }
validity-why-cpu = a folosit { $ms } ms de timp CPU
validity-why-still-running = încă rula după { $ms } ms
validity-why-memory = a depășit { $mib } MiB
validity-why-over-time-cpu = a folosit { $ms } ms de timp CPU, limita fiind { $limit } ms
validity-why-over-time = a durat { $ms } ms, limita fiind { $limit } ms
submission-source = Sursa
