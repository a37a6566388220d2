# Оформлението на всяка страница: навигацията, долният колонтитул, страницата за грешка и общи текстове.

nav-contests = Състезания
nav-new-contest = Ново състезание
nav-users = Потребители
nav-status = Състояние
nav-log-out = Изход

footer-language = Език
footer-language-change = Смени
footer-time-zone = Часовете са показани в часова зона { $zone }.

error-not-found = Не е намерено
error-not-allowed = Не е позволено
error-log-in = Моля, влезте
error-too-many = Твърде много заявки
error-too-large = Твърде голямо
error-bad-request = Грешна заявка
error-conflict = Конфликт
error-busy = Сървърът е зает
error-server = Грешка на сървъра
error-back = Обратно към състезанията

countdown-left = { $days ->
    [0] остават { $hours } ч { $minutes } мин
    [one] остава { $days } ден, { $hours } ч { $minutes } мин
   *[other] остават { $days } дни, { $hours } ч { $minutes } мин
}
countdown-closed = приключило
deadline-none = няма

## Units written next to numbers (the number as the language writes it).
unit-ms = { $n } ms
# A number of milliseconds that is whole tenths of a second, with it in seconds ($s).
unit-ms-seconds = { $n } ms ({ $s } с)
unit-s = { $n } с
unit-kib = { $n } KiB
unit-mib = { $n } MiB
