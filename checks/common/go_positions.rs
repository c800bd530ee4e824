//! Go's rules on hand-made positions, asked of any engine: captures of
//! enclosed groups (and their score), suicide refused unless it captures,
//! the ko refused by `(no Repeat)` (positional superko) and allowed by
//! `(no Repeat PositionalInTurn)` and without the rule, two passes ending
//! the game, territory scoring. The questions of `tests/go.rs` (which asks
//! the interpreter on positions it sets directly); here each position is
//! reached by playing its stones from the empty board (passes between), so
//! the compiled code built by `checks/corpus/build.rs` answers them too.
//!
//! Go on a 5x5 board of vertices (A1 = 0, B1 = 1, A2 = 5, ...), as Ludii's
//! `Go.lud` writes it with its defines expanded; `REPEAT` is the meta rule.

#![allow(dead_code)]

use ludemic_runtime::view::PositionView;
use ludemic_runtime::{Game, Status};

#[path = "position_play.rs"]
mod position_play;
pub use position_play::{keys, play};

pub const GO: &str = r#"(game "Go5" (players 2)
  (equipment { (board (square 5) use:Vertex) (piece "Marker" Each) })
  (rules
    REPEAT
    (play (or
      (do (move Add (to (sites Empty))
            (then (enclose (from (last To)) Orthogonal
                    (between if:(is Enemy (who at:(between)))
                      (apply (and (addScore Mover 1) (remove (between))))))))
          ifAfterwards:(> (count Liberties Orthogonal) 0))
      (move Pass)))
    (end (if (all Passed)
      (byScore { (score P1 (+ (score P1) (size Territory P1)))
                 (score P2 (+ (score P2) (size Territory P2))) })))))"#;

/// Each variant: a name (a module name where compiled) and its meta rule.
pub const VARIANTS: &[(&str, &str)] = &[
    ("go5_superko", "(meta (no Repeat))"),
    ("go5_positional", "(meta (no Repeat Positional))"),
    ("go5_in_turn", "(meta (no Repeat PositionalInTurn))"),
    ("go5_free", ""),
];

/// The text of the variant with meta rule `repeat`.
pub fn text(repeat: &str) -> String {
    GO.replace("REPEAT", repeat)
}

fn legal<G: Game>(g: &G, s: &G::State, key: &str) -> bool {
    keys(g, s).iter().any(|k| k == key)
}

const PASS: &str = "-1>-1/pass";

fn place<G: Game>(g: &G, s: &mut G::State, site: u16) {
    play(g, s, &format!("-1>{site}"));
}

/// The position with P1's stones `ones` and P2's `twos`, reached from the
/// empty board by placing them in turn (a player with no stone left
/// passes), P1 to move after: no two passes in a row, no capture on the
/// way when the stones are listed so.
pub fn position<G: Game>(g: &G, ones: &[u16], twos: &[u16]) -> G::State {
    let mut s = g.initial_state();
    for i in 0..ones.len().max(twos.len()) {
        match ones.get(i) {
            Some(&x) => place(g, &mut s, x),
            None => play(g, &mut s, PASS),
        }
        match twos.get(i) {
            Some(&x) => place(g, &mut s, x),
            None => play(g, &mut s, PASS),
        }
    }
    s
}

/// A ko: P2 on B2 (6) with C1 (2), D2 (8), C3 (12); P1 on B1 (1), A2 (5),
/// B3 (11). P1 on C2 (7) takes B2; P2 retaking on B2 would bring back
/// the position before P1's move.
const KO_ONES: &[u16] = &[1, 5, 11];
const KO_TWOS: &[u16] = &[6, 2, 8, 12];

/// Runs the checks of variant `name` on `g`.
pub fn check<G: PositionView>(name: &str, g: &G) {
    match name {
        "go5_superko" => {
            a_group_without_liberties_is_captured_and_scored(g);
            suicide_is_refused_unless_it_captures(g);
            the_ko_is_refused(g, true);
            two_passes_end_the_game_and_one_does_not(g);
            territory_counts_the_empty_sites_only_one_player_surrounds(g);
        }
        "go5_positional" => the_ko_is_refused(g, true),
        "go5_in_turn" | "go5_free" => the_ko_is_refused(g, false),
        _ => panic!("no Go position {name}"),
    }
}

fn a_group_without_liberties_is_captured_and_scored<G: PositionView>(g: &G) {
    // P2 on A1 and B1; P1 on A2 and B2: C1 takes both.
    let mut s = position(g, &[5, 6], &[0, 1]);
    place(g, &mut s, 2);
    assert_eq!(
        (g.what_at(&s, 0), g.what_at(&s, 1), g.what_at(&s, 2)),
        (0, 0, 1)
    );
    assert_eq!(g.score(&s, 1), 2);
    // A group with a liberty stays: P2 on D1 (3) has C1 taken, E1 free.
    let mut s = position(g, &[8], &[3]);
    place(g, &mut s, 2);
    assert_eq!(g.what_at(&s, 3), 2);
    assert_eq!(g.score(&s, 1), 0);
}

fn suicide_is_refused_unless_it_captures<G: PositionView>(g: &G) {
    // P2 on B1 and A2 (with B2 and C1 as liberties): A1 has no liberty for P1.
    let s = position(g, &[], &[1, 5]);
    assert!(!legal(g, &s, "-1>0"));
    // With P1 around them (C1, B2, A3), A1 takes B1 and A2: legal.
    let mut s = position(g, &[2, 6, 10], &[1, 5]);
    assert!(legal(g, &s, "-1>0"));
    place(g, &mut s, 0);
    assert_eq!(
        (g.what_at(&s, 1), g.what_at(&s, 5), g.score(&s, 1)),
        (0, 0, 2)
    );
}

fn the_ko_is_refused<G: PositionView>(g: &G, refused: bool) {
    let mut s = position(g, KO_ONES, KO_TWOS);
    place(g, &mut s, 7);
    assert_eq!(g.what_at(&s, 6), 0, "P1 took the stone on B2");
    assert_eq!(legal(g, &s, "-1>6"), !refused, "retaking the ko");
    if refused {
        // After a move elsewhere by each (E5, E4), retaking makes a new
        // position: legal.
        place(g, &mut s, 24);
        place(g, &mut s, 19);
        assert!(legal(g, &s, "-1>6"));
    }
}

fn two_passes_end_the_game_and_one_does_not<G: PositionView>(g: &G) {
    let mut s = g.initial_state();
    let mut all: Vec<String> = (0..25).map(|x| format!("-1>{x}")).collect();
    all.push(PASS.to_owned());
    all.sort();
    assert_eq!(keys(g, &s), all);
    play(g, &mut s, PASS);
    assert!(matches!(g.status(&s), Status::Ongoing { mover: 2 }));
    play(g, &mut s, PASS);
    // The empty board is everyone's territory: 25 each, a draw.
    let Status::Over(outcome) = g.status(&s) else {
        panic!("two passes end the game")
    };
    assert_eq!(outcome.winner, 0);
    assert_eq!((g.score(&s, 1), g.score(&s, 2)), (25, 25));
}

fn territory_counts_the_empty_sites_only_one_player_surrounds<G: PositionView>(g: &G) {
    // P1 holds column B, P2 column E: column A is P1's (5); columns C and
    // D touch both and count for neither.
    let ones: Vec<u16> = (0..5).map(|r| r * 5 + 1).collect();
    let twos: Vec<u16> = (0..5).map(|r| r * 5 + 4).collect();
    let mut s = position(g, &ones, &twos);
    play(g, &mut s, PASS);
    play(g, &mut s, PASS);
    let Status::Over(outcome) = g.status(&s) else {
        panic!("over")
    };
    assert_eq!((g.score(&s, 1), g.score(&s, 2)), (5, 0));
    assert_eq!(outcome.winner, 1);
}
