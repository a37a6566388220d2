# Aspectul fiecărei pagini: bara de navigare, subsolul, pagina de eroare și textele comune.

nav-contests = Concursuri
nav-new-contest = Concurs nou
nav-users = Utilizatori
nav-status = Stare
nav-log-out = Deconectare

footer-language = Limba
footer-language-change = Schimbă
footer-time-zone = Orele sunt afișate în fusul { $zone }.

error-not-found = Nu a fost găsit
error-not-allowed = Nu este permis
error-log-in = Vă rugăm să vă autentificați
error-too-many = Prea multe cereri
error-too-large = Prea mare
error-bad-request = Cerere greșită
error-conflict = Conflict
error-busy = Server ocupat
error-server = Eroare de server
error-back = Înapoi la concursuri

countdown-left = { $days ->
    [0] mai sunt { $hours } h { $minutes } min
    [one] mai este { $days } zi, { $hours } h { $minutes } min
    [few] mai sunt { $days } zile, { $hours } h { $minutes } min
   *[other] mai sunt { $days } de zile, { $hours } h { $minutes } min
}
countdown-closed = închis
deadline-none = niciunul

## Units written next to numbers (the number as the language writes it).
unit-ms = { $n } ms
# A number of milliseconds that is whole tenths of a second, with it in seconds ($s).
unit-ms-seconds = { $n } ms ({ $s } s)
unit-s = { $n } s
unit-kib = { $n } KiB
unit-mib = { $n } MiB
