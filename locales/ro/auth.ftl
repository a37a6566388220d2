# Logging in and the first login's welcome page; the problems a nickname or a new password can have.

login-title = Autentificare
login-username = Nume de utilizator (numărul tău matricol)
login-password = Parolă
login-button = Intră
login-first-time = Prima dată aici? Parola ta este numele de utilizator; vei alege una nouă.
login-missing = Introdu numele de utilizator și parola.
login-throttled-address = Prea multe autentificări eșuate de la adresa ta. Încearcă din nou peste { $seconds ->
    [one] { $seconds } secundă
    [few] { $seconds } secunde
   *[other] { $seconds } de secunde
}.
login-throttled-username = Prea multe autentificări eșuate pentru acest nume de utilizator. Încearcă din nou peste { $seconds ->
    [one] { $seconds } secundă
    [few] { $seconds } secunde
   *[other] { $seconds } de secunde
}.
login-busy = Serverul este ocupat cu verificarea altor autentificări. Încearcă din nou în câteva secunde.
login-wrong = Nume de utilizator sau parolă greșite.

welcome-title = Bun venit
# $name is the student's name from the roster (or their username).
welcome-heading = Bun venit, { $name }
welcome-intro = Înainte să începi, alege pseudonimul pe care clasamentul îl arată tuturor și o parolă nouă.
welcome-nickname = Pseudonim
welcome-password = Parolă nouă (cel puțin 8 caractere)
welcome-button = Salvează și continuă
auth-password-again = Parola nouă din nou

auth-nickname-taken = Alt utilizator are acest pseudonim sau nume de utilizator, ori unul care arată la fel.
auth-passwords-differ = Cele două parole diferă.
auth-nickname-length = Folosește între 2 și 32 de caractere.
auth-nickname-invisible = Fără caractere de control, de formatare sau invizibile (cum ar fi spațiile de lățime zero sau marcajele de direcție) și fără alte spații decât cel obișnuit.
auth-nickname-spaces = Fără spații la capete.
auth-nickname-marks = Fără semne diacritice combinate singure sau îngrămădite.
auth-nickname-scripts = Folosește literele unei singure scrieri (latină, chirilică, greacă, chineză... fiecare separat; cifrele și punctuația merg cu oricare): un nume care amestecă scrieri îl poate imita pe al altcuiva.
auth-nickname-letters = Folosește doar litere de uz curent (profilul general de securitate Unicode): majusculele mici și alte litere fonetice sau istorice le pot imita pe cele obișnuite.
auth-nickname-reserved = `admin`, `root` și `system` sunt rezervate (și niciun nume nu poate arăta ca ele).
auth-nickname-house = Numele care încep cu `house` sunt ale boților casei (și niciun nume nu poate arăta ca ele).
auth-nickname-staff = Numele care încep cu `staff` sunt ale administratorilor (și niciun nume nu poate arăta ca ele).
auth-password-short = Folosește cel puțin 8 caractere.
auth-password-long = Folosește cel mult 1024 de octeți.
auth-password-username = Alege o parolă diferită de numele de utilizator.
