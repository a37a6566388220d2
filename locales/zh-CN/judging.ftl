# 评测页面：排行榜、对阵矩阵、天梯、某次提交的对局列表和单局页面。

judging-scoreboard = 排行榜
judging-scoreboard-title = 排行榜 · { $contest }
judging-rank = 名次
judging-nickname = 昵称
judging-points = 积分
judging-wdl-title = 胜/平/负
judging-matches-wdl = 对局 胜/平/负
judging-games-wdl = 局 胜/平/负
judging-language = 语言
judging-latest-submission = 最近提交
judging-computed-at = 计算于
judging-head-to-head-link = 对阵矩阵
judging-head-to-head = 对阵矩阵
judging-next-refresh = 下次刷新不晚于 <span id="next-refresh">{ $time }</span>（比赛的第一场对局决出胜负或对局队列清空时会更早）
judging-frozen = 排名已冻结
judging-no-entrants = 还没有人有编译成功的提交。
judging-find-me = <a href="{ $href }">找到我</a>（第 { $rank } 名）
judging-rows-of = 第 { $first }–{ $last } 行，共 { $total } 行
judging-page = 页码
judging-house-bots = 内置机器人
judging-entrant = 参赛者
judging-games = 局数

judging-matrix-title = 对阵矩阵 · { $contest }
judging-matrix-heading = { $contest }：对阵矩阵
judging-matrix-snapshot = 数据来自 <span id="computed-at">{ $time }</span> 计算的快照
judging-matrix-hint = 每个格子是该行对该列取得的积分（按胜局数计：胜 3 分，平 1 分，负 0 分），点击可查看那场对局；空格表示快照计算时尚未决出的对局。列按行号编号，把鼠标悬停在数字上可看到名字。
judging-matrix-column-title = { $name }（第 { $rank } 名）

judging-ladder-title = 天梯 · { $contest }
judging-ladder-heading = { $contest }：天梯
judging-ladder-round-robin = 本比赛是循环赛：排名以排行榜为准。
judging-ladder-hint = 按保守分 μ − 3σ 排名：每个机器人很可能至少具备的水平。μ 是估计的水平（初始为 25），σ 是该估计的不确定程度（初始为 8.33，每局之后都会变小）；区间 μ ± 2σ 以约 95 % 的概率包含其真实水平。图表显示每场计分对局之后的 μ，所有图使用同一刻度。
judging-ladder-rating-over-time = 评分变化
judging-ladder-rating-history = 评分历史
judging-ladder-band = { $low } 至 { $high }

judging-submission = 提交
judging-not-current = <strong id="not-current">已不是当前提交</strong>（已被替换或被取消资格：它的对局不再计分）
judging-history-caption = { $bot } 在迄今每个排行榜快照中的积分和名次。
judging-history-label = 名次和积分的变化
judging-history-points = 积分（0 至 { $max }）
judging-history-rank = 名次（1 在最上，至 { $max }），当前 { $rank }
judging-points-rule = 在一场对局中赢的局数多于对手即为获胜：胜得 3 分，平（胜负局数相同）得 1 分，负得 0 分。只有当前提交之间的对局计入排名。
judging-superseded-shown = 显示所有对局，其中 { $count } 场的对手是其早先（已被替换）的提交，已标出。<a href="{ $href }">只看当前对手</a>
judging-superseded-hidden = { $count ->
   *[other] 已隐藏 { $count } 场与对手早先提交之间的对局。<a href="{ $href }" id="show-all">显示</a>
}
judging-replaced-shown = { $count ->
   *[other] 在每场对局下显示被重测替换的 { $count } 局（不计分）。<a href="{ $href }">隐藏</a>
}
judging-replaced-hidden = { $count ->
   *[other] 已隐藏 { $count } 局被重测替换的对局。<a href="{ $href }" id="show-replaced">显示被替换的局</a>
}
judging-no-matches = 还没有对局。
judging-opponent = 对手
judging-status = 状态
judging-games-won-drawn-lost = 局（胜–平–负）
judging-superseded = 已被替换
judging-game-outcome = 第 { $number } 局：{ $outcome }
judging-replaced-games = 已替换：

judging-outcome-won = 胜（{ $reason }）
judging-outcome-lost = 负（{ $reason }）
judging-outcome-draw = 平（{ $reason }）

judging-status-queued = 排队中
judging-status-running = 进行中
judging-status-done = 已完成
judging-status-cancelled = 已取消
judging-status-failed = 失败

judging-game-title = 第 { $id } 局 · { $contest }
judging-game-heading = 第 { $id } 局：{ $a } 对 { $b }
judging-game-of-match = { $game }，所在对局的第 { $number } 局
judging-game-status = 状态
judging-replaced-rejudge = 已被 { $when } 的重测替换（操作者 { $by }）：本局不再计入排名。
judging-replaced-submission-rejudge = 已被 { $when } 对某次提交的重测替换（操作者 { $by }）：本局不再计入排名。
judging-replaced-by-command-line = 命令行
judging-replaced-new-game = 取而代之的是<a href="/games/{ $game }" id="replaced-by">第 { $game } 局</a>。
judging-result = 结果
judging-winner = 胜者：
judging-draw = 平局
judging-reason = 原因
judging-score = 比分
judging-forfeited = { $bot } 判负：{ $kind }
judging-stderr-none = { $bot } 没有向标准错误输出任何内容。
judging-stderr-tail = { $bot } 标准错误输出的末尾——只有它的主人和管理员能看到：
judging-stderr-tail-last = { $bot } 标准错误输出的末尾（最后 { $count } 行；日志中有全部内容）——只有它的主人和管理员能看到：
judging-no-result = 没有结果（{ $status }）。
judging-bot = 机器人
judging-seat = 座位
judging-thinking-time = 思考时间
judging-peak-memory = 内存峰值
judging-moves-first = 先手
judging-moves-second = 后手
judging-ms = { $ms } 毫秒
judging-kib = { $kib } KiB
judging-download-log = 下载日志
judging-played-under = 对局设置
judging-time-factor-of = { $bot } 的时间系数
judging-live = 实时
judging-live-waiting = 正在等待对局的第一步…
judging-live-needs-javascript = 实时观看对局需要 JavaScript；对局结束后刷新页面即可查看。
