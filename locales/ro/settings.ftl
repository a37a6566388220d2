# What each contest setting does, by the setting's name (setting-<name>); $game is the contest's game id
# (checkers, connect4, one-two-three, mathtricks, tron), empty when no game is chosen yet.

setting-start_ms = { $game ->
    [connect4] nefolosit în acest joc (nu există un mesaj de start la care să se răspundă)
    [one-two-three] nefolosit în acest joc (fiecare mutare este o rulare nouă, cronometrată de move_ms)
   *[other] timpul de răspuns la primul mesaj, în ms
}
setting-move_ms = { $game ->
    [tron] nefolosit în acest joc (tron merge după ceas, vezi boards)
   *[other] timpul pe mutare, în ms
}
setting-bank_ms = { $game ->
    [tron] nefolosit în acest joc (tron merge după ceas)
   *[other] timpul de gândire pe partidă, în ms; 0 = fără rezervă de timp
}
setting-memory_mib = limita de memorie a unui bot, în MiB
setting-games = partide pe meci (cu schimbarea părților)
setting-max_rounds = runde până la punctare
setting-rows = rândurile grilei
setting-cols = coloanele grilei (cel mult 10: codurile de final 10, 11 și 12 nu pot fi numere de coloană)
setting-connect = discuri în linie care câștigă
setting-boards = { $game ->
    [tron] tablele, ca lățime x înălțime x tact în ms; fiecare se joacă o dată cu fiecare bot la mutare primul
    [one-two-three] tablele, ca coloane x rânduri; fiecare se joacă o dată cu fiecare bot la mutare primul
   *[other] tablele, ca lățime x înălțime; fiecare se joacă o dată cu fiecare bot la mutare primul
}
setting-submit_interval_s = secundele minime dintre două trimiteri ale unui utilizator (implicit 60)
setting-daily_budget_s = secundele de calcul pe care compilările și partidele unui utilizator le pot folosi pe zi (implicit 3600)
setting-scoreboard_refresh_s = secundele dintre două recalculări ale clasamentului (implicit 600)
setting-languages = identificatorii limbajelor activate, separați prin virgulă (implicit: toate cele configurate)
setting-house_bots = nivelurile boților casei care joacă drept adversari în plus, separate prin virgulă (implicit: niciunul)
setting-share = ponderea concursului când concursurile cu partide în coadă împart sloturile de joc după timpul de slot folosit de partidele lor: un concurs cu share 2 primește de două ori timpul de slot al unuia cu share 1 (implicit 1)
setting-practice_opponents = cu cine pot juca studenții partide de antrenament în browser: house (boții casei), own (propria trimitere), all (trimiterea oricărui student), separate prin virgulă, sau none (implicit house,own)
setting-format = round_robin (câte un meci pentru fiecare pereche de trimiteri) sau ladder (meciuri alese de un sistem de împerechere, clasament după rating) (implicit round_robin)
setting-ladder_games_per_hour = numărul maxim de partide pe oră într-un ladder, de la 1 la 1000000 (implicit 600)
setting-ladder_max_repeats = numărul maxim de meciuri între aceleași două trimiteri într-un ladder, de la 1 la 1000 (implicit 10)
setting-time_zone = fusul orar IANA în care se afișează orele concursului și în care se citește un termen limită fără decalaj, de exemplu Asia/Shanghai (implicit: al serverului)
setting-language = limba paginilor pentru cititorii care nu au ales una: en, zh-CN, ro, bg sau fi (implicit: a serverului)
setting-time_factor = înmulțește timpul de start, timpul pe mutare și rezerva de timp ale boților scriși în acel limbaj, de exemplu time_factor.python=3; un număr de la 0,1 la 10 (implicit 1)
