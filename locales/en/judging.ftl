# The judging pages: the scoreboard, the head-to-head matrix, the ladder, a submission's matches and a game's page.

judging-scoreboard = Scoreboard
judging-scoreboard-title = Scoreboard · { $contest }
judging-rank = Rank
judging-nickname = Nickname
judging-points = Points
# Tooltip of the W/D/L columns.
judging-wdl-title = won/drawn/lost
judging-matches-wdl = Matches W/D/L
judging-games-wdl = Games W/D/L
judging-language = Language
judging-latest-submission = Latest submission
judging-computed-at = computed at
judging-head-to-head-link = head to head
judging-head-to-head = Head to head
# $time is a date and time; keep the <span> with its id.
judging-next-refresh = next refresh by <span id="next-refresh">{ $time }</span> (sooner when the contest's first match is decided or its queue of games empties)
judging-frozen = the standings are frozen
judging-no-entrants = Nobody has a compiled submission yet.
# Keep the link's markup.
judging-find-me = <a href="{ $href }">Find me</a> (rank { $rank })
judging-rows-of = Rows { $first }–{ $last } of { $total }
judging-page = page
judging-house-bots = House bots
judging-entrant = Entrant
judging-games = Games

judging-matrix-title = Head to head · { $contest }
judging-matrix-heading = { $contest }: head to head
# $time is a date and time; keep the <span> with its id.
judging-matrix-snapshot = from the snapshot computed at <span id="computed-at">{ $time }</span>
judging-matrix-hint = Each cell is the row's points against the column (3 win, 1 draw, 0 loss, by games won) and links to that match; an empty cell is a match not decided when the snapshot was computed. Columns are numbered by row; hover a number for the name.
# Tooltip of a column's number: the entrant's name and rank.
judging-matrix-column-title = { $name } (rank { $rank })

judging-ladder-title = Ladder · { $contest }
judging-ladder-heading = { $contest }: ladder
judging-ladder-round-robin = This contest is a round robin: its order is the scoreboard's.
judging-ladder-hint = Ranked by the conservative score μ − 3σ: a skill each bot has very probably at least. μ is its estimated skill (25 at the start), σ how unsure that estimate still is (8.33 at the start, smaller with every game); the band μ ± 2σ holds its skill with about 95 % probability. The chart is μ after each of its rated matches, all on one scale.
judging-ladder-rating-over-time = Rating over time
judging-ladder-rating-history = rating history
# The band μ ± 2σ: from $low to $high.
judging-ladder-band = { $low } to { $high }

judging-submission = submission
# Keep the <strong> with its id.
judging-not-current = <strong id="not-current">no longer current</strong> (superseded or disqualified: its matches no longer count)
judging-history-caption = { $bot }'s points and rank in every scoreboard snapshot so far.
judging-history-label = rank and points over time
judging-history-points = points (0 to { $max })
judging-history-rank = rank (1 at the top, to { $max }), now { $rank }
judging-points-rule = A match is won by winning more of its games than the opponent: 3 points for a win, 1 for a draw (as many games won as lost), 0 for a loss. Only matches between current submissions count in the standings.
# Keep the link's markup.
judging-superseded-shown = Showing every match, { $count } against opponents' earlier (superseded) submissions, marked. <a href="{ $href }">Only current opponents</a>
judging-superseded-hidden = { $count ->
    [one] { $count } match against opponents' earlier submissions is hidden. <a href="{ $href }" id="show-all">Show it</a>
   *[other] { $count } matches against opponents' earlier submissions are hidden. <a href="{ $href }" id="show-all">Show them</a>
}
judging-replaced-shown = { $count ->
    [one] Showing the game that a rejudge replaced, under its match (it counts for nothing). <a href="{ $href }">Hide it</a>
   *[other] Showing the { $count } games that rejudges replaced, under each match (they count for nothing). <a href="{ $href }">Hide them</a>
}
judging-replaced-hidden = { $count ->
    [one] { $count } game replaced by a rejudge is hidden. <a href="{ $href }" id="show-replaced">Show replaced games</a>
   *[other] { $count } games replaced by rejudges are hidden. <a href="{ $href }" id="show-replaced">Show replaced games</a>
}
judging-no-matches = No matches yet.
judging-opponent = Opponent
judging-status = Status
judging-games-won-drawn-lost = Games (won–drawn–lost)
# After an opponent's submission number.
judging-superseded = superseded
# A game of a match and how it went: "game 1: won (four in a row)".
judging-game-outcome = game { $number }: { $outcome }
judging-replaced-games = replaced:

# How a game went for one side; $reason is why it ended (see replay.ftl's reason-… messages).
judging-outcome-won = won ({ $reason })
judging-outcome-lost = lost ({ $reason })
judging-outcome-draw = draw ({ $reason })

# A game's or a match's status.
judging-status-queued = queued
judging-status-running = running
judging-status-done = done
judging-status-cancelled = cancelled
judging-status-failed = failed

judging-game-title = Game { $id } · { $contest }
judging-game-heading = Game { $id }: { $a } vs { $b }
# $game is the game's id (connect4, ...); $number which game of its match this is.
judging-game-of-match = { $game }, game { $number } of its match
judging-game-status = status
judging-replaced-rejudge = Replaced by the rejudge of { $when } (by { $by }): this game no longer counts in the standings.
judging-replaced-submission-rejudge = Replaced by the rejudge of a submission of { $when } (by { $by }): this game no longer counts in the standings.
# Who replaced a game when no admin is named.
judging-replaced-by-command-line = the command line
# Keep the link's markup.
judging-replaced-new-game = <a href="/games/{ $game }" id="replaced-by">Game { $game }</a> was played in its place.
judging-result = Result
judging-winner = Winner:
judging-draw = Draw
judging-reason = reason
judging-score = score
judging-forfeited = { $bot } forfeited: { $kind }
judging-stderr-none = { $bot } printed nothing on standard error.
judging-stderr-tail = The end of { $bot }'s standard error — only its owner and admins see this:
judging-stderr-tail-last = The end of { $bot }'s standard error (last { $count } lines; the log has all) — only its owner and admins see this:
judging-no-result = No result ({ $status }).
judging-bot = Bot
judging-seat = Seat
judging-thinking-time = Thinking time
judging-peak-memory = Peak memory
judging-moves-first = moves first
judging-moves-second = moves second
judging-ms = { $ms } ms
judging-kib = { $kib } KiB
judging-download-log = Download the log
judging-played-under = Played under
# A row of the settings table: the factor a bot's time limits were multiplied by.
judging-time-factor-of = time factor of { $bot }
judging-live = Live
judging-live-waiting = Waiting for the game's first moves…
judging-live-needs-javascript = Following the game live needs JavaScript; reload the page to see it once played.
