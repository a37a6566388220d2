# Mesajele de eroare: „message” din răspunsul API {"error": cod, "message": …} și textul paginii de eroare.
# Textul dintre `apostrofuri inverse` este un nume de câmp, un antet sau o valoare de tastat: rămâne neschimbat.

error-no-such = { $thing ->
    [contest] Acest concurs nu există.
    [submission] Această trimitere nu există.
    [contest-submission] Această trimitere nu există în acest concurs.
    [game] Această partidă nu există.
    [practice-game] Această partidă de antrenament sau acest concurs nu există.
    [test-match] Acest meci de test nu există.
    [user] Acest utilizator nu există.
    [token] Acest token API nu există.
    [log] Această partidă nu are jurnal.
    [base-file] Acest fișier de bază nu există.
    [file] Acest fișier nu există.
    [api-endpoint] Acest endpoint API nu există.
   *[page] Această pagină nu există.
}
error-internal = Ceva nu a mers bine pe server; eroarea a fost înregistrată.
error-password-busy = Serverul este ocupat cu verificarea altor autentificări. Încercați din nou în câteva secunde.

## Cine ce poate face
error-csrf = Acest formular a expirat sau nu a fost trimis de pe acest site. Reveniți, reîncărcați pagina și încercați din nou.
error-admins-only = Această pagină este doar pentru administratori.
error-admins-only-action = Doar administratorii pot face acest lucru.
error-admins-change-settings = Doar administratorii modifică setările concursului.
error-admins-refresh-scoreboard = Doar administratorii reîmprospătează clasamentul.
error-admins-announce = Doar administratorii publică anunțuri.
error-admins-queue = Doar administratorii văd coada.
error-admins-similarity = Doar administratorii văd detectarea copierii.
error-admins-metrics = Doar administratorii citesc metricile.
error-metrics-log-in = Autentificați-vă ca administrator sau trimiteți tokenul API al unui administrator ca `Authorization: Bearer <token>`.
error-game-log-forbidden = Doar proprietarii boților din partidă și administratorii îi pot citi jurnalul.
error-not-your-submission = Aceasta este trimiterea altui utilizator.
error-not-your-submission-page = Aceasta este trimiterea altui utilizator; le puteți vedea doar pe ale dumneavoastră.
error-account-disabled = Acest cont este dezactivat; adresați-vă echipei cursului.
error-api-token-missing = Trimiteți un token API ca `Authorization: Bearer <token>` (îl puteți crea pe pagina profilului).
error-api-token-malformed = Acest token API nu este valid.
error-api-token-unknown = Acest token API nu este valid sau a fost revocat.

## Formulare și corpul cererilor
error-form-content-type = Trimiteți formularul ca `application/x-www-form-urlencoded`, așa cum face un browser.
error-form-too-large = Formularul este prea mare.
error-form-unread = Formularul nu a putut fi citit; trimiteți-l din nou.
error-form-invalid = Formularul nu este valid: { $detail }.
error-form-too-many-fields = Formularul are mai mult de { $max } de câmpuri; niciun formular al acestui site nu are atâtea.
error-field-name-utf8 = Un nume de câmp nu este UTF-8 valid.
error-field-name-control = Un nume de câmp conține un caracter de control ({ $code }).
error-field-utf8 = `{ $field }` nu este text UTF-8 valid.
error-field-nul = `{ $field }` conține un caracter NUL (U+0000), pe care niciun compilator nu îl acceptă.
error-field-control = `{ $field }` conține un caracter de control ({ $code }), pe care niciun câmp nu îl poate conține.
error-field-too-long = `{ $field }` are { $size } octeți; se acceptă cel mult { $max } octeți.
error-json-content-type = Trimiteți corpul ca JSON, cu `Content-Type: application/json`.
error-body-too-large = Corpul cererii este prea mare.
error-body-unread = Corpul cererii nu a putut fi citit; trimiteți-l din nou.
error-json-too-many-values = Corpul are mai mult de { $max } de valori; niciun corp al acestui API nu are atâtea.
error-json-invalid = Corpul nu este JSON valid: { $detail }
error-json-body-type = Corpul nu are forma așteptată: { $detail }
error-json-field-type = `{ $field }`: { $detail }
error-submission-param = Dați `?submission=<id>`.
error-bad-window = `offset` și `limit` sunt numere de rânduri (0 sau mai mult).
error-revoke-tokens = `revoke_tokens` este 1 când este bifat.
error-setting-type = `{ $setting }`: dați un text sau un număr.
error-invalid-settings = Unele setări nu sunt valide: { $detail }
error-language-not-enabled = Limbajul `{ $language }` nu este activat în acest concurs (activate: { $enabled }).
error-no-starter = Nu există încă un program de pornire { $language } pentru { $game }.

## Concursuri și trimiteri
error-already-disqualified = Această trimitere este deja descalificată.
error-not-current = Doar o trimitere curentă este reevaluată: aceasta este înlocuită, descalificată sau încă necompilată.
error-deadline-passed = Termenul limită al acestui concurs ({ $deadline }) a trecut; nu se mai acceptă trimiteri.
error-deadline-passed-no-date = Termenul limită al acestui concurs a trecut; nu se mai acceptă trimiteri.
error-no-language = Alegeți un limbaj: unul dintre { $choices }.
error-unknown-language = `{ $language }` nu este un limbaj al acestui concurs; alegeți unul dintre: { $choices }.
error-language-unavailable = { $language } nu poate fi folosit pe acest server ({ $detail }); administratorul serverului îl poate instala. Alegeți alt limbaj.
error-empty-source = Sursa este goală: lipiți-o sau alegeți un fișier.
error-source-too-large = Sursa are { $size } octeți; se acceptă cel mult { $max } octeți ({ $kib } KiB).
error-submit-form-too-large = Formularul este prea mare; se acceptă surse de cel mult { $kib } KiB.
error-too-soon = Puteți trimite o dată la { $interval ->
        [one] o secundă
        [few] { $interval } secunde
       *[other] { $interval } de secunde
    }; încercați din nou peste { $wait ->
        [one] o secundă
        [few] { $wait } secunde
       *[other] { $wait } de secunde
    }.
error-budget-used = Ați folosit bugetul zilnic de calcul de { $budget ->
        [one] o secundă
        [few] { $budget } secunde
       *[other] { $budget } de secunde
    }; se reînnoiește la miezul nopții UTC.
error-announcement-empty = Un anunț trebuie să aibă text.
error-announcement-too-long = Un anunț are cel mult { $max } de octeți.
error-base-file-empty = Un fișier de bază are nevoie de un nume și de o sursă.
error-base-file-language = `{ $language }` nu este un limbaj al acestui server; unul dintre: { $choices }.
error-base-file-too-large = Un fișier de bază are cel mult { $kib } KiB.

## Partide de antrenament și meciuri de test
error-unknown-opponent = Adversar necunoscut `{ $opponent }`: un adversar este `house:<level>` ({ $levels }) sau numărul unei trimiteri.
error-unknown-house-level = Nivel necunoscut al botului casei `{ $level }` (unul dintre: { $levels }).
error-no-such-opponent = Nu există o trimitere curentă #{ $id } în acest concurs.
error-no-test-opponent = Nu există o trimitere #{ $id } în acest concurs contra căreia să jucați: un adversar este un nivel al casei, una dintre trimiterile dumneavoastră compilate sau trimiterea curentă a altui student.
error-no-boards = Acest joc nu se joacă pe table la alegere.
error-bad-board = Tabla `{ $board }`: { $detail }
error-unknown-seat = Loc necunoscut `{ $seat }` (unul dintre: first, second).
error-practice-not-allowed = { $opponents ->
    [house] Acest concurs nu vă permite să vă antrenați contra boților casei.
    [own] Acest concurs nu vă permite să vă antrenați contra propriei trimiteri.
   *[others] Acest concurs nu vă permite să vă antrenați contra trimiterilor altor studenți.
}
error-test-match-not-allowed = { $opponents ->
    [house] Acest concurs nu vă permite meciuri de test contra boților casei.
    [own] Acest concurs nu vă permite meciuri de test contra propriei trimiteri.
   *[others] Acest concurs nu vă permite meciuri de test contra trimiterilor altor studenți.
}
error-already-playing = Jucați deja o partidă de antrenament ({ $game }); terminați-o sau părăsiți-o mai întâi.
error-practice-full = Serverul rulează câte partide de antrenament poate ({ $max }); încercați din nou peste un minut.
error-practice-too-many = Ați început { $limit ->
        [one] o partidă
        [few] { $limit } partide
       *[other] { $limit } de partide
    } de antrenament în ultima oră, cât permite acest server; puteți începe alta peste { $minutes ->
        [one] un minut
        [few] { $minutes } minute
       *[other] { $minutes } de minute
    }.
error-practice-unavailable = Partidele de antrenament nu sunt disponibile pe acest server.
error-practice-other-site = Această pagină nu poate deschide partida altui site.
error-practice-log-in = Autentificați-vă sau trimiteți un token API ca `Authorization: Bearer <token>`.
error-socket-message = Trimiteți {"{"}"move": "…"{"}"} sau {"{"}"leave": true{"}"}.
error-not-your-turn = Nu este rândul dumneavoastră.
error-game-over = Partida s-a încheiat.
error-not-a-direction = `{ $text }` nu este o direcție (+X, -X, +Y, -Y).
error-illegal-move = Mutare nepermisă: { $detail }
error-no-submission = Nu aveți încă nicio trimitere compilată în acest concurs: un meci de test joacă trimiterea dumneavoastră curentă.
error-test-match-running = Meciul dumneavoastră de test { $id } este încă în coadă sau în desfășurare; câte unul pe rând.

## Dame: regula încălcată de o mutare refuzată. $square: (rând,coloană).
error-checkers-too-few-squares = o mutare enumeră cel puțin 2 pătrate (plecarea și destinația).
error-checkers-off-board = { $square } este în afara tablei: rândurile și coloanele sunt 0-7.
error-checkers-not-dark = { $square } nu este un pătrat închis: piesele stau doar unde rând + coloană este impar.
error-checkers-no-piece = pe { $square } nu este nicio piesă de-a dumneavoastră.
error-checkers-not-diagonal = de la { $from } la { $to } nu este nici un pas în diagonală, nici o săritură în diagonală.
error-checkers-steps-chained = un pas simplu mută un singur pătrat; doar săriturile se pot înlănțui.
error-checkers-capture-compulsory = există o captură posibilă, iar capturarea este obligatorie.
error-checkers-occupied = { $square } este ocupat.
error-checkers-man-backwards = un pion merge doar înainte (spre rândul { $row } pentru { $side ->
        [black] Negru
       *[white] Alb
    }); doar damele merg înapoi.
error-checkers-step-after-jump = un lanț este format doar din sărituri: un pas simplu nu poate urma unei sărituri.
error-checkers-nothing-to-jump = nu există nicio piesă de sărit pe { $square }.
error-checkers-own-piece = pe { $square } este propria dumneavoastră piesă: se pot sări doar piesele adversarului.
error-checkers-jumped-twice = { $square } a fost deja sărit în acest lanț.
error-checkers-majority = lanțul capturează { $count ->
        [one] o piesă
        [few] { $count } piese
       *[other] { $count } de piese
    }, dar se pot captura { $most }: cea mai lungă captură este obligatorie.

# O mutare tastată care nu este scrisă ca mutările jocului (mutările de antrenament din API).
error-move-malformed = Aceasta nu este scrisă ca o mutare a acestui joc: vedeți cum scriu regulile o mutare.

## Connect4: regula încălcată de o mutare refuzată, afișată după „Mutare nepermisă:”.
error-connect4-out-of-range = coloana { $column } nu este pe tablă: coloanele sunt de la 0 la { $last }.
error-connect4-full = coloana { $column } este plină.

## MathTricks: regula încălcată de o mutare refuzată. $cell și $from: o celulă scrisă „x y”.
error-mathtricks-off-board = celula { $cell } este în afara tablei de { $width }x{ $height }.
error-mathtricks-not-neighbour = celula { $cell } nu este vecină cu pionul dumneavoastră de pe { $from }.
error-mathtricks-visited = celula { $cell } a fost deja vizitată.

## Unu-doi-trei: regula încălcată de o tablă refuzată.
error-ott-cell = rândul { $row }, coloana { $column }
error-ott-wrong-size = tabla are { $cols } coloane pe { $rows } rânduri, dar răspunsul are { $answer_cols } coloane pe { $answer_rows } rânduri.
error-ott-opponents-cell = { $cell } conține litera adversarului, { $theirs }: o piesă acoperă doar celule libere și pe ale dumneavoastră.
error-ott-letter-removed = { $cell } conținea { $mine } și a fost schimbată în { $now }: o mutare nu șterge niciodată o literă.
error-ott-wrong-letter = { $cell } a fost completată cu { $theirs }, dar este rândul lui { $mine } să mute.
error-ott-unchanged = nu a fost completată nicio celulă liberă: tabla este neschimbată.
error-ott-too-many = { $count ->
        [one] a fost completată o celulă
        [few] au fost completate { $count } celule
       *[other] au fost completate { $count } de celule
    }; o piesă este o linie dreaptă de cel mult 3 celule.
error-ott-not-in-line = celulele completate ({ $cells }) nu sunt pe aceeași linie orizontală, verticală sau diagonală.
error-ott-too-long = celulele completate ({ $cells }) se întind pe { $span } celule; o piesă acoperă cel mult 3 celule alăturate.
error-ott-through-opponent = piesa de la { $from } la { $to } trece prin { $middle }, care conține litera adversarului, { $theirs }.
error-ott-gap-left = { $from } și { $to } nu sunt alăturate, iar { $middle } dintre ele a rămas liberă.

# Începerea finalei unui concurs.
error-finals-before-deadline = Finala începe la termenul limită al concursului sau după el.
error-finals-started = Finala acestui concurs a început deja.
error-finals-too-few = Finala are nevoie de cel puțin doi studenți cu o trimitere compilată.
error-finals-bad = Setările finalei nu sunt valide: { $why }
error-finals-top-not-a-number = Numărul de finaliști este un număr întreg.
error-finals-not-an-assignment = „{ $word }” nu are forma NUME=VALOARE.
error-finals-admins-only = Doar administratorii pot începe finala.
error-finals-not-started = Finala acestui concurs nu a început.
