# What the platform's own contest settings do (those only admins set; the rules page explains the
# game's settings and the submission limits in rules.ftl), by the setting's name: setting-<name>.

setting-scoreboard_refresh_s = sekunteja tulostaulukon uudelleenlaskentojen välillä (oletus 600)
setting-languages = käytössä olevien kielten tunnisteet pilkuin eroteltuina (oletus: kaikki määritetyt)
setting-house_bots = lisävastustajina pelaavien talon bottien tasot pilkuin eroteltuina (oletus: ei yhtään)
setting-share = kilpailun paino, kun jonossa olevia pelejä sisältävät kilpailut jakavat pelipaikat pelien käyttämän paikka-ajan mukaan: kilpailu, jonka share on 2, saa kaksinkertaisesti paikka-aikaa verrattuna kilpailuun, jonka share on 1 (oletus 1)
setting-practice_opponents = ketä vastaan opiskelijat voivat pelata harjoituspelejä selaimessa: house (talon botit), own (oma palautus), all (kenen tahansa opiskelijan palautus) pilkuin eroteltuina, tai none (oletus house,own)
setting-format = round_robin (ottelu jokaista palautusparia kohden) tai ladder (otteluparit valitsee pariutusohjelma, järjestys luokituksen mukaan) (oletus round_robin)
setting-ladder_games_per_hour = ladderin pelejä tunnissa enintään, 1–1000000 (oletus 600)
setting-ladder_max_repeats = ladderin otteluita samojen kahden palautuksen välillä enintään, 1–1000 (oletus 10)
setting-time_zone = IANA-aikavyöhyke, jolla kilpailun ajat näytetään ja jonka mukaan ilman poikkeamaa annettu määräaika luetaan, esim. Asia/Shanghai (oletus: palvelimen)
setting-language = sivujen kieli lukijoille, jotka eivät ole valinneet kieltä: en, zh-CN, ro, bg tai fi (oletus: palvelimen)
