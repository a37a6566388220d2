# 比赛的决赛：排行榜前几名之间的循环赛，其结果即为比赛的最终排名。
finals-heading = 决赛
finals-standings-heading = 排名
finals-second-table = 第二张表是比赛本身的排名，决赛选手由它选出。
finals-state-progress = 自 { $started } 起前 { $top } 名之间的循环赛：{ $matches } 场决赛对局已结束 { $over } 场。
finals-state-over = 自 { $started } 起前 { $top } 名之间的循环赛：最终排名，全部 { $matches } 场决赛对局均已结束。
finals-admin-state = { $started } 开始，前 { $top } 名参加：{ $matches } 场决赛对局已结束 { $over } 场。
finals-admin-result = 决赛结果即为比赛的最终排名：<a href="{ $href }">排行榜</a>。
finals-admin-explain = 排行榜前几名之间的决赛循环赛，使用下面的游戏设置（可按你写的修改，例如 games=10）；其结果即为比赛的最终排名。每个比赛只有一次决赛。
finals-admin-after-deadline = 截止时间过后才能开始决赛（前几名之间的决赛循环赛）。
finals-finalists = 决赛人数
finals-settings = 设置
finals-start = 开始决赛
finals-notice-started = 决赛已开始：{ $matches } 场对局已排队。
finals-confirm-heading = 开始 { $title } 的决赛？
finals-confirm-consequence = 排行榜前 { $top } 名学生将按比赛的游戏设置进行决赛循环赛。其结果即为比赛的最终排名，在排行榜上单独成表。每个比赛只有一次决赛，开始后不能再次开始。
finals-confirm-consequence-with = 排行榜前 { $top } 名学生将按比赛的游戏设置（改为 { $changes }）进行决赛循环赛。其结果即为比赛的最终排名，在排行榜上单独成表。每个比赛只有一次决赛，开始后不能再次开始。
