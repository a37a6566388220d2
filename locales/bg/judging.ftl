# Страниците на оценяването: класирането, матрицата на директните срещи, стълбицата, мачовете на едно предаване и страницата на една игра.

judging-scoreboard = Класиране
judging-scoreboard-title = Класиране · { $contest }
judging-rank = Място
judging-nickname = Псевдоним
judging-points = Точки
judging-wdl-title = победи/равни/загуби
judging-matches-wdl = Мачове П/Р/З
judging-games-wdl = Игри П/Р/З
judging-language = Език
judging-latest-submission = Последно предаване
judging-computed-at = изчислено в
judging-head-to-head-link = директни срещи
judging-head-to-head = Директни срещи
judging-next-refresh = следващо обновяване до <span id="next-refresh">{ $time }</span> (по-рано, когато се реши първият мач на състезанието или опашката от игри се изпразни)
judging-frozen = класирането е замразено
judging-no-entrants = Все още никой няма компилирано предаване.
judging-find-me = <a href="{ $href }">Намери ме</a> (място { $rank })
judging-rows-of = Редове { $first }–{ $last } от { $total }
judging-page = страница
judging-house-bots = Домашни ботове
judging-entrant = Участник
judging-games = Игри

judging-matrix-title = Директни срещи · { $contest }
judging-matrix-heading = { $contest }: директни срещи
judging-matrix-snapshot = от моментната снимка, изчислена в <span id="computed-at">{ $time }</span>
judging-matrix-hint = Всяка клетка съдържа точките на реда срещу колоната (3 победа, 1 равен, 0 загуба, според спечелените игри) и води към този мач; празна клетка е мач, който не е бил решен, когато е изчислена снимката. Колоните са номерирани по редовете; задръжте мишката над номер, за да видите името.
judging-matrix-column-title = { $name } (място { $rank })

judging-ladder-title = Стълбица · { $contest }
judging-ladder-heading = { $contest }: стълбица
judging-ladder-round-robin = Това състезание е всеки срещу всеки: редът му е този на класирането.
judging-ladder-hint = Подредено по предпазливата оценка μ − 3σ: ниво, което всеки бот почти сигурно има поне. μ е оцененото ниво (25 в началото), σ – колко несигурна е още оценката (8,33 в началото, по-малко след всяка игра); интервалът μ ± 2σ съдържа нивото му с вероятност около 95 %. Графиката показва μ след всеки оценен мач, всички в един мащаб.
judging-ladder-rating-over-time = Рейтинг във времето
judging-ladder-rating-history = история на рейтинга
judging-ladder-band = от { $low } до { $high }

judging-submission = предаване
judging-not-current = <strong id="not-current">вече не е текущо</strong> (заменено или дисквалифицирано: мачовете му вече не се броят)
judging-history-caption = Точките и мястото на { $bot } във всяка досегашна снимка на класирането.
judging-history-label = място и точки във времето
judging-history-points = точки (от 0 до { $max })
judging-history-rank = място (1 най-горе, до { $max }), сега { $rank }
judging-points-rule = Мач печели този, който спечели повече игри от противника: 3 точки за победа, 1 за равен (толкова спечелени игри, колкото загубени), 0 за загуба. В класирането се броят само мачовете между текущи предавания.
judging-superseded-shown = Показани са всички мачове, { $count } от тях срещу по-стари (заменени) предавания на противниците, отбелязани. <a href="{ $href }">Само текущите противници</a>
judging-superseded-hidden = { $count ->
    [one] { $count } мач срещу по-стари предавания на противниците е скрит. <a href="{ $href }" id="show-all">Покажи го</a>
   *[other] { $count } мача срещу по-стари предавания на противниците са скрити. <a href="{ $href }" id="show-all">Покажи ги</a>
}
judging-replaced-shown = { $count ->
    [one] Показана е играта, заменена при повторно оценяване, под нейния мач (не се брои). <a href="{ $href }">Скрий я</a>
   *[other] Показани са { $count } игри, заменени при повторни оценявания, под всеки мач (не се броят). <a href="{ $href }">Скрий ги</a>
}
judging-replaced-hidden = { $count ->
    [one] { $count } игра, заменена при повторно оценяване, е скрита. <a href="{ $href }" id="show-replaced">Покажи заменените игри</a>
   *[other] { $count } игри, заменени при повторни оценявания, са скрити. <a href="{ $href }" id="show-replaced">Покажи заменените игри</a>
}
judging-no-matches = Все още няма мачове.
judging-opponent = Противник
judging-status = Състояние
judging-games-won-drawn-lost = Игри (победи–равни–загуби)
judging-superseded = заменено
judging-game-outcome = игра { $number }: { $outcome }
judging-replaced-games = заменени:

judging-outcome-won = победа ({ $reason })
judging-outcome-lost = загуба ({ $reason })
judging-outcome-draw = равен ({ $reason })

judging-status-queued = в опашката
judging-status-running = играе се
judging-status-done = завършен
judging-status-cancelled = отменен
judging-status-failed = неуспешен

judging-game-title = Игра { $id } · { $contest }
judging-game-heading = Игра { $id }: { $a } срещу { $b }
judging-game-of-match = { $game }, игра { $number } от своя мач
judging-game-status = състояние
judging-replaced-rejudge = Заменена при повторното оценяване от { $when } (от { $by }): тази игра вече не се брои в класирането.
judging-replaced-submission-rejudge = Заменена при повторното оценяване на предаване от { $when } (от { $by }): тази игра вече не се брои в класирането.
judging-replaced-by-command-line = командния ред
judging-replaced-new-game = На нейно място е изиграна <a href="/games/{ $game }" id="replaced-by">игра { $game }</a>.
judging-result = Резултат
judging-winner = Победител:
judging-draw = Равен
judging-reason = причина
judging-score = резултат
judging-forfeited = { $bot } загуби служебно: { $kind }
judging-stderr-none = { $bot } не е изписал нищо на стандартния изход за грешки.
judging-stderr-tail = Краят на стандартния изход за грешки на { $bot } — виждат го само собственикът му и администраторите:
judging-stderr-tail-last = Краят на стандартния изход за грешки на { $bot } (последните { $count } реда; дневникът съдържа всички) — виждат го само собственикът му и администраторите:
judging-no-result = Няма резултат ({ $status }).
judging-bot = Бот
judging-seat = Място
judging-thinking-time = Време за мислене
judging-peak-memory = Максимална памет
judging-moves-first = играе първи
judging-moves-second = играе втори
judging-ms = { $ms } ms
judging-kib = { $kib } KiB
judging-download-log = Изтегли дневника
judging-played-under = Изиграна при настройки
judging-time-factor-of = коефициент на времето на { $bot }
judging-live = На живо
judging-live-waiting = Изчакват се първите ходове на играта…
judging-live-needs-javascript = Следенето на играта на живо изисква JavaScript; презаредете страницата, за да я видите, след като бъде изиграна.
