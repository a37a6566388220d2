# The practice pages: the form that starts a game against a bot, and the game's page (static/play.js).
# In messages for the script, a { $name } is filled in by the script (no plural forms).

practice-play-title = Play · { $contest }
practice-play-heading = { $contest }: play against a bot
practice-game = Game
practice-contest-page = Contest page
practice-rules = Rules
practice-scoreboard = Scoreboard
practice-intro = You play by clicking or tapping the board (tron: the arrow keys, or the buttons under the board on a touch screen); the bot runs exactly as in the contest's games — same sandbox, same limits, same protocol — and its moves and DEBUG lines are recorded. Practice games never count in the standings. One game at a time; { $running } of { $max } practice games are being played on this server now.
# Keep the link's markup.
practice-playing-now = You are playing a practice game now: <a href="{ $href }" id="playing-link">go back to it</a>. Leave it there to start another.
practice-no-opponent = This contest offers no opponent to practise against (yours appears here once a submission is ready).
practice-opponent = Opponent
# Before a house bot's level (level1, ...).
practice-house-bot = house bot
practice-own-submission = your current submission #{ $id }
# Followed by a box for a submission's id.
practice-other-submission = the submission with id
practice-submission-id = submission id
practice-other-submission-hint = (any student's current one)
practice-your-seat = Your seat
practice-seat-first-choice = first (you move first)
practice-seat-first = first
practice-seat-second = second
practice-board = Board
practice-board-hint = one board of the game's form; empty: the contest's first ({ $boards })
practice-start = Start the game
practice-recent = Your last practice games
practice-result = Result
practice-finished = Finished
practice-replay = replay
practice-not-played = not played
# $reason is why the game ended (a reason-… message).
practice-outcome-won = you won ({ $reason })
practice-outcome-lost = you lost ({ $reason })
practice-outcome-draw = draw ({ $reason })

practice-game-title = Practice game · { $game }
practice-game-heading = Practice: you against { $bot }
practice-another-game = Another game
practice-you-play = you play
practice-connecting = Connecting…
practice-needs-javascript = Playing needs JavaScript; scripts can use the API (docs/api.md).
practice-tron-steer-hint = Steer with the arrow keys (or W A S D), or on a touch screen with the buttons. Your line keeps going straight until you turn.
practice-turn-left = left
practice-turn-up = up
practice-turn-down = down
practice-turn-right = right
practice-leave = Leave the game
practice-log = The game's log

# Checkers: a refused square; $from lists the squares of the pieces that must capture.
practice-capture = Not a legal move: a capture is compulsory: take with the piece on { $from }.
practice-capture-longest = Not a legal move: a capture is compulsory: take, the longest one ({ $count } pieces), with the piece on { $from }.
practice-not-legal = Not a legal move: pick one of your pieces that can move, then where it goes.
practice-disconnected = Disconnected from the game; reload the page to follow it again.
practice-you-left = You left the game; { $bot } won
practice-you-won = You won ({ $reason })
practice-bot-won = { $bot } won ({ $reason })
practice-draw = Draw ({ $reason })
# $kind is why (a forfeit-… message).
practice-you-forfeited = you forfeited: { $kind }
# The person's name on the board's legend.
practice-you = you
practice-place-button = Place
practice-place-hint = the picked cells (one to three in a row)
practice-your-move = Your move.
practice-bot-thinking = { $bot } is thinking…
practice-steering = Playing: steer with the arrow keys.
practice-clock-every = A game on a clock: the lines move every { $ms } ms; a turn applies from the next tick.
practice-clock-ticks = A game on a clock: the lines move every tick; a turn applies from the next one.
practice-limits = { $bot }: { $think } ms of thinking so far; { $move } ms per move. You have { $patience } s per move.
practice-limits-thinking = { $bot }: { $think } ms of thinking so far, { $now } ms on this move; { $move } ms per move. You have { $patience } s per move.
practice-bot-says = { $bot } says
practice-leave-confirm = Leave the game? It ends now, as a loss.
