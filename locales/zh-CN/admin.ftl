# The admin pages: a contest's settings, new contest, similar submissions, queue status, submissions, users.

admin-cancel = 取消
admin-any = 全部
admin-filter = 筛选
admin-clear = 清除
# Page navigation of a long list.
admin-page-of = 第 { $page } 页，共 { $pages } 页
admin-newer = ← 较新
admin-older = 较早 →
admin-previous = ← 上一页
admin-next = 下一页 →
# A share shown in whole percent.
admin-percent = { $percent }%
# Durations on the status page.
admin-duration-seconds = { $seconds } 秒
admin-duration-minutes = { $minutes } 分钟
admin-duration-hours = { $hours } 小时 { $minutes } 分钟

# Links between the admin pages of a contest.
admin-link-contest-page = 比赛页面
admin-link-settings = 设置
admin-link-standings-csv = 排行榜（CSV）
admin-link-submissions = 提交
admin-link-sources-zip = 当前源代码（zip）
admin-link-similarity = 相似源代码
admin-link-queue-status = 队列状态

## A contest's settings page.
admin-settings-page-title = 管理 · { $title }
admin-settings-heading = { $title }：设置
# $game is a game id such as connect4.
admin-settings-game = 游戏 <strong>{ $game }</strong>
admin-settings-applies = 更改只对之后安排的对局生效：已经安排的对局保留安排时的设置。<strong>重新评测</strong>会按当前设置重新进行每一场当前对局（在最新的就绪提交之间）。
admin-settings-col-setting = 设置项
admin-settings-col-value = 值
admin-settings-col-default = 默认值
admin-settings-col-what = 说明
# The deadline's label: $name is the setting's name (deadline), $zone the time zone it is written in.
admin-settings-deadline-label = { $name }（{ $zone }）
admin-settings-save = 保存设置
# What time_factor.LANGUAGE does.
admin-setting-time_factor = 将该语言机器人的开始时间、每步时间和时间储备乘以此系数，例如 time_factor.python=3；取 0.1 到 10 之间的数（默认 1）
admin-setting-title = 显示在比赛的各个页面上
# $zone: the contest's time zone (an IANA name, or UTC).
admin-setting-deadline = { $zone } 时区的日期和时间；留空表示没有截止时间；截止后不再接受提交
admin-standings = 排行榜
admin-frozen-since = 自 { $at } 起已冻结：排行榜不再变化。
admin-unfreeze = 解除冻结
admin-not-frozen = 未冻结：每 { $seconds } 秒重新计算一次。截止时间过后，最后一局下完时排行榜会自动冻结。
admin-freeze-now = 立即冻结
admin-rejudge = 重新评测
admin-rejudge-explained = 按当前设置重新进行每一场当前对局（并解除排行榜冻结，使重赛结果计入）。重赛不计入学生的计算配额。
admin-rejudge-all = 重新评测所有当前对局
admin-history = 历史记录
admin-history-none = 尚无更改记录。
admin-history-when = 时间
admin-history-who = 操作者
admin-history-what = 操作
admin-history-setting = 设置项
admin-history-old = 旧值
admin-history-new = 新值
# What an entry of the settings history did.
admin-action-create = 创建
admin-action-settings = 更改设置
admin-action-rejudge = 重新评测
admin-action-freeze = 冻结
admin-action-unfreeze = 解除冻结
admin-action-announce = 公告
admin-action-prune = 删除被替换的对局
# The notices after an action on the settings page.
admin-notice-saved = 已保存：更改了 { $count } 项设置，将用于今后安排的对局。
admin-notice-rejudged = 重新评测：已按当前设置重新排队 { $count } 场对局。
admin-notice-frozen = 排行榜已冻结。
admin-notice-unfrozen = 排行榜已解除冻结并已重新计算。

## Confirmations of actions that are hard to undo.
admin-confirm-rejudge = 重新评测 { $title }？
admin-confirm-rejudge-consequence = 每一场当前对局（在最新的就绪提交之间）都将按当前设置重新进行；在其各局重赛完成之前，该对局不计入排行榜，排行榜也会解除冻结。已下完的各局仍可查看，并标记为已替换。重赛不计入学生的计算配额。
admin-confirm-unfreeze = 解除 { $title } 排行榜的冻结？
admin-confirm-unfreeze-consequence = 排行榜将重新计算，冻结以来的所有结果都会显示；截止时间过后，当没有待评测的内容时，它会再次自动冻结。
# $id: a submission's number; $owner: its author (username and name).
admin-confirm-disqualify = 取消提交 { $id } 的资格？
admin-confirm-disqualify-consequence = { $owner } 的提交 { $id }：其排队中的对局将被取消，其对局结果将移出排行榜；{ $owner } 在再次提交之前不参与排名。
admin-disqualify = 取消资格
admin-confirm-rejudge-submission = 重新评测提交 { $id }？
admin-confirm-rejudge-submission-consequence = { $owner } 的提交 { $id } 的每一场当前对局都将按比赛的当前设置重新进行；在其各局重赛完成之前，该对局不计入排行榜。已下完的各局仍可查看，并标记为已替换。重赛不计入学生的计算配额。
admin-rejudge-its-matches = 重新评测其对局

## New contest.
admin-new-contest = 新建比赛
admin-new-slug = 短名（用于网址：小写字母、数字、连字符）
admin-new-slug-taken = 已有使用此短名的比赛。
admin-new-title = 标题
admin-new-game = 游戏
admin-new-choose = 请选择…
admin-new-time-zone = 时区
admin-new-time-zone-hint = IANA 时区名，例如 Asia/Shanghai：比赛的时间按此时区显示，截止时间也按此时区读取。留空：使用服务器的时区（截止时间按 UTC）。
admin-new-deadline = 截止时间（比赛时区；留空表示没有）
admin-new-language = 页面语言
admin-new-language-server = 服务器默认
admin-new-languages = 编程语言
admin-new-settings = 设置，每行一个 <code>name=value</code>（留空：使用游戏的默认值）
admin-new-setting-names = 设置项名称与默认值
admin-new-create = 创建比赛

## Similar submissions (copy detection).
admin-similarity-page-title = 相似提交 · { $title }
admin-similarity-heading = { $title }：相似提交
admin-similarity-json = JSON：<code>GET /api/contests/{ $slug }/similarity</code>
# $floor: the least similarity kept, in percent.
admin-similarity-explained = 每个提交在编译结束时建立索引：解析源代码，将标识符和字面量统一化，去掉注释和排版，然后像 MOSS 那样生成指纹（对 12 个词法单元的 k-gram 做 winnowing）。<strong>相似度</strong>是一方的指纹在另一方中出现的比例中较大的那个；比赛的初始代码和下面的基础文件从不计入。低于 { $floor }% 的配对不会保存。高分只是值得查看的理由，而不是结论：请打开该配对查看。
admin-similarity-coverage = 已为 { $submissions } 个提交中的 { $indexed } 个建立索引。
admin-similarity-at-least = 至少
admin-similarity-superseded-too = 包括已被替代的提交
admin-similarity-over-budget = 超出解析器限额
admin-similarity-over-budget-explained = 有 { $count } 个已索引的提交对于其语言的解析器来说过大、嵌套过深或过慢（超过 { $kib } KiB、词法单元数或括号深度限制，或超时），因此改由普通词法分析器读取，它不识别该语言的注释和关键字（并且最多只索引前 { $tokens } 个词法单元）。这些提交的分数不太可靠；自动生成或刻意填充的源代码值得查看。
admin-similarity-no-pairs = 没有相似度达到 { $percent }% 或以上的配对。
admin-similarity-col-similarity = 相似度
admin-similarity-col-longest = 最长连续匹配
admin-similarity-col-first = 第一个
admin-similarity-col-second = 第二个
admin-similarity-tokens = { $count } 个词法单元
admin-similarity-superseded = （已被替代）
admin-similarity-side-by-side = 并排对比
admin-similarity-base-code = 基础代码
admin-similarity-base-explained = 比赛游戏的各语言初始代码始终算作基础代码。可以添加每个学生都能使用的其他文件（例如课堂上发的库）；添加后比赛会重新建立索引。
# After a base file's name: its language id and size.
admin-similarity-base-file = （{ $language }，{ $bytes } 字节）
admin-similarity-remove = 删除
admin-similarity-base-name = 名称
admin-similarity-base-language = 语言
admin-similarity-base-source = 源代码
admin-similarity-base-add = 添加基础文件
admin-similarity-reindex = 重新索引所有提交
admin-similarity-reindex-hint = （用于安装查重功能之前的提交）
admin-similarity-reindexing = 正在后台重新索引：配对将逐个提交重新计算。
admin-similarity-base-changed = 基础代码已更改：正在后台重新索引所有提交。
# A pair side by side; $a and $b are submission numbers (#12), $title the contest's.
admin-pair-page-title = { $a } 与 { $b } · { $title }
# $a and $b: a username and a submission number each (ada #12).
admin-pair-heading = { $a } 与 { $b }
admin-pair-back = { $title } 的相似提交
admin-pair-stored = 相似度 { $percent }%（{ $shared } 个共同指纹）
admin-pair-regions = { $regions } 个至少 12 个词法单元的共同片段，最长 { $longest } 个词法单元。基础代码不做标记。点击标记的片段可查看另一侧与之匹配的部分。

## Queue status.
admin-status = 状态
admin-status-heading = 队列状态
admin-status-queue = 队列
admin-status-queued = 排队中
admin-status-running = 运行中
admin-status-done = 已完成
admin-status-failed = 失败
admin-status-cancelled = 已取消
admin-status-compile = 编译
admin-status-games = 对局
admin-status-attempts = 每局最多尝试 { $attempts } 次（每次都是评测机中断或失去租约）；之后该局判为失败，其对局不计入排行榜，重新评测该比赛时会再次进行。
admin-status-sharing = 共享对局槽位的比赛
admin-status-sharing-none = 没有比赛有排队中的对局。
admin-status-contest = 比赛
admin-status-share = 份额
admin-status-oldest-wait = 最长等待
admin-status-slot-time = 已用槽位时间
admin-status-sharing-explained = 有排队对局的比赛按其对局占用的槽位时间、依照各自的 <code>share</code> 设置（默认 1）按比例共享对局槽位，而不是按到达顺序：下一个空闲槽位会进行列表中第一个比赛的一局。在同一比赛内，测试对局优先，然后是每个提交的第一场对局，再轮到任何人的下一场。
admin-status-running-games = 运行中的对局
admin-status-running-none = 没有正在运行的对局。
admin-status-game = 局
admin-status-players = 玩家
admin-status-worker = 评测机
admin-status-attempt = 尝试次数
admin-status-started = 开始时间
admin-status-lease-until = 租约到期
admin-status-failed-games = 失败的对局
admin-status-failed-none = 没有失败的对局。
admin-status-attempts-col = 尝试次数
admin-status-why = 原因
admin-status-workers = 评测机
admin-status-workers-none = 尚未见到任何评测机。
admin-status-heartbeat = 最近心跳
admin-status-games-running = 运行中的局数
admin-status-state = 状态
admin-status-stale = <strong>失联</strong>（超过一分钟没有心跳）
admin-status-alive = 在线
# A time and how long ago it was (or how far ahead it is), e.g. "12 s ago".
admin-status-time-ago = { $time }（{ $duration }前）
admin-status-time-ahead = { $time }（{ $duration }后）

## Every submission.
admin-submissions = 提交
admin-submissions-contest = 比赛
admin-submissions-student = 学生
admin-submissions-student-placeholder = 用户名或昵称
admin-submissions-language = 语言
admin-submissions-status = 状态
admin-submissions-when = 时间
admin-submissions-count = { $count } 个提交
admin-submissions-sources-zip = { $contest } 的所有当前源代码（zip）
admin-submissions-none = 没有符合条件的提交。
# A submission's status.
admin-submission-queued = 排队中
admin-submission-compiling = 编译中
admin-submission-compile-error = 编译错误
admin-submission-ready = 就绪
admin-submission-superseded = 已被替代
admin-submission-disqualified = 已取消资格

## Users.
admin-users = 用户
admin-users-search = 搜索
admin-users-search-placeholder = 用户名、显示名称或昵称
admin-users-only-disabled = 只看已停用的账号
admin-users-count = { $count } 个用户
admin-users-count-disabled = { $count } 个已停用的用户
admin-users-count-matching = { $count } 个匹配“{ $q }”的用户
admin-users-count-matching-disabled = { $count } 个匹配“{ $q }”的已停用用户
# $users: one of the counts above.
admin-users-count-page = { $users } · 第 { $page } 页，共 { $pages } 页
admin-users-disabling-explained = 停用账号会结束其所有会话，并拒绝其登录和 API 令牌；其提交和排名保留。
admin-users-col-username = 用户名
admin-users-col-display-name = 显示名称
admin-users-col-nickname = 昵称
admin-users-col-last-login = 最近登录
admin-users-col-submissions = 提交数
admin-users-col-account = 账号
admin-users-col-actions = 操作
admin-users-badge-admin = 管理员
admin-users-their-submissions = 该用户的提交
admin-users-disabled-since = 自 { $since } 起<strong class="error">已停用</strong>
admin-users-active = 正常
admin-users-never = 从未
admin-users-enable = 启用
admin-users-disable = 停用
admin-users-reset-password = 重置密码
admin-users-none = 没有符合条件的用户。
admin-users-reset-heading = 重置密码
admin-users-reset-explained = 用于忘记密码的学生：密码将重新变为用户名，下次登录时必须设置新密码（昵称保留）。其所有会话将结束。
admin-users-reset-done = <strong>{ $username }</strong> 的密码现在是其用户名。
admin-users-username = 用户名
admin-users-import-heading = 导入用户
admin-users-import-explained = 每行一个学生：<code>username[,display name]</code>（用户名[,显示名称]）。初始密码为用户名；每个学生在首次登录时设置新密码（和昵称）。已存在的用户名保持不变。
admin-users-import-line = 第 { $line } 行：{ $error }
admin-users-roster = 名单（CSV）
admin-users-import = 导入用户
admin-users-import-empty = 请粘贴名单：每行一个 用户名[,显示名称]。
admin-users-imported = 已创建 { $created } 个用户；{ $existing } 个已存在。
admin-users-import-some-failed = 有些行未能导入，见下文。
admin-users-no-such-user = 没有用户“{ $username }”。
admin-users-reset-button = 重置密码
admin-users-reset-question = 重置 { $username } 的密码？
admin-users-reset-consequence = { $username } 的密码将变为其用户名，需在下次登录时修改；其所有会话立即结束。
admin-users-disable-self = 不能停用自己的账号。
admin-users-disable-button = 停用账号
admin-users-disable-question = 停用 { $username }？
admin-users-disable-consequence = { $username } 将无法再登录：其所有会话立即结束，其 API 令牌被撤销（重新启用账号也不会恢复）。其提交、对局和排名保留。之后可以重新启用该账号。
admin-users-is-disabled = { $username } 已停用。
admin-users-is-enabled = { $username } 已启用。
admin-users-was-disabled = { $username } 之前就已停用。
admin-users-was-enabled = { $username } 之前就已启用。

## Why a field of the contest forms (or a setting sent to the API) is refused. The values quoted
## (`{ $value }`) and the names of settings and languages stay as written.
# $field: the field's or setting's name; $problem: one of the messages below.
admin-field-error = { $field }：{ $problem }
admin-field-slug = 请使用 1 到 64 个小写字母、数字和连字符（连字符不能在开头）
# $valid: the games' ids, comma-separated.
admin-field-unknown-game = 未知的游戏 `{ $name }`（可选：{ $valid }）
admin-field-title-long = 最多 { $max } 个字符
admin-field-not-key-value = `{ $text }` 不是 KEY=VALUE 的形式
admin-field-no-language = 请至少启用一种语言
# $unknown, $configured: language ids, comma-separated.
admin-field-unknown-languages = 未知的语言 { $unknown }（已配置：{ $configured }）
admin-field-unknown-factor-language = 未知的语言 `{ $language }`（已配置：{ $configured }）
admin-field-none-configured = 没有配置任何语言
admin-field-house-bot = 未知的内置机器人等级 `{ $name }`（可选：{ $valid }）
admin-field-share = `{ $value }` 不是 0.01 到 100 之间的数
admin-field-time-factor = `{ $value }` 不是 0.1 到 10 之间、最多两位小数的数
admin-field-format = `{ $value }` 既不是 round_robin 也不是 ladder
admin-field-count = `{ $value }` 不是 1 到 { $max } 之间的整数
admin-field-time-zone = `{ $value }` 不是 IANA 数据库中的时区
admin-field-language = `{ $value }` 不是 en、zh-CN、ro、bg、fi 之一
admin-field-practice-opponent = 未知的练习对手 `{ $name }`（可选：house、own、all、none）
admin-field-seconds = `{ $value }` 不是 0 到 10000000 之间的整数秒数
admin-field-deadline = `{ $value }` 不是日期和时间，应形如 2026-12-31T23:59:00Z
# $game: the game's id; $valid: its settings' names.
admin-field-unknown-setting = { $game } 没有设置项 `{ $name }`（可选：{ $valid }）
# $why: one of the admin-value-… messages.
admin-field-bad-value = `{ $name }` 的值 `{ $value }` 无效：{ $why }
admin-value-not-whole = 不是整数
admin-value-range = 必须在 { $min } 到 { $max } 之间
admin-value-range-cols = 必须在 { $min } 到 { $max } 之间：结束码 10、11 和 12（你赢了、你输了、平局）不能是列号
# $form: WxH or WxHxMS (width x height x tick milliseconds), as written in the setting.
admin-value-board-form = 每个棋盘都必须写成 { $form }
admin-value-board-numbers = 每个棋盘都必须写成由整数组成的 { $form }
admin-value-width = 宽度必须在 { $min } 到 { $max } 之间
admin-value-height = 高度必须在 { $min } 到 { $max } 之间
admin-value-even = 边长必须是偶数
admin-value-tick = 每个时间步必须在 { $min } 到 { $max } 毫秒之间
admin-value-factor-name = 名称必须是 time_factor.LANGUAGE，其中 LANGUAGE 是语言 ID
admin-value-factor = 0.1 到 10 之间、最多两位小数的数

## Why a line of an imported roster is refused.
admin-users-import-quote = 有引号没有闭合
admin-users-import-unreadable = 有字段无法读取
# $problem: one of the messages below (or why a name is reserved).
admin-users-import-name = `{ $username }`：{ $problem }
admin-users-import-fields = 应为 `username` 或 `username,display name`（用户名或“用户名,显示名”）
admin-users-import-looks-like = `{ $username }` 看起来像账户 `{ $other }` 的名字（学生可能冒充他人）
admin-users-import-username-length = 用户名须有 1 到 64 个字符
admin-users-import-username-chars = 用户名只能包含字母、数字和 . _ - @
admin-users-import-display-length = 显示名最多 200 个字符
admin-users-import-display-control = 显示名不能包含控制字符

## Stored reasons, worded when shown.
# A source over the similarity parser's budget: why its grammar did not read it.
admin-similarity-why-size = { $kib } KiB（超过 { $max } KiB）：由普通词法分析器读取
admin-similarity-why-tokens = 超过 { $max } 个词法单元：由普通词法分析器读取
admin-similarity-why-depth = 括号嵌套 { $depth } 层（超过 { $max } 层）：由普通词法分析器读取
admin-similarity-why-slow = 解析器用时超过 { $seconds } 秒：由普通词法分析器读取
admin-similarity-why-truncated = 只索引了前 { $tokens } 个词法单元
# $why: one of the admin-similarity-why-… messages above.
admin-similarity-why-and-truncated = { $why }；只索引了前 { $tokens } 个词法单元
# A line of the list of sources over the budget, after who submitted it: $language (an id), $why.
admin-similarity-over-budget-line = { $language }：{ $why }
# A game that failed in the judge (the status page's "Why" column).
admin-status-given-up = 尝试 { $attempts } 次后放弃：每次它的工作进程都退出、失去租约或无法运行它（这是评测系统的故障，不是机器人的）。重新评测会再下这局。
