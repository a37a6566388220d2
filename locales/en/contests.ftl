# The contests list, a contest's page with its submit form, the submission lists and one submission.

contests-title = Contests
contests-none = There are no contests yet.
contests-th-contest = Contest
contests-th-game = Game
contests-th-deadline = Deadline
contests-th-state = State
# A badge beside a contest's title: announcements the reader has not seen.
contests-unread = { $count } new
contests-unread-title = announcements you have not read
contests-open = open
contests-closed = closed

# The line under a contest's title: the game's id (connect4, tron...) stays as it is.
contest-game = Game <strong>{ $game }</strong>
# Before the deadline's date and time.
contest-deadline = deadline
contest-my-submissions = My submissions
contest-all-submissions = All submissions
contest-scoreboard = Scoreboard
contest-play = Play against a bot
contest-test-matches = Test matches
contest-page = Contest page
contest-admin-settings = Admin: settings, rejudge, freeze
contest-admin-similarity = similar sources
contest-announcements = Announcements
# A badge on an announcement posted since the reader's last visit.
contest-announcement-new = new
contest-announcements-none = No announcements yet.
contest-announce-label = New announcement (Markdown)
contest-announce-button = Post it
# The author of an announcement whose account was deleted.
contest-author-deleted = (deleted user)
contest-submit = Submit
contest-rules-hint = New to this game? Read <a href="{ $href }" id="rules-link">the rules, the bot protocol, this contest's limits and how to test locally</a>.
contest-limit-interval = One submission every { $seconds } s:
contest-wait = next in { $seconds } s
contest-may-submit = you may submit now
contest-budget = Compute budget today: { $used } s used of { $budget } s, <strong id="budget-left">{ $left } s left</strong>
contest-max-source = Source file: at most { $kib } KiB
contest-language = Language
contest-language-auto = From the uploaded file's extension
contest-language-unavailable-option = { $language } (unavailable)
contest-language-unavailable = <strong>{ $language }</strong> is unavailable: { $why }.
contest-starters = Start from a starter bot:
contest-file = Upload a file
contest-paste = or paste the source
contest-submit-button = Submit this bot
contest-closed = The deadline has passed ({ $deadline }); submissions are closed.
# Why a language cannot be chosen: its compiler or runtime is not installed.
contest-language-missing = not installed on this server: `{ $program }` is missing
contest-language-missing-package = not installed on this server: `{ $program }` is missing (package { $package })
contest-settings = Settings
contest-no-starter = There is no starter bot for `{ $language }` in this contest (starters: { $starters }).

contest-all-none = Nobody has submitted yet.
contest-mine-none = You have not submitted to this contest yet.
contest-th-who = Who
contest-th-when = When
contest-th-language = Language
contest-th-status = Status

# A submission's status.
submission-status = { $status ->
    [queued] queued
    [compiling] compiling
    [compile_error] compile error
    [ready] ready
    [superseded] superseded
    [disqualified] disqualified
   *[other] { $status }
}
submission-title = Submission { $id }
submission-matches = Matches
# An admin's view: whose submission it is.
submission-owner = By <a href="/admin/users?q={ $username }">{ $username }</a>
submission-owner-nickname = nickname { $nickname }
submission-owner-disabled = account disabled
submission-owner-all = all their submissions here
submission-submitted = submitted { $when }
# Before the submission's status.
submission-status-label = status
submission-disqualify = Disqualify
submission-disqualify-hint = its queued games are cancelled and its matches leave the standings; the user is out until they submit again
submission-rejudge = Rejudge its matches
submission-rejudge-hint = its current matches are played again under the current settings; the games so far stay readable, marked replaced
submission-round-robin = Round robin
submission-progress-none = No games scheduled yet: it plays every other student's current submission as they come.
# Each part after the first is there only when its number is not 0.
submission-progress = { $done } of { $total } games played{ $running ->
    [0] {""}
   *[other] , { $running } being played
}{ $queued ->
    [0] {""}
   *[other] , { $queued } queued ({ $ahead } { $ahead ->
        [one] game
       *[other] games
    } of others ahead of yours)
}{ $failed ->
    [0] {""}
   *[other] , { $failed } given up by the judge (an admin's rejudge plays them again)
}.
submission-progress-hint = <a href="{ $href }">Its matches</a> · this page keeps the count up to date while games wait.
submission-test-match = Test match
submission-test-match-hint = One full match of this submission against an opponent you pick, played ahead of the round robin and never counted in the standings (<a href="{ $href }">my test matches</a>).
submission-pending = Compiling is queued; <a href="{ $href }">reload</a> to see the result.
submission-compiler-output = Compiler output
submission-no-output = No output.
submission-validity = Validity tests
submission-validity-passed = Passed <strong>{ $passed } of { $total }</strong> inputs
# The validity tests' score: full, half or none.
submission-validity-score = score <strong>{ $score ->
    [full] full
    [half] half
    [none] none
   *[other] { $score }
}</strong>
submission-validity-hint = (a legal move for each valid position, <code>error</code> for each invalid input; over 80 % is full, 50 % to 80 % half)
submission-th-input = Input
submission-th-why = Why it failed
# A case of the one-two-three validity tests, as a row of the failures' table says what it was.
validity-case-first-example = a 4x3 board with A's three-cell diagonal, B to move (the statement's first example)
validity-case-second-example = a 5x3 board with two free cells far apart, B to move (the statement's second example)
validity-case-board = a { $cols }x{ $rows } board { $percent }% filled, { $mover } to move
validity-case-too-small = a 2x2 board (smaller than 3x3)
validity-case-words = words instead of a board
validity-case-too-many-columns = 21 columns (more than 20)
validity-case-too-many-rows = 21 rows (more than 20)
validity-case-bad-character = a character other than A, B and -
validity-case-row-too-short = a row too short
validity-case-row-too-long = a row too long
validity-case-bad-mover = a mover other than A or B
validity-case-full-board = a full board
validity-case-no-mover = no mover line
validity-case-too-few-rows = too few rows
validity-case-bad-size = a size that is not two numbers
validity-case-lowercase = a lowercase letter on the board
# Why a validity test case failed (`error` is the answer's literal word; $got the answer's first line).
validity-why-expected-error = expected `error` for an invalid input, got `{ $got }`
validity-why-expected-error-nothing = expected `error` for an invalid input, got nothing
validity-why-bad-case = bad test case: { $detail }
validity-why-error-on-valid = answered `error`, but this position is valid: the answer must be the board after a move
validity-why-no-board = not a board: the answer is empty
validity-why-not-a-board = not a board: the answer must be the board's rows, of A, B and - only, all of the same length
validity-why-illegal = not a legal move: { $detail }
validity-why-not-started = could not be started: { $detail }
validity-why-cpu = used { $ms } ms of CPU time
validity-why-still-running = still running after { $ms } ms
validity-why-memory = went over { $mib } MiB
validity-why-over-time-cpu = used { $ms } ms of CPU time, limit { $limit } ms
validity-why-over-time = took { $ms } ms, limit { $limit } ms
submission-source = Source
