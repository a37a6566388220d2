# 错误信息：API 的 {"error": 代码, "message": …} 以及错误页面上的文字。
# `反引号` 中的文字是字段名、请求头或需要原样输入的值：保持不变。

error-no-such = { $thing ->
    [contest] 没有这个比赛。
    [submission] 没有这个提交。
    [contest-submission] 本比赛中没有这个提交。
    [game] 没有这局对局。
    [practice-game] 没有这个练习对局或比赛。
    [test-match] 没有这个测试对局。
    [user] 没有这个用户。
    [token] 没有这个 API 令牌。
    [log] 这局没有日志。
    [base-file] 没有这个基础文件。
    [file] 没有这个文件。
    [api-endpoint] 没有这个 API 接口。
   *[page] 没有这个页面。
}
error-internal = 服务器出错了；错误已记录。
error-password-busy = 服务器正忙于验证其他登录，请几秒钟后再试。

## 权限
error-csrf = 此表单已过期，或不是从本站提交的。请返回，刷新页面后重试。
error-admins-only = 此页面仅限管理员访问。
error-admins-only-action = 只有管理员可以执行此操作。
error-admins-change-settings = 只有管理员可以修改比赛设置。
error-admins-refresh-scoreboard = 只有管理员可以刷新排行榜。
error-admins-announce = 只有管理员可以发布公告。
error-admins-queue = 只有管理员可以查看队列。
error-admins-similarity = 只有管理员可以查看抄袭检测。
error-admins-metrics = 只有管理员可以读取监控指标。
error-metrics-log-in = 请以管理员身份登录，或以 `Authorization: Bearer <token>` 发送管理员的 API 令牌。
error-game-log-forbidden = 只有这局中机器人的作者和管理员可以查看其日志。
error-not-your-submission = 这是其他用户的提交。
error-not-your-submission-page = 这是其他用户的提交；你只能查看自己的提交。
error-account-disabled = 此账号已被停用；请联系课程老师。
error-api-token-missing = 请以 `Authorization: Bearer <token>` 发送 API 令牌（可在个人资料页面创建）。
error-api-token-malformed = 此 API 令牌无效。
error-api-token-unknown = 此 API 令牌无效或已被撤销。

## 表单与请求体
error-form-content-type = 请以 `application/x-www-form-urlencoded` 格式发送表单，就像浏览器那样。
error-form-too-large = 表单太大。
error-form-unread = 无法读取表单，请重新发送。
error-form-invalid = 表单无效：{ $detail }。
error-form-too-many-fields = 表单的字段超过 { $max } 个；本站没有这样的表单。
error-field-name-utf8 = 某个字段名不是有效的 UTF-8。
error-field-name-control = 某个字段名含有控制字符（{ $code }）。
error-field-utf8 = `{ $field }` 不是有效的 UTF-8 文本。
error-field-nul = `{ $field }` 含有 NUL 字符（U+0000），任何编译器都不接受。
error-field-control = `{ $field }` 含有控制字符（{ $code }），任何字段都不允许。
error-field-too-long = `{ $field }` 长 { $size } 字节；最多接受 { $max } 字节。
error-json-content-type = 请以 JSON 格式发送请求体，并带上 `Content-Type: application/json`。
error-body-too-large = 请求体太大。
error-body-unread = 无法读取请求体，请重新发送。
error-json-too-many-values = 请求体中的值超过 { $max } 个；本 API 没有这样的请求体。
error-json-invalid = 请求体不是有效的 JSON：{ $detail }
error-json-body-type = 请求体的格式不符合要求：{ $detail }
error-json-field-type = `{ $field }`：{ $detail }
error-submission-param = 请给出 `?submission=<id>`。
error-bad-window = `offset` 和 `limit` 是行数（0 或更大）。
error-revoke-tokens = 勾选时 `revoke_tokens` 为 1。
error-setting-type = `{ $setting }`：请给出字符串或数字。
error-invalid-settings = 部分设置无效：{ $detail }
error-language-not-enabled = 本比赛未启用语言 `{ $language }`（已启用：{ $enabled }）。
error-no-starter = 暂时还没有 { $game } 的 { $language } 入门代码。

## 比赛与提交
error-already-disqualified = 此提交已被取消资格。
error-not-current = 只有当前提交可以重新评测：此提交已被替代、已取消资格或尚未编译。
error-deadline-passed = 本比赛的截止时间（{ $deadline }）已过，不再接受提交。
error-deadline-passed-no-date = 本比赛的截止时间已过，不再接受提交。
error-no-language = 请选择一种语言：{ $choices } 之一。
error-unknown-language = `{ $language }` 不是本比赛的语言；请从以下语言中选择：{ $choices }。
error-language-unavailable = { $language } 在此服务器上无法使用（{ $detail }）；服务器管理员可以安装它。请选择其他语言。
error-empty-source = 源代码为空：请粘贴代码或选择文件。
error-source-too-large = 源代码有 { $size } 字节；最多接受 { $max } 字节（{ $kib } KiB）。
error-submit-form-too-large = 表单太大；源代码最多接受 { $kib } KiB。
error-too-soon = 你每 { $interval } 秒只能提交一次；请在 { $wait } 秒后再试。
error-budget-used = 你已用完每日 { $budget } 秒的计算配额；配额在 UTC 午夜重置。
error-announcement-empty = 公告需要有内容。
error-announcement-too-long = 公告最多 { $max } 字节。
error-base-file-empty = 基础文件需要名称和源代码。
error-base-file-language = `{ $language }` 不是此服务器的语言；可选：{ $choices }。
error-base-file-too-large = 基础文件最多 { $kib } KiB。

## 练习对局与测试对局
error-unknown-opponent = 未知的对手 `{ $opponent }`：对手可以是 `house:<level>`（{ $levels }）或提交编号。
error-unknown-house-level = 未知的内置机器人等级 `{ $level }`（可选：{ $levels }）。
error-no-such-opponent = 本比赛中没有当前提交 #{ $id }。
error-no-test-opponent = 本比赛中没有可对战的提交 #{ $id }：对手可以是内置机器人等级、你自己已编译的提交，或其他同学的当前提交。
error-no-boards = 这个游戏不提供棋盘选择。
error-bad-board = 棋盘 `{ $board }`：{ $detail }
error-unknown-seat = 未知的座位 `{ $seat }`（可选：first、second）。
error-practice-not-allowed = { $opponents ->
    [house] 本比赛不允许你与内置机器人练习。
    [own] 本比赛不允许你与自己的提交练习。
   *[others] 本比赛不允许你与其他同学的提交练习。
}
error-test-match-not-allowed = { $opponents ->
    [house] 本比赛不允许你与内置机器人进行测试对局。
    [own] 本比赛不允许你与自己的提交进行测试对局。
   *[others] 本比赛不允许你与其他同学的提交进行测试对局。
}
error-already-playing = 你已经在进行一局练习（{ $game }）；请先下完或离开。
error-practice-full = 服务器上的练习对局已达上限（{ $max } 局）；请一分钟后再试。
error-practice-too-many = 你在过去一小时内已开始 { $limit } 局练习，达到了服务器的上限；{ $minutes } 分钟后可以再开始一局。
error-practice-unavailable = 此服务器不提供练习对局。
error-practice-other-site = 此页面不能打开其他网站的对局。
error-practice-log-in = 请登录，或以 `Authorization: Bearer <token>` 发送 API 令牌。
error-socket-message = 请发送 {"{"}"move": "…"{"}"} 或 {"{"}"leave": true{"}"}。
error-not-your-turn = 还没轮到你。
error-game-over = 对局已结束。
error-not-a-direction = `{ $text }` 不是方向（+X、-X、+Y、-Y）。
error-illegal-move = 不合规则的走法：{ $detail }
error-no-submission = 你在本比赛中还没有已编译的提交：测试对局使用你的当前提交。
error-test-match-running = 你的测试对局 { $id } 仍在排队或进行中；一次只能进行一个。

## 国际跳棋：被拒绝的走法违反的规则。$square：(行,列)。
error-checkers-too-few-squares = 一步棋至少要列出 2 个格子（起点和终点）。
error-checkers-off-board = { $square } 不在棋盘上：行和列的编号是 0-7。
error-checkers-not-dark = { $square } 不是深色格：棋子只能放在行号 + 列号为奇数的格子上。
error-checkers-no-piece = { $square } 上没有你的棋子。
error-checkers-not-diagonal = 从 { $from } 到 { $to } 既不是斜向走一步，也不是斜向跳吃。
error-checkers-steps-chained = 普通走子只走一格；只有跳吃可以连续进行。
error-checkers-capture-compulsory = 现在可以吃子，而吃子是强制的。
error-checkers-occupied = { $square } 已被占据。
error-checkers-man-backwards = 兵只能向前走（{ $side ->
        [black] 黑方
       *[white] 白方
    }朝第 { $row } 行方向）；只有王可以后退。
error-checkers-step-after-jump = 连跳只能由跳吃组成：跳吃之后不能再走普通的一步。
error-checkers-nothing-to-jump = { $square } 上没有可以跳过的棋子。
error-checkers-own-piece = { $square } 上是你自己的棋子：只能跳吃对方的棋子。
error-checkers-jumped-twice = { $square } 在这次连跳中已经被跳过了。
error-checkers-majority = 这次连跳只吃 { $count } 子，但最多可以吃 { $most } 子：必须选择吃子最多的走法。

# 手动输入的走法不符合本游戏的走法写法（API 的练习走法）。
error-move-malformed = 这不是本游戏的走法写法：请参阅规则中走法的写法。

## 四子棋：被拒绝的走法违反的规则，显示在“不合规则的走法：”之后。
error-connect4-out-of-range = 第 { $column } 列不在棋盘上：列号为 0 到 { $last }。
error-connect4-full = 第 { $column } 列已满。

## MathTricks：被拒绝的走法违反的规则。$cell 与 $from：格子写作 "x y"。
error-mathtricks-off-board = 格子 { $cell } 不在 { $width }x{ $height } 的棋盘上。
error-mathtricks-not-neighbour = 格子 { $cell } 与你在 { $from } 的棋子不相邻。
error-mathtricks-visited = 格子 { $cell } 已经走过了。

## 一二三：被拒绝的棋盘违反的规则。
error-ott-cell = 第 { $row } 行第 { $column } 列
error-ott-wrong-size = 棋盘为 { $cols } 列 × { $rows } 行，但回答为 { $answer_cols } 列 × { $answer_rows } 行。
error-ott-opponents-cell = { $cell } 是对手的字母 { $theirs }：一块棋子只能覆盖空格和自己的格子。
error-ott-letter-removed = { $cell } 原为 { $mine }，被改成了 { $now }：走法从不移除字母。
error-ott-wrong-letter = { $cell } 被填入了 { $theirs }，但现在轮到 { $mine } 走。
error-ott-unchanged = 没有填入任何空格：棋盘没有变化。
error-ott-too-many = 填入了 { $count } 个格子；一块棋子是最多 3 格的直线。
error-ott-not-in-line = 填入的格子（{ $cells }）不在同一条横线、竖线或斜线上。
error-ott-too-long = 填入的格子（{ $cells }）跨越 { $span } 格；一块棋子最多覆盖 3 个相邻格子。
error-ott-through-opponent = 从 { $from } 到 { $to } 的棋子经过 { $middle }，那里是对手的字母 { $theirs }。
error-ott-gap-left = { $from } 与 { $to } 不相邻，且两者之间的 { $middle } 被留空。

# 开始比赛的决赛。
error-finals-before-deadline = 决赛只能在比赛截止时间当时或之后开始。
error-finals-started = 本比赛的决赛已经开始。
error-finals-too-few = 决赛至少需要两名有已编译提交的学生。
error-finals-bad = 决赛设置无效：{ $why }
error-finals-top-not-a-number = 决赛人数必须是整数。
error-finals-not-an-assignment = “{ $word }”不是 NAME=VALUE 的形式。
error-finals-admins-only = 只有管理员可以开始决赛。
error-finals-not-started = 本比赛的决赛尚未开始。
