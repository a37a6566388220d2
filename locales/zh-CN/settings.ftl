# What the platform's own contest settings do (those only admins set; the rules page explains the
# game's settings and the submission limits in rules.ftl), by the setting's name: setting-<name>.

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
