# The rules page of a contest (/contests/{slug}/rules): everything around the game's statement.

rules-title = Правила · { $title }
rules-heading = { $title }: правила и протокол на бота
rules-submit-link = Предай бот
rules-toc = На тази страница:
rules-toc-game = Играта
rules-toc-local = Локално тестване
# Shown above the English statement when the reader's language has no translation of it.
rules-statement-not-translated = Условието на тази игра още не е преведено на български; по-долу е на английски.
rules-settings = Настройки на това състезание
rules-settings-hint = Ограниченията и дъските, при които се играят игрите на това състезание (те имат предимство пред стойностите по подразбиране, посочени по-горе). Нарушаването на ограничение губи играта веднага; страницата на играта после посочва правилото (видът на служебната загуба е в скоби).
rules-th-setting = Настройка
rules-th-value = Стойност
rules-th-meaning = Какво означава
# Under a setting's value when this contest changed it.
rules-setting-default = по подразбиране { $value }
rules-submissions = Предавания
rules-languages = Езици
rules-languages-hint = Единственият ти файл с код се записва под посоченото по-долу име, компилира се и после се стартира с тези команди в собствената директория на бота в пясъчника. Програмата ти чете съобщенията на журито от стандартния вход и отговаря на стандартния изход; стандартният изход за грешки отива в дневника на играта.
rules-th-language = Език
rules-th-version = Версия на този сървър
rules-th-commands = Команди
rules-language-file = файл <code>{ $file }</code>
rules-unavailable = Недостъпен
# Before the compile command of a language.
rules-compile = компилиране:
# Before the run command of a language.
rules-run = стартиране:
# A language's compiler did not say its version.
rules-version-unknown = неизвестна
rules-starters = Начални ботове
rules-starters-none = Няма начален бот за тази игра на езиците на това състезание.
rules-starters-hint = Кратка програма за всеки език, която говори протокола и играе допустим ход: изтегли я или я сложи във формата за предаване и я подобрявай оттам.
rules-starter-download = Изтегли <code>{ $file }</code>
rules-starter-insert = Сложи го във формата за предаване
# LANGUAGE stays as it is: the reader replaces it with a language id.
rules-starters-offline = Офлайн същите начални ботове идват с журито (вижте по-долу): <code>./botarena starter { $game } LANGUAGE -o .</code> записва един до теб.
rules-local = Тествай бота си локално
rules-local-intro = Журито на този сървър е една програма, <code>botarena</code>. Командата ѝ <code>play</code> играе мач на твоя компютър със същия съдия и същите ограничения като сървъра, срещу твои ботове или вградените домашни ботове (<code>house:random</code>, <code>house:level1</code>, <code>house:level2</code>).
rules-local-download = Изтегли <a href="/download/botarena" id="binary-link" download="botarena">botarena</a> ({ $version }, { $platform }, { $mib } MiB) и го провери:
rules-local-install = Инсталирай компилатора на своя език (версиите по-горе са тези на сървъра) и сложи бота си до него, например като <code>{ $file }</code>.
rules-local-play = Изиграй мач с настройките на това състезание:
rules-local-play-hint = Програмата извежда по ред за всяка игра и резултата от мача. Добави <code>--log-dir logs</code>, за да запазиш записа на всяка игра (всеки ред в двете посоки, твоя DEBUG изход и стандартния изход за грешки), <code>--json result.json</code> за пълния резултат, <code>--seed N</code>, за да изиграеш отново същите игри; сложи <code>house:level1</code> или <code>house:level2</code> за по-силен противник или втори файл с бот.
rules-local-hint = Без root пясъчникът има по-малко защити; <code>play</code> казва кои липсват и играе въпреки това. <code>./botarena house { $game } random</code> пуска домашен бот в терминала ти, за да играеш срещу него на ръка.
rules-exe-error = Сървърът не може да прочете собствения си изпълним файл, затова не може да го предложи.

## What each setting means, by its name (`setting-NAME`); `setting-NAME-GAME` where a game uses
## it its own way. The names in the texts (move_ms, start_timeout, START, OK...) stay as they are.

setting-start_ms = Процесорно време за отговор с OK на START на журито (всичко, което програмата подготвя преди да отговори, също се брои); повече губи играта (start_timeout). Чакането не харчи нищо, но отговорът трябва да дойде и до три пъти тази стойност плюс 0,1 s реално време.
setting-start_ms-one-two-three = Не се използва в тази игра: всеки ход е ново стартиране на програмата ти, измервано с move_ms.
setting-start_ms-tron = Време, за което ботът трябва да отпечата името си, след като получи номера си на играч; повече губи играта (start_timeout).
setting-start_ms-connect4 = Не се използва в тази игра: няма начално съобщение, на което да се отговаря; първият ход се измерва с move_ms.
setting-move_ms = Процесорно време за един ход, от подканата на журито до твоя отговор: колкото изчислява програмата ти (всичките ѝ нишки), независимо какво друго работи на сървъра. Повече губи играта (move_timeout). Чакането (сън, четене) не харчи нищо, но отговорът трябва да дойде и до три пъти тази стойност плюс 0,1 s реално време.
setting-move_ms-one-two-three = Процесорно време за цялото изпълнение на програмата ти за един ход: стартиране, прочитане на позицията, мислене, отпечатване на новата дъска и изход; повече губи играта (move_timeout). Какво друго работи на сървъра не го променя. Чакането не харчи нищо, но едно изпълнение може да трае най-много три пъти тази стойност плюс 0,1 s реално време.
setting-move_ms-tron = Не се използва в тази игра: tron върви по часовник, всяка дъска със свой такт (вижте boards); посока, отпечатана със закъснение, просто важи от следващия такт.
setting-bank_ms = Време за мислене (процесорно време) за цялата игра, сумирано по ходовете ти. Един ход може да използва до move_ms, докато в банката е останало поне толкова; щом в банката остане по-малко, остатъкът е границата, а изчерпването ѝ губи играта (time_bank).
setting-bank_ms-tron = Не се използва в тази игра: tron върви по часовник и ничие време за мислене не се брои.
setting-bank_ms-none = 0: няма банка за време; всеки ход има цялото си време.
setting-bank_ms-none-one-two-three = 0: няма банка за време; важи само ограничението на ход.
setting-memory_mib = Памет, която ботът може да използва (всичките му процеси заедно). Превишаването го спира и губи играта (memory_limit).
setting-games = Игри между два бота в един мач; страните се сменят всяка игра, така че всеки бот започва първи еднакво често.
setting-games-boards = Игри между два бота в един мач: всяка дъска се играе два пъти, като всеки бот започва първи веднъж.
setting-max_rounds = Кръгове (по един ход на всяка страна), след които незавършена игра се решава по материала, останал на дъската.
setting-rows = Редове на мрежата.
setting-cols = Колони на мрежата.
setting-connect = Колко пулове в линия (хоризонтално, вертикално или по диагонал) печелят.
setting-boards = Изиграваните дъски, като ширина x височина.
setting-boards-one-two-three = Изиграваните дъски, като колони x редове.
setting-boards-tron = Изиграваните дъски, като ширина x височина x такт в милисекунди: линиите се преместват веднъж на такт.
# A language's time factor; $start, $per_move and $bank are milliseconds, written as in the settings.
setting-time_factor = Ботовете, написани на { $language }, получават { $factor } пъти ограниченията за време по-горе: start_ms { $start }, move_ms { $per_move }.
setting-time_factor-bank = Ботовете, написани на { $language }, получават { $factor } пъти ограниченията за време по-горе: start_ms { $start }, move_ms { $per_move }, bank_ms { $bank }.
setting-time_factor-none = Всички езици имат еднакви ограничения за време: на нито един не се умножават.
setting-submit_interval_s = Най-малкото време между две твои предавания; по-ранно предаване се отказва, като се казва колко още да чакаш.
setting-daily_budget_s = Изчислително време, което компилиранията и игрите ти могат да използват на ден (UTC). Щом се изчерпа, новите предавания се отказват до полунощ UTC.
setting-max_source_bytes = Най-големият приеман файл с код (по един файл на предаване).
