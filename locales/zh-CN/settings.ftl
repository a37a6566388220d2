# What each contest setting does, by the setting's name (setting-<name>); $game is the contest's game id
# (checkers, connect4, one-two-three, mathtricks, tron), empty when no game is chosen yet.

setting-start_ms = { $game ->
    [connect4] 本游戏不使用（没有需要应答的开始消息）
    [one-two-three] 本游戏不使用（每一步都是程序的一次新运行，由 move_ms 计时）
   *[other] 应答第一条消息的时间，单位毫秒
}
setting-move_ms = { $game ->
    [tron] 本游戏不使用（tron 按时钟运行，见 boards）
   *[other] 每步的时间，单位毫秒
}
setting-bank_ms = { $game ->
    [tron] 本游戏不使用（tron 按时钟运行）
   *[other] 每局的思考时间总额，单位毫秒；0 表示没有时间储备
}
setting-memory_mib = 每个机器人的内存上限，单位 MiB
setting-games = 每场对局的局数（交换先后手）
setting-max_rounds = 计分前的回合数
setting-rows = 棋盘的行数
setting-cols = 棋盘的列数（最多 10：结束码 10、11、12 不能是列号）
setting-connect = 连成一线即获胜的棋子数
setting-boards = { $game ->
    [tron] 棋盘，格式为 宽 x 高 x 时钟周期毫秒；每个棋盘双方各先手一次
    [one-two-three] 棋盘，格式为 列数 x 行数；每个棋盘双方各先手一次
   *[other] 棋盘，格式为 宽 x 高；每个棋盘双方各先手一次
}
setting-submit_interval_s = 同一用户两次提交之间的最短秒数（默认 60）
setting-daily_budget_s = 用户的编译和对局每天可用的计算秒数（默认 3600）
setting-scoreboard_refresh_s = 排行榜两次重新计算之间的秒数（默认 600）
setting-languages = 启用的编程语言 id，用逗号分隔（默认：所有已配置的语言）
setting-house_bots = 作为额外对手参赛的内置机器人等级，用逗号分隔（默认：无）
setting-share = 多个比赛有排队对局时，按对局占用的槽位时间共享对局槽位时本比赛的权重：share 为 2 的比赛获得的槽位时间是 share 为 1 的两倍（默认 1）
setting-practice_opponents = 学生在浏览器中练习时可以选择的对手：house（内置机器人）、own（自己的提交）、all（任何学生的提交），用逗号分隔，或 none（默认 house,own）
setting-format = round_robin（每两个提交之间一场对局）或 ladder（由匹配程序选择对局，按积分排名）（默认 round_robin）
setting-ladder_games_per_hour = 天梯赛每小时最多的局数，1 到 1000000（默认 600）
setting-ladder_max_repeats = 天梯赛中同两个提交之间最多的对局数，1 到 1000（默认 10）
setting-time_zone = 显示比赛时间、并读取不带时区偏移的截止时间所用的 IANA 时区，例如 Asia/Shanghai（默认：服务器的时区）
setting-language = 未自行选择语言的读者看到的页面语言：en、zh-CN、ro、bg 或 fi（默认：服务器的语言）
setting-time_factor = 将该语言机器人的开始时间、每步时间和时间储备乘以此系数，例如 time_factor.python=3；取 0.1 到 10 之间的数（默认 1）
