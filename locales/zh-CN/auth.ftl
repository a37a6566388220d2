# Logging in and the first login's welcome page; the problems a nickname or a new password can have.

login-title = 登录
login-username = 用户名（你的学号）
login-password = 密码
login-button = 登录
login-first-time = 第一次来？你的密码就是你的用户名；登录后需要设置新密码。
login-missing = 请输入用户名和密码。
login-throttled-address = 来自你的地址的登录失败次数过多。请在 { $seconds } 秒后重试。
login-throttled-username = 这个用户名的登录失败次数过多。请在 { $seconds } 秒后重试。
login-busy = 服务器正忙于验证其他登录。请过几秒再试。
login-wrong = 用户名或密码错误。

welcome-title = 欢迎
# $name is the student's name from the roster (or their username).
welcome-heading = 欢迎，{ $name }
welcome-intro = 开始之前，请选择排行榜上向所有人显示的昵称，并设置新密码。
welcome-nickname = 昵称
welcome-password = 新密码（至少 8 个字符）
welcome-button = 保存并继续
auth-password-again = 再次输入新密码

auth-nickname-taken = 已有其他用户使用这个昵称或用户名，或与之看起来相同的名字。
auth-passwords-differ = 两次输入的密码不一致。
auth-nickname-length = 请使用 2 到 32 个字符。
auth-nickname-invisible = 不能包含控制字符、格式字符或不可见字符（例如零宽空格或方向标记），除普通空格外不能有其他空白。
auth-nickname-spaces = 首尾不能有空格。
auth-nickname-marks = 不能有单独出现或叠加的组合附加符号。
auth-nickname-scripts = 只能使用一种文字的字母（拉丁、西里尔、希腊、中文……各自单独使用；数字和标点可与任何文字搭配）：混用多种文字的名字可能冒充他人。
auth-nickname-letters = 只能使用常用字母（Unicode 通用安全配置）：小型大写字母及其他音标或古体字母可能冒充普通字母。
auth-nickname-reserved = `admin`、`root` 和 `system` 为保留名（也不能使用与之看起来相同的名字）。
auth-nickname-house = 以 `house` 开头的名字属于内置机器人（也不能使用与之看起来相同的名字）。
auth-nickname-staff = 以 `staff` 开头的名字属于管理员（也不能使用与之看起来相同的名字）。
auth-password-short = 请至少使用 8 个字符。
auth-password-long = 最多使用 1024 个字节。
auth-password-username = 请选择与用户名不同的密码。
