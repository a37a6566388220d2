# Test matches: the "My test matches" page, one test match, and the form (also on a submission's page).

test-matches-mine = 我的测试对局
test-matches-heading = { $title }：我的测试对局
test-matches-intro = 测试对局是你的当前提交与你选择的对手之间按本比赛设置进行的一整场比赛（与循环赛相同的局数，交换先后手）。它排在循环赛队列之前，因此几秒内就会开始；它从不计入排名；双方机器人的思考时间都计入你每天的计算预算。同一时间只能进行一场测试对局。
test-matches-no-submission = 测试对局使用你的当前提交：请先提交一个机器人，编译通过后就可以在这里运行测试对局。
test-matches-none = 还没有测试对局。
test-matches-th-match = 比赛
test-matches-th-opponent = 对手
test-matches-th-status = 状态
test-matches-th-points = 积分
test-matches-th-games = 对局（胜–平–负）
test-matches-th-asked = 申请时间
test-matches-footer = 测试对局从不计入排名。你的机器人的 DEBUG 输出在每一局的日志中。

# A test match's status.
test-match-status = { $status ->
    [queued] 排队中
    [running] 进行中
    [done] 已完成
    [cancelled] 已取消
    [failed] 失败
   *[other] { $status }
}
test-match-title = 测试对局 { $id }
test-match-heading = 测试对局 { $id }：提交 { $submission } 对 { $opponent }
test-match-asked = 申请于 { $when }
test-match-finished = 完成于 { $when }
# Before the test match's status.
test-match-status-label = 状态
test-match-ahead = 队列中在它之前还有 { $count } 局测试对局
# $tally is won–drawn–lost, such as 3–1–2.
test-match-points = 你的积分 <strong id="points">{ $points }</strong>（胜–平–负 { $tally } 局；按局计分，胜 3 分，平 1 分，负 0 分）
test-match-reloads = 比赛结束前，本页每 3 秒自动刷新一次；打开进行中的对局可以实时观看。
test-match-game = 第 { $number } 局

test-form-no-opponent = 本比赛没有提供测试对局的对手。
test-form-opponent = 对手
test-form-by-id = 下面填写编号的提交
test-form-id-placeholder = 提交编号
test-form-start = 开始测试对局
# $level is a house bot's level id: random, level1, level2.
test-form-house = 内置机器人 { $level }
test-form-current = 你的当前提交 #{ $id }
test-form-earlier = 你之前的提交 #{ $id }（{ $when }）
