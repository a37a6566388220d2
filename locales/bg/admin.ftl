# The admin pages: a contest's settings, new contest, similar submissions, queue status, submissions, users.

admin-cancel = Отказ
admin-any = всички
admin-filter = Филтрирай
admin-clear = изчисти
# Page navigation of a long list.
admin-page-of = страница { $page } от { $pages }
admin-newer = ← по-нови
admin-older = по-стари →
admin-previous = ← предишна
admin-next = следваща →
# A share shown in whole percent.
admin-percent = { $percent }%
# Durations on the status page.
admin-duration-seconds = { $seconds } с
admin-duration-minutes = { $minutes } мин
admin-duration-hours = { $hours } ч { $minutes } мин

# Links between the admin pages of a contest.
admin-link-contest-page = страница на състезанието
admin-link-settings = настройки
admin-link-standings-csv = класиране като CSV
admin-link-submissions = предавания
admin-link-sources-zip = текущи програми (zip)
admin-link-similarity = сходни програми
admin-link-queue-status = състояние на опашките

## A contest's settings page.
admin-settings-page-title = Администрация · { $title }
admin-settings-heading = { $title }: настройки
# $game is a game id such as connect4.
admin-settings-game = Игра <strong>{ $game }</strong>
admin-settings-applies = Промените важат за игрите, насрочени след това: вече насрочените игри запазват настройките, с които са насрочени. <strong>Повторното оценяване</strong> изиграва наново всеки текущ мач (между най-новите готови предавания) с текущите настройки.
admin-settings-col-setting = Настройка
admin-settings-col-value = Стойност
admin-settings-col-default = По подразбиране
admin-settings-col-what = Какво прави
# The deadline's label: $name is the setting's name (deadline), $zone the time zone it is written in.
admin-settings-deadline-label = { $name } ({ $zone })
admin-settings-save = Запази настройките
# What time_factor.LANGUAGE does.
admin-setting-time_factor = умножава времето за старт, времето за ход и резерва от време на ботовете на този език, например time_factor.python=3; число от 0,1 до 10 (по подразбиране 1)
admin-setting-title = показва се на страниците на състезанието
# $zone: the contest's time zone (an IANA name, or UTC).
admin-setting-deadline = дата и час в часовата зона { $zone }; празно, ако няма; след него не се приемат предавания
admin-standings = Класиране
admin-frozen-since = Замразено от { $at }: класирането вече не се променя.
admin-unfreeze = Размрази
admin-not-frozen = Не е замразено: преизчислява се на всеки { $seconds } с. След крайния срок класирането се замразява само, когато се изиграе последната игра.
admin-freeze-now = Замрази сега
admin-rejudge = Повторно оценяване
admin-rejudge-explained = Изиграва наново всеки текущ мач с текущите настройки (и размразява класирането, за да се отчетат повторните игри). Повторните игри не се отчитат от изчислителния бюджет на студентите.
admin-rejudge-all = Оцени наново всички текущи мачове
admin-history = История
admin-history-none = Все още няма записани промени.
admin-history-when = Кога
admin-history-who = Кой
admin-history-what = Какво
admin-history-setting = Настройка
admin-history-old = Старо
admin-history-new = Ново
# What an entry of the settings history did.
admin-action-create = създадено
admin-action-settings = променени настройки
admin-action-rejudge = повторно оценяване
admin-action-freeze = замразено
admin-action-unfreeze = размразено
admin-action-announce = съобщение
admin-action-prune = изтрити заменени игри
# The notices after an action on the settings page.
admin-notice-saved = Запазено: { $count ->
    [one] променена е 1 настройка.
   *[other] променени са { $count } настройки.
} Те важат за игрите, насрочени отсега нататък.
admin-notice-rejudged = Повторно оценяване: { $count ->
    [one] 1 мач е пуснат
   *[other] { $count } мача са пуснати
} отново в опашката с текущите настройки.
admin-notice-frozen = Класирането е замразено.
admin-notice-unfrozen = Класирането вече не е замразено и е преизчислено.

## Confirmations of actions that are hard to undo.
admin-confirm-rejudge = Повторно оценяване на { $title }?
admin-confirm-rejudge-consequence = Всеки текущ мач (между най-новите готови предавания) се изиграва наново с текущите настройки; докато игрите му не бъдат изиграни отново, мачът е извън класирането, което се размразява. Изиграните досега игри остават достъпни, отбелязани като заменени. Повторните игри не се отчитат от изчислителния бюджет на студентите.
admin-confirm-unfreeze = Размразяване на класирането на { $title }?
admin-confirm-unfreeze-consequence = Класирането отново се преизчислява, така че се виждат всички резултати от замразяването насам; след крайния срок то се замразява само, щом не остане нищо за оценяване.
# $id: a submission's number; $owner: its author (username and name).
admin-confirm-disqualify = Дисквалифициране на предаване { $id }?
admin-confirm-disqualify-consequence = Предаване { $id } на { $owner }: игрите му в опашката се отменят, а мачовете му излизат от класирането; { $owner } е извън класирането, докато не предаде отново.
admin-disqualify = Дисквалифицирай
admin-confirm-rejudge-submission = Повторно оценяване на предаване { $id }?
admin-confirm-rejudge-submission-consequence = Всеки текущ мач на предаване { $id } на { $owner } се изиграва наново с текущите настройки на състезанието; докато игрите му не бъдат изиграни отново, мачът е извън класирането. Изиграните досега игри остават достъпни, отбелязани като заменени. Повторните игри не се отчитат от изчислителния бюджет на студентите.
admin-rejudge-its-matches = Оцени наново мачовете му

## New contest.
admin-new-contest = Ново състезание
admin-new-slug = Кратко име (в адресите: малки латински букви, цифри, тирета)
admin-new-slug-taken = Вече има състезание с това кратко име.
admin-new-title = Заглавие
admin-new-game = Игра
admin-new-choose = Изберете…
admin-new-time-zone = Часова зона
admin-new-time-zone-hint = Име по IANA, например Asia/Shanghai: часовете на състезанието се показват в нея и крайният срок се чете в нея. Празно: зоната на сървъра (крайният срок в UTC).
admin-new-deadline = Краен срок (в часовата зона на състезанието; празно, ако няма)
admin-new-language = Език на страниците
admin-new-language-server = Този на сървъра
admin-new-languages = Езици за програмиране
admin-new-settings = Настройки, по една <code>име=стойност</code> на ред (празно: стойностите по подразбиране на играта)
admin-new-setting-names = Имена на настройките и стойности по подразбиране
admin-new-create = Създай състезанието

## Similar submissions (copy detection).
admin-similarity-page-title = Сходни предавания · { $title }
admin-similarity-heading = { $title }: сходни предавания
admin-similarity-json = JSON: <code>GET /api/contests/{ $slug }/similarity</code>
# $floor: the least similarity kept, in percent.
admin-similarity-explained = Всяко предаване се индексира, когато компилацията му приключи: програмата се разбира синтактично, идентификаторите и литералите се уеднаквяват, коментарите и форматирането се премахват, а резултатът получава отпечатъци като при MOSS (k-грами от 12 лексеми с winnowing). <strong>Сходството</strong> е по-големият дял от отпечатъците на едната страна, открити в другата; началните програми на състезанието и базовите файлове по-долу никога не се броят. Двойки под { $floor }% не се пазят. Високата стойност е повод да се погледне, а не присъда: отворете двойката.
admin-similarity-coverage = Индексирани са { $indexed } от { $submissions ->
    [one] 1 предаване.
   *[other] { $submissions } предавания.
}
admin-similarity-at-least = Поне
admin-similarity-superseded-too = и заменените предавания
admin-similarity-over-budget = Над лимитите на синтактичния анализатор
admin-similarity-over-budget-explained = { $count ->
    [one] 1 индексирано предаване беше
   *[other] { $count } индексирани предавания бяха
} твърде големи, твърде дълбоко вложени или твърде бавни за анализатора на езика си (над { $kib } KiB, лимита на лексеми или дълбочина на скобите, или лимита на времето), затова бяха прочетени от простия лексер, който не познава коментарите и ключовите думи на езика (и се индексират най-много първите им { $tokens } лексеми). Оценките им са по-малко надеждни; генерирана или изкуствено раздута програма е повод да я погледнете.
admin-similarity-no-pairs = Няма двойки със сходство { $percent }% или повече.
admin-similarity-col-similarity = Сходство
admin-similarity-col-longest = Най-дълъг общ участък
admin-similarity-col-first = Първо
admin-similarity-col-second = Второ
admin-similarity-tokens = { $count ->
    [one] 1 лексема
   *[other] { $count } лексеми
}
admin-similarity-superseded = (заменено)
admin-similarity-side-by-side = едно до друго
admin-similarity-base-code = Базов код
admin-similarity-base-explained = Началните програми на играта на състезанието, на всички езици, винаги са базов код. Добавете всеки друг файл, който всеки студент може да ползва (библиотека, раздадена в час); след това състезанието се индексира наново.
# After a base file's name: its language id and size.
admin-similarity-base-file = ({ $language }, { $bytes ->
    [one] 1 байт
   *[other] { $bytes } байта
})
admin-similarity-remove = премахни
admin-similarity-base-name = Име
admin-similarity-base-language = Език
admin-similarity-base-source = Програма
admin-similarity-base-add = Добави базов файл
admin-similarity-reindex = Индексирай наново всички предавания
admin-similarity-reindex-hint = (за предавания отпреди инсталирането на откриването на преписване)
admin-similarity-reindexing = Повторно индексиране във фонов режим: двойките се преизчисляват предаване по предаване.
admin-similarity-base-changed = Базовият код е променен: всички предавания се индексират наново във фонов режим.
# A pair side by side; $a and $b are submission numbers (#12), $title the contest's.
admin-pair-page-title = { $a } и { $b } · { $title }
# $a and $b: a username and a submission number each (ada #12).
admin-pair-heading = { $a } и { $b }
admin-pair-back = сходни предавания в { $title }
admin-pair-stored = Сходство { $percent }% ({ $shared ->
    [one] 1 общ отпечатък
   *[other] { $shared } общи отпечатъка
})
admin-pair-regions = { $regions ->
    [one] 1 общ участък
   *[other] { $regions } общи участъка
} от поне 12 лексеми, най-дългият от { $longest } лексеми. Базовият код не е отбелязан. Щракнете върху отбелязан участък, за да видите съответствието му от другата страна.

## Queue status.
admin-status = Състояние
admin-status-heading = Състояние на опашките
admin-status-queue = Опашка
admin-status-queued = Чакащи
admin-status-running = Изпълняват се
admin-status-done = Готови
admin-status-failed = Неуспешни
admin-status-cancelled = Отменени
admin-status-compile = Компилиране
admin-status-games = Игри
admin-status-attempts = Всяка игра се опитва най-много { $attempts } пъти (всеки път някой worker е спрял или е загубил резервацията си); след това е неуспешна, мачът ѝ остава извън класирането, а повторно оценяване на състезанието я изиграва отново.
admin-status-sharing = Състезания, които делят местата за игри
admin-status-sharing-none = Никое състезание няма чакащи игри.
admin-status-contest = Състезание
admin-status-share = Дял
admin-status-oldest-wait = Най-дълго чакане
admin-status-slot-time = Използвано време
admin-status-sharing-explained = Състезанията с чакащи игри делят местата за игри според времето, което игрите им използват, пропорционално на настройката си <code>share</code> (по подразбиране 1), а не по реда на пристигане: следващото свободно място изиграва игра на първото състезание в списъка. В рамките на едно състезание първо са тестовите мачове, после първият мач на всяко предаване преди следващия на когото и да е.
admin-status-running-games = Текущи игри
admin-status-running-none = В момента не се играе нито една игра.
admin-status-game = Игра
admin-status-players = Играчи
admin-status-worker = Worker
admin-status-attempt = Опит
admin-status-started = Начало
admin-status-lease-until = Резервация до
admin-status-failed-games = Неуспешни игри
admin-status-failed-none = Няма неуспешни игри.
admin-status-attempts-col = Опити
admin-status-why = Причина
admin-status-workers = Workers
admin-status-workers-none = Още не е виждан нито един worker.
admin-status-heartbeat = Последен сигнал
admin-status-games-running = Текущи игри
admin-status-state = Състояние
admin-status-stale = <strong>неактивен</strong> (без сигнал повече от минута)
admin-status-alive = активен
# A time and how long ago it was (or how far ahead it is), e.g. "12 s ago".
admin-status-time-ago = { $time } (преди { $duration })
admin-status-time-ahead = { $time } (след { $duration })

## Every submission.
admin-submissions = Предавания
admin-submissions-contest = Състезание
admin-submissions-student = Студент
admin-submissions-student-placeholder = потребителско име или псевдоним
admin-submissions-language = Език
admin-submissions-status = Състояние
admin-submissions-when = Кога
admin-submissions-count = { $count ->
    [one] 1 предаване
   *[other] { $count } предавания
}
admin-submissions-sources-zip = всички текущи програми в { $contest } (zip)
admin-submissions-none = Няма съвпадащи предавания.
# A submission's status.
admin-submission-queued = чака
admin-submission-compiling = компилира се
admin-submission-compile-error = грешка при компилиране
admin-submission-ready = готово
admin-submission-superseded = заменено
admin-submission-disqualified = дисквалифицирано

## Users.
admin-users = Потребители
admin-users-search = Търси
admin-users-search-placeholder = потребителско име, показвано име или псевдоним
admin-users-only-disabled = само деактивираните профили
admin-users-count = { $count ->
    [one] 1 потребител
   *[other] { $count } потребители
}
admin-users-count-disabled = { $count ->
    [one] 1 деактивиран потребител
   *[other] { $count } деактивирани потребители
}
admin-users-count-matching = { $count ->
    [one] 1 потребител
   *[other] { $count } потребители
} за „{ $q }“
admin-users-count-matching-disabled = { $count ->
    [one] 1 деактивиран потребител
   *[other] { $count } деактивирани потребители
} за „{ $q }“
# $users: one of the counts above.
admin-users-count-page = { $users } · страница { $page } от { $pages }
admin-users-disabling-explained = Деактивирането на профил прекратява сесиите му и отказва влизанията и API токените му; предаванията и класирането му остават.
admin-users-col-username = Потребителско име
admin-users-col-display-name = Показвано име
admin-users-col-nickname = Псевдоним
admin-users-col-last-login = Последно влизане
admin-users-col-submissions = Предавания
admin-users-col-account = Профил
admin-users-col-actions = Действия
admin-users-badge-admin = администратор
admin-users-their-submissions = предаванията му
admin-users-disabled-since = <strong class="error">деактивиран</strong> от { $since }
admin-users-active = активен
admin-users-never = никога
admin-users-enable = Активирай
admin-users-disable = Деактивирай
admin-users-reset-password = Нулирай паролата
admin-users-none = Няма съвпадащи потребители.
admin-users-reset-heading = Нулиране на парола
admin-users-reset-explained = За студент, който е забравил паролата си: паролата отново става потребителското име и при следващото влизане трябва да се избере нова (псевдонимът остава). Отворените му сесии се прекратяват.
admin-users-reset-done = Паролата на <strong>{ $username }</strong> вече е потребителското му име.
admin-users-username = Потребителско име
admin-users-import-heading = Внасяне на потребители
admin-users-import-explained = По един студент на ред: <code>username[,display name]</code> (потребителско име[,показвано име]). Първата парола е потребителското име; всеки студент избира нова (и псевдоним) при първото влизане. Съществуващите потребителски имена остават непроменени.
admin-users-import-line = ред { $line }: { $error }
admin-users-roster = Списък (CSV)
admin-users-import = Внеси потребителите
admin-users-import-empty = Поставете списъка: по едно потребителско_име[,показвано име] на ред.
admin-users-imported = { $created ->
    [one] Създаден е 1 потребител
   *[other] Създадени са { $created } потребители
}; вече съществуваха: { $existing }.
admin-users-import-some-failed = Някои редове не бяха внесени; вижте по-долу.
admin-users-no-such-user = Няма потребител „{ $username }“.
admin-users-reset-button = Нулирай паролата
admin-users-reset-question = Нулиране на паролата на { $username }?
admin-users-reset-consequence = Паролата на { $username } става потребителското му име и трябва да бъде сменена при следващото влизане; отворените му сесии се прекратяват веднага.
admin-users-disable-self = Не можете да деактивирате собствения си профил.
admin-users-disable-button = Деактивирай профила
admin-users-disable-question = Деактивиране на { $username }?
admin-users-disable-consequence = { $username } вече не може да влиза: отворените му сесии се прекратяват веднага, а API токените му се отменят (повторното активиране на профила не ги връща). Предаванията, мачовете и мястото му в класирането остават. Можете да активирате профила отново.
admin-users-is-disabled = { $username } е деактивиран.
admin-users-is-enabled = { $username } е активиран.
admin-users-was-disabled = { $username } вече беше деактивиран.
admin-users-was-enabled = { $username } вече беше активиран.

## Why a field of the contest forms (or a setting sent to the API) is refused. The values quoted
## (`{ $value }`) and the names of settings and languages stay as written.
# $field: the field's or setting's name; $problem: one of the messages below.
admin-field-error = { $field }: { $problem }
admin-field-slug = използвайте от 1 до 64 малки латински букви, цифри и тирета (не в началото)
# $valid: the games' ids, comma-separated.
admin-field-unknown-game = непозната игра `{ $name }` (възможни: { $valid })
admin-field-title-long = най-много { $max } знака
admin-field-not-key-value = `{ $text }` не е във вида КЛЮЧ=СТОЙНОСТ
admin-field-no-language = включете поне един език
# $unknown, $configured: language ids, comma-separated.
admin-field-unknown-languages = непознат език { $unknown } (настроени: { $configured })
admin-field-unknown-factor-language = непознат език `{ $language }` (настроени: { $configured })
admin-field-none-configured = няма настроен нито един език
admin-field-house-bot = непознато ниво на домашен бот `{ $name }` (възможни: { $valid })
admin-field-share = `{ $value }` не е число между 0,01 и 100
admin-field-time-factor = `{ $value }` не е число от 0,1 до 10 с най-много два знака след запетаята
admin-field-format = `{ $value }` не е нито round_robin, нито ladder
admin-field-count = `{ $value }` не е цяло число между 1 и { $max }
admin-field-time-zone = `{ $value }` не е часова зона от базата данни на IANA
admin-field-language = `{ $value }` не е едно от en, zh-CN, ro, bg, fi
admin-field-practice-opponent = непознат съперник за тренировка `{ $name }` (възможни: house, own, all, none)
admin-field-seconds = `{ $value }` не е цял брой секунди между 0 и 10000000
admin-field-deadline = `{ $value }` не е дата и час като 2026-12-31T23:59:00Z
# $game: the game's id; $valid: its settings' names.
admin-field-unknown-setting = непозната настройка `{ $name }` за { $game } (възможни: { $valid })
# $why: one of the admin-value-… messages.
admin-field-bad-value = грешна стойност `{ $value }` за `{ $name }`: { $why }
admin-value-not-whole = не е цяло число
admin-value-range = трябва да е между { $min } и { $max }
admin-value-range-cols = трябва да е между { $min } и { $max }: кодовете за край 10, 11 и 12 (ти спечели, ти загуби, равенство) не бива да са номера на колони
# $form: WxH or WxHxMS (width x height x tick milliseconds), as written in the setting.
admin-value-board-form = всяка дъска трябва да е във вида { $form }
admin-value-board-numbers = всяка дъска трябва да е във вида { $form } с цели числа
admin-value-width = ширината трябва да е между { $min } и { $max }
admin-value-height = височината трябва да е между { $min } и { $max }
admin-value-even = страните трябва да са четни
admin-value-tick = тактът трябва да е между { $min } и { $max } ms
admin-value-factor-name = името трябва да е time_factor.ЕЗИК, където ЕЗИК е идентификатор на език
admin-value-factor = число от 0,1 до 10 с най-много два знака след запетаята

## Why a line of an imported roster is refused.
admin-users-import-quote = има незатворени кавички
admin-users-import-unreadable = поле не можа да бъде прочетено
# $problem: one of the messages below (or why a name is reserved).
admin-users-import-name = `{ $username }`: { $problem }
admin-users-import-fields = очаква се `username` или `username,display name` (потребителско име, по желание с показвано име)
admin-users-import-looks-like = `{ $username }` прилича на името на профила `{ $other }` (студент би могъл да се представи за друг)
admin-users-import-username-length = потребителското име е от 1 до 64 знака
admin-users-import-username-chars = потребителското име може да съдържа само букви, цифри и . _ - @
admin-users-import-display-length = показваното име е най-много 200 знака
admin-users-import-display-control = показваното име не може да съдържа управляващи знаци

## Stored reasons, worded when shown.
# A source over the similarity parser's budget: why its grammar did not read it.
admin-similarity-why-size = { $kib } KiB (над { $max } KiB): прочетен от простия лексер
admin-similarity-why-tokens = над { $max } лексеми: прочетен от простия лексер
admin-similarity-why-depth = скоби, вложени { $depth } нива (над { $max }): прочетен от простия лексер
admin-similarity-why-slow = синтактичният анализатор работи над { $seconds } с: прочетен от простия лексер
admin-similarity-why-truncated = индексирани са само първите му { $tokens } лексеми
# $why: one of the admin-similarity-why-… messages above.
admin-similarity-why-and-truncated = { $why }; индексирани са само първите му { $tokens } лексеми
# A line of the list of sources over the budget, after who submitted it: $language (an id), $why.
admin-similarity-over-budget-line = { $language }: { $why }
# A game that failed in the judge (the status page's "Why" column).
admin-status-given-up = Изоставена след { $attempts ->
    [one] един опит
   *[other] { $attempts } опита
}: всеки път работният ѝ процес е спирал, губил е наема си или не е могъл да я изиграе (грешка на съдийската система, не на ботовете). Повторното оценяване я изиграва отново.
