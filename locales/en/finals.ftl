# A contest's finals: a round robin among the top students of its standings, whose result is the
# contest's final standings.
finals-heading = Finals
finals-standings-heading = Standings
finals-second-table = The second table is the contest's own standings, which chose the finalists.
finals-state-progress = A round robin among the top { $top } since { $started }: { $over } of { $matches } final matches over.
finals-state-over = A round robin among the top { $top } since { $started }: the final standings, all { $matches } final matches are over.
finals-admin-state = Started { $started } among the top { $top }: { $over } of { $matches } final matches over.
finals-admin-result = Their result is the contest's final standings: <a href="{ $href }">scoreboard</a>.
finals-admin-explain = A final round robin among the top students of the standings, under the game settings below changed as you write them (e.g. games=10); its result is the contest's final standings. A contest has one finals.
finals-admin-after-deadline = The finals (a final round robin among the top students) can start once the deadline has passed.
finals-finalists = Finalists
finals-settings = Settings
finals-start = Start the finals
finals-notice-started = { $matches ->
    [one] The finals started: 1 match queued.
   *[other] The finals started: { $matches } matches queued.
}
finals-confirm-heading = Start the finals of { $title }?
finals-confirm-consequence = The top { $top } students of the standings play a final round robin under the contest's game settings. Its result is the contest's final standings, shown as its own table on the scoreboard. A contest has one finals: it cannot be started again.
finals-confirm-consequence-with = The top { $top } students of the standings play a final round robin under the contest's game settings with { $changes }. Its result is the contest's final standings, shown as its own table on the scoreboard. A contest has one finals: it cannot be started again.
