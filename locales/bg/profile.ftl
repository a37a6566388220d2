profile-preferences = Език и часова зона
profile-language = Език
profile-language-auto = Както иска браузърът ми
profile-time-zone = Часова зона
profile-time-zone-hint = Име по IANA, например Europe/Sofia; празно показва зоната на всяко състезание.
profile-save-preferences = Запази
profile-preferences-saved = Езикът и часовата зона са запазени.
profile-time-zone-unknown = „{ $zone }“ не е име на часова зона; изберете от списъка, например Europe/Sofia.
profile-language-unknown = Този език не се предлага; изберете English, 简体中文, Română, Български или Suomi.
profile-token-never-used = никога

profile-title = Профил
profile-heading = Профил на { $username }
profile-nickname = Псевдоним
profile-nickname-shown = Показва се в класирането
profile-nickname-change = Смени псевдонима
profile-nickname-changed = Псевдонимът е сменен.
profile-password = Парола
profile-password-current = Текуща парола
profile-password-new = Нова парола
profile-revoke-tokens = отмени и API ключовете ми
profile-password-hint = Другите ти сесии (други браузъри, други устройства) се затварят.
profile-password-change = Смени паролата
profile-password-current-missing = Въведи текущата си парола.
profile-password-current-wrong = Текущата ти парола не е вярна.
profile-password-changed = Паролата е сменена. Другите ти сесии са затворени.
profile-password-changed-tokens = Паролата е сменена. Другите ти сесии са затворени и { $count ->
    [one] { $count } API ключ е отменен
   *[other] { $count } API ключа са отменени
}.
profile-tokens = API ключове
profile-tokens-hint = За скриптове: изпращай <code>Authorization: Bearer &lt;token&gt;</code> към адресите под <code>/api</code>.
profile-token-new = Новият ти ключ (копирай го сега, няма да бъде показан отново):
profile-tokens-none = Нямаш ключове.
profile-token-name = Име
profile-token-created = Създаден
profile-token-last-used = Последно използван
profile-token-revoke = Отмени
profile-token-placeholder = напр. моят лаптоп
profile-token-create = Създай ключ
profile-token-revoked = Ключът е отменен.
