# What each contest setting does, by the setting's name (setting-<name>); $game is the contest's game id
# (checkers, connect4, one-two-three, mathtricks, tron), empty when no game is chosen yet.

setting-start_ms = { $game ->
    [connect4] not used by this game (no start message to answer)
    [one-two-three] not used by this game (every move is a fresh run, timed by move_ms)
   *[other] time to answer the first message, in ms
}
setting-move_ms = { $game ->
    [tron] not used by this game (tron runs on a clock, see boards)
   *[other] time per move, in ms
}
setting-bank_ms = { $game ->
    [tron] not used by this game (tron runs on a clock)
   *[other] thinking time per game, in ms; 0 = no bank
}
setting-memory_mib = memory limit per bot, in MiB
setting-games = games per match (sides swapped)
setting-max_rounds = rounds before scoring
setting-rows = rows of the grid
setting-cols = columns of the grid (at most 10: the end codes 10, 11 and 12 must not be column numbers)
setting-connect = discs in a row that win
setting-boards = { $game ->
    [tron] boards as width x height x tick ms; each is played with each bot first
    [one-two-three] boards as columns x rows; each is played with each bot first
   *[other] boards as width x height; each is played with each bot first
}
setting-submit_interval_s = minimum seconds between two submissions of a user (default 60)
setting-daily_budget_s = compute seconds a user's compiles and games may use per day (default 3600)
setting-scoreboard_refresh_s = seconds between scoreboard recomputations (default 600)
setting-languages = comma-separated language ids enabled (default: all configured)
setting-house_bots = comma-separated house-bot levels that play as extra opponents (default: none)
setting-share = the contest's weight when contests with queued games share the game slots, by the slot time their games use: a contest of share 2 gets twice the slot time of one of share 1 (default 1)
setting-practice_opponents = who students may play practice games against in the browser: house (the house bots), own (their own submission), all (any student's), comma-separated, or none (default house,own)
setting-format = round_robin (a match per pair of submissions) or ladder (matches chosen by a matchmaker, ranked by a rating) (default round_robin)
setting-ladder_games_per_hour = a ladder's games per hour at most, 1 to 1000000 (default 600)
setting-ladder_max_repeats = a ladder's matches between the same two submissions at most, 1 to 1000 (default 10)
setting-time_zone = the IANA time zone its times are shown in and a deadline without an offset is read in, e.g. Asia/Shanghai (default: the server's)
setting-language = the language of its pages for readers who chose none: en, zh-CN, ro, bg or fi (default: the server's)
setting-time_factor = multiplies the start time, move time and time bank of the bots in that language, e.g. time_factor.python=3; a number from 0.1 to 10 (default 1)
