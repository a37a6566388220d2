# What the platform's own contest settings do (those only admins set; the rules page explains the
# game's settings and the submission limits in rules.ftl), by the setting's name: setting-<name>.

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
