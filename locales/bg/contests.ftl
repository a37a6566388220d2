# The contests list, a contest's page with its submit form, the submission lists and one submission.

contests-title = Състезания
contests-none = Още няма състезания.
contests-th-contest = Състезание
contests-th-game = Игра
contests-th-deadline = Краен срок
contests-th-state = Състояние
# A badge beside a contest's title: announcements the reader has not seen.
contests-unread = { $count ->
    [one] { $count } ново
   *[other] { $count } нови
}
contests-unread-title = съобщения, които не си прочел
contests-open = отворено
contests-closed = затворено

# The line under a contest's title: the game's id (connect4, tron...) stays as it is.
contest-game = Игра <strong>{ $game }</strong>
# Before the deadline's date and time.
contest-deadline = краен срок
contest-my-submissions = Моите предавания
contest-all-submissions = Всички предавания
contest-scoreboard = Класиране
contest-play = Играй срещу бот
contest-test-matches = Тестови мачове
contest-page = Страница на състезанието
contest-admin-settings = Админ: настройки, повторно оценяване, замразяване
contest-admin-similarity = сходни решения
contest-announcements = Съобщения
# A badge on an announcement posted since the reader's last visit.
contest-announcement-new = ново
contest-announcements-none = Още няма съобщения.
contest-announce-label = Ново съобщение (Markdown)
contest-announce-button = Публикувай
# The author of an announcement whose account was deleted.
contest-author-deleted = (изтрит потребител)
contest-submit = Предаване
contest-rules-hint = Нов си в тази игра? Прочети <a href="{ $href }" id="rules-link">правилата, протокола на бота, ограниченията на това състезание и как да тестваш локално</a>.
contest-limit-interval = Едно предаване на всеки { $seconds } s:
contest-wait = следващото след { $seconds } s
contest-may-submit = можеш да предадеш сега
contest-budget = Изчислителен бюджет за днес: използвани { $used } s от { $budget } s, <strong id="budget-left">остават { $left } s</strong>
contest-max-source = Файл с код: най-много { $kib } KiB
contest-language = Език
contest-language-auto = По разширението на качения файл
contest-language-unavailable-option = { $language } (недостъпен)
contest-language-unavailable = <strong>{ $language }</strong> е недостъпен: { $why }.
contest-starters = Започни от начален бот:
contest-file = Качи файл
contest-paste = или постави кода
contest-submit-button = Предай този бот
contest-closed = Крайният срок мина ({ $deadline }); предаванията са затворени.
# Why a language cannot be chosen: its compiler or runtime is not installed.
contest-language-missing = не е инсталиран на този сървър: липсва `{ $program }`
contest-language-missing-package = не е инсталиран на този сървър: липсва `{ $program }` (пакет { $package })
contest-settings = Настройки
contest-no-starter = В това състезание няма начален бот за `{ $language }` (начални ботове: { $starters }).

contest-all-none = Още никой не е предал.
contest-mine-none = Още не си предавал в това състезание.
contest-th-who = Кой
contest-th-when = Кога
contest-th-language = Език
contest-th-status = Състояние

# A submission's status.
submission-status = { $status ->
    [queued] в опашката
    [compiling] компилира се
    [compile_error] грешка при компилиране
    [ready] готово
    [superseded] заменено
    [disqualified] дисквалифицирано
   *[other] { $status }
}
submission-title = Предаване { $id }
submission-matches = Мачове
# An admin's view: whose submission it is.
submission-owner = От <a href="/admin/users?q={ $username }">{ $username }</a>
submission-owner-nickname = псевдоним { $nickname }
submission-owner-disabled = профилът е деактивиран
submission-owner-all = всичките му предавания тук
submission-submitted = предадено { $when }
# Before the submission's status.
submission-status-label = състояние
submission-disqualify = Дисквалифицирай
submission-disqualify-hint = игрите му в опашката се отменят, а мачовете му излизат от класирането; потребителят е извън състезанието, докато не предаде отново
submission-rejudge = Оцени мачовете му повторно
submission-rejudge-hint = текущите му мачове се играят отново с текущите настройки; досегашните игри остават за четене, отбелязани като заменени
submission-round-robin = Всеки срещу всеки
submission-progress-none = Още няма насрочени игри: то играе срещу текущото предаване на всеки друг студент, когато се появи.
# Each part after the first is there only when its number is not 0.
submission-progress = Изиграни { $done } от { $total } игри{ $running ->
    [0] {""}
   *[other] , { $running } се играят
}{ $queued ->
    [0] {""}
   *[other] , { $queued } в опашката ({ $ahead ->
        [one] { $ahead } игра
       *[other] { $ahead } игри
    } на други пред твоите)
}{ $failed ->
    [0] {""}
   *[other] , { $failed } изоставени от журито (повторно оценяване от админ ги играе отново)
}.
submission-progress-hint = <a href="{ $href }">Мачовете му</a> · тази страница поддържа броя актуален, докато игрите чакат.
submission-test-match = Тестов мач
submission-test-match-hint = Един пълен мач на това предаване срещу противник по твой избор, изигран преди турнира всеки срещу всеки и никога не броен в класирането (<a href="{ $href }">моите тестови мачове</a>).
submission-pending = Компилирането чака в опашката; <a href="{ $href }">презареди</a>, за да видиш резултата.
submission-compiler-output = Изход на компилатора
submission-no-output = Няма изход.
submission-validity = Тестове за валидност
submission-validity-passed = Преминати <strong>{ $passed } от { $total }</strong> входа
# The validity tests' score: full, half or none.
submission-validity-score = оценка <strong>{ $score ->
    [full] пълна
    [half] половин
    [none] нула
   *[other] { $score }
}</strong>
submission-validity-hint = (допустим ход за всяка валидна позиция, <code>error</code> за всеки невалиден вход; над 80 % е пълна оценка, от 50 % до 80 % половин)
submission-th-input = Вход
submission-th-why = Защо не успя
# A case of the one-two-three validity tests, as a row of the failures' table says what it was.
validity-case-first-example = дъска 4x3 с диагонал от три клетки на A, B е на ход (първият пример от условието)
validity-case-second-example = дъска 5x3 с две свободни клетки далеч една от друга, B е на ход (вторият пример от условието)
validity-case-board = дъска { $cols }x{ $rows }, запълнена на { $percent }%, { $mover } е на ход
validity-case-too-small = дъска 2x2 (по-малка от 3x3)
validity-case-words = думи вместо дъска
validity-case-too-many-columns = 21 колони (повече от 20)
validity-case-too-many-rows = 21 реда (повече от 20)
validity-case-bad-character = знак, различен от A, B и -
validity-case-row-too-short = твърде къс ред
validity-case-row-too-long = твърде дълъг ред
validity-case-bad-mover = на ход е някой различен от A и B
validity-case-full-board = пълна дъска
validity-case-no-mover = липсва редът с играча на ход
validity-case-too-few-rows = твърде малко редове
validity-case-bad-size = размер, който не е две числа
validity-case-lowercase = малка буква на дъската
# Why a validity test case failed (`error` is the answer's literal word; $got the answer's first line).
validity-why-expected-error = за невалиден вход се очаква `error`, а е получено `{ $got }`
validity-why-expected-error-nothing = за невалиден вход се очаква `error`, а не е получено нищо
validity-why-bad-case = грешен тестов случай: { $detail }
validity-why-error-on-valid = отговорът е `error`, но тази позиция е валидна: отговорът трябва да е дъската след ход
validity-why-no-board = не е дъска: отговорът е празен
validity-why-not-a-board = не е дъска: отговорът трябва да е редовете на дъската, само от A, B и -, всички с еднаква дължина
validity-why-illegal = непозволен ход: { $detail }
validity-why-not-started = програмата не можа да бъде стартирана: { $detail }
validity-why-cpu = използва { $ms } ms процесорно време
validity-why-still-running = все още работеше след { $ms } ms
validity-why-memory = надхвърли { $mib } MiB
validity-why-over-time-cpu = използва { $ms } ms процесорно време при ограничение { $limit } ms
validity-why-over-time = отне { $ms } ms при ограничение { $limit } ms
submission-source = Код
