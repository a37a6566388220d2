# 比赛页面上的一键入门机器人链接（static/starters.js）。
starters-confirm = 用 { $name } 入门机器人替换表单中的源代码吗？
starters-note = { $name } 入门机器人（{ $file }）已填入表单：改进它，然后提交。
