profile-preferences = Limba și fusul orar
profile-language = Limba
profile-language-auto = Cum cere browserul meu
profile-time-zone = Fusul orar
profile-time-zone-hint = Un nume IANA, de exemplu Europe/Bucharest; gol afișează fusul fiecărui concurs.
profile-save-preferences = Salvează
profile-preferences-saved = Limba și fusul orar au fost salvate.
profile-time-zone-unknown = „{ $zone }” nu este numele unui fus orar; alegeți unul din listă, de exemplu Europe/Bucharest.
profile-language-unknown = Această limbă nu este disponibilă; alegeți English, 简体中文, Română, Български sau Suomi.
profile-token-never-used = niciodată

profile-title = Profil
profile-heading = Profilul lui { $username }
profile-nickname = Pseudonim
profile-nickname-shown = Afișat în clasament
profile-nickname-change = Schimbă pseudonimul
profile-nickname-changed = Pseudonimul a fost schimbat.
profile-password = Parolă
profile-password-current = Parola curentă
profile-password-new = Parola nouă
profile-revoke-tokens = revocă și tokenurile mele API
profile-password-hint = Celelalte sesiuni ale tale (alte browsere, alte dispozitive) sunt deconectate.
profile-password-change = Schimbă parola
profile-password-current-missing = Introdu parola curentă.
profile-password-current-wrong = Parola curentă nu este corectă.
profile-password-changed = Parola a fost schimbată. Celelalte sesiuni ale tale sunt deconectate.
profile-password-changed-tokens = Parola a fost schimbată. Celelalte sesiuni ale tale sunt deconectate și { $count ->
    [one] tokenul tău API a fost revocat
    [few] cele { $count } tokenuri API ale tale au fost revocate
   *[other] cele { $count } de tokenuri API ale tale au fost revocate
}.
profile-tokens = Tokenuri API
profile-tokens-hint = Pentru scripturi: trimite <code>Authorization: Bearer &lt;token&gt;</code> către punctele de acces <code>/api</code>.
profile-token-new = Tokenul tău nou (copiază-l acum, nu mai este afișat):
profile-tokens-none = Nu ai niciun token.
profile-token-name = Nume
profile-token-created = Creat
profile-token-last-used = Folosit ultima dată
profile-token-revoke = Revocă
profile-token-placeholder = de ex. laptopul meu
profile-token-create = Creează un token
profile-token-revoked = Tokenul a fost revocat.
