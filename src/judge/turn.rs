//! The driver of turn-based games whose bots run for the whole game (checkers, connect4,
//! mathtricks), generic over the rules ([`TurnGame`]) and a per-game message adapter
//! ([`TurnProtocol`]).

use super::result::ForfeitKind;
use super::table::{quote, Ending, Foul, Table};
use crate::games::{Side, TurnGame};

/// The result of a game from one bot's point of view, for its final message.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Personal {
    Won,
    Lost,
    Draw,
}

/// The messages of a turn-based protocol; the sequence is the driver's.
///
/// The driver: starts both bots (with [`TurnProtocol::args`]); if the protocol has a handshake
/// sends each [`TurnProtocol::start`] and waits for `OK` from both within `start_ms` (each
/// bot gets [`TurnProtocol::after_ok`] right after its `OK`); sends [`TurnProtocol::greeting`]
/// to both; then for each move prompts the mover (with [`TurnProtocol::turn`], or the forwarded
/// move / greeting itself when the protocol has no prompt), reads the move, checks it, and
/// forwards it to the other bot ([`TurnProtocol::forward`]); at the end sends
/// [`TurnProtocol::end`] to both.
pub trait TurnProtocol<G: TurnGame> {
    /// Command-line arguments of the bot of `side` (connect4's `first` / `second`).
    fn args(&self, _side: Side) -> Vec<String> {
        Vec::new()
    }
    /// The first message, answered by `OK` within the start time (`START 1`); `None` when the
    /// protocol has no handshake.
    fn start(&self, side: Side) -> Option<String>;
    /// Lines sent to a bot right after its `OK` (mathtricks' board).
    fn after_ok(&self, _side: Side, _game: &G) -> Vec<String> {
        Vec::new()
    }
    /// Lines sent to both bots before the first move, needing no answer (connect4's magic
    /// number); the first mover's clock starts once its greeting is written.
    fn greeting(&self, _side: Side) -> Vec<String> {
        Vec::new()
    }
    /// The opponent's move as sent to the other bot (`PLACE 2 5,0 4,1`, `4`, `MOVE 3 2`).
    fn forward(&self, mv: &G::Move) -> String;
    /// The line asking for a move (`TURN`); `None` when the forwarded move is the prompt.
    fn turn(&self) -> Option<String>;
    /// The final message (`END 1`, `10`).
    fn end(&self, result: Personal) -> String;
    /// The score of a game lost by forfeit, first side first, where the game defines one.
    fn forfeit_score(&self, _game: &G, _winner: Side) -> Option<[String; 2]> {
        None
    }
}

/// Plays one game to its end on `table` and returns how it ended. The bots are killed before
/// it returns.
pub fn play_turn_game<G: TurnGame, P: TurnProtocol<G>>(table: &mut Table, proto: &P, game: G) -> Ending {
    let mut game = game;
    let mut moves = Vec::new();
    let foul = run(table, proto, &mut game, &mut moves).err();
    let outcome = game.outcome();
    let winner = match (&foul, &outcome) {
        (Some(f), _) => Some(f.side.other()),
        (None, Some(o)) => o.winner,
        (None, None) => None,
    };
    let last = [Side::First, Side::Second].map(|side| {
        let personal = match winner {
            None => Personal::Draw,
            Some(w) if w == side => Personal::Won,
            Some(_) => Personal::Lost,
        };
        Some(proto.end(personal))
    });
    table.note_foul(foul.as_ref());
    table.finish(last);
    let forfeit_score = foul.as_ref().and_then(|f| proto.forfeit_score(&game, f.side.other()));
    Ending { outcome, foul, moves, params: serde_json::Value::Null, forfeit_score }
}

fn run<G: TurnGame, P: TurnProtocol<G>>(
    table: &mut Table,
    proto: &P,
    game: &mut G,
    moves: &mut Vec<serde_json::Value>,
) -> Result<(), Foul> {
    let sides = [Side::First, Side::Second];
    table.launch_both([&proto.args(Side::First), &proto.args(Side::Second)])?;
    if sides.iter().any(|&s| proto.start(s).is_some()) {
        for side in sides {
            if let Some(line) = proto.start(side) {
                table.send(side, &line);
                table.prompt(side, true, "OK")?;
            }
        }
        while sides.iter().any(|&s| table.owes(s)) {
            let (side, line, _) = table.next_answer()?;
            if line != "OK" {
                return Err(Foul::new(
                    side,
                    ForfeitKind::BadOutput,
                    format!("expected OK, got {}", quote(&line)),
                ));
            }
            for l in proto.after_ok(side, game) {
                table.send(side, &l);
            }
        }
    }
    // The first mover gets its greeting last, so that its clock starts last.
    for side in [Side::Second, Side::First] {
        for l in proto.greeting(side) {
            table.send(side, &l);
        }
    }
    let mut mover = game.turn();
    if game.outcome().is_none() {
        if let Some(t) = proto.turn() {
            table.send(mover, &t);
        }
        table.prompt(mover, false, "a move")?;
    }
    while game.outcome().is_none() {
        let (side, line, _) = table.next_answer()?;
        debug_assert_eq!(side, mover, "only the mover owes an answer");
        let mv: G::Move = line
            .parse()
            .map_err(|e| Foul::new(side, ForfeitKind::BadOutput, format!("{}: {e}", quote(&line))))?;
        game.play(&mv)
            .map_err(|e| Foul::new(side, ForfeitKind::IllegalMove, format!("{}: {e}", quote(&line))))?;
        table.record_move(moves, G::record(&mv));
        let other = side.other();
        if game.outcome().is_some() {
            // The game is decided by this move: what the bots do from now on (exit, say more)
            // no longer matters.
            table.send(other, &proto.forward(&mv));
            break;
        }
        // Anything the other bot said meanwhile, or a second line of the mover, breaks the rules
        // before the move is passed on.
        table.check_idle()?;
        table.send(other, &proto.forward(&mv));
        mover = game.turn();
        if let Some(t) = proto.turn() {
            table.send(mover, &t);
        }
        table.prompt(mover, false, "a move")?;
    }
    // No check after the last move was forwarded: the game is decided, and a bot that answers
    // the forwarded move before its END arrives broke no rule.
    Ok(())
}
