# Test matches: the "My test matches" page, one test match, and the form (also on a submission's page).

test-matches-mine = Моите тестови мачове
test-matches-heading = { $title }: моите тестови мачове
test-matches-intro = Тестовият мач е един пълен мач на текущото ти предаване срещу противник по твой избор, с настройките на това състезание (същите игри, със сменени страни, както в турнира). Играе се преди опашката на турнира, така че започва до секунди; никога не се брои в класирането; времето за мислене и на двата бота се приспада от дневния ти изчислителен бюджет. По един тестов мач наведнъж.
test-matches-no-submission = Тестовите мачове играят с текущото ти предаване: предай бот и щом се компилира, можеш да пуснеш мач тук.
test-matches-none = Още няма тестови мачове.
test-matches-th-match = Мач
test-matches-th-opponent = Противник
test-matches-th-status = Състояние
test-matches-th-points = Точки
test-matches-th-games = Игри (победи–равни–загуби)
test-matches-th-asked = Заявен
test-matches-footer = Тестовите мачове никога не се броят в класирането. DEBUG редовете на бота ти са в дневника на всяка игра.

# A test match's status.
test-match-status = { $status ->
    [queued] в опашката
    [running] играе се
    [done] завършен
    [cancelled] отменен
    [failed] неуспешен
   *[other] { $status }
}
test-match-title = Тестов мач { $id }
test-match-heading = Тестов мач { $id }: предаване { $submission } срещу { $opponent }
test-match-asked = заявен { $when }
test-match-finished = завършен { $when }
# Before the test match's status.
test-match-status-label = Състояние
test-match-ahead = { $count ->
    [one] { $count } тестова игра пред него в опашката
   *[other] { $count } тестови игри пред него в опашката
}
# $tally is won–drawn–lost, such as 3–1–2.
test-match-points = твоите точки <strong id="points">{ $points }</strong> ({ $tally } игри победи–равни–загуби; 3 за победа, 1 за равенство, 0 за загуба, по спечелени игри)
test-match-reloads = Тази страница се презарежда сама на всеки 3 секунди, докато мачът свърши; отвори текуща игра, за да я гледаш на живо.
test-match-game = игра { $number }

test-form-no-opponent = Това състезание не предлага противник за тестови мачове.
test-form-opponent = Противник
test-form-by-id = предаването с номера по-долу
test-form-id-placeholder = номер на предаване
test-form-start = Пусни тестов мач
# $level is a house bot's level id: random, level1, level2.
test-form-house = домашен бот { $level }
test-form-current = текущото ти предаване #{ $id }
test-form-earlier = по-ранното ти предаване #{ $id } ({ $when })
