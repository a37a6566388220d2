//! Rule tests: hand-made positions for each tricky rule, then property tests over random games.

use super::*;
use proptest::prelude::*;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn pos(diagram: &str, turn: Side) -> Checkers {
    Checkers::from_diagram(diagram, turn, 60).expect("test diagrams are valid")
}

fn mv(text: &str) -> Move {
    text.parse().expect("test moves parse")
}

fn legal_texts(game: &Checkers) -> Vec<String> {
    let mut v: Vec<String> = game.legal_moves().iter().map(Move::to_string).collect();
    v.sort();
    v
}

fn illegal(game: &Checkers, text: &str) -> String {
    let mut g = game.clone();
    let err = g.play(&mv(text)).expect_err("the move should be illegal");
    assert_eq!(&g, game, "a rejected move leaves the state unchanged");
    err.0
}

fn sq(row: u8, col: u8) -> Square {
    Square::new(row, col)
}

#[test]
fn the_start_has_twelve_men_a_side_on_dark_squares_and_black_has_seven_steps() {
    let g = Checkers::new(60);
    assert_eq!(g.turn(), Side::First);
    assert_eq!(g.piece_count(Side::First), 12);
    assert_eq!(g.piece_count(Side::Second), 12);
    assert!(g.pieces().all(|(s, _)| s.is_dark()));
    assert_eq!(g.piece_at(sq(7, 0)), Some(Piece::man(Side::First)));
    assert_eq!(g.piece_at(sq(0, 7)), Some(Piece::man(Side::Second)));
    assert_eq!(g.piece_at(sq(0, 0)), None);
    assert_eq!(
        legal_texts(&g),
        ["2 5,0 4,1", "2 5,2 4,1", "2 5,2 4,3", "2 5,4 4,3", "2 5,4 4,5", "2 5,6 4,5", "2 5,6 4,7"]
    );
    assert_eq!(g.outcome(), None);
}

#[test]
fn moves_print_and_parse_in_the_protocol_form() {
    let m = mv("3 6,3 4,1 2,3");
    assert_eq!(m.squares, vec![sq(6, 3), sq(4, 1), sq(2, 3)]);
    assert_eq!(m.to_string(), "3 6,3 4,1 2,3");
    assert_eq!(m.jumped(), vec![sq(5, 2), sq(3, 2)]);
    assert!(m.is_capture());
    assert_eq!(mv("2   5,0  4,1").to_string(), "2 5,0 4,1");
    assert!(!mv("2 5,0 4,1").is_capture());
}

#[test]
fn malformed_move_texts_are_parse_errors_with_a_reason() {
    let cases = [
        ("", "empty"),
        ("x 5,0 4,1", "square count `x` is not a number"),
        ("3 5,0 4,1", "says 3 squares but 2 follow"),
        ("2 5,0", "says 2 squares but 1 follow"),
        ("1 5,0", "at least 2 squares"),
        ("2 5;0 4,1", "`5;0` is not a square"),
        ("2 5,0 4,a", "`4,a` is not a square"),
        ("2 -1,0 4,1", "`-1,0` is not a square"),
        ("2 5,0 4,1,2", "`4,1,2` is not a square"),
        ("2 +5,0 4,1", "`+5,0` is not a square"),
    ];
    for (text, why) in cases {
        let err = text.parse::<Move>().expect_err(text);
        assert!(err.0.contains(why), "{text:?}: {err}");
    }
}

#[test]
fn off_board_and_light_squares_are_illegal_moves_not_parse_errors() {
    let g = Checkers::new(60);
    assert!(illegal(&g, "2 5,0 8,1").contains("(8,1) is off the board"));
    assert!(illegal(&g, "2 5,0 4,4").contains("(4,4) is not a dark square"));
    assert!(illegal(&g, "2 255,255 254,254").contains("(255,255) is off the board"));
    assert!(!Square::new(255, 255).is_dark() && Square::new(255, 0).is_dark());
}

#[test]
fn moving_an_empty_square_or_an_opponent_piece_is_refused() {
    let g = Checkers::new(60);
    assert_eq!(illegal(&g, "2 4,1 3,0"), "(4,1) holds no piece of yours");
    assert_eq!(illegal(&g, "2 2,1 3,0"), "(2,1) holds no piece of yours");
}

#[test]
fn a_step_must_be_to_an_empty_square_one_diagonal_away() {
    let g = Checkers::new(60);
    assert_eq!(illegal(&g, "2 6,1 5,0"), "(5,0) is occupied");
    assert!(
        illegal(&g, "2 5,0 3,0").contains("(5,0) to (3,0) is neither a diagonal step nor a diagonal jump")
    );
    assert!(illegal(&g, "2 5,2 2,5").contains("neither a diagonal step nor a diagonal jump"));
    assert!(illegal(&g, "3 5,0 4,1 3,2").contains("only jumps can be chained"));
    assert!(illegal(&g, "2 5,0 3,2").contains("there is no piece to jump at (4,1)"));
}

#[test]
fn men_step_only_forward_but_kings_step_one_square_any_way() {
    let g = pos(
        "........
         ........
         ........
         ..b.....
         ........
         ......B.
         ........
         ........",
        Side::First,
    );
    assert_eq!(
        legal_texts(&g),
        ["2 3,2 2,1", "2 3,2 2,3", "2 5,6 4,5", "2 5,6 4,7", "2 5,6 6,5", "2 5,6 6,7"]
    );
    assert!(illegal(&g, "2 3,2 4,3").contains("a man steps only forward (towards row 0 for Black)"));
    assert!(illegal(&g, "2 5,6 3,4").contains("there is no piece to jump at (4,5)"));
    let white = pos(
        "........
         ........
         ...w....
         ........
         ........
         ........
         ........
         ......b.",
        Side::Second,
    );
    assert_eq!(legal_texts(&white), ["2 2,3 3,2", "2 2,3 3,4"]);
    assert!(illegal(&white, "2 2,3 1,2").contains("towards row 7 for White"));
}

#[test]
fn a_man_captures_backwards_and_a_capture_is_mandatory() {
    let g = pos(
        "........
         ........
         ........
         ........
         ...b....
         ....w...
         ........
         b.......",
        Side::First,
    );
    assert_eq!(legal_texts(&g), ["2 4,3 6,5"]);
    assert_eq!(illegal(&g, "2 7,0 6,1"), "a capture is available: captures are mandatory");
    assert_eq!(illegal(&g, "2 4,3 3,2"), "a capture is available: captures are mandatory");
    assert!(illegal(&g, "2 7,0 5,2").contains("there is no piece to jump at (6,1)"));
    let mut after = g.clone();
    after.play(&mv("2 4,3 6,5")).unwrap();
    assert_eq!(after.piece_at(sq(5, 4)), None, "the jumped piece is removed");
    assert_eq!(after.piece_at(sq(6, 5)), Some(Piece::man(Side::First)));
}

#[test]
fn own_pieces_cannot_be_jumped() {
    let g = pos(
        "........
         ........
         ........
         ........
         ........
         ........
         .b......
         b.......",
        Side::First,
    );
    assert!(illegal(&g, "2 7,0 5,2").contains("(6,1) holds your own piece"));
}

/// Black at (6,3) can take (5,4) alone, or (5,2) then (3,2): only the two-piece chain is legal.
const BRANCHING: &str = "
    ........
    ........
    ........
    ..w.....
    ........
    ..w.w...
    ...b....
    b.......";

#[test]
fn only_the_longest_chain_is_legal_under_the_majority_rule() {
    let g = pos(BRANCHING, Side::First);
    assert_eq!(g.longest_captures().1, 2);
    assert_eq!(legal_texts(&g), ["3 6,3 4,1 2,3"]);
    assert_eq!(illegal(&g, "2 6,3 4,5"), "the chain captures 1 piece but 2 can be captured (majority rule)");
    assert_eq!(illegal(&g, "2 6,3 4,1"), "the chain captures 1 piece but 2 can be captured (majority rule)");
    assert_eq!(illegal(&g, "2 7,0 6,1"), "a capture is available: captures are mandatory");
    let mut after = g.clone();
    after.play(&mv("3 6,3 4,1 2,3")).unwrap();
    assert_eq!(after.material(), [2, 1]);
    assert_eq!(after.piece_at(sq(2, 3)), Some(Piece::man(Side::First)));
}

#[test]
fn the_majority_rule_counts_across_all_pieces_and_ties_are_free() {
    // (7,0) has a one-piece capture; (6,5) has two different two-piece chains.
    let g = pos(
        "........
         ........
         ........
         ..w.w...
         ........
         ....w...
         .w...b..
         b.......",
        Side::First,
    );
    assert_eq!(legal_texts(&g), ["3 6,5 4,3 2,1", "3 6,5 4,3 2,5"]);
    assert_eq!(illegal(&g, "2 7,0 5,2"), "the chain captures 1 piece but 2 can be captured (majority rule)");
    for choice in ["3 6,5 4,3 2,1", "3 6,5 4,3 2,5"] {
        g.clone().play(&mv(choice)).expect("either longest chain is legal");
    }
}

/// Four White men around (4,3): Black's man at (6,3) can jump all four and come back to its
/// start square, which it has left and so counts as empty.
const RING: &str = "
    ........
    ........
    ........
    ..w.w...
    ........
    ..w.w...
    ...b....
    ........";

#[test]
fn a_chain_may_pass_its_start_square_but_never_jump_a_piece_twice() {
    let g = pos(RING, Side::First);
    assert_eq!(legal_texts(&g), ["5 6,3 4,1 2,3 4,5 6,3", "5 6,3 4,5 2,3 4,1 6,3"]);
    assert_eq!(illegal(&g, "6 6,3 4,5 2,3 4,1 6,3 4,5"), "(5,4) was already jumped in this chain");
    assert_eq!(illegal(&g, "4 6,3 4,5 2,3 4,5"), "(3,4) was already jumped in this chain");
    let mut after = g.clone();
    after.play(&mv("5 6,3 4,5 2,3 4,1 6,3")).unwrap();
    assert_eq!(after.material(), [1, 0]);
    assert_eq!(
        after.outcome().map(|o| (o.winner, o.reason.as_str())),
        Some((Some(Side::First), "no_pieces"))
    );
}

#[test]
fn jumped_pieces_stay_and_block_until_the_chain_ends() {
    // After the four jumps of the ring the man is back on (6,3) with (5,4) still beside it and
    // (4,5) empty behind: the jumped piece stays on the board but cannot be taken again, so the
    // chain ends there. (A landing square is never a jumped piece's square: landings are an even
    // number of rows and columns from the start, jumped pieces an odd number.)
    let g = pos(RING, Side::First);
    let (chains, most) = g.longest_captures();
    assert_eq!(most, 4);
    assert!(chains.iter().all(|c| c.to() == sq(6, 3)));
    assert_eq!(illegal(&g, "6 6,3 4,1 2,3 4,5 6,3 4,5"), "(5,4) was already jumped in this chain");
    // Only when the chain is complete do the jumped pieces leave the board.
    let mut after = g.clone();
    after.play(&mv("5 6,3 4,1 2,3 4,5 6,3")).unwrap();
    assert_eq!(after.piece_count(Side::Second), 0);
}

#[test]
fn a_man_passing_the_far_row_inside_a_chain_is_not_promoted() {
    let g = pos(
        "........
         ..w.w...
         .b......
         ........
         ........
         ........
         ........
         ........",
        Side::First,
    );
    // Through (0,3), then backwards over (1,4) like any man.
    assert_eq!(legal_texts(&g), ["3 2,1 0,3 2,5"]);
    let mut after = g.clone();
    after.play(&mv("3 2,1 0,3 2,5")).unwrap();
    assert_eq!(after.piece_at(sq(2, 5)), Some(Piece::man(Side::First)));
    assert_eq!(after.outcome().map(|o| o.reason.as_str()), Some("no_pieces"));
}

#[test]
fn a_man_ending_on_the_far_row_is_crowned() {
    let g = pos(
        "........
         ..w.....
         .b...b..
         ........
         ........
         ........
         .....w..
         ........",
        Side::First,
    );
    assert_eq!(legal_texts(&g), ["2 2,1 0,3"]);
    let mut after = g.clone();
    after.play(&mv("2 2,1 0,3")).unwrap();
    assert_eq!(after.piece_at(sq(0, 3)), Some(Piece::king(Side::First)));
    assert_eq!(after.material(), [4, 1]);
    // White's man crowns by a plain step onto row 7.
    after.play(&mv("2 6,5 7,4")).unwrap();
    assert_eq!(after.piece_at(sq(7, 4)), Some(Piece::king(Side::Second)));
    // The new Black king steps backwards.
    assert!(legal_texts(&after).contains(&"2 0,3 1,2".to_string()));
}

#[test]
fn a_side_without_a_move_loses_with_no_moves() {
    let g = pos(
        "........
         ........
         ........
         ........
         ........
         ........
         .w......
         b.b.....",
        Side::Second,
    );
    assert!(g.legal_moves().is_empty());
    let o = g.outcome().unwrap();
    assert_eq!((o.winner, o.reason.as_str()), (Some(Side::First), "no_moves"));
    assert_eq!(o.score, Some(["2".to_string(), "1".to_string()]));
    assert_eq!(g.clone().play(&mv("2 6,1 7,0")), Err(IllegalMove("the game is over (no_moves)".into())));
}

fn play_to_the_round_limit(white_men: &str) -> Checkers {
    let diagram = format!(
        "........
         ........
         {white_men}
         ........
         ........
         ........
         ........
         B......."
    );
    let mut g = Checkers::from_diagram(&diagram, Side::First, 2).unwrap();
    for text in ["2 7,0 6,1", "2 2,1 3,0", "2 6,1 7,0"] {
        g.play(&mv(text)).unwrap();
        assert_eq!(g.outcome(), None);
    }
    g.play(&mv("2 3,0 4,1")).unwrap();
    assert_eq!(g.rounds_played(), 2);
    assert!(g.legal_moves().is_empty(), "no move is legal once the game is over");
    g
}

#[test]
fn after_max_rounds_the_higher_material_wins_with_kings_worth_three() {
    let g = play_to_the_round_limit(".w.w....");
    let o = g.outcome().unwrap();
    assert_eq!((o.winner, o.reason.as_str()), (Some(Side::First), "round_limit"));
    assert_eq!(o.score, Some(["3".to_string(), "2".to_string()]));
    let g = play_to_the_round_limit(".w.w.w.w");
    let o = g.outcome().unwrap();
    assert_eq!((o.winner, o.reason.as_str()), (Some(Side::Second), "round_limit"));
    assert_eq!(o.score, Some(["3".to_string(), "4".to_string()]));
}

#[test]
fn equal_material_at_the_round_limit_is_a_draw() {
    let g = play_to_the_round_limit(".w.w.w..");
    let o = g.outcome().unwrap();
    assert_eq!((o.winner, o.reason.as_str()), (None, "round_limit"));
    assert_eq!(o.score, Some(["3".to_string(), "3".to_string()]));
    assert_eq!(g.clone().play(&mv("2 7,0 6,1")), Err(IllegalMove("the game is over (round_limit)".into())));
}

#[test]
fn a_full_game_lasts_at_most_max_rounds_rounds() {
    let mut g = Checkers::new(1);
    g.play(&mv("2 5,0 4,1")).unwrap();
    assert_eq!(g.outcome(), None);
    g.play(&mv("2 2,1 3,0")).unwrap();
    let o = g.outcome().unwrap();
    assert_eq!((o.winner, o.reason.as_str()), (None, "round_limit"));
    assert_eq!(o.score, Some(["12".to_string(), "12".to_string()]));
}

#[test]
fn diagrams_round_trip_and_bad_diagrams_are_refused() {
    let g = pos(RING, Side::First);
    assert_eq!(Checkers::from_diagram(&g.to_string(), Side::First, 60).unwrap(), g);
    let start = Checkers::new(60);
    assert_eq!(Checkers::from_diagram(&start.to_string(), Side::First, 60).unwrap(), start);
    assert!(Checkers::from_diagram("b.......", Side::First, 60).is_err());
    let light = RING.replace("...b....", "....b...");
    let err = Checkers::from_diagram(&light, Side::First, 60).unwrap_err();
    assert!(err.to_string().contains("light square (6,4)"), "{err}");
    let man_on_far_row = RING.replacen("........", ".b......", 1);
    assert!(Checkers::from_diagram(&man_on_far_row, Side::First, 60).is_err());
}

/// Plays a random game from the start with `seed`, returning the states and the moves played.
fn random_game(seed: u64, max_rounds: u32) -> (Vec<Checkers>, Vec<Move>) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut g = Checkers::new(max_rounds);
    let mut states = vec![g.clone()];
    let mut moves = Vec::new();
    while let Some(m) = g.legal_moves().choose(&mut rng).cloned() {
        g.play(&m).expect("every generated move is accepted by play");
        moves.push(m);
        states.push(g.clone());
    }
    (states, moves)
}

fn nudge(s: Square, rng: &mut ChaCha8Rng, max: i16) -> Square {
    let d = [-2i16, -1, 1, 2];
    Square::new(
        (s.row as i16 + d[rng.gen_range(0..4)]).clamp(0, max) as u8,
        (s.col as i16 + d[rng.gen_range(0..4)]).clamp(0, max) as u8,
    )
}

/// Variations of a legal move that stay near the rules' edges: truncated or extended chains,
/// a square nudged (sometimes off the board), reversed, and random hops of a random piece.
fn variations(game: &Checkers, m: &Move, rng: &mut ChaCha8Rng) -> Vec<Move> {
    let mut out = Vec::new();
    let n = m.squares.len();
    if n > 2 {
        out.push(Move::new(m.squares[..n - 1].to_vec()));
    }
    let mut extended = m.squares.clone();
    extended.push(nudge(m.to(), rng, 7));
    out.push(Move::new(extended));
    let mut reversed = m.squares.clone();
    reversed.reverse();
    out.push(Move::new(reversed));
    for _ in 0..4 {
        let mut nudged = m.squares.clone();
        let i = rng.gen_range(0..n);
        nudged[i] = nudge(nudged[i], rng, 9);
        out.push(Move::new(nudged));
    }
    let own: Vec<Square> = game.pieces().filter(|(_, p)| p.side == game.turn()).map(|(s, _)| s).collect();
    if let Some(&from) = own.choose(rng) {
        let mut squares = vec![from];
        for _ in 0..rng.gen_range(1..=3) {
            let at = *squares.last().unwrap();
            if let Some(next) = at.offset(DIRECTIONS[rng.gen_range(0..4)], rng.gen_range(1..=2)) {
                squares.push(next);
            }
        }
        if squares.len() >= 2 {
            out.push(Move::new(squares));
        }
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn random_games_end_within_max_rounds_with_a_consistent_outcome(seed: u64, max_rounds in 1u32..70) {
        let (states, moves) = random_game(seed, max_rounds);
        let last = states.last().unwrap();
        prop_assert!(moves.len() <= 2 * max_rounds as usize);
        let outcome = last.outcome();
        prop_assert!(outcome.is_some(), "a game without legal moves is over");
        let outcome = outcome.unwrap();
        let m = last.material();
        prop_assert_eq!(outcome.score, Some([m[0].to_string(), m[1].to_string()]));
        if outcome.reason == crate::OutcomeReason::RoundLimit {
            prop_assert_eq!(last.rounds_played(), max_rounds);
        } else {
            prop_assert_eq!(outcome.winner, Some(last.turn().other()));
        }
        for s in &states[..states.len() - 1] {
            prop_assert!(s.outcome().is_none());
        }
    }

    #[test]
    fn replaying_the_recorded_move_texts_rebuilds_the_same_game(seed: u64) {
        let (states, moves) = random_game(seed, 60);
        let mut replay = Checkers::new(60);
        for m in &moves {
            let text = Checkers::record(m).as_str().unwrap().to_string();
            let parsed: Move = text.parse().unwrap();
            prop_assert_eq!(parsed.to_string(), text);
            replay.play(&parsed).unwrap();
        }
        prop_assert_eq!(&replay, states.last().unwrap());
        prop_assert_eq!(replay.outcome(), states.last().unwrap().outcome());
    }

    #[test]
    fn play_accepts_exactly_the_legal_moves(seed: u64) {
        let (states, _) = random_game(seed, 60);
        let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed);
        for s in states.iter().filter(|s| s.outcome().is_none()) {
            let legal = s.legal_moves();
            prop_assert!(!legal.is_empty());
            for m in &legal {
                prop_assert!(s.clone().play(m).is_ok(), "{} rejected in\n{:?}", m, s);
                for v in variations(s, m, &mut rng) {
                    let mut g = s.clone();
                    match g.play(&v) {
                        Ok(()) => prop_assert!(legal.contains(&v), "{} accepted but not generated in\n{:?}", v, s),
                        Err(e) => {
                            prop_assert!(!legal.contains(&v), "{} generated but refused ({}) in\n{:?}", v, e, s);
                            prop_assert_eq!(&g, s);
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn any_move_text_either_parses_and_round_trips_or_is_refused(
        text in "[0-9]{1,2}( {1,2}[0-9]{1,3},[0-9]{1,3}){0,5}"
    ) {
        if let Ok(m) = text.parse::<Move>() {
            let again: Move = m.to_string().parse().unwrap();
            prop_assert_eq!(&again, &m);
            let g = Checkers::new(60);
            let accepted = g.clone().play(&m).is_ok();
            prop_assert_eq!(accepted, g.legal_moves().contains(&m));
        }
    }
}

/// One case of `crates/games/tests/data/checkers/positions.txt`.
struct Case {
    name: String,
    game: Checkers,
    legal: Vec<String>,
    illegal: Vec<(String, String)>,
    after: Option<String>,
    outcome: Option<String>,
}

fn board_rows<'a>(lines: &mut impl Iterator<Item = &'a str>) -> String {
    (0..8).map(|_| format!("{}\n", lines.next().expect("8 board rows"))).collect()
}

fn parse_cases(text: &str) -> Vec<Case> {
    let mut cases = Vec::new();
    let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#'));
    while let Some(line) = lines.next() {
        if let Some(name) = line.strip_prefix("case: ") {
            let turn = match lines.next() {
                Some("turn: black") => Side::First,
                Some("turn: white") => Side::Second,
                other => panic!("{name}: expected the turn, got {other:?}"),
            };
            let diagram = board_rows(&mut lines);
            let game = Checkers::from_diagram(&diagram, turn, 60).unwrap_or_else(|e| panic!("{name}: {e}"));
            cases.push(Case {
                name: name.to_string(),
                game,
                legal: Vec::new(),
                illegal: Vec::new(),
                after: None,
                outcome: None,
            });
            continue;
        }
        let case = cases.last_mut().expect("a case first");
        if line == "legal: none" {
            continue;
        } else if let Some(m) = line.strip_prefix("legal: ") {
            case.legal.push(m.to_string());
        } else if let Some(rest) = line.strip_prefix("illegal: ") {
            let (m, why) = rest.split_once(" => ").expect("illegal: <move> => <message>");
            case.illegal.push((m.to_string(), why.to_string()));
        } else if line == "after:" {
            case.after = Some(board_rows(&mut lines));
        } else if let Some(o) = line.strip_prefix("outcome: ") {
            case.outcome = Some(o.to_string());
        } else {
            panic!("{}: unknown line {line:?}", case.name);
        }
    }
    cases
}

#[test]
fn the_known_positions_in_the_data_file_have_the_listed_moves_and_outcomes() {
    let cases = parse_cases(include_str!("../../tests/data/checkers/positions.txt"));
    assert!(cases.len() >= 7);
    for case in cases {
        let name = &case.name;
        let mut expected = case.legal.clone();
        expected.sort();
        assert_eq!(legal_texts(&case.game), expected, "{name}");
        for (m, why) in &case.illegal {
            assert_eq!(&illegal(&case.game, m), why, "{name}: {m}");
        }
        if let Some(board) = &case.after {
            let mut g = case.game.clone();
            g.play(&mv(&case.legal[0])).unwrap();
            let expected = Checkers::from_diagram(board, case.game.turn().other(), 60).unwrap();
            assert_eq!(g.to_string(), expected.to_string(), "{name}");
        }
        let outcome = case.game.outcome().map(|o| {
            let who = match o.winner {
                Some(Side::First) => "black",
                Some(Side::Second) => "white",
                None => "draw",
            };
            format!("{who} {}", o.reason.as_str())
        });
        assert_eq!(outcome, case.outcome, "{name}");
    }
}
