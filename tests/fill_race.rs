//! The race to fill the opposite camp (Halma, Chinese Checkers): `(coord
//! row: column:)`, `(expand origin:...)`, `(sites (player N))`, `(= REGION
//! REGION)`, `(is Visited ...)` and hop chains within a turn, several
//! players and their ranks (docs/ludii-semantics.md §49). Inline games,
//! then Ludii's own files and library trials where `../shared` is present.

mod common;

// Hand-made positions compiled (`include_game!`) beside the interpreter:
// the same questions asked of both engines.
ludemic::include_game!("tests/fill_race/hop-chain.lud");
ludemic::include_game!("tests/fill_race/six-camps.lud");

#[path = "../checks/common/position_play.rs"]
mod position_play;

use common::{corpus_game, inline as game, play_key as play, shared, sorted_keys};
use ludemic_compiler::interp::{Interpreter, State};
use ludemic_runtime::{Game, Status};

/// A Halma on a 5x5 board: two players, camps of three cells around
/// opposite corners, hops chained within a turn over unvisited sites.
const MINI_HALMA: &str = r#"
(define "Hop"
    (move Hop (from #1) (between if:(is Occupied (between)))
        (to if:(and (is Empty (to)) (not (is Visited (to)))))
        #2))
(game "Mini Halma" (players 2)
  (equipment {
    (board (square 5)) (piece "Counter" Each)
    (regions "Home" P1 (expand origin:(coord row:0 column:0) steps:1 Orthogonal))
    (regions "Home" P2 (expand origin:(coord row:4 column:4) steps:1 Orthogonal))
    (map {(pair P1 P2) (pair P2 P1)})
  })
  (rules
    (start { (place "Counter1" (sites P1)) (place "Counter2" (sites P2)) })
    phases:{
      (phase "Movement"
        (play (forEach Piece (or
          ("Hop" (from) (then (if (can Move ("Hop" (last To))) (moveAgain))))
          (move Step (to if:(is Empty (to)))))))
        (nextPhase (is Mover (next)) "MultiJump"))
      (phase "MultiJump"
        (play (or ("Hop" (last To) (then (if (can Move ("Hop" (last To))) (moveAgain))))
                  (move Pass)))
        (nextPhase (not (is Mover (next))) "Movement"))
    }
    (end (if (= (sites Occupied by:Mover) (sites (player (mapEntry (mover))))) (result Mover Win)))))
"#;

fn pieces(state: &State, sites: usize) -> Vec<(u16, u8)> {
    (0..sites as u16)
        .filter(|&s| state.what_at(s) != 0)
        .map(|s| (s, state.what_at(s)))
        .collect()
}

#[test]
fn camps_grow_from_a_coordinate_and_start_full() {
    let g = game(MINI_HALMA);
    let s = g.initial_state();
    // (coord row:0 column:0) is A1 (0): with its orthogonal neighbours 1, 5.
    assert_eq!(
        pieces(&s, 25),
        [(0, 1), (1, 1), (5, 1), (19, 2), (23, 2), (24, 2)]
    );
}

#[test]
fn a_hop_chain_goes_on_over_unvisited_sites_only() {
    let g = game(MINI_HALMA);
    // P1 on 6 (B2); hurdles on 7 and 17: 6 hops 7 to 8, then 8 may hop
    // 13 to 18, never back over 7 to the visited 6.
    let s0 = g.position(&[(6, 1), (7, 2), (13, 2), (24, 2)], 1, 0);
    let mut s = s0.clone();
    play(&g, &mut s, "6>8");
    assert_eq!(s.mover(), 1, "a further hop is possible: the mover goes on");
    assert_eq!(sorted_keys(&g, &s), ["-1>-1/pass", "8>18"]);
    play(&g, &mut s, "8>18");
    // From 18 nothing is left to hop: the turn ends, P2 moves.
    assert_eq!(s.mover(), 2);
    // Without the second hurdle the chain stops at once.
    let mut s = g.position(&[(6, 1), (7, 2), (24, 2)], 1, 0);
    play(&g, &mut s, "6>8");
    assert_eq!(s.mover(), 2);
}

#[test]
fn a_hop_back_to_the_site_the_chain_left_is_not_offered() {
    let g = game(MINI_HALMA);
    // 6 hops 7 to 8; from 8 the only hurdle is 7 again, back to the
    // visited 6: no further hop, the turn ends.
    let mut s = g.position(&[(6, 1), (7, 2), (24, 2)], 1, 0);
    play(&g, &mut s, "6>8");
    assert_eq!(s.mover(), 2);
}

#[test]
fn filling_the_opposite_camp_wins() {
    let g = game(MINI_HALMA);
    // P2's camp is {19, 23, 24}. P1 holds 19 and 24 and steps 18 > 23.
    let mut s = g.position(&[(19, 1), (18, 1), (24, 1), (0, 2)], 1, 0);
    play(&g, &mut s, "18>23");
    match g.status(&s) {
        Status::Over(o) => {
            assert_eq!(o.winner, 1);
            assert_eq!(o.ranks(), [1.0, 2.0]);
        }
        other => panic!("P1 filled P2's camp: {other:?}"),
    }
    // With a piece left outside the camp, the same step does not win.
    let mut s = g.position(&[(19, 1), (18, 1), (24, 1), (10, 1), (0, 2)], 1, 0);
    play(&g, &mut s, "18>23");
    assert_eq!(g.status(&s), Status::Ongoing { mover: 2 });
}

fn chinese_checkers(options: &[&str]) -> Option<Interpreter> {
    let ludii = shared("ludii")?;
    let options: Vec<String> = options.iter().map(|o| o.to_string()).collect();
    Some(corpus_game(
        &ludii,
        "board/race/fill/Chinese Checkers.lud",
        &options,
    ))
}

/// The sites of the region "Home" owned by `p`.
fn home(g: &Interpreter, p: u8) -> Vec<u16> {
    let mut sites: Vec<u16> = g
        .model()
        .regions
        .iter()
        .filter(|r| r.owner == p)
        .flat_map(|r| r.parts.iter().flatten().copied())
        .collect();
    sites.sort_unstable();
    sites
}

#[test]
fn six_players_move_in_turn_order() {
    let Some(g) = chinese_checkers(&[]) else {
        return;
    };
    let mut s = g.initial_state();
    let mut movers = Vec::new();
    let mut rng = ludemic_runtime::Xoshiro256PlusPlus::from_seed_u64(7);
    let mut buffer = ludemic_runtime::MoveBuffer::new();
    while movers.len() < 12 {
        let m = s.mover();
        let mv = g.random_move(&s, &mut rng, &mut buffer);
        g.apply(&mut s, mv);
        // A hop chain keeps the mover: count each turn once.
        if s.mover() != m {
            movers.push(m);
        }
    }
    assert_eq!(movers, [1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5, 6]);
}

#[test]
fn a_player_filling_the_camp_ranks_first_and_the_others_play_on() {
    let Some(g) = chinese_checkers(&[]) else {
        return;
    };
    // P1's target is P4's home (the map pairs 1 with 4).
    let target = home(&g, 4);
    assert_eq!(target.len(), 10);
    let board = &g.model().board;
    // Every target site but one holds a Marker1; a Marker1 stands next to
    // the last one, outside the camp.
    let (last, outside) = target
        .iter()
        .find_map(|&t| {
            (0..board.num_sites() as u16)
                .filter(|n| !target.contains(n))
                .find(|&n| {
                    board
                        .steps(
                            n as usize,
                            ludemic_compiler::board::AbsoluteDirection::Adjacent,
                        )
                        .contains(&t)
                })
                .map(|n| (t, n))
        })
        .expect("a camp site a step from the rest of the board");
    let mut pieces: Vec<(u16, u8)> = target
        .iter()
        .filter(|&&t| t != last)
        .map(|&t| (t, 1))
        .collect();
    pieces.push((outside, 1));
    // The others keep one piece each, outside P4's camp (P4's in P1's).
    for p in 2..=6u8 {
        pieces.push((home(&g, if p == 4 { 1 } else { p })[0], p));
    }
    let mut s = g.position(&pieces, 1, 0);
    play(&g, &mut s, &format!("{outside}>{last}"));
    assert!(
        !matches!(g.status(&s), Status::Over(_)),
        "five players are still in the game"
    );
    assert!(!s.is_active(1));
    assert_eq!(s.mover(), 2);
}

#[test]
fn halma_and_chinese_checkers_replay_ludii_s_library_trials() {
    let (Some(ludii), Some(trials)) = (shared("ludii"), shared("reference/ludii-library-trials"))
    else {
        return;
    };
    for (lud, slug) in [
        ("board/race/fill/Halma.lud", "race--fill--halma"),
        (
            "board/race/fill/Chinese Checkers.lud",
            "race--fill--chinese-checkers",
        ),
    ] {
        let g = corpus_game(&ludii, lud, &[]);
        let path = trials.join(format!("{slug}.jsonl.gz"));
        for trial in ludemic_runtime::trial::read_trials(&path).unwrap_or_else(|e| panic!("{e}")) {
            if let Err(m) = ludemic_runtime::trial::replay(&g, &trial) {
                panic!("{lud} seed {}: {m}", trial.seed);
            }
        }
    }
}

/// The player to move in an ongoing state.
fn to_move<G: Game>(g: &G, s: &G::State) -> u8 {
    match g.status(s) {
        Status::Ongoing { mover } => mover,
        other => panic!("the game goes on: {other:?}"),
    }
}

/// `tests/fill_race/hop-chain.lud`: a chain of hops never lands on a site
/// it visited in the turn, not only the one it just left.
fn hop_chain_may_not_revisit_a_site<G: Game>(g: &G) {
    let mut s = g.initial_state();
    position_play::play(g, &mut s, "6>8");
    assert_eq!(to_move(g, &s), 1, "another hop is possible: P1 goes on");
    // Back over 7 to 6 is not offered: 6 was visited.
    assert_eq!(position_play::keys(g, &s), ["-1>-1/pass", "8>16", "8>18"]);
    position_play::play(g, &mut s, "8>18");
    // From 18 the hops over 13 and 12 land on 8 and 6, both visited: the
    // chain ends and P2 moves.
    assert_eq!(to_move(g, &s), 2);
    // P2's turn starts afresh: 13 hops P1's piece on 18 to 23.
    assert!(position_play::keys(g, &s).contains(&"13>23".to_owned()));
}

/// `tests/fill_race/six-camps.lud`: six players in turn; one filling its
/// camp is ranked and drops out, the others play on in order.
fn six_players_rank_and_drop_out<G: Game>(g: &G) {
    let mut s = g.initial_state();
    let mut turn = |key: &str| {
        position_play::play(g, &mut s, key);
        g.status(&s)
    };
    // P1 fills its camp (P4's home): ranked first, the game goes on.
    assert_eq!(turn("2>3"), Status::Ongoing { mover: 2 });
    assert_eq!(turn("8>9"), Status::Ongoing { mover: 3 });
    // P1 and P2 are out: P6 is followed by P3.
    assert_eq!(turn("14>13"), Status::Ongoing { mover: 4 });
    assert_eq!(turn("20>19"), Status::Ongoing { mover: 5 });
    assert_eq!(turn("26>25"), Status::Ongoing { mover: 6 });
    assert_eq!(turn("32>31"), Status::Ongoing { mover: 3 });
    assert_eq!(turn("13>14"), Status::Ongoing { mover: 4 });
    assert_eq!(turn("19>20"), Status::Ongoing { mover: 5 });
    assert_eq!(turn("25>26"), Status::Ongoing { mover: 6 });
    assert_eq!(turn("31>32"), Status::Ongoing { mover: 3 });
    assert_eq!(turn("14>15"), Status::Ongoing { mover: 4 });
    assert_eq!(turn("20>21"), Status::Ongoing { mover: 5 });
    // The fifth to fill its camp leaves P6 alone: the game is over.
    match turn("26>27") {
        Status::Over(o) => {
            assert_eq!(o.winner, 1);
            assert_eq!(o.ranks(), [1.0, 2.0, 3.0, 4.0, 5.0, 6.0]);
        }
        other => panic!("one player is left: {other:?}"),
    }
}

#[test]
fn a_hop_chain_may_not_revisit_a_site_in_both_engines() {
    hop_chain_may_not_revisit_a_site(&hop_chain::HopChain);
    hop_chain_may_not_revisit_a_site(&game(include_str!("fill_race/hop-chain.lud")));
}

#[test]
fn six_players_are_ranked_as_they_fill_their_camps_in_both_engines() {
    six_players_rank_and_drop_out(&six_camps::SixCamps);
    six_players_rank_and_drop_out(&game(include_str!("fill_race/six-camps.lud")));
}
