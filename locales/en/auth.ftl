# Logging in and the first login's welcome page; the problems a nickname or a new password can have.

login-title = Log in
login-username = Username (your student id)
login-password = Password
login-button = Log in
login-first-time = First time here? Your password is your username; you will choose a new one.
login-missing = Enter your username and password.
login-throttled-address = Too many failed logins from your address. Try again in { $seconds ->
    [one] { $seconds } second
   *[other] { $seconds } seconds
}.
login-throttled-username = Too many failed logins for this username. Try again in { $seconds ->
    [one] { $seconds } second
   *[other] { $seconds } seconds
}.
login-busy = The server is busy checking other logins. Try again in a few seconds.
login-wrong = Wrong username or password.

welcome-title = Welcome
# $name is the student's name from the roster (or their username).
welcome-heading = Welcome, { $name }
welcome-intro = Before you start, choose the nickname the scoreboard shows to everybody, and a new password.
welcome-nickname = Nickname
welcome-password = New password (at least 8 characters)
welcome-button = Save and continue
auth-password-again = New password again

auth-nickname-taken = Another user has this nickname or username, or one that looks the same.
auth-passwords-differ = The two passwords differ.
auth-nickname-length = Use 2 to 32 characters.
auth-nickname-invisible = No control, format or invisible characters (such as zero-width spaces or direction marks), and no spaces other than the plain one.
auth-nickname-spaces = No spaces at either end.
auth-nickname-marks = No combining marks on their own or piled up.
auth-nickname-scripts = Use the letters of one script only (Latin, Cyrillic, Greek, Chinese... each alone; digits and punctuation go with any): a name mixing scripts can imitate another's.
auth-nickname-letters = Use letters in common use only (Unicode's general security profile): small capitals and other phonetic or historic letters can imitate plain ones.
auth-nickname-reserved = `admin`, `root` and `system` are reserved (nor may a name look like them).
auth-nickname-house = Names starting with `house` are the house bots' (nor may a name look like them).
auth-nickname-staff = Names starting with `staff` are the admins' (nor may a name look like them).
auth-password-short = Use at least 8 characters.
auth-password-long = Use at most 1024 bytes.
auth-password-username = Choose a password other than your username.
