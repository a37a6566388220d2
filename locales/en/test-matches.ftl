# Test matches: the "My test matches" page, one test match, and the form (also on a submission's page).

test-matches-mine = My test matches
test-matches-heading = { $title }: my test matches
test-matches-intro = A test match is one full match of your current submission against an opponent you pick, under this contest's settings (the same games, seats swapped, as in the round robin). It is played ahead of the round robin's queue, so it starts within seconds; it never counts in the standings; both bots' thinking time is charged to your daily compute budget. One test match at a time.
test-matches-no-submission = Your test matches play your current submission: submit a bot, and once it compiles you can run one here.
test-matches-none = No test matches yet.
test-matches-th-match = Match
test-matches-th-opponent = Opponent
test-matches-th-status = Status
test-matches-th-points = Points
test-matches-th-games = Games (won–drawn–lost)
test-matches-th-asked = Asked
test-matches-footer = Test matches never count in the standings. Your bot's DEBUG lines are in each game's log.

# A test match's status.
test-match-status = { $status ->
    [queued] queued
    [running] running
    [done] done
    [cancelled] cancelled
    [failed] failed
   *[other] { $status }
}
test-match-title = Test match { $id }
test-match-heading = Test match { $id }: submission { $submission } vs { $opponent }
test-match-asked = asked { $when }
test-match-finished = finished { $when }
# Before the test match's status.
test-match-status-label = Status
test-match-ahead = { $count ->
    [one] { $count } test game ahead of it in the queue
   *[other] { $count } test games ahead of it in the queue
}
# $tally is won–drawn–lost, such as 3–1–2.
test-match-points = your points <strong id="points">{ $points }</strong> ({ $tally } games won–drawn–lost; 3 for a win, 1 for a draw, 0 for a loss, by games won)
test-match-reloads = This page reloads itself every 3 seconds until the match is over; open a running game to watch it live.
test-match-game = game { $number }

test-form-no-opponent = This contest offers no opponent for test matches.
test-form-opponent = Opponent
test-form-by-id = the submission with the id below
test-form-id-placeholder = submission id
test-form-start = Run a test match
# $level is a house bot's level id: random, level1, level2.
test-form-house = house bot { $level }
test-form-current = your current submission #{ $id }
test-form-earlier = your earlier submission #{ $id } ({ $when })
