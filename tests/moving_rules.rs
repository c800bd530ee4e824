//! Rule tests on hand-made positions for the moving-piece games: each checks
//! one movement or capture mechanism the way Ludii applies it, on the
//! project's own descriptions in `games/` (proven equal to Ludii's files by
//! the conformance tests).

mod common;

use std::collections::BTreeSet;

use ludemic_compiler::interp::{Interpreter, State};
use ludemic_compiler::ir::Site;
use ludemic_runtime::{Game, MoveBuffer, Status};

fn site(g: &Interpreter, coord: &str) -> Site {
    g.site(coord).unwrap_or_else(|| panic!("no site {coord}"))
}

/// A position from (coordinate, component) pairs.
fn position(g: &Interpreter, pieces: &[(&str, u8)], mover: u8, moves: u32) -> State {
    let pieces: Vec<(Site, u8)> = pieces.iter().map(|&(c, w)| (site(g, c), w)).collect();
    g.position(&pieces, mover, moves)
}

/// The legal moves as `from>to` keys with coordinates (`-` for no site).
fn legal(g: &Interpreter, state: &State) -> BTreeSet<String> {
    let mut out = MoveBuffer::new();
    g.legal_moves(state, &mut out);
    let label = |s: i32| {
        if s < 0 {
            "-".to_owned()
        } else {
            g.model().board.sites[s as usize].coord.clone()
        }
    };
    out.iter()
        .map(|&m| {
            let k = g.move_key(m);
            let pass = if k.pass { "/pass" } else { "" };
            format!("{}>{}{pass}", label(k.from.index), label(k.to.index))
        })
        .collect()
}

fn set(keys: &[&str]) -> BTreeSet<String> {
    keys.iter().map(|k| k.to_string()).collect()
}

/// Plays `from>to` (coordinates; `-` for none), which must be legal.
fn play(g: &Interpreter, state: &mut State, from: &str, to: &str) {
    let index = |c: &str| if c == "-" { -1 } else { site(g, c) as i32 };
    let key = format!("{}>{}", index(from), index(to));
    let mv = g
        .find_move(state, &key)
        .unwrap_or_else(|| panic!("{from}>{to} is not legal"));
    g.apply(state, mv);
}

fn piece_at(g: &Interpreter, state: &State, coord: &str) -> (u8, u8) {
    let s = site(g, coord);
    (state.what_at(s), state.owner_at(s))
}

fn winner(g: &Interpreter, state: &State) -> Option<u8> {
    match g.status(state) {
        Status::Over(outcome) => Some(outcome.winner),
        Status::Ongoing { .. } => None,
    }
}

#[test]
fn breakthrough_pawns_step_forward_and_capture_diagonally_only() {
    let g = common::own_game("breakthrough", &[]);
    // White pawn on D4 faces north; black pawns block D5 and sit on C5 and E5.
    let mut s = position(&g, &[("D4", 1), ("D5", 2), ("C5", 2), ("H8", 2)], 1, 10);
    assert_eq!(
        legal(&g, &s),
        set(&["D4>C5", "D4>E5"]),
        "straight ahead is blocked; the diagonal capture and the empty diagonal remain"
    );
    play(&g, &mut s, "D4", "C5");
    assert_eq!(
        piece_at(&g, &s, "C5"),
        (1, 1),
        "the capture replaces the enemy pawn"
    );
    assert_eq!(piece_at(&g, &s, "D4"), (0, 0));
    // Black moves south: F7's forward moves are F6, E6, G6.
    let s2 = position(&g, &[("A1", 1), ("F7", 2)], 2, 10);
    assert_eq!(legal(&g, &s2), set(&["F7>E6", "F7>F6", "F7>G6"]));
}

#[test]
fn breakthrough_reaching_the_far_row_wins() {
    let g = common::own_game("breakthrough", &[]);
    let mut s = position(&g, &[("B7", 1), ("H1", 2)], 1, 10);
    play(&g, &mut s, "B7", "B8");
    assert_eq!(winner(&g, &s), Some(1));
}

#[test]
fn knights_leap_forward_only_and_capture_by_replacement() {
    let g = common::own_game("knightthrough", &[]);
    // From D4 a knight reaches 8 squares; forward (higher rows) leaves 4.
    let s = position(&g, &[("D4", 1), ("E6", 1), ("C6", 2), ("H8", 2)], 1, 10);
    assert_eq!(
        legal(&g, &s)
            .into_iter()
            .filter(|k| k.starts_with("D4"))
            .collect::<BTreeSet<_>>(),
        set(&["D4>B5", "D4>C6", "D4>F5"]),
        "E6 holds a friend; C6 an enemy to capture"
    );
}

#[test]
fn the_wolf_is_trapped_when_it_has_no_move() {
    let g = common::own_game("wolf-and-sheep", &[]);
    // Wolf (component 2) in the corner A8 with B7 taken by a sheep: after a
    // sheep move elsewhere the wolf cannot move; the sheep win when it passes.
    let mut s = position(&g, &[("A8", 2), ("B7", 1), ("C5", 1)], 1, 20);
    play(&g, &mut s, "C5", "D6");
    assert_eq!(
        winner(&g, &s),
        None,
        "the end rule waits for the wolf's turn"
    );
    assert_eq!(legal(&g, &s), set(&["->-/pass"]), "the wolf must pass");
    let pass = g.find_move(&s, "-1>-1/pass").unwrap();
    g.apply(&mut s, pass);
    // Ludii's `(no Moves P2)` reads the flag the wolf's forced pass raised.
    assert_eq!(winner(&g, &s), Some(1));
}

#[test]
fn a_tron_crash_gives_the_other_player_the_win() {
    let g = common::own_game("tron", &[]);
    // Cycle 1 on E5 with its wall (component 3) on E6; every step leaves a wall.
    let mut s = position(&g, &[("E5", 1), ("E6", 3), ("A1", 2)], 1, 4);
    play(&g, &mut s, "E5", "D5");
    assert_eq!(
        piece_at(&g, &s, "E5"),
        (3, 1),
        "a wall is left on the vacated site"
    );
    assert_eq!(winner(&g, &s), None);
    let mut s = position(&g, &[("E5", 1), ("E6", 3), ("A1", 2)], 1, 4);
    play(&g, &mut s, "E5", "E6");
    assert_eq!(winner(&g, &s), Some(2), "driving into a wall loses");
}

#[test]
fn an_amazons_turn_is_a_queen_move_then_an_arrow_from_its_new_site() {
    let g = common::own_game("amazons", &[]);
    // Queen 1 on A1 boxed in by arrows (component 3) except along the first rank.
    let mut s = position(
        &g,
        &[
            ("A1", 1),
            ("A2", 3),
            ("B2", 3),
            ("C1", 3),
            ("C2", 3),
            ("J10", 2),
        ],
        1,
        0,
    );
    assert_eq!(
        legal(&g, &s),
        set(&["A1>B1"]),
        "the queen slides until blocked"
    );
    play(&g, &mut s, "A1", "B1");
    assert_eq!(s.mover(), 1, "the same player shoots");
    assert_eq!(
        legal(&g, &s),
        set(&["->A1"]),
        "the arrow flies from B1, only back to A1"
    );
    play(&g, &mut s, "-", "A1");
    assert_eq!(
        piece_at(&g, &s, "A1"),
        (3, 0),
        "the arrow is a neutral piece"
    );
    assert_eq!(winner(&g, &s), None, "player 2 can still move");
    // Queen 1 is now boxed in for good: player 2 wins within its turn.
    for _ in 0..2 {
        if winner(&g, &s).is_some() {
            break;
        }
        let mut out = MoveBuffer::new();
        g.legal_moves(&s, &mut out);
        assert_eq!(s.mover(), 2);
        g.apply(&mut s, out.iter().copied().next().unwrap());
    }
    assert_eq!(
        winner(&g, &s),
        Some(2),
        "player 1 has no move: player 2 wins"
    );
}

#[test]
fn alquerque_jumps_capture_the_piece_jumped() {
    let g = common::own_game("alquerque", &[]);
    let mut s = position(&g, &[("C3", 1), ("C4", 2), ("E5", 2)], 1, 10);
    assert!(legal(&g, &s).contains("C3>C5"), "jump over C4");
    play(&g, &mut s, "C3", "C5");
    assert_eq!(
        piece_at(&g, &s, "C4"),
        (0, 0),
        "the jumped piece is removed"
    );
    assert_eq!(piece_at(&g, &s, "C5"), (1, 1));
}

#[test]
fn lines_of_action_moves_as_far_as_the_line_is_full() {
    let g = common::own_game("lines-of-action", &[]);
    // Row 1 holds three discs (B1 C1 F1): B1 moves exactly 3 sites along it.
    // Along column B there is one disc (B1): it moves one site, to B2.
    let s = position(&g, &[("B1", 1), ("C1", 1), ("F1", 2), ("H8", 2)], 1, 10);
    let from_b1: BTreeSet<String> = legal(&g, &s)
        .into_iter()
        .filter(|k| k.starts_with("B1"))
        .collect();
    assert!(
        from_b1.contains("B1>E1"),
        "over its own disc on C1: {from_b1:?}"
    );
    assert!(from_b1.contains("B1>B2"), "{from_b1:?}");
    // Across an enemy disc is not allowed: C1 along row 1 (3 discs) would
    // pass F1? No: C1 to F1 is 3 sites and F1 is the enemy it captures.
    let mut s = s;
    play(&g, &mut s, "C1", "F1");
    assert_eq!(
        piece_at(&g, &s, "F1"),
        (1, 1),
        "landing on an enemy captures it"
    );
    let s = position(&g, &[("A1", 1), ("D1", 1), ("B1", 2), ("H8", 2)], 1, 10);
    assert!(
        !legal(&g, &s).contains("A1>D1"),
        "a disc cannot jump over an enemy disc"
    );
}

#[test]
fn mu_torere_enters_the_centre_only_next_to_an_enemy() {
    let g = common::own_game("mu-torere", &[]);
    let centre = g.model().board.centre()[0];
    let centre = g.model().board.sites[centre as usize].coord.clone();
    // Site indices 1..8 are the ring; 0 is the centre.
    let ring = |i: usize| g.model().board.sites[i].coord.clone();
    let coords: Vec<String> = (1..=8).map(ring).collect();
    let pieces: Vec<(&str, u8)> = vec![
        (coords[0].as_str(), 1),
        (coords[1].as_str(), 1),
        (coords[2].as_str(), 1),
        (coords[7].as_str(), 1),
        (coords[3].as_str(), 2),
        (coords[4].as_str(), 2),
        (coords[5].as_str(), 2),
        (coords[6].as_str(), 2),
    ];
    let s = position(&g, &pieces, 1, 10);
    let moves = legal(&g, &s);
    // Only the markers next to an enemy (ring sites 3 and 8) may enter the centre.
    let expected: BTreeSet<String> = [&coords[2], &coords[7]]
        .into_iter()
        .map(|c| format!("{c}>{centre}"))
        .collect();
    assert_eq!(moves, expected);
}

/// Plays a move by its Ludii key (`-1>e:12`), which must be legal.
fn play_key(g: &Interpreter, state: &mut State, key: &str) {
    let mv = g
        .find_move(state, key)
        .unwrap_or_else(|| panic!("{key} is not legal"));
    g.apply(state, mv);
}

#[test]
fn reversi_flips_every_flanked_line_and_scores_the_discs_shown() {
    let g = common::own_game("reversi", &[]);
    // The four centre sites are set (with their states) so none keeps the
    // start's state under an empty site.
    let mut s = position(
        &g,
        &[
            ("D4", 1),
            ("E5", 1),
            ("C4", 1),
            ("C5", 1),
            ("D5", 1),
            ("E4", 1),
        ],
        1,
        10,
    );
    for (coord, colour) in [
        ("D4", 2),
        ("E5", 1),
        ("C4", 2),
        ("C5", 1),
        ("D5", 1),
        ("E4", 1),
    ] {
        g.set_piece(&mut s, site(&g, coord), 1, colour);
    }
    let colour = |s: &State, c: &str| s.state_at(site(&g, c));
    // C3 flanks D4 (towards E5) and C4 (towards C5): both turn over.
    play(&g, &mut s, "-", "C3");
    assert_eq!(
        ["C3", "D4", "C4"].map(|c| colour(&s, c)),
        [1, 1, 1],
        "the placed disc shows the mover's colour, both flanked discs flip"
    );
    assert_eq!((s.score(1), s.score(2)), (7, 0));
    // An unflanked empty site is no move: with no P2 disc left, P2 passes.
    assert_eq!(legal(&g, &s), set(&["->-/pass"]));
}

#[test]
fn dots_and_boxes_closing_a_cell_claims_it_scores_and_moves_again() {
    use ludemic_compiler::ir::SiteType;
    let g = common::own_game("dots-and-boxes", &["Board Size/3x3".to_owned()]);
    let edges = g.model().board.incident(SiteType::Cell, 0, SiteType::Edge);
    assert_eq!(edges.len(), 4, "a square cell has four edges");
    let mut s = g.initial_state();
    for &e in &edges[..3] {
        play_key(&g, &mut s, &format!("-1>e:{e}"));
    }
    assert_eq!((s.mover(), s.score(1), s.score(2)), (2, 0, 0));
    play_key(&g, &mut s, &format!("-1>e:{}", edges[3]));
    assert_eq!(s.score(2), 1, "the fourth edge scores the cell");
    assert_eq!(s.what_at(0), 2, "P2's piece claims the cell");
    assert_eq!(s.mover(), 2, "closing a cell gives another move");
}

#[test]
fn connect_four_wins_up_a_stack_and_a_disc_falls_in_the_2d_model() {
    for model in ["1D", "2D"] {
        let g = common::own_game("connect-four", &[format!("Modelisation/{model}")]);
        // The columns' entry sites: the seven stacks, or the top row.
        let column = |c: u16| if model == "1D" { c } else { 35 + c };
        let mut s = g.initial_state();
        play_key(&g, &mut s, &format!("-1>{}", column(0)));
        if model == "2D" {
            assert_eq!(
                (s.what_at(0), s.what_at(35)),
                (1, 0),
                "the disc slides to the bottom"
            );
        }
        for c in [1, 0, 1, 0, 1] {
            play_key(&g, &mut s, &format!("-1>{}", column(c)));
            assert_eq!(
                winner(&g, &s),
                None,
                "{model}: three in a column is no line"
            );
        }
        play_key(&g, &mut s, &format!("-1>{}", column(0)));
        assert_eq!(winner(&g, &s), Some(1), "{model}: four in a column wins");
    }
}

#[test]
fn feeding_the_ducks_draws_every_duck_in_line_towards_the_bread() {
    use ludemic_compiler::ir::AbsoluteDirection;
    let g = common::own_game("feed-the-ducks", &[]);
    let board = &g.model().board;
    let start = g.initial_state();
    let mut out = MoveBuffer::new();
    g.legal_moves(&start, &mut out);
    for &mv in out.iter() {
        let mut s = start.clone();
        g.apply(&mut s, mv);
        let bread = g.move_key(mv).to.index as usize;
        assert_eq!(
            s.what_at(bread as Site),
            3,
            "the bread lies where it was thrown"
        );
        let count = |s: &State| {
            (0..board.num_sites() as Site)
                .filter(|&t| s.what_at(t) != 0)
                .count()
        };
        assert_eq!(count(&s), count(&start) + 1, "no duck is lost");
        // Along every line from the bread the ducks now come first, with no gap.
        for radial in board.radials(bread, AbsoluteDirection::Adjacent) {
            let occupied: Vec<bool> = radial.steps[1..]
                .iter()
                .map(|&t| s.what_at(t) != 0)
                .collect();
            let ducks = occupied.iter().filter(|&&o| o).count();
            assert!(
                occupied[..ducks].iter().all(|&o| o),
                "a gap between the bread at {bread} and a duck: {occupied:?}"
            );
        }
    }
}
