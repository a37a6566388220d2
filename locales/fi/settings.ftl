# What each contest setting does, by the setting's name (setting-<name>); $game is the contest's game id
# (checkers, connect4, one-two-three, mathtricks, tron), empty when no game is chosen yet.

setting-start_ms = { $game ->
    [connect4] ei käytössä tässä pelissä (aloitusviestiä, johon vastata, ei ole)
    [one-two-three] ei käytössä tässä pelissä (jokainen siirto on ohjelman uusi ajo, jonka aikaa mittaa move_ms)
   *[other] aika vastata ensimmäiseen viestiin, ms
}
setting-move_ms = { $game ->
    [tron] ei käytössä tässä pelissä (tron etenee kellon tahdissa, katso boards)
   *[other] aika siirtoa kohden, ms
}
setting-bank_ms = { $game ->
    [tron] ei käytössä tässä pelissä (tron etenee kellon tahdissa)
   *[other] miettimisaika peliä kohden, ms; 0 = ei aikapankkia
}
setting-memory_mib = botin muistiraja, MiB
setting-games = pelejä ottelua kohden (puolet vaihtuvat)
setting-max_rounds = kierroksia ennen pisteytystä
setting-rows = ruudukon rivit
setting-cols = ruudukon sarakkeet (enintään 10: lopetuskoodit 10, 11 ja 12 eivät saa olla sarakkeiden numeroita)
setting-connect = voittoon tarvittavien kiekkojen määrä rivissä
setting-boards = { $game ->
    [tron] pelilaudat muodossa leveys x korkeus x tahti ms; kukin pelataan kummankin botin aloittaessa
    [one-two-three] pelilaudat muodossa sarakkeet x rivit; kukin pelataan kummankin botin aloittaessa
   *[other] pelilaudat muodossa leveys x korkeus; kukin pelataan kummankin botin aloittaessa
}
setting-submit_interval_s = käyttäjän kahden palautuksen välinen vähimmäisaika sekunteina (oletus 60)
setting-daily_budget_s = laskentasekunnit, jotka käyttäjän käännökset ja pelit saavat käyttää päivässä (oletus 3600)
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
setting-time_factor = kertoo kyseisellä kielellä kirjoitettujen bottien aloitusajan, siirtoajan ja aikapankin, esim. time_factor.python=3; luku väliltä 0,1–10 (oletus 1)
