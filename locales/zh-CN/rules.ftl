# 比赛的规则页（/contests/{slug}/rules）：游戏说明以外的全部内容。

rules-title = 规则 · { $title }
rules-heading = { $title }：规则与机器人协议
rules-submit-link = 提交机器人
rules-toc = 本页内容：
rules-toc-game = 游戏
rules-toc-local = 本地测试
# Shown above the English statement when the reader's language has no translation of it.
rules-statement-not-translated = 本游戏的说明尚未译成中文，下面是英文原文。
rules-settings = 本比赛的设置
rules-settings-hint = 本比赛的对局所采用的限制和棋盘（优先于上文所述的默认值）。违反任何一项限制都会立即判负；该局的页面会注明所违反的规则（方括号内为判负类型）。
rules-th-setting = 设置
rules-th-value = 值
rules-th-meaning = 含义
# Under a setting's value when this contest changed it.
rules-setting-default = 默认 { $value }
rules-submissions = 提交
rules-languages = 编程语言
rules-languages-hint = 你提交的唯一源文件会以下表中的文件名保存、编译，然后在沙箱中机器人自己的目录里用这些命令运行。你的程序从标准输入读取裁判的消息，并在标准输出上作答；标准错误输出会写入该局的日志。
rules-th-language = 语言
rules-th-version = 本服务器上的版本
rules-th-commands = 命令
rules-language-file = 文件 <code>{ $file }</code>
rules-unavailable = 不可用
# Before the compile command of a language.
rules-compile = 编译：
# Before the run command of a language.
rules-run = 运行：
# A language's compiler did not say its version.
rules-version-unknown = 未知
rules-starters = 入门机器人
rules-starters-none = 本比赛的语言中没有这个游戏的入门机器人。
rules-starters-hint = 每种语言一个简短的程序，它懂得协议并会走一步合法的棋：下载它，或把它放进提交表单，然后在此基础上改进。
rules-starter-download = 下载 <code>{ $file }</code>
rules-starter-insert = 放进提交表单
# LANGUAGE stays as it is: the reader replaces it with a language id.
rules-starters-offline = 离线时，裁判程序（见下文）也自带同样的入门机器人：<code>./botarena starter { $game } LANGUAGE -o .</code> 会在当前目录写出一个。
rules-local = 在本地测试你的机器人
rules-local-intro = 本服务器的裁判是一个程序 <code>botarena</code>。它的 <code>play</code> 命令在你自己的电脑上进行一场比赛，所用的裁判和限制与服务器完全相同，对手可以是你自己的机器人，也可以是内置机器人（<code>house:random</code>、<code>house:level1</code>、<code>house:level2</code>）。
rules-local-download = 下载 <a href="/download/botarena" id="binary-link" download="botarena">botarena</a>（{ $version }，{ $platform }，{ $mib } MiB）并校验：
rules-local-install = 安装你所用语言的编译器（上表中是服务器的版本），并把你的机器人放在它旁边，例如命名为 <code>{ $file }</code>。
rules-local-play = 按本比赛的设置进行一场比赛：
rules-local-play-hint = 它为每一局打印一行，最后打印整场比赛的结果。加上 <code>--log-dir logs</code> 可保存每一局的记录（双方的每一行、你的 DEBUG 输出和标准错误输出），<code>--json result.json</code> 输出完整结果，<code>--seed N</code> 重放相同的对局；换成 <code>house:level1</code> 或 <code>house:level2</code> 可以得到更强的对手，也可以换成另一个机器人文件。
rules-local-hint = 没有 root 权限时沙箱的保护较少；<code>play</code> 会说明少了哪些，但照样进行。<code>./botarena house { $game } random</code> 会在你的终端上运行一个内置机器人，供你亲手与它对弈。
rules-exe-error = 服务器无法读取自己的可执行文件，因此无法提供下载。

## What each setting means, by its name (`setting-NAME`); `setting-NAME-GAME` where a game uses
## it its own way. The names in the texts (move_ms, start_timeout, START, OK...) stay as they are.

setting-start_ms = 回答裁判的 START（回复 OK）可用的 CPU 时间（程序在回答之前所做的一切准备都计算在内）；超出则判负（start_timeout）。等待不消耗 CPU 时间，但回答还必须在此值三倍再加 0.1 秒的实际时间内到达。
setting-start_ms-one-two-three = 本游戏不使用：每一步都是重新运行一次你的程序，由 move_ms 计时。
setting-start_ms-tron = 收到玩家编号后打印机器人名字的时限；超时则判负（start_timeout）。
setting-start_ms-connect4 = 本游戏不使用：没有需要回答的开始消息；第一步由 move_ms 计时。
setting-move_ms = 每一步可用的 CPU 时间，从裁判发出提示到你作答为止：包括你的程序的全部计算（所有线程），与服务器上同时运行的其他程序无关。超出则判负（move_timeout）。等待（休眠、读取输入）不消耗 CPU 时间，但回答还必须在此值三倍再加 0.1 秒的实际时间内到达。
setting-move_ms-one-two-three = 你的程序走一步时整次运行可用的 CPU 时间：启动、读取局面、思考、打印新棋盘并退出；超出则判负（move_timeout）。服务器上同时运行的其他程序不影响它。等待不消耗 CPU 时间，但一次运行最多只能持续此值三倍再加 0.1 秒的实际时间。
setting-move_ms-tron = 本游戏不使用：tron 按时钟进行，每个棋盘有自己的节拍（见 boards）；打印晚了的方向只是从下一个节拍起生效。
setting-bank_ms = 整局的思考时间（CPU 时间），按你的各步累计。只要时间储备还剩那么多，一步最多可用 move_ms；储备少于此值后，剩下的就是上限，用完则判负（time_bank）。
setting-bank_ms-tron = 本游戏不使用：tron 按时钟进行，不计任何一方的思考时间。
setting-bank_ms-none = 0：没有时间储备；每一步都有完整的步时。
setting-bank_ms-none-one-two-three = 0：没有时间储备；只有每步的时限。
setting-memory_mib = 机器人可用的内存（其所有进程合计）。超出则被终止并判负（memory_limit）。
setting-games = 一场比赛中两个机器人之间的局数；每局交换先后手，因此双方先手的次数相同。
setting-games-boards = 一场比赛中两个机器人之间的局数：每个棋盘下两局，双方各先手一次。
setting-max_rounds = 回合数（双方各走一步为一回合），超过后尚未结束的对局按棋盘上剩余的子力判定。
setting-rows = 棋盘的行数。
setting-cols = 棋盘的列数。
setting-connect = 连成一线（横、竖或斜）即获胜的棋子数。
setting-boards = 所用的棋盘，格式为 宽 x 高。
setting-boards-one-two-three = 所用的棋盘，格式为 列数 x 行数。
setting-boards-tron = 所用的棋盘，格式为 宽 x 高 x 节拍（毫秒）：每个节拍线条移动一格。
# A language's time factor; $start, $per_move and $bank are milliseconds, written as in the settings.
setting-time_factor = 用 { $language } 编写的机器人获得上述时限的 { $factor } 倍：start_ms { $start }，move_ms { $per_move }。
setting-time_factor-bank = 用 { $language } 编写的机器人获得上述时限的 { $factor } 倍：start_ms { $start }，move_ms { $per_move }，bank_ms { $bank }。
setting-time_factor-none = 所有语言的时限相同：没有哪种语言的时限被放大。
setting-submit_interval_s = 你两次提交之间的最短间隔；过早的提交会被拒绝，并告知还需等待多久。
setting-daily_budget_s = 你的编译和对局每天（UTC）可用的计算时间。用完后，新的提交会被拒绝，直到 UTC 午夜。
setting-max_source_bytes = 接受的最大源文件（每次提交一个文件）。
