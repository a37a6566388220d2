# The admin pages: a contest's settings, new contest, similar submissions, queue status, submissions, users.

admin-cancel = Renunță
admin-any = oricare
admin-filter = Filtrează
admin-clear = șterge filtrele
# Page navigation of a long list.
admin-page-of = pagina { $page } din { $pages }
admin-newer = ← mai noi
admin-older = mai vechi →
admin-previous = ← înapoi
admin-next = înainte →
# A share shown in whole percent.
admin-percent = { $percent } %
# Durations on the status page.
admin-duration-seconds = { $seconds } s
admin-duration-minutes = { $minutes } min
admin-duration-hours = { $hours } h { $minutes } min

# Links between the admin pages of a contest.
admin-link-contest-page = pagina concursului
admin-link-settings = setări
admin-link-standings-csv = clasamentul în CSV
admin-link-submissions = trimiteri
admin-link-sources-zip = sursele curente (zip)
admin-link-similarity = surse asemănătoare
admin-link-queue-status = starea cozilor

## A contest's settings page.
admin-settings-page-title = Administrare · { $title }
admin-settings-heading = { $title }: setări
# $game is a game id such as connect4.
admin-settings-game = Jocul <strong>{ $game }</strong>
admin-settings-applies = Modificările se aplică partidelor programate de acum înainte: partidele deja programate își păstrează setările cu care au fost programate. <strong>Rejurizarea</strong> rejoacă fiecare meci curent (între cele mai recente trimiteri gata de joc) cu setările curente.
admin-settings-col-setting = Setare
admin-settings-col-value = Valoare
admin-settings-col-default = Implicit
admin-settings-col-what = Ce face
# The deadline's label: $name is the setting's name (deadline), $zone the time zone it is written in.
admin-settings-deadline-label = { $name } ({ $zone })
admin-settings-save = Salvează setările
# What time_factor.LANGUAGE does.
admin-setting-time_factor = înmulțește timpul de start, timpul pe mutare și rezerva de timp ale boților scriși în acel limbaj, de exemplu time_factor.python=3; un număr de la 0,1 la 10 (implicit 1)
admin-setting-title = afișat pe paginile concursului
# $zone: the contest's time zone (an IANA name, or UTC).
admin-setting-deadline = data și ora în fusul { $zone }; gol dacă nu există; după el nu se mai primesc trimiteri
admin-standings = Clasament
admin-frozen-since = Înghețat din { $at }: clasamentul nu se mai schimbă.
admin-unfreeze = Dezgheață
admin-not-frozen = Neînghețat: se recalculează la fiecare { $seconds } s. După termenul limită, clasamentul se îngheață singur când s-a jucat ultima partidă.
admin-freeze-now = Îngheață acum
admin-rejudge = Rejurizare
admin-rejudge-explained = Rejoacă fiecare meci curent cu setările curente (și dezgheață clasamentul, ca rejucările să conteze). Rejucările nu se scad din bugetul de calcul al studenților.
admin-rejudge-all = Rejurizează toate meciurile curente
admin-history = Istoric
admin-history-none = Nicio modificare înregistrată încă.
admin-history-when = Când
admin-history-who = Cine
admin-history-what = Ce
admin-history-setting = Setare
admin-history-old = Vechi
admin-history-new = Nou
# What an entry of the settings history did.
admin-action-create = creat
admin-action-settings = setări modificate
admin-action-rejudge = rejurizare
admin-action-freeze = înghețat
admin-action-unfreeze = dezghețat
admin-action-announce = anunț
admin-action-prune = partide înlocuite șterse
# The notices after an action on the settings page.
admin-notice-saved = Salvat: { $count ->
    [one] o setare modificată.
    [few] { $count } setări modificate.
   *[other] { $count } de setări modificate.
} Se aplică partidelor programate de acum înainte.
admin-notice-rejudged = Rejurizare: { $count ->
    [one] un meci pus din nou
    [few] { $count } meciuri puse din nou
   *[other] { $count } de meciuri puse din nou
} în coadă cu setările curente.
admin-notice-frozen = Clasamentul este înghețat.
admin-notice-unfrozen = Clasamentul nu mai este înghețat și a fost recalculat.

## Confirmations of actions that are hard to undo.
admin-confirm-rejudge = Rejurizezi { $title }?
admin-confirm-rejudge-consequence = Fiecare meci curent (între cele mai recente trimiteri gata de joc) se joacă din nou cu setările curente; până când partidele lui sunt rejucate, un meci nu intră în clasament, care este dezghețat. Partidele jucate până acum rămân vizibile, marcate ca înlocuite. Rejucările nu se scad din bugetul de calcul al studenților.
admin-confirm-unfreeze = Dezgheți clasamentul concursului { $title }?
admin-confirm-unfreeze-consequence = Clasamentul se recalculează din nou, deci apar toate rezultatele de la înghețare încoace; după termenul limită se îngheață iar singur când nu mai rămâne nimic de jurizat.
# $id: a submission's number; $owner: its author (username and name).
admin-confirm-disqualify = Descalifici trimiterea { $id }?
admin-confirm-disqualify-consequence = Trimiterea { $id } a lui { $owner }: partidele ei din coadă sunt anulate și meciurile ei ies din clasament; { $owner } rămâne în afara lui până trimite din nou.
admin-disqualify = Descalifică
admin-confirm-rejudge-submission = Rejurizezi trimiterea { $id }?
admin-confirm-rejudge-submission-consequence = Fiecare meci curent al trimiterii { $id } a lui { $owner } se joacă din nou cu setările curente ale concursului; până când partidele lui sunt rejucate, un meci nu intră în clasament. Partidele jucate până acum rămân vizibile, marcate ca înlocuite. Rejucările nu se scad din bugetul de calcul al studenților.
admin-rejudge-its-matches = Rejurizează-i meciurile

## New contest.
admin-new-contest = Concurs nou
admin-new-slug = Identificator (în adrese: litere mici, cifre, cratime)
admin-new-slug-taken = Există deja un concurs cu acest identificator.
admin-new-title = Titlu
admin-new-game = Joc
admin-new-choose = Alege…
admin-new-time-zone = Fus orar
admin-new-time-zone-hint = Un nume IANA, de exemplu Asia/Shanghai: orele concursului sunt afișate în el și termenul limită este citit în el. Gol: fusul serverului (termenul limită în UTC).
admin-new-deadline = Termen limită (în fusul orar al concursului; gol dacă nu există)
admin-new-language = Limba paginilor
admin-new-language-server = Cea a serverului
admin-new-languages = Limbaje
admin-new-settings = Setări, câte o linie <code>nume=valoare</code> (gol: valorile implicite ale jocului)
admin-new-setting-names = Numele setărilor și valorile implicite
admin-new-create = Creează concursul

## Similar submissions (copy detection).
admin-similarity-page-title = Trimiteri asemănătoare · { $title }
admin-similarity-heading = { $title }: trimiteri asemănătoare
admin-similarity-json = JSON: <code>GET /api/contests/{ $slug }/similarity</code>
# $floor: the least similarity kept, in percent.
admin-similarity-explained = Fiecare trimitere este indexată când i se termină compilarea: sursa este analizată, identificatorii și literalii sunt uniformizați, comentariile și aranjarea sunt eliminate, iar rezultatul primește amprente ca la MOSS (k-grame de 12 atomi, cu winnowing). <strong>Asemănarea</strong> este cea mai mare dintre proporțiile amprentelor unei părți regăsite în cealaltă; codurile de pornire ale concursului și fișierele de bază de mai jos nu contează niciodată. Perechile sub { $floor } % nu sunt păstrate. Un scor mare este un motiv să te uiți, nu un verdict: deschide perechea.
admin-similarity-coverage = { $indexed } din { $submissions ->
    [one] o trimitere indexate.
    [few] { $submissions } trimiteri indexate.
   *[other] { $submissions } de trimiteri indexate.
}
admin-similarity-at-least = Cel puțin
admin-similarity-superseded-too = și trimiterile înlocuite
admin-similarity-over-budget = Peste limitele analizorului
admin-similarity-over-budget-explained = { $count ->
    [one] O trimitere indexată a fost
    [few] { $count } trimiteri indexate au fost
   *[other] { $count } de trimiteri indexate au fost
} prea mari, prea adânc imbricate sau prea lente pentru analizorul limbajului lor (peste { $kib } KiB, limita de atomi sau de adâncime a parantezelor, ori limita de timp), așa că au fost citite de lexerul simplu, care nu cunoaște comentariile sau cuvintele cheie ale limbajului (și se indexează cel mult primii { $tokens } atomi). Scorurile lor sunt mai puțin sigure; o sursă generată sau umplută artificial este un motiv să te uiți la ea.
admin-similarity-no-pairs = Nicio pereche de la { $percent } % în sus.
admin-similarity-col-similarity = Asemănare
admin-similarity-col-longest = Cea mai lungă porțiune
admin-similarity-col-first = Prima
admin-similarity-col-second = A doua
admin-similarity-tokens = { $count ->
    [one] un atom
    [few] { $count } atomi
   *[other] { $count } de atomi
}
admin-similarity-superseded = (înlocuită)
admin-similarity-side-by-side = alăturate
admin-similarity-base-code = Cod de bază
admin-similarity-base-explained = Codurile de pornire ale jocului concursului, în toate limbajele, sunt mereu cod de bază. Adaugă orice alt fișier pe care îl poate folosi fiecare student (o bibliotecă dată la curs); concursul este apoi reindexat.
# After a base file's name: its language id and size.
admin-similarity-base-file = ({ $language }, { $bytes ->
    [one] un octet
    [few] { $bytes } octeți
   *[other] { $bytes } de octeți
})
admin-similarity-remove = elimină
admin-similarity-base-name = Nume
admin-similarity-base-language = Limbaj
admin-similarity-base-source = Sursă
admin-similarity-base-add = Adaugă fișierul de bază
admin-similarity-reindex = Reindexează toate trimiterile
admin-similarity-reindex-hint = (pentru trimiterile făcute înainte de instalarea detectării copiilor)
admin-similarity-reindexing = Reindexare în fundal: perechile sunt recalculate trimitere cu trimitere.
admin-similarity-base-changed = Codul de bază s-a schimbat: toate trimiterile sunt reindexate în fundal.
# A pair side by side; $a and $b are submission numbers (#12), $title the contest's.
admin-pair-page-title = { $a } și { $b } · { $title }
# $a and $b: a username and a submission number each (ada #12).
admin-pair-heading = { $a } și { $b }
admin-pair-back = trimiterile asemănătoare din { $title }
admin-pair-stored = Asemănare { $percent } % ({ $shared ->
    [one] o amprentă comună
    [few] { $shared } amprente comune
   *[other] { $shared } de amprente comune
})
admin-pair-regions = { $regions ->
    [one] O porțiune comună
    [few] { $regions } porțiuni comune
   *[other] { $regions } de porțiuni comune
} de cel puțin 12 atomi, cea mai lungă de { $longest } atomi. Codul de bază nu este marcat. Apasă pe o porțiune marcată ca să vezi corespondenta ei din cealaltă parte.

## Queue status.
admin-status = Stare
admin-status-heading = Starea cozilor
admin-status-queue = Coadă
admin-status-queued = În coadă
admin-status-running = În desfășurare
admin-status-done = Terminate
admin-status-failed = Eșuate
admin-status-cancelled = Anulate
admin-status-compile = Compilare
admin-status-games = Partide
admin-status-attempts = O partidă este încercată de cel mult { $attempts } ori (de fiecare dată un worker s-a oprit sau și-a pierdut rezervarea); apoi este eșuată, meciul ei rămâne în afara clasamentului, iar o rejurizare a concursului o joacă din nou.
admin-status-sharing = Concursuri care împart sloturile de joc
admin-status-sharing-none = Niciun concurs nu are partide în coadă.
admin-status-contest = Concurs
admin-status-share = Pondere
admin-status-oldest-wait = Cea mai lungă așteptare
admin-status-slot-time = Timp de slot folosit
admin-status-sharing-explained = Concursurile cu partide în coadă împart sloturile de joc după timpul de slot pe care îl folosesc partidele lor, proporțional cu setarea lor <code>share</code> (implicit 1), nu în ordinea sosirii: următorul slot liber joacă o partidă a primului concurs din listă. În cadrul unui concurs, meciurile de test au prioritate, apoi primul meci al fiecărei trimiteri înaintea următorului meci al oricui.
admin-status-running-games = Partide în desfășurare
admin-status-running-none = Nicio partidă nu se joacă acum.
admin-status-game = Partidă
admin-status-players = Jucători
admin-status-worker = Worker
admin-status-attempt = Încercarea
admin-status-started = Începută
admin-status-lease-until = Rezervare până la
admin-status-failed-games = Partide eșuate
admin-status-failed-none = Nicio partidă eșuată.
admin-status-attempts-col = Încercări
admin-status-why = Motiv
admin-status-workers = Workeri
admin-status-workers-none = Niciun worker nu a fost văzut.
admin-status-heartbeat = Ultimul semnal
admin-status-games-running = Partide în desfășurare
admin-status-state = Stare
admin-status-stale = <strong>inactiv</strong> (niciun semnal de peste un minut)
admin-status-alive = activ
# A time and how long ago it was (or how far ahead it is), e.g. "12 s ago".
admin-status-time-ago = { $time } (acum { $duration })
admin-status-time-ahead = { $time } (peste { $duration })

## Every submission.
admin-submissions = Trimiteri
admin-submissions-contest = Concurs
admin-submissions-student = Student
admin-submissions-student-placeholder = nume de utilizator sau poreclă
admin-submissions-language = Limbaj
admin-submissions-status = Stare
admin-submissions-when = Când
admin-submissions-count = { $count ->
    [one] o trimitere
    [few] { $count } trimiteri
   *[other] { $count } de trimiteri
}
admin-submissions-sources-zip = toate sursele curente din { $contest } (zip)
admin-submissions-none = Nicio trimitere nu corespunde.
# A submission's status.
admin-submission-queued = în coadă
admin-submission-compiling = se compilează
admin-submission-compile-error = eroare de compilare
admin-submission-ready = gata
admin-submission-superseded = înlocuită
admin-submission-disqualified = descalificată

## Users.
admin-users = Utilizatori
admin-users-search = Caută
admin-users-search-placeholder = nume de utilizator, nume afișat sau poreclă
admin-users-only-disabled = doar conturile dezactivate
admin-users-count = { $count ->
    [one] un utilizator
    [few] { $count } utilizatori
   *[other] { $count } de utilizatori
}
admin-users-count-disabled = { $count ->
    [one] un utilizator dezactivat
    [few] { $count } utilizatori dezactivați
   *[other] { $count } de utilizatori dezactivați
}
admin-users-count-matching = { $count ->
    [one] un utilizator
    [few] { $count } utilizatori
   *[other] { $count } de utilizatori
} pentru „{ $q }”
admin-users-count-matching-disabled = { $count ->
    [one] un utilizator dezactivat
    [few] { $count } utilizatori dezactivați
   *[other] { $count } de utilizatori dezactivați
} pentru „{ $q }”
# $users: one of the counts above.
admin-users-count-page = { $users } · pagina { $page } din { $pages }
admin-users-disabling-explained = Dezactivarea unui cont îi încheie sesiunile și îi refuză autentificările și tokenurile API; trimiterile și locul în clasament rămân.
admin-users-col-username = Nume de utilizator
admin-users-col-display-name = Nume afișat
admin-users-col-nickname = Poreclă
admin-users-col-last-login = Ultima autentificare
admin-users-col-submissions = Trimiteri
admin-users-col-account = Cont
admin-users-col-actions = Acțiuni
admin-users-badge-admin = admin
admin-users-their-submissions = trimiterile sale
admin-users-disabled-since = <strong class="error">dezactivat</strong> din { $since }
admin-users-active = activ
admin-users-never = niciodată
admin-users-enable = Activează
admin-users-disable = Dezactivează
admin-users-reset-password = Resetează parola
admin-users-none = Niciun utilizator nu corespunde.
admin-users-reset-heading = Resetarea unei parole
admin-users-reset-explained = Pentru un student care și-a uitat parola: parola redevine numele de utilizator, iar la următoarea autentificare trebuie aleasă una nouă (porecla rămâne). Sesiunile sale deschise se încheie.
admin-users-reset-done = Parola lui <strong>{ $username }</strong> este acum numele său de utilizator.
admin-users-username = Nume de utilizator
admin-users-import-heading = Importul utilizatorilor
admin-users-import-explained = Câte un student pe linie: <code>username[,display name]</code> (nume de utilizator[,nume afișat]). Prima parolă este numele de utilizator; fiecare student își alege una nouă (și o poreclă) la prima autentificare. Numele de utilizator existente rămân neschimbate.
admin-users-import-line = linia { $line }: { $error }
admin-users-roster = Lista studenților (CSV)
admin-users-import = Importă utilizatorii
admin-users-import-empty = Lipește lista: câte un nume_de_utilizator[,nume afișat] pe linie.
admin-users-imported = { $created ->
    [one] Un utilizator creat
    [few] { $created } utilizatori creați
   *[other] { $created } de utilizatori creați
}; existau deja: { $existing }.
admin-users-import-some-failed = Unele linii nu au fost importate; vezi mai jos.
admin-users-no-such-user = Nu există utilizatorul „{ $username }”.
admin-users-reset-button = Resetează parola
admin-users-reset-question = Resetezi parola lui { $username }?
admin-users-reset-consequence = Parola lui { $username } devine numele său de utilizator și trebuie schimbată la următoarea autentificare; sesiunile sale deschise se încheie acum.
admin-users-disable-self = Nu îți poți dezactiva propriul cont.
admin-users-disable-button = Dezactivează contul
admin-users-disable-question = Dezactivezi contul { $username }?
admin-users-disable-consequence = { $username } nu se mai poate autentifica: sesiunile sale deschise se încheie imediat, iar tokenurile API sunt revocate (reactivarea contului nu le readuce). Trimiterile, meciurile și locul în clasament rămân. Poți reactiva contul oricând.
admin-users-is-disabled = Contul { $username } este dezactivat.
admin-users-is-enabled = Contul { $username } este activat.
admin-users-was-disabled = Contul { $username } era deja dezactivat.
admin-users-was-enabled = Contul { $username } era deja activat.

## Why a field of the contest forms (or a setting sent to the API) is refused. The values quoted
## (`{ $value }`) and the names of settings and languages stay as written.
# $field: the field's or setting's name; $problem: one of the messages below.
admin-field-error = { $field }: { $problem }
admin-field-slug = folosiți între 1 și 64 de litere mici, cifre și cratime (nu pe primul loc)
# $valid: the games' ids, comma-separated.
admin-field-unknown-game = joc necunoscut `{ $name }` (valide: { $valid })
admin-field-title-long = cel mult { $max } caractere
admin-field-not-key-value = `{ $text }` nu are forma CHEIE=VALOARE
admin-field-no-language = activați cel puțin un limbaj
# $unknown, $configured: language ids, comma-separated.
admin-field-unknown-languages = limbaj necunoscut { $unknown } (configurate: { $configured })
admin-field-unknown-factor-language = limbaj necunoscut `{ $language }` (configurate: { $configured })
admin-field-none-configured = niciun limbaj nu este configurat
admin-field-house-bot = nivel necunoscut de bot al casei `{ $name }` (valide: { $valid })
admin-field-share = `{ $value }` nu este un număr între 0,01 și 100
admin-field-time-factor = `{ $value }` nu este un număr de la 0,1 la 10 cu cel mult două zecimale
admin-field-format = `{ $value }` nu este nici round_robin, nici ladder
admin-field-count = `{ $value }` nu este un număr întreg între 1 și { $max }
admin-field-time-zone = `{ $value }` nu este un fus orar din baza de date IANA
admin-field-language = `{ $value }` nu este unul dintre en, zh-CN, ro, bg, fi
admin-field-practice-opponent = adversar de antrenament necunoscut `{ $name }` (valide: house, own, all, none)
admin-field-seconds = `{ $value }` nu este un număr întreg de secunde între 0 și 10000000
admin-field-deadline = `{ $value }` nu este o dată și o oră precum 2026-12-31T23:59:00Z
# $game: the game's id; $valid: its settings' names.
admin-field-unknown-setting = setare necunoscută `{ $name }` pentru { $game } (valide: { $valid })
# $why: one of the admin-value-… messages.
admin-field-bad-value = valoare greșită `{ $value }` pentru `{ $name }`: { $why }
admin-value-not-whole = nu este un număr întreg
admin-value-range = trebuie să fie între { $min } și { $max }
admin-value-range-cols = trebuie să fie între { $min } și { $max }: codurile de final 10, 11 și 12 (ai câștigat, ai pierdut, remiză) nu pot fi numere de coloană
# $form: WxH or WxHxMS (width x height x tick milliseconds), as written in the setting.
admin-value-board-form = fiecare tablă trebuie scrisă ca { $form }
admin-value-board-numbers = fiecare tablă trebuie scrisă ca { $form }, cu numere întregi
admin-value-width = lățimea trebuie să fie între { $min } și { $max }
admin-value-height = înălțimea trebuie să fie între { $min } și { $max }
admin-value-even = laturile trebuie să fie pare
admin-value-tick = pasul de timp trebuie să fie între { $min } și { $max } ms
admin-value-factor-name = numele trebuie să fie time_factor.LIMBAJ, unde LIMBAJ este id-ul unui limbaj
admin-value-factor = un număr de la 0,1 la 10 cu cel mult două zecimale

## Why a line of an imported roster is refused.
admin-users-import-quote = o ghilimea nu este închisă
admin-users-import-unreadable = un câmp nu a putut fi citit
# $problem: one of the messages below (or why a name is reserved).
admin-users-import-name = `{ $username }`: { $problem }
admin-users-import-fields = se aștepta `username` sau `username,display name` (nume de utilizator, opțional cu numele afișat)
admin-users-import-looks-like = `{ $username }` seamănă cu numele contului `{ $other }` (un student s-ar putea da drept altul)
admin-users-import-username-length = un nume de utilizator are între 1 și 64 de caractere
admin-users-import-username-chars = un nume de utilizator poate conține doar litere, cifre și . _ - @
admin-users-import-display-length = un nume afișat are cel mult 200 de caractere
admin-users-import-display-control = un nume afișat nu poate conține caractere de control

## Stored reasons, worded when shown.
# A source over the similarity parser's budget: why its grammar did not read it.
admin-similarity-why-size = { $kib } KiB (peste { $max } KiB): citită de lexerul simplu
admin-similarity-why-tokens = peste { $max } de atomi: citită de lexerul simplu
admin-similarity-why-depth = paranteze imbricate pe { $depth } niveluri (peste { $max }): citită de lexerul simplu
admin-similarity-why-slow = analizorul sintactic a durat peste { $seconds } s: citită de lexerul simplu
admin-similarity-why-truncated = doar primii săi { $tokens } de atomi sunt indexați
# $why: one of the admin-similarity-why-… messages above.
admin-similarity-why-and-truncated = { $why }; doar primii săi { $tokens } de atomi sunt indexați
# A line of the list of sources over the budget, after who submitted it: $language (an id), $why.
admin-similarity-over-budget-line = { $language }: { $why }
# A game that failed in the judge (the status page's "Why" column).
admin-status-given-up = Abandonată după { $attempts ->
    [one] o încercare
    [few] { $attempts } încercări
   *[other] { $attempts } de încercări
}: de fiecare dată workerul ei s-a oprit, și-a pierdut rezervarea sau nu a putut-o rula (o defecțiune a evaluatorului, nu a boților). O reevaluare o joacă din nou.
