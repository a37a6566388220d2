# The admin pages: a contest's settings, new contest, similar submissions, queue status, submissions, users.

admin-cancel = Cancel
admin-any = any
admin-filter = Filter
admin-clear = clear
# Page navigation of a long list.
admin-page-of = page { $page } of { $pages }
admin-newer = ← newer
admin-older = older →
admin-previous = ← previous
admin-next = next →
# A share shown in whole percent.
admin-percent = { $percent } %
# Durations on the status page.
admin-duration-seconds = { $seconds } s
admin-duration-minutes = { $minutes } min
admin-duration-hours = { $hours } h { $minutes } min

# Links between the admin pages of a contest.
admin-link-contest-page = contest page
admin-link-settings = settings
admin-link-standings-csv = standings as CSV
admin-link-submissions = submissions
admin-link-sources-zip = current sources (zip)
admin-link-similarity = similar sources
admin-link-queue-status = queue status

## A contest's settings page.
admin-settings-page-title = Admin · { $title }
admin-settings-heading = { $title }: settings
# $game is a game id such as connect4.
admin-settings-game = Game <strong>{ $game }</strong>
admin-settings-applies = Changes apply to games scheduled afterwards: games already scheduled keep the settings they were scheduled with. <strong>Rejudge</strong> replays every current match (between the latest ready submissions) under the current settings.
admin-settings-col-setting = Setting
admin-settings-col-value = Value
admin-settings-col-default = Default
admin-settings-col-what = What
# The deadline's label: $name is the setting's name (deadline), $zone the time zone it is written in.
admin-settings-deadline-label = { $name } ({ $zone })
admin-settings-save = Save settings
# What time_factor.LANGUAGE does.
admin-setting-time_factor = multiplies the start time, move time and time bank of the bots in that language, e.g. time_factor.python=3; a number from 0.1 to 10 (default 1)
admin-setting-title = shown on the contest's pages
# $zone: the contest's time zone (an IANA name, or UTC).
admin-setting-deadline = date and time in { $zone }; empty for none; no submissions after it
admin-standings = Standings
admin-frozen-since = Frozen since { $at }: the scoreboard no longer changes.
admin-unfreeze = Unfreeze
admin-not-frozen = Not frozen: recomputed every { $seconds } s. After the deadline the standings freeze by themselves once the last game is played.
admin-freeze-now = Freeze now
admin-rejudge = Rejudge
admin-rejudge-explained = Plays every current match again under the current settings (and unfreezes the standings so the replays count). Replays are not charged to the students' compute budgets.
admin-rejudge-all = Rejudge all current matches
admin-history = History
admin-history-none = No change recorded yet.
admin-history-when = When
admin-history-who = Who
admin-history-what = What
admin-history-setting = Setting
admin-history-old = Old
admin-history-new = New
# What an entry of the settings history did.
admin-action-create = created
admin-action-settings = settings changed
admin-action-rejudge = rejudge
admin-action-freeze = frozen
admin-action-unfreeze = unfrozen
admin-action-announce = announcement
admin-action-prune = replaced games deleted
# The notices after an action on the settings page.
admin-notice-saved = Saved: { $count ->
    [one] 1 setting changed.
   *[other] { $count } settings changed.
} They apply to games scheduled from now on.
admin-notice-rejudged = Rejudge: { $count ->
    [one] 1 match queued
   *[other] { $count } matches queued
} again under the current settings.
admin-notice-frozen = The standings are frozen.
admin-notice-unfrozen = The standings are no longer frozen and were recomputed.

## Confirmations of actions that are hard to undo.
admin-confirm-rejudge = Rejudge { $title }?
admin-confirm-rejudge-consequence = Every current match (between the latest ready submissions) is played again under the current settings; until its games are replayed a match is out of the standings, which are unfrozen. The games played so far stay readable, marked replaced. Replays are not charged to the students' compute budgets.
admin-confirm-unfreeze = Unfreeze the standings of { $title }?
admin-confirm-unfreeze-consequence = The scoreboard is recomputed again, so every result since the freeze shows; after the deadline it freezes again by itself once nothing is left to judge.
# $id: a submission's number; $owner: its author (username and name).
admin-confirm-disqualify = Disqualify submission { $id }?
admin-confirm-disqualify-consequence = Submission { $id } of { $owner }: its queued games are cancelled and its matches leave the standings; { $owner } is out until they submit again.
admin-disqualify = Disqualify
admin-confirm-rejudge-submission = Rejudge submission { $id }?
admin-confirm-rejudge-submission-consequence = Every current match of submission { $id } of { $owner } is played again under the contest's current settings; until its games are replayed a match is out of the standings. The games played so far stay readable, marked replaced. Replays are not charged to the students' compute budgets.
admin-rejudge-its-matches = Rejudge its matches

## New contest.
admin-new-contest = New contest
admin-new-slug = Slug (in addresses: lowercase letters, digits, dashes)
admin-new-slug-taken = A contest with this slug exists.
admin-new-title = Title
admin-new-game = Game
admin-new-choose = Choose…
admin-new-time-zone = Time zone
admin-new-time-zone-hint = An IANA name such as Asia/Shanghai: the contest's times are shown in it and its deadline is read in it. Empty: the server's (the deadline in UTC).
admin-new-deadline = Deadline (in the contest's time zone; empty for none)
admin-new-language = Language of its pages
admin-new-language-server = The server's
admin-new-languages = Languages
admin-new-settings = Settings, one <code>name=value</code> per line (empty: the game's defaults)
admin-new-setting-names = Setting names and defaults
admin-new-create = Create contest

## Similar submissions (copy detection).
admin-similarity-page-title = Similar submissions · { $title }
admin-similarity-heading = { $title }: similar submissions
admin-similarity-json = JSON: <code>GET /api/contests/{ $slug }/similarity</code>
# $floor: the least similarity kept, in percent.
admin-similarity-explained = Every submission is indexed when its compile ends: its source is parsed, identifiers and literals are made alike, comments and layout dropped, and the result fingerprinted the way MOSS does (winnowed 12-token k-grams). <strong>Similarity</strong> is the larger share of one side's fingerprints found in the other; the contest's starters and the base files below never count. Pairs below { $floor } % are not kept. A high score is a reason to look, not a verdict: open the pair.
admin-similarity-coverage = { $indexed } of { $submissions ->
    [one] 1 submission indexed.
   *[other] { $submissions } submissions indexed.
}
admin-similarity-at-least = At least
admin-similarity-superseded-too = superseded submissions too
admin-similarity-over-budget = Over the parser's budget
admin-similarity-over-budget-explained = { $count ->
    [one] 1 indexed submission was
   *[other] { $count } indexed submissions were
} too large, too deeply nested or too slow for their language's parser (over { $kib } KiB, its token or bracket-depth limit, or its time limit), so they were read by the plain lexer, which knows no comments or keywords of the language (and at most their first { $tokens } tokens are indexed). Their scores are less reliable; a generated or padded source is a reason to look at it.
admin-similarity-no-pairs = No pair at or above { $percent } %.
admin-similarity-col-similarity = Similarity
admin-similarity-col-longest = Longest run
admin-similarity-col-first = First
admin-similarity-col-second = Second
admin-similarity-tokens = { $count ->
    [one] 1 token
   *[other] { $count } tokens
}
admin-similarity-superseded = (superseded)
admin-similarity-side-by-side = side by side
admin-similarity-base-code = Base code
admin-similarity-base-explained = The contest game's starters, in every language, are always base code. Add any other file every student may use (a library handed out in class); the contest is then reindexed.
# After a base file's name: its language id and size.
admin-similarity-base-file = ({ $language }, { $bytes ->
    [one] 1 byte
   *[other] { $bytes } bytes
})
admin-similarity-remove = remove
admin-similarity-base-name = Name
admin-similarity-base-language = Language
admin-similarity-base-source = Source
admin-similarity-base-add = Add base file
admin-similarity-reindex = Reindex every submission
admin-similarity-reindex-hint = (for submissions made before copy detection was installed)
admin-similarity-reindexing = Reindexing in the background: the pairs are recomputed one submission after another.
admin-similarity-base-changed = Base code changed: every submission is being reindexed in the background.
# A pair side by side; $a and $b are submission numbers (#12), $title the contest's.
admin-pair-page-title = { $a } and { $b } · { $title }
# $a and $b: a username and a submission number each (ada #12).
admin-pair-heading = { $a } and { $b }
admin-pair-back = similar submissions of { $title }
admin-pair-stored = Similarity { $percent } % ({ $shared ->
    [one] 1 shared fingerprint
   *[other] { $shared } shared fingerprints
})
admin-pair-regions = { $regions ->
    [one] 1 shared region
   *[other] { $regions } shared regions
} of at least 12 tokens, the longest { $longest } tokens. Base code is not marked. Click a marked region to see its match on the other side.

## Queue status.
admin-status = Status
admin-status-heading = Queue status
admin-status-queue = Queue
admin-status-queued = Queued
admin-status-running = Running
admin-status-done = Done
admin-status-failed = Failed
admin-status-cancelled = Cancelled
admin-status-compile = Compile
admin-status-games = Games
admin-status-attempts = A game is tried at most { $attempts } times (a worker died or lost its lease each time); then it is failed, its match stays out of the standings, and a rejudge of its contest plays it again.
admin-status-sharing = Contests sharing the game slots
admin-status-sharing-none = No contest has games queued.
admin-status-contest = Contest
admin-status-share = Share
admin-status-oldest-wait = Oldest wait
admin-status-slot-time = Slot time used
admin-status-sharing-explained = Contests with queued games share the game slots by the slot time their games use, in proportion to their <code>share</code> setting (default 1), not by arrival: the next free slot plays a game of the first contest listed. Within a contest, test matches come first, then every submission's first match before anyone's next one.
admin-status-running-games = Running games
admin-status-running-none = No game is running.
admin-status-game = Game
admin-status-players = Players
admin-status-worker = Worker
admin-status-attempt = Attempt
admin-status-started = Started
admin-status-lease-until = Lease until
admin-status-failed-games = Failed games
admin-status-failed-none = No failed game.
admin-status-attempts-col = Attempts
admin-status-why = Why
admin-status-workers = Workers
admin-status-workers-none = No worker has been seen.
admin-status-heartbeat = Last heartbeat
admin-status-games-running = Games running
admin-status-state = State
admin-status-stale = <strong>stale</strong> (no heartbeat for over a minute)
admin-status-alive = alive
# A time and how long ago it was (or how far ahead it is), e.g. "12 s ago".
admin-status-time-ago = { $time } ({ $duration } ago)
admin-status-time-ahead = { $time } (in { $duration })

## Every submission.
admin-submissions = Submissions
admin-submissions-contest = Contest
admin-submissions-student = Student
admin-submissions-student-placeholder = username or nickname
admin-submissions-language = Language
admin-submissions-status = Status
admin-submissions-when = When
admin-submissions-count = { $count ->
    [one] 1 submission
   *[other] { $count } submissions
}
admin-submissions-sources-zip = every current source of { $contest } (zip)
admin-submissions-none = No submission matches.
# A submission's status.
admin-submission-queued = queued
admin-submission-compiling = compiling
admin-submission-compile-error = compile error
admin-submission-ready = ready
admin-submission-superseded = superseded
admin-submission-disqualified = disqualified

## Users.
admin-users = Users
admin-users-search = Search
admin-users-search-placeholder = username, display name or nickname
admin-users-only-disabled = only disabled accounts
admin-users-count = { $count ->
    [one] 1 user
   *[other] { $count } users
}
admin-users-count-disabled = { $count ->
    [one] 1 disabled user
   *[other] { $count } disabled users
}
admin-users-count-matching = { $count ->
    [one] 1 user
   *[other] { $count } users
} matching “{ $q }”
admin-users-count-matching-disabled = { $count ->
    [one] 1 disabled user
   *[other] { $count } disabled users
} matching “{ $q }”
# $users: one of the counts above.
admin-users-count-page = { $users } · page { $page } of { $pages }
admin-users-disabling-explained = Disabling an account ends its sessions and refuses its logins and API tokens; its submissions and standings stay.
admin-users-col-username = Username
admin-users-col-display-name = Display name
admin-users-col-nickname = Nickname
admin-users-col-last-login = Last login
admin-users-col-submissions = Submissions
admin-users-col-account = Account
admin-users-col-actions = Actions
admin-users-badge-admin = admin
admin-users-their-submissions = their submissions
admin-users-disabled-since = <strong class="error">disabled</strong> since { $since }
admin-users-active = active
admin-users-never = never
admin-users-enable = Enable
admin-users-disable = Disable
admin-users-reset-password = Reset password
admin-users-none = No user matches.
admin-users-reset-heading = Reset a password
admin-users-reset-explained = For a student who forgot theirs: the password becomes the username again, and a new one must be chosen at the next login (the nickname stays). Their open sessions end.
admin-users-reset-done = The password of <strong>{ $username }</strong> is now their username.
admin-users-username = Username
admin-users-import-heading = Import users
admin-users-import-explained = One student per line: <code>username[,display name]</code>. The first password is the username; each student chooses a new one (and a nickname) at first login. Existing usernames are left unchanged.
admin-users-import-line = line { $line }: { $error }
admin-users-roster = Roster (CSV)
admin-users-import = Import users
admin-users-import-empty = Paste the roster: one username[,display name] per line.
admin-users-imported = Created { $created ->
    [one] 1 user
   *[other] { $created } users
}; { $existing } already existed.
admin-users-import-some-failed = Some lines were not imported; see below.
admin-users-no-such-user = There is no user “{ $username }”.
admin-users-reset-button = Reset the password
admin-users-reset-question = Reset the password of { $username }?
admin-users-reset-consequence = The password of { $username } becomes their username, to be changed at their next login; their open sessions end now.
admin-users-disable-self = You cannot disable your own account.
admin-users-disable-button = Disable the account
admin-users-disable-question = Disable { $username }?
admin-users-disable-consequence = { $username } can no longer log in: their open sessions end at once and their API tokens are revoked (enabling the account again does not bring them back). Their submissions, matches and place in the standings stay. You can enable the account again.
admin-users-is-disabled = { $username } is disabled.
admin-users-is-enabled = { $username } is enabled.
admin-users-was-disabled = { $username } was disabled already.
admin-users-was-enabled = { $username } was enabled already.

## Why a field of the contest forms (or a setting sent to the API) is refused. The values quoted
## (`{ $value }`) and the names of settings and languages stay as written.
# $field: the field's or setting's name; $problem: one of the messages below.
admin-field-error = { $field }: { $problem }
admin-field-slug = use 1 to 64 lowercase letters, digits and dashes (not first)
# $valid: the games' ids, comma-separated.
admin-field-unknown-game = unknown game `{ $name }` (valid: { $valid })
admin-field-title-long = at most { $max } characters
admin-field-not-key-value = `{ $text }` is not of the form KEY=VALUE
admin-field-no-language = enable at least one language
# $unknown, $configured: language ids, comma-separated.
admin-field-unknown-languages = unknown language { $unknown } (configured: { $configured })
admin-field-unknown-factor-language = unknown language `{ $language }` (configured: { $configured })
admin-field-none-configured = no language is configured
admin-field-house-bot = unknown house-bot level `{ $name }` (valid: { $valid })
admin-field-share = `{ $value }` is not a number between 0.01 and 100
admin-field-time-factor = `{ $value }` is not a number from 0.1 to 10 with at most two decimals
admin-field-format = `{ $value }` is not round_robin or ladder
admin-field-count = `{ $value }` is not a whole number between 1 and { $max }
admin-field-time-zone = `{ $value }` is not a time zone of the IANA database
admin-field-language = `{ $value }` is not one of en, zh-CN, ro, bg, fi
admin-field-practice-opponent = unknown practice opponent `{ $name }` (valid: house, own, all, none)
admin-field-seconds = `{ $value }` is not a whole number of seconds between 0 and 10000000
admin-field-deadline = `{ $value }` is not a date and time such as 2026-12-31T23:59:00Z
# $game: the game's id; $valid: its settings' names.
admin-field-unknown-setting = unknown setting `{ $name }` for { $game } (valid: { $valid })
# $why: one of the admin-value-… messages.
admin-field-bad-value = bad value `{ $value }` for `{ $name }`: { $why }
admin-value-not-whole = not a whole number
admin-value-range = must be between { $min } and { $max }
admin-value-range-cols = must be between { $min } and { $max }: the end codes 10, 11 and 12 (you won, you lost, draw) must not be column numbers
# $form: WxH or WxHxMS (width x height x tick milliseconds), as written in the setting.
admin-value-board-form = each board must be { $form }
admin-value-board-numbers = each board must be { $form } with whole numbers
admin-value-width = the width must be between { $min } and { $max }
admin-value-height = the height must be between { $min } and { $max }
admin-value-even = sides must be even
admin-value-tick = the tick must be between { $min } and { $max } ms
admin-value-factor-name = the name must be time_factor.LANGUAGE, LANGUAGE a language id
admin-value-factor = a number from 0.1 to 10 with at most two decimals

## Why a line of an imported roster is refused.
admin-users-import-quote = a quote is not closed
admin-users-import-unreadable = a field could not be read
# $problem: one of the messages below (or why a name is reserved).
admin-users-import-name = `{ $username }`: { $problem }
admin-users-import-fields = expected `username` or `username,display name`
admin-users-import-looks-like = `{ $username }` looks like the name of the account `{ $other }` (a student could pass for another)
admin-users-import-username-length = a username has 1 to 64 characters
admin-users-import-username-chars = a username may hold letters, digits and . _ - @ only
admin-users-import-display-length = a display name has at most 200 characters
admin-users-import-display-control = a display name may not hold control characters

## Stored reasons, worded when shown.
# A source over the similarity parser's budget: why its grammar did not read it.
admin-similarity-why-size = { $kib } KiB (over { $max } KiB): read by the plain lexer
admin-similarity-why-tokens = over { $max } tokens: read by the plain lexer
admin-similarity-why-depth = brackets nested { $depth } deep (over { $max }): read by the plain lexer
admin-similarity-why-slow = the parser took over { $seconds } s: read by the plain lexer
admin-similarity-why-truncated = only its first { $tokens } tokens are indexed
# $why: one of the admin-similarity-why-… messages above.
admin-similarity-why-and-truncated = { $why }; only its first { $tokens } tokens are indexed
# A line of the list of sources over the budget, after who submitted it: $language (an id), $why.
admin-similarity-over-budget-line = { $language }: { $why }
# A game that failed in the judge (the status page's "Why" column).
admin-status-given-up = Given up after { $attempts ->
    [one] one attempt
   *[other] { $attempts } attempts
}: each time its worker died, lost its lease or could not run it (a fault of the judge, not of the bots). A rejudge plays it again.
