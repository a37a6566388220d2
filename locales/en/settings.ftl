# What the platform's own contest settings do (those only admins set; the rules page explains the
# game's settings and the submission limits in rules.ftl), by the setting's name: setting-<name>.

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
