# Logging in and the first login's welcome page; the problems a nickname or a new password can have.

login-title = Вход
login-username = Потребителско име (факултетният ти номер)
login-password = Парола
login-button = Влез
login-first-time = За първи път си тук? Паролата ти е потребителското ти име; ще избереш нова.
login-missing = Въведи потребителско име и парола.
login-throttled-address = Твърде много неуспешни опити за вход от твоя адрес. Опитай отново след { $seconds ->
    [one] { $seconds } секунда
   *[other] { $seconds } секунди
}.
login-throttled-username = Твърде много неуспешни опити за вход с това потребителско име. Опитай отново след { $seconds ->
    [one] { $seconds } секунда
   *[other] { $seconds } секунди
}.
login-busy = Сървърът е зает с проверка на други входове. Опитай отново след няколко секунди.
login-wrong = Грешно потребителско име или парола.

welcome-title = Добре дошъл
# $name is the student's name from the roster (or their username).
welcome-heading = Добре дошъл, { $name }
welcome-intro = Преди да започнеш, избери псевдонима, който класирането показва на всички, и нова парола.
welcome-nickname = Псевдоним
welcome-password = Нова парола (поне 8 знака)
welcome-button = Запази и продължи
auth-password-again = Новата парола отново

auth-nickname-taken = Друг потребител има този псевдоним или потребителско име, или такова, което изглежда по същия начин.
auth-passwords-differ = Двете пароли се различават.
auth-nickname-length = Използвай от 2 до 32 знака.
auth-nickname-invisible = Без управляващи, форматиращи или невидими знаци (например интервали с нулева ширина или знаци за посока) и без други интервали освен обикновения.
auth-nickname-spaces = Без интервали в началото и края.
auth-nickname-marks = Без самостоятелни или натрупани комбиниращи знаци.
auth-nickname-scripts = Използвай букви само от една писменост (латиница, кирилица, гръцка, китайска... всяка поотделно; цифрите и пунктуацията вървят с всяка): име, което смесва писмености, може да имитира чуждо.
auth-nickname-letters = Използвай само букви в обща употреба (общият профил за сигурност на Unicode): малките главни и други фонетични или исторически букви могат да имитират обикновените.
auth-nickname-reserved = `admin`, `root` и `system` са запазени (нито може име да изглежда като тях).
auth-nickname-house = Имената, започващи с `house`, са на домашните ботове (нито може име да изглежда като тях).
auth-nickname-staff = Имената, започващи със `staff`, са на администраторите (нито може име да изглежда като тях).
auth-password-short = Използвай поне 8 знака.
auth-password-long = Използвай най-много 1024 байта.
auth-password-username = Избери парола, различна от потребителското ти име.
