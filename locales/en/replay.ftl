# The replay viewer and the live view of a game (static/replay.js, static/live.js), and the words
# of the five games. In messages for the scripts, a { $name } is filled in by the script: such
# a message must read well for any number (no plural forms).

replay-heading = Replay
replay-needs-javascript = The replay needs JavaScript; the moves are listed below.
replay-moves-list = Moves ({ $count })
# The letter drawn on a checkers king.
replay-king-letter = K
# Checkers: a player's name and the pieces they have left.
replay-checkers-black = { $player } (black): { $count } pieces
replay-checkers-white = { $player } (white): { $count } pieces
# Checkers: a move's path of squares and the squares of the pieces it took.
replay-checkers-taking = { $path }, taking { $taken }
# Connect4: who moves first and second.
replay-first-player = { $player } (first)
replay-second-player = { $player } (second)
replay-connect4-column = column { $column }
replay-connect4-column-line = column { $column }, completing a line
# One-two-three: a player's letter on the board and how many cells they hold.
replay-ott-cells = { $player } ({ $letter }): { $count } cells
replay-ott-cell = row { $row }, column { $column }
# MathTricks: the cell moved to, and the operation written on it.
replay-mathtricks-to = to { $x } { $y } ({ $cell })
# Tron: the tick (time step) shown.
replay-tron-tick = tick { $tick }
replay-tron-heads = { $a } at { $at_a }, { $b } at { $at_b }
# A bot's DEBUG line, tagged with the move it came with.
replay-line-move = move { $move }
replay-winner = Winner: { $bot }
replay-winner-reason = Winner: { $bot } ({ $reason })
replay-draw = Draw
replay-draw-reason = Draw ({ $reason })
# $kind is a forfeit-… message.
replay-forfeited = { $bot } forfeited: { $kind }
replay-missing-unplayable = No replay: its moves could not be replayed; the moves are listed below.
replay-missing-viewer = No replay: there is no viewer for the game “{ $game }”; the moves are listed below.
replay-button-first = First
replay-button-first-title = first position (Home)
replay-button-back = Back
replay-button-back-title = one move back (←)
replay-button-play = Play
replay-button-play-title = play / pause
replay-button-pause = Pause
replay-button-forward = Forward
replay-button-forward-title = one move forward (→)
replay-button-last = Last
replay-button-last-title = jump to the end (End)
replay-speed = speed
replay-speed-slow = slow
replay-speed-normal = normal
replay-speed-fast = fast
replay-speed-very-fast = very fast
replay-short = The replay stops after move { $move } of { $count }: the next move could not be replayed.
replay-said-both = What both bots said
replay-said-bot = What { $bot } said
replay-said-yours = What your bot said
replay-no-lines = No DEBUG line and nothing on standard error in this game.
replay-lines-untied = This game was played before lines were tied to moves: all are shown.
replay-move-by = Move { $move } by { $bot }: { $text }
replay-move-text = Move { $move }: { $text }
replay-start = The start position.
replay-move = Move { $move }
replay-live-playing = Playing: { $count } moves so far.
# Which bot said a line, when both bots' lines are shown: "bot a", "bot b".
replay-live-bot = bot { $bot }
replay-live-your-bot-says = Your bot says
replay-live-over = The game is over; loading its replay…

# Why a game ended.
reason-no_moves = no moves left
reason-no_pieces = no pieces left
reason-round_limit = round limit reached
reason-four_in_a_row = four in a row
reason-board_full = board full
reason-crash = crash
reason-forfeit = forfeit
reason-unfinished = unfinished

# Why a bot forfeited a game.
forfeit-start_timeout = too slow to start
forfeit-move_timeout = too slow to move
forfeit-time_bank = out of time
forfeit-illegal_move = illegal move
forfeit-bad_output = unreadable output
forfeit-unexpected_output = unexpected output
forfeit-exited = exited
forfeit-memory_limit = over the memory limit
forfeit-output_limit = over the output limit
forfeit-sandbox_violation = broke the sandbox's rules
