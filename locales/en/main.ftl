# The layout of every page: the navigation bar, the footer, the error page, and what many pages share.

nav-contests = Contests
nav-new-contest = New contest
nav-users = Users
nav-status = Status
nav-log-out = Log out

footer-language = Language
footer-language-change = Change
footer-time-zone = Times are shown in { $zone }.

error-not-found = Not found
error-not-allowed = Not allowed
error-log-in = Please log in
error-too-many = Too many requests
error-too-large = Too large
error-bad-request = Bad request
error-conflict = Conflict
error-busy = Busy
error-server = Server error
error-back = Back to the contests

# A deadline's countdown; the numbers are whole days, hours and minutes left.
countdown-left = { $days ->
    [0] { $hours } h { $minutes } min left
   *[other] { $days } d { $hours } h { $minutes } min left
}
countdown-closed = closed
deadline-none = none

## Units written next to numbers (the number as the language writes it).
unit-ms = { $n } ms
# A number of milliseconds that is whole tenths of a second, with it in seconds ($s).
unit-ms-seconds = { $n } ms ({ $s } s)
unit-s = { $n } s
unit-kib = { $n } KiB
unit-mib = { $n } MiB
