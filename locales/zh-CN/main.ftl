# 每个页面的布局：导航栏、页脚、错误页，以及多个页面共用的文字。

nav-contests = 比赛
nav-new-contest = 新建比赛
nav-users = 用户
nav-status = 状态
nav-log-out = 退出登录

footer-language = 语言
footer-language-change = 切换
footer-time-zone = 时间按 { $zone } 显示。

error-not-found = 未找到
error-not-allowed = 不允许
error-log-in = 请先登录
error-too-many = 请求过多
error-too-large = 内容过大
error-bad-request = 请求有误
error-conflict = 冲突
error-busy = 服务器繁忙
error-server = 服务器错误
error-back = 返回比赛列表

countdown-left = { $days ->
    [0] 剩余 { $hours } 小时 { $minutes } 分钟
   *[other] 剩余 { $days } 天 { $hours } 小时 { $minutes } 分钟
}
countdown-closed = 已截止
deadline-none = 无

## Units written next to numbers (the number as the language writes it).
unit-ms = { $n } 毫秒
# A number of milliseconds that is whole tenths of a second, with it in seconds ($s).
unit-ms-seconds = { $n } 毫秒（{ $s } 秒）
unit-s = { $n } 秒
unit-kib = { $n } KiB
unit-mib = { $n } MiB
