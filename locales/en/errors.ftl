# The messages of errors: the API's {"error": code, "message": …} and the error page's text.
# Text between `backticks` is a field name, a header or a value to type: keep it as it is.

# 404. $thing is one of the words on the left (kept in English by the code).
error-no-such = { $thing ->
    [contest] There is no such contest.
    [submission] There is no such submission.
    [contest-submission] There is no such submission in this contest.
    [game] There is no such game.
    [practice-game] There is no such practice game or contest.
    [test-match] There is no such test match.
    [user] There is no such user.
    [token] There is no such API token.
    [log] This game has no log.
    [base-file] There is no such base file.
    [file] There is no such file.
    [api-endpoint] There is no such API endpoint.
   *[page] There is no such page.
}
error-internal = Something went wrong on the server; the error has been logged.
error-password-busy = The server is busy checking other logins. Try again in a few seconds.

## Who may do what
error-csrf = This form has expired or was not sent from this site. Go back, reload the page and try again.
error-admins-only = This page is for admins only.
error-admins-only-action = Only admins may do this.
error-admins-change-settings = Only admins change contest settings.
error-admins-refresh-scoreboard = Only admins refresh the scoreboard.
error-admins-announce = Only admins post announcements.
error-admins-queue = Only admins see the queue.
error-admins-similarity = Only admins see copy detection.
error-admins-metrics = Only admins read the metrics.
error-metrics-log-in = Log in as an admin or send an admin's API token as `Authorization: Bearer <token>`.
error-game-log-forbidden = Only the owners of the game's bots and admins read its log.
error-not-your-submission = This is another user's submission.
error-not-your-submission-page = This is another user's submission; you can see only your own.
error-account-disabled = This account is disabled; ask your course staff.
error-api-token-missing = Send an API token as `Authorization: Bearer <token>` (create one on your profile page).
error-api-token-malformed = This API token is not valid.
error-api-token-unknown = This API token is not valid or was revoked.

## Forms and request bodies. $field is a field's name; $code a character's code such as U+0007;
## $detail the reader's own words of a library (English).
error-form-content-type = Send the form as `application/x-www-form-urlencoded`, as a browser does.
error-form-too-large = The form is too large.
error-form-unread = The form could not be read; please send it again.
error-form-invalid = The form is not valid: { $detail }.
error-form-too-many-fields = The form has more than { $max } fields; no form of this site has.
error-field-name-utf8 = A field name is not valid UTF-8.
error-field-name-control = A field name holds a control character ({ $code }).
error-field-utf8 = `{ $field }` is not valid UTF-8 text.
error-field-nul = `{ $field }` holds a NUL character (U+0000), which no compiler accepts.
error-field-control = `{ $field }` holds a control character ({ $code }), which no field may hold.
error-field-too-long = `{ $field }` is { $size } bytes long; at most { $max } bytes are accepted.
error-json-content-type = Send the body as JSON with `Content-Type: application/json`.
error-body-too-large = The request body is too large.
error-body-unread = The request body could not be read; please send it again.
error-json-too-many-values = The body has more than { $max } values; no body of this API has.
error-json-invalid = The body is not valid JSON: { $detail }
error-json-body-type = The body does not have the expected form: { $detail }
error-json-field-type = `{ $field }`: { $detail }
error-submission-param = Give `?submission=<id>`.
error-bad-window = `offset` and `limit` are numbers of rows (0 or more).
error-revoke-tokens = `revoke_tokens` is 1 when ticked.
error-setting-type = `{ $setting }`: give a string or a number.
# $detail: the settings' own explanations of what is wrong (English).
error-invalid-settings = Some settings are not valid: { $detail }
error-language-not-enabled = Language `{ $language }` is not enabled in this contest (enabled: { $enabled }).
# $language: a language's name such as "Python 3"; $game: a game's id such as connect4.
error-no-starter = There is no { $language } starter for { $game } yet.

## Contests and submissions
error-already-disqualified = This submission is already disqualified.
error-not-current = Only a current submission is rejudged: this one is superseded, disqualified or not compiled yet.
# $deadline: a date and time with its offset.
error-deadline-passed = The deadline of this contest ({ $deadline }) has passed; no more submissions are accepted.
error-deadline-passed-no-date = The deadline of this contest has passed; no more submissions are accepted.
# $choices: language ids such as "c, cpp, python".
error-no-language = Choose a language: one of { $choices }.
error-unknown-language = `{ $language }` is not a language of this contest; choose one of: { $choices }.
# $detail: why the server cannot run it (English), such as "not installed on this server: `gcc` is missing".
# The English reads "{ $language } is { $detail }"; other languages may say "cannot be used ({ $detail })".
error-language-unavailable = { $language } is { $detail }; the server's admin can install it. Choose another language.
error-empty-source = The source is empty: paste it or choose a file.
error-source-too-large = The source is { $size } bytes; at most { $max } bytes ({ $kib } KiB) are accepted.
error-submit-form-too-large = The form is too large; sources of at most { $kib } KiB are accepted.
error-too-soon = You may submit once every { $interval ->
        [one] second
       *[other] { $interval } seconds
    }; try again in { $wait ->
        [one] one second
       *[other] { $wait } seconds
    }.
error-budget-used = You have used your daily compute budget of { $budget ->
        [one] one second
       *[other] { $budget } seconds
    }; it renews at midnight UTC.
error-announcement-empty = An announcement needs some text.
error-announcement-too-long = An announcement is at most { $max } bytes.
error-base-file-empty = A base file needs a name and a source.
error-base-file-language = `{ $language }` is not a language of this server; one of: { $choices }.
error-base-file-too-large = A base file is at most { $kib } KiB.

## Practice games and test matches. $levels: house levels such as "random, level1, level2".
error-unknown-opponent = Unknown opponent `{ $opponent }`: an opponent is `house:<level>` ({ $levels }) or a submission id.
error-unknown-house-level = Unknown house bot level `{ $level }` (one of: { $levels }).
error-no-such-opponent = There is no current submission #{ $id } in this contest.
error-no-test-opponent = There is no submission #{ $id } in this contest to play: an opponent is a house level, one of your compiled submissions, or another student's current one.
error-no-boards = This game is not played on a choice of boards.
# $board: the board asked for; $detail: what is wrong with it (English).
error-bad-board = Board `{ $board }`: { $detail }
error-unknown-seat = Unknown seat `{ $seat }` (one of: first, second).
error-practice-not-allowed = { $opponents ->
    [house] This contest does not let you practise against house bots.
    [own] This contest does not let you practise against your own submission.
   *[others] This contest does not let you practise against other students' submissions.
}
error-test-match-not-allowed = { $opponents ->
    [house] This contest does not let you play test matches against house bots.
    [own] This contest does not let you play test matches against your own submission.
   *[others] This contest does not let you play test matches against other students' submissions.
}
# $game: the practice game's id.
error-already-playing = You are already playing a practice game ({ $game }); finish or leave it first.
error-practice-full = The server is running as many practice games as it may ({ $max }); try again in a minute.
error-practice-too-many = You have started { $limit } practice games in the last hour, as many as this server allows; you may start another in { $minutes ->
        [one] one minute
       *[other] { $minutes } minutes
    }.
error-practice-unavailable = Practice games are not available on this server.
error-practice-other-site = This page may not open another site's game.
error-practice-log-in = Log in, or send an API token as `Authorization: Bearer <token>`.
error-socket-message = Send {"{"}"move": "…"{"}"} or {"{"}"leave": true{"}"}.
error-not-your-turn = It is not your turn.
error-game-over = The game is over.
error-not-a-direction = `{ $text }` is not a direction (+X, -X, +Y, -Y).
# $detail: the game's rule that the move breaks (error-checkers-*, error-connect4-*, …).
error-illegal-move = Not a legal move: { $detail }
error-no-submission = You have no compiled submission in this contest yet: a test match plays your current one.
# $id: the test match's number.
error-test-match-running = Your test match { $id } is still queued or running; one at a time.

## Checkers: the rule a refused move breaks, shown after "Not a legal move:". $square: (row,col).
error-checkers-too-few-squares = a move lists at least 2 squares (start and destination).
error-checkers-off-board = { $square } is off the board: rows and columns are 0-7.
error-checkers-not-dark = { $square } is not a dark square: pieces stand only where row + col is odd.
error-checkers-no-piece = { $square } holds no piece of yours.
error-checkers-not-diagonal = { $from } to { $to } is neither a diagonal step nor a diagonal jump.
error-checkers-steps-chained = a plain step moves one square; only jumps can be chained.
error-checkers-capture-compulsory = a capture is available, and capturing is compulsory.
error-checkers-occupied = { $square } is occupied.
# $row: the far row; $side: black or white.
error-checkers-man-backwards = a man steps only forward (towards row { $row } for { $side ->
        [black] Black
       *[white] White
    }); only kings step backwards.
error-checkers-step-after-jump = a chain is made of jumps only: a plain step cannot follow a jump.
error-checkers-nothing-to-jump = there is no piece to jump at { $square }.
error-checkers-own-piece = { $square } holds your own piece: only the opponent's pieces can be jumped.
error-checkers-jumped-twice = { $square } was already jumped in this chain.
error-checkers-majority = the chain captures { $count ->
        [one] one piece
       *[other] { $count } pieces
    } but { $most } can be captured: the longest capture is compulsory.

# A move typed by hand that is not written as the game's moves are (the API's practice moves).
error-move-malformed = This is not written as a move of this game: see how the rules write a move.

## Connect4: the rule a refused move breaks, shown after "Not a legal move:".
# $last: the last column's number.
error-connect4-out-of-range = column { $column } is not on the board: the columns are 0 to { $last }.
error-connect4-full = column { $column } is full.

## MathTricks: the rule a refused move breaks. $cell and $from: a cell as "x y".
error-mathtricks-off-board = cell { $cell } is off the { $width }x{ $height } board.
error-mathtricks-not-neighbour = cell { $cell } is not next to your pawn on { $from }.
error-mathtricks-visited = cell { $cell } has been visited already.

## One-two-three: the rule a refused board breaks. $cell, $from, $to, $middle: error-ott-cell.
error-ott-cell = row { $row }, column { $column }
error-ott-wrong-size = the board is { $cols } columns by { $rows } rows, but the answer has { $answer_cols } columns by { $answer_rows } rows.
# $theirs: the opponent's letter (A or B).
error-ott-opponents-cell = { $cell } holds your opponent's letter { $theirs }: a piece covers only free cells and your own.
error-ott-letter-removed = { $cell } held { $mine } and was changed to { $now }: a move never removes a letter.
error-ott-wrong-letter = { $cell } was filled with { $theirs }, but it is { $mine }'s move.
error-ott-unchanged = no free cell was filled: the board is unchanged.
error-ott-too-many = { $count } cells were filled; a piece is a straight line of at most 3 cells.
# $cells: the filled cells, separated by semicolons.
error-ott-not-in-line = the filled cells ({ $cells }) are not on one horizontal, vertical or diagonal line.
error-ott-too-long = the filled cells ({ $cells }) span { $span } cells; a piece covers at most 3 adjacent cells.
error-ott-through-opponent = the piece from { $from } to { $to } passes through { $middle }, which holds your opponent's letter { $theirs }.
error-ott-gap-left = { $from } and { $to } are not adjacent, and { $middle } between them was left free.

# Starting a contest's finals.
error-finals-before-deadline = The finals start at or after the contest's deadline.
error-finals-started = The finals of this contest have started already.
error-finals-too-few = The finals need at least two students with a compiled submission.
error-finals-bad = The finals' settings are not valid: { $why }
error-finals-top-not-a-number = The number of finalists is a whole number.
error-finals-not-an-assignment = “{ $word }” is not of the form NAME=VALUE.
error-finals-admins-only = Only admins start the finals.
error-finals-not-started = The finals of this contest have not started.
