# The rules page of a contest (/contests/{slug}/rules): everything around the game's statement.

rules-title = Rules · { $title }
rules-heading = { $title }: rules and bot protocol
rules-submit-link = Submit a bot
rules-toc = On this page:
rules-toc-game = The game
rules-toc-local = Test locally
# Shown above the English statement when the reader's language has no translation of it.
rules-statement-not-translated = This game's statement is not translated into your language yet; here it is in English.
rules-settings = This contest's settings
rules-settings-hint = The limits and boards this contest's games are played under (they take precedence over the defaults named above). Breaking a limit loses the game at once; the game's page then names the rule (the forfeit kind in brackets).
rules-th-setting = Setting
rules-th-value = Value
rules-th-meaning = What it means
# Under a setting's value when this contest changed it.
rules-setting-default = default { $value }
rules-submissions = Submissions
rules-languages = Languages
rules-languages-hint = Your one source file is saved as the file named below, compiled, then run with these commands, in the bot's own directory inside the sandbox. Your program reads the judge's messages on standard input and answers on standard output; standard error goes to the game's log.
rules-th-language = Language
rules-th-version = Version on this server
rules-th-commands = Commands
rules-language-file = file <code>{ $file }</code>
rules-unavailable = Unavailable
# Before the compile command of a language.
rules-compile = compile:
# Before the run command of a language.
rules-run = run:
# A language's compiler did not say its version.
rules-version-unknown = unknown
rules-starters = Starter bots
rules-starters-none = No starter bot for this game in this contest's languages.
rules-starters-hint = A short program per language that speaks the protocol and plays a legal move: download it, or put it into the submit form, and improve it from there.
rules-starter-download = Download <code>{ $file }</code>
rules-starter-insert = Put it into the submit form
# LANGUAGE stays as it is: the reader replaces it with a language id.
rules-starters-offline = Offline, the same starters come with the judge (see below): <code>./botarena starter { $game } LANGUAGE -o .</code> writes one beside you.
rules-local = Test your bot locally
rules-local-intro = The judge of this server is one program, <code>botarena</code>. Its <code>play</code> command runs a match on your own machine with the very referee and limits the server uses, against your own bots or the built-in house bots (<code>house:random</code>, <code>house:level1</code>, <code>house:level2</code>).
rules-local-download = Download <a href="/download/botarena" id="binary-link" download="botarena">botarena</a> ({ $version }, { $platform }, { $mib } MiB) and check it:
rules-local-install = Install the compiler of your language (the versions above are the server's) and put your bot beside it, for instance as <code>{ $file }</code>.
rules-local-play = Play a match under this contest's settings:
rules-local-play-hint = It prints a line per game and the match's result. Add <code>--log-dir logs</code> to keep each game's transcript (every line each way, your DEBUG output and standard error), <code>--json result.json</code> for the full result, <code>--seed N</code> to replay the same games; put <code>house:level1</code> or <code>house:level2</code> for a stronger opponent, or a second bot file.
rules-local-hint = Without root the sandbox has fewer protections; <code>play</code> says which, and plays anyway. <code>./botarena house { $game } random</code> runs a house bot on your terminal, to play against by hand.
rules-exe-error = The server cannot read its own executable, so it cannot offer it.

## What each setting means, by its name (`setting-NAME`); `setting-NAME-GAME` where a game uses
## it its own way. The names in the texts (move_ms, start_timeout, START, OK...) stay as they are.

setting-start_ms = CPU time to answer the judge's START with OK (whatever your program prepares before it answers counts too); more loses the game (start_timeout). Waiting uses none, but the answer must come within three times this plus 0.1 s of real time too.
setting-start_ms-one-two-three = Not used by this game: every move is a fresh run of your program, timed by move_ms.
setting-start_ms-tron = Time to print your bot's name after it gets its player number; longer loses the game (start_timeout).
setting-start_ms-connect4 = Not used by this game: there is no start message to answer; the first move is timed by move_ms.
setting-move_ms = CPU time for one move, from the judge's prompt to your answer: what your program computes (all its threads), whatever else runs on the server. More loses the game (move_timeout). Waiting (sleeping, reading) uses none, but an answer must come within three times this plus 0.1 s of real time too.
setting-move_ms-one-two-three = CPU time for the whole run of your program on one move: start, read the position, think, print the new board and exit; more loses the game (move_timeout). What else runs on the server does not change it. Waiting uses none, but a run may last at most three times this plus 0.1 s of real time.
setting-move_ms-tron = Not used by this game: tron runs on a clock, each board with its own tick (see boards); a direction printed late simply applies from the next tick.
setting-bank_ms = Thinking time (CPU time) for the whole game, summed over your moves. A move may use up to move_ms while the bank has that much left; once the bank holds less, what is left is the limit, and running it out loses the game (time_bank).
setting-bank_ms-tron = Not used by this game: tron runs on a clock, and nobody's thinking time is counted.
setting-bank_ms-none = 0: no time bank; each move has its full move time.
setting-bank_ms-none-one-two-three = 0: no time bank; only the per-move limit counts.
setting-memory_mib = Memory your bot may use (all its processes together). Going over ends it and loses the game (memory_limit).
setting-games = Games between two bots in one match; sides are swapped every game, so each bot moves first equally often.
setting-games-boards = Games between two bots in one match: each board is played twice, each bot moving first once.
setting-max_rounds = Rounds (a move of each side) after which a game that has not ended is decided by the material left on the board.
setting-rows = Rows of the grid.
setting-cols = Columns of the grid.
setting-connect = Discs in a line (across, down or diagonal) that win.
setting-boards = The boards played, as width x height.
setting-boards-one-two-three = The boards played, as columns x rows.
setting-boards-tron = The boards played, as width x height x tick in milliseconds: the lines move once per tick.
# A language's time factor; $start, $per_move and $bank are milliseconds, written as in the settings.
setting-time_factor = Bots written in { $language } get { $factor } times the time limits above: start_ms { $start }, move_ms { $per_move }.
setting-time_factor-bank = Bots written in { $language } get { $factor } times the time limits above: start_ms { $start }, move_ms { $per_move }, bank_ms { $bank }.
setting-time_factor-none = Every language has the same time limits: no language's are multiplied.
setting-submit_interval_s = Minimum time between two of your submissions; an earlier one is refused with the time left to wait.
setting-daily_budget_s = Compute time your compiles and games may use per day (UTC). Once it is used up, new submissions are refused until midnight UTC.
setting-max_source_bytes = Largest source file accepted (one file per submission).
