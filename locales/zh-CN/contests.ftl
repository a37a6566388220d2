# The contests list, a contest's page with its submit form, the submission lists and one submission.

contests-title = 比赛
contests-none = 还没有比赛。
contests-th-contest = 比赛
contests-th-game = 游戏
contests-th-deadline = 截止时间
contests-th-state = 状态
# A badge beside a contest's title: announcements the reader has not seen.
contests-unread = { $count } 条新公告
contests-unread-title = 你尚未阅读的公告
contests-open = 进行中
contests-closed = 已结束

# The line under a contest's title: the game's id (connect4, tron...) stays as it is.
contest-game = 游戏 <strong>{ $game }</strong>
# Before the deadline's date and time.
contest-deadline = 截止时间
contest-my-submissions = 我的提交
contest-all-submissions = 全部提交
contest-scoreboard = 排行榜
contest-play = 与机器人对弈
contest-test-matches = 测试对局
contest-page = 比赛页面
contest-admin-settings = 管理：设置、重新评测、冻结
contest-admin-similarity = 相似代码
contest-announcements = 公告
# A badge on an announcement posted since the reader's last visit.
contest-announcement-new = 新
contest-announcements-none = 暂无公告。
contest-announce-label = 新公告（Markdown）
contest-announce-button = 发布
# The author of an announcement whose account was deleted.
contest-author-deleted = （已删除的用户）
contest-submit = 提交
contest-rules-hint = 第一次玩这个游戏？请先阅读<a href="{ $href }" id="rules-link">规则、机器人协议、本比赛的限制以及本地测试方法</a>。
contest-limit-interval = 每 { $seconds } 秒可提交一次：
contest-wait = { $seconds } 秒后可再次提交
contest-may-submit = 现在即可提交
contest-budget = 今日计算预算：已用 { $used } 秒，共 { $budget } 秒，<strong id="budget-left">剩余 { $left } 秒</strong>
contest-max-source = 源文件：最大 { $kib } KiB
contest-language = 语言
contest-language-auto = 按上传文件的扩展名判断
contest-language-unavailable-option = { $language }（不可用）
contest-language-unavailable = <strong>{ $language }</strong> 不可用：{ $why }。
contest-starters = 从入门机器人开始：
contest-file = 上传文件
contest-paste = 或粘贴源代码
contest-submit-button = 提交这个机器人
contest-closed = 截止时间已过（{ $deadline }）；提交已关闭。
# Why a language cannot be chosen: its compiler or runtime is not installed.
contest-language-missing = 本服务器未安装：缺少 `{ $program }`
contest-language-missing-package = 本服务器未安装：缺少 `{ $program }`（软件包 { $package }）
contest-settings = 设置
contest-no-starter = 本比赛没有 `{ $language }` 的入门机器人（已有：{ $starters }）。

contest-all-none = 还没有人提交。
contest-mine-none = 你还没有在本比赛中提交过。
contest-th-who = 提交者
contest-th-when = 时间
contest-th-language = 语言
contest-th-status = 状态

# A submission's status.
submission-status = { $status ->
    [queued] 排队中
    [compiling] 编译中
    [compile_error] 编译错误
    [ready] 就绪
    [superseded] 已被取代
    [disqualified] 已取消资格
   *[other] { $status }
}
submission-title = 提交 { $id }
submission-matches = 比赛记录
# An admin's view: whose submission it is.
submission-owner = 提交者 <a href="/admin/users?q={ $username }">{ $username }</a>
submission-owner-nickname = 昵称 { $nickname }
submission-owner-disabled = 账号已停用
submission-owner-all = 其在本比赛的全部提交
submission-submitted = 提交于 { $when }
# Before the submission's status.
submission-status-label = 状态
submission-disqualify = 取消资格
submission-disqualify-hint = 其排队中的对局将被取消，其比赛退出排名；该用户在再次提交之前不参加比赛
submission-rejudge = 重新评测其比赛
submission-rejudge-hint = 其当前的比赛将按当前设置重新进行；已有的对局仍可查看，并标记为已替换
submission-round-robin = 循环赛
submission-progress-none = 尚未安排对局：它会与其他每位同学的当前提交逐一对战。
# Each part after the first is there only when its number is not 0.
submission-progress = 已完成 { $done }/{ $total } 局{ $running ->
    [0] {""}
   *[other] ，{ $running } 局进行中
}{ $queued ->
    [0] {""}
   *[other] ，{ $queued } 局排队中（前面还有其他人的 { $ahead } 局）
}{ $failed ->
    [0] {""}
   *[other] ，{ $failed } 局被裁判放弃（管理员重新评测时会再进行）
}。
submission-progress-hint = <a href="{ $href }">它的比赛</a> · 对局等待期间，本页会自动更新数字。
submission-test-match = 测试对局
submission-test-match-hint = 让这个提交与你选择的对手进行一整场比赛，优先于循环赛进行，且不计入排名（<a href="{ $href }">我的测试对局</a>）。
submission-pending = 编译正在排队；<a href="{ $href }">刷新</a>查看结果。
submission-compiler-output = 编译器输出
submission-no-output = 无输出。
submission-validity = 有效性测试
submission-validity-passed = 通过 <strong>{ $passed }/{ $total }</strong> 个输入
# The validity tests' score: full, half or none.
submission-validity-score = 得分 <strong>{ $score ->
    [full] 满分
    [half] 一半
    [none] 无
   *[other] { $score }
}</strong>
submission-validity-hint = （每个有效局面给出一步合法的棋，每个无效输入回答 <code>error</code>；超过 80 % 得满分，50 % 到 80 % 得一半）
submission-th-input = 输入
submission-th-why = 失败原因
# A case of the one-two-three validity tests, as a row of the failures' table says what it was.
validity-case-first-example = 4x3 棋盘，A 占一条三格对角线，轮到 B 走（题面的第一个示例）
validity-case-second-example = 5x3 棋盘，两个空格相距较远，轮到 B 走（题面的第二个示例）
validity-case-board = { $cols }x{ $rows } 棋盘，已填 { $percent }%，轮到 { $mover } 走
validity-case-too-small = 2x2 棋盘（小于 3x3）
validity-case-words = 文字而不是棋盘
validity-case-too-many-columns = 21 列（多于 20）
validity-case-too-many-rows = 21 行（多于 20）
validity-case-bad-character = A、B 和 - 以外的字符
validity-case-row-too-short = 某一行太短
validity-case-row-too-long = 某一行太长
validity-case-bad-mover = 走棋方不是 A 也不是 B
validity-case-full-board = 已填满的棋盘
validity-case-no-mover = 缺少走棋方那一行
validity-case-too-few-rows = 行数不足
validity-case-bad-size = 尺寸不是两个数
validity-case-lowercase = 棋盘上有小写字母
# Why a validity test case failed (`error` is the answer's literal word; $got the answer's first line).
validity-why-expected-error = 无效输入应回答 `error`，却得到 `{ $got }`
validity-why-expected-error-nothing = 无效输入应回答 `error`，却没有任何输出
validity-why-bad-case = 测试用例有误：{ $detail }
validity-why-error-on-valid = 回答了 `error`，但这个局面是有效的：应回答走一步之后的棋盘
validity-why-no-board = 不是棋盘：回答为空
validity-why-not-a-board = 不是棋盘：回答必须是棋盘的各行，只含 A、B 和 -，且每行长度相同
validity-why-illegal = 不是合法的一步：{ $detail }
validity-why-not-started = 无法启动：{ $detail }
validity-why-cpu = 用了 { $ms } 毫秒 CPU 时间
validity-why-still-running = { $ms } 毫秒后仍在运行
validity-why-memory = 超过了 { $mib } MiB 内存
validity-why-over-time-cpu = 用了 { $ms } 毫秒 CPU 时间，限制为 { $limit } 毫秒
validity-why-over-time = 用了 { $ms } 毫秒，限制为 { $limit } 毫秒
submission-source = 源代码
