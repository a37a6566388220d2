# Съобщенията за грешки: „message“ в отговора на API {"error": код, "message": …} и текстът на страницата за грешка.
# Текстът в `обратни апострофи` е име на поле, заглавие или стойност за въвеждане: остава непроменен.

error-no-such = { $thing ->
    [contest] Няма такова състезание.
    [submission] Няма такова предаване.
    [contest-submission] В това състезание няма такова предаване.
    [game] Няма такава игра.
    [practice-game] Няма такава тренировъчна игра или състезание.
    [test-match] Няма такъв тестов мач.
    [user] Няма такъв потребител.
    [token] Няма такъв API токен.
    [log] Тази игра няма дневник.
    [base-file] Няма такъв базов файл.
    [file] Няма такъв файл.
    [api-endpoint] Няма такъв адрес в API.
   *[page] Няма такава страница.
}
error-internal = Нещо се обърка на сървъра; грешката е записана.
error-password-busy = Сървърът е зает с проверка на други влизания. Опитайте отново след няколко секунди.

## Кой какво може
error-csrf = Този формуляр е изтекъл или не е изпратен от този сайт. Върнете се, презаредете страницата и опитайте отново.
error-admins-only = Тази страница е само за администратори.
error-admins-only-action = Само администратори могат да направят това.
error-admins-change-settings = Само администратори променят настройките на състезанието.
error-admins-refresh-scoreboard = Само администратори опресняват класирането.
error-admins-announce = Само администратори публикуват съобщения.
error-admins-queue = Само администратори виждат опашката.
error-admins-similarity = Само администратори виждат откриването на преписване.
error-admins-metrics = Само администратори четат метриките.
error-metrics-log-in = Влезте като администратор или изпратете API токен на администратор като `Authorization: Bearer <token>`.
error-game-log-forbidden = Само собствениците на ботовете в играта и администраторите четат дневника ѝ.
error-not-your-submission = Това е предаване на друг потребител.
error-not-your-submission-page = Това е предаване на друг потребител; можете да виждате само своите.
error-account-disabled = Този профил е деактивиран; обърнете се към преподавателите на курса.
error-api-token-missing = Изпратете API токен като `Authorization: Bearer <token>` (създайте такъв на страницата на профила си).
error-api-token-malformed = Този API токен не е валиден.
error-api-token-unknown = Този API токен не е валиден или е отменен.

## Формуляри и тяло на заявките
error-form-content-type = Изпратете формуляра като `application/x-www-form-urlencoded`, както прави браузърът.
error-form-too-large = Формулярът е твърде голям.
error-form-unread = Формулярът не можа да бъде прочетен; моля, изпратете го отново.
error-form-invalid = Формулярът не е валиден: { $detail }.
error-form-too-many-fields = Формулярът има повече от { $max } полета; никой формуляр на този сайт няма толкова.
error-field-name-utf8 = Име на поле не е валиден UTF-8.
error-field-name-control = Име на поле съдържа управляващ знак ({ $code }).
error-field-utf8 = `{ $field }` не е валиден UTF-8 текст.
error-field-nul = `{ $field }` съдържа знак NUL (U+0000), който никой компилатор не приема.
error-field-control = `{ $field }` съдържа управляващ знак ({ $code }), който никое поле не може да съдържа.
error-field-too-long = `{ $field }` е дълго { $size } байта; приемат се най-много { $max } байта.
error-json-content-type = Изпратете тялото като JSON с `Content-Type: application/json`.
error-body-too-large = Тялото на заявката е твърде голямо.
error-body-unread = Тялото на заявката не можа да бъде прочетено; моля, изпратете го отново.
error-json-too-many-values = Тялото има повече от { $max } стойности; никое тяло на този API няма толкова.
error-json-invalid = Тялото не е валиден JSON: { $detail }
error-json-body-type = Тялото няма очаквания вид: { $detail }
error-json-field-type = `{ $field }`: { $detail }
error-submission-param = Посочете `?submission=<id>`.
error-bad-window = `offset` и `limit` са брой редове (0 или повече).
error-revoke-tokens = `revoke_tokens` е 1, когато е отметнато.
error-setting-type = `{ $setting }`: посочете текст или число.
error-invalid-settings = Някои настройки не са валидни: { $detail }
error-language-not-enabled = Езикът `{ $language }` не е разрешен в това състезание (разрешени: { $enabled }).
error-no-starter = Все още няма начален код на { $language } за { $game }.

## Състезания и предавания
error-already-disqualified = Това предаване вече е дисквалифицирано.
error-not-current = Преоценява се само текущо предаване: това е заменено, дисквалифицирано или още не е компилирано.
error-deadline-passed = Крайният срок на това състезание ({ $deadline }) изтече; предавания вече не се приемат.
error-deadline-passed-no-date = Крайният срок на това състезание изтече; предавания вече не се приемат.
error-no-language = Изберете език: един от { $choices }.
error-unknown-language = `{ $language }` не е език на това състезание; изберете един от: { $choices }.
error-language-unavailable = { $language } не може да се използва на този сървър ({ $detail }); администраторът на сървъра може да го инсталира. Изберете друг език.
error-empty-source = Кодът е празен: поставете го или изберете файл.
error-source-too-large = Кодът е { $size } байта; приемат се най-много { $max } байта ({ $kib } KiB).
error-submit-form-too-large = Формулярът е твърде голям; приема се код от най-много { $kib } KiB.
error-too-soon = Можете да предавате веднъж на { $interval ->
        [one] секунда
       *[other] { $interval } секунди
    }; опитайте отново след { $wait ->
        [one] една секунда
       *[other] { $wait } секунди
    }.
error-budget-used = Изразходвахте дневния си бюджет за изчисления от { $budget ->
        [one] една секунда
       *[other] { $budget } секунди
    }; той се подновява в полунощ UTC.
error-announcement-empty = Съобщението трябва да има текст.
error-announcement-too-long = Съобщението е най-много { $max } байта.
error-base-file-empty = Базовият файл трябва да има име и код.
error-base-file-language = `{ $language }` не е език на този сървър; един от: { $choices }.
error-base-file-too-large = Базовият файл е най-много { $kib } KiB.

## Тренировъчни игри и тестови мачове
error-unknown-opponent = Непознат противник `{ $opponent }`: противникът е `house:<level>` ({ $levels }) или номер на предаване.
error-unknown-house-level = Непознато ниво на домашния бот `{ $level }` (едно от: { $levels }).
error-no-such-opponent = В това състезание няма текущо предаване #{ $id }.
error-no-test-opponent = В това състезание няма предаване #{ $id }, срещу което да играете: противникът е ниво на домашния бот, едно от вашите компилирани предавания или текущото предаване на друг студент.
error-no-boards = Тази игра не се играе на дъски по избор.
error-bad-board = Дъска `{ $board }`: { $detail }
error-unknown-seat = Непознато място `{ $seat }` (едно от: first, second).
error-practice-not-allowed = { $opponents ->
    [house] Това състезание не ви позволява да тренирате срещу домашните ботове.
    [own] Това състезание не ви позволява да тренирате срещу собственото си предаване.
   *[others] Това състезание не ви позволява да тренирате срещу предаванията на други студенти.
}
error-test-match-not-allowed = { $opponents ->
    [house] Това състезание не ви позволява тестови мачове срещу домашните ботове.
    [own] Това състезание не ви позволява тестови мачове срещу собственото си предаване.
   *[others] Това състезание не ви позволява тестови мачове срещу предаванията на други студенти.
}
error-already-playing = Вече играете тренировъчна игра ({ $game }); първо я завършете или я напуснете.
error-practice-full = Сървърът провежда толкова тренировъчни игри, колкото може ({ $max }); опитайте отново след минута.
error-practice-too-many = През последния час започнахте { $limit } тренировъчни игри – колкото позволява този сървър; можете да започнете нова след { $minutes ->
        [one] една минута
       *[other] { $minutes } минути
    }.
error-practice-unavailable = Тренировъчните игри не са достъпни на този сървър.
error-practice-other-site = Тази страница не може да отваря игра на друг сайт.
error-practice-log-in = Влезте или изпратете API токен като `Authorization: Bearer <token>`.
error-socket-message = Изпратете {"{"}"move": "…"{"}"} или {"{"}"leave": true{"}"}.
error-not-your-turn = Не е ваш ред.
error-game-over = Играта приключи.
error-not-a-direction = `{ $text }` не е посока (+X, -X, +Y, -Y).
error-illegal-move = Непозволен ход: { $detail }
error-no-submission = Все още нямате компилирано предаване в това състезание: тестовият мач играе текущото ви предаване.
error-test-match-running = Тестовият ви мач { $id } все още чака или се играе; по един наведнъж.

## Дама: правилото, което отказаният ход нарушава. $square: (ред,колона).
error-checkers-too-few-squares = ходът изброява поне 2 полета (начално и крайно).
error-checkers-off-board = { $square } е извън дъската: редовете и колоните са 0-7.
error-checkers-not-dark = { $square } не е тъмно поле: фигурите стоят само там, където ред + колона е нечетно.
error-checkers-no-piece = на { $square } няма ваша фигура.
error-checkers-not-diagonal = от { $from } до { $to } не е нито диагонална стъпка, нито диагонален скок.
error-checkers-steps-chained = обикновената стъпка е с едно поле; само скоковете могат да се свързват.
error-checkers-capture-compulsory = има възможно вземане, а вземането е задължително.
error-checkers-occupied = { $square } е заето.
error-checkers-man-backwards = пулът се движи само напред (към ред { $row } за { $side ->
        [black] черните
       *[white] белите
    }); само дамите се връщат назад.
error-checkers-step-after-jump = веригата се състои само от скокове: обикновена стъпка не може да следва скок.
error-checkers-nothing-to-jump = на { $square } няма фигура за прескачане.
error-checkers-own-piece = на { $square } е ваша собствена фигура: могат да се прескачат само фигурите на противника.
error-checkers-jumped-twice = { $square } вече е прескочено в тази верига.
error-checkers-majority = веригата взема { $count ->
        [one] една фигура
       *[other] { $count } фигури
    }, а могат да се вземат { $most }: най-дългото вземане е задължително.

# Ход, въведен на ръка, който не е записан като ходовете на играта (тренировъчните ходове в API).
error-move-malformed = Това не е записано като ход в тази игра: вижте как правилата записват ход.

## Connect4: правилото, което нарушава отказан ход, след „Непозволен ход:“.
error-connect4-out-of-range = колона { $column } не е на дъската: колоните са от 0 до { $last }.
error-connect4-full = колона { $column } е пълна.

## MathTricks: правилото, което нарушава отказан ход. $cell и $from: клетка, записана „x y“.
error-mathtricks-off-board = клетка { $cell } е извън дъската { $width }x{ $height }.
error-mathtricks-not-neighbour = клетка { $cell } не е съседна на пешката ви на { $from }.
error-mathtricks-visited = клетка { $cell } вече е посетена.

## Едно-две-три: правилото, което нарушава отказана дъска.
error-ott-cell = ред { $row }, колона { $column }
error-ott-wrong-size = дъската е { $cols } колони на { $rows } реда, а отговорът е { $answer_cols } колони на { $answer_rows } реда.
error-ott-opponents-cell = { $cell } съдържа буквата на противника { $theirs }: фигура покрива само свободни клетки и вашите.
error-ott-letter-removed = { $cell } съдържаше { $mine } и беше променена на { $now }: ход никога не премахва буква.
error-ott-wrong-letter = в { $cell } е записано { $theirs }, но е ред на { $mine }.
error-ott-unchanged = не е запълнена нито една свободна клетка: дъската е непроменена.
error-ott-too-many = { $count ->
        [one] запълнена е една клетка
       *[other] запълнени са { $count } клетки
    }; фигурата е права линия от най-много 3 клетки.
error-ott-not-in-line = запълнените клетки ({ $cells }) не са на една хоризонтална, вертикална или диагонална линия.
error-ott-too-long = запълнените клетки ({ $cells }) обхващат { $span } клетки; фигурата покрива най-много 3 съседни клетки.
error-ott-through-opponent = фигурата от { $from } до { $to } минава през { $middle }, където е буквата на противника { $theirs }.
error-ott-gap-left = { $from } и { $to } не са съседни, а { $middle } между тях е оставена свободна.

# Започване на финала на състезание.
error-finals-before-deadline = Финалът започва при или след крайния срок на състезанието.
error-finals-started = Финалът на това състезание вече е започнал.
error-finals-too-few = За финала са нужни поне двама студенти с компилирано предаване.
error-finals-bad = Настройките на финала не са валидни: { $why }
error-finals-top-not-a-number = Броят финалисти е цяло число.
error-finals-not-an-assignment = „{ $word }“ не е във вида ИМЕ=СТОЙНОСТ.
error-finals-admins-only = Само администратори започват финала.
error-finals-not-started = Финалът на това състезание не е започнал.
