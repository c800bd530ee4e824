//! Rule tests on hand-made positions: each checks one rule of the seven
//! placement games the way Ludii applies it (docs/ludii-semantics.md).
//!
//! The descriptions are written inline so these tests need nothing outside
//! the repository.

use std::path::Path;

use ludemic_compiler::expand::DefineLibrary;
use ludemic_compiler::interp::{Interpreter, State};
use ludemic_compiler::ir::Site;
use ludemic_compiler::{load_str, Config};
use ludemic_runtime::{Game, MoveBuffer, Status};

fn game(text: &str) -> Interpreter {
    game_with(text, &[])
}

fn game_with(text: &str, options: &[&str]) -> Interpreter {
    let config = Config {
        options: options.iter().map(|s| s.to_string()).collect(),
        ..Config::default()
    };
    let loaded = load_str(
        Path::new("inline.lud"),
        text,
        &DefineLibrary::empty(),
        &config,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    Interpreter::new(loaded.model)
}

/// Plays the move with key `key`, which must be legal.
fn play(g: &Interpreter, state: &mut State, key: &str) {
    let mv = g
        .find_move(state, key)
        .unwrap_or_else(|| panic!("{key} is not legal"));
    g.apply(state, mv);
}

/// Places the mover's piece on the site labelled `coord`.
fn place(g: &Interpreter, state: &mut State, coord: &str) {
    let site = site(g, coord);
    play(g, state, &format!("-1>{site}"));
}

fn site(g: &Interpreter, coord: &str) -> Site {
    g.site(coord).unwrap_or_else(|| panic!("no site {coord}"))
}

fn sites(g: &Interpreter, coords: &[&str]) -> Vec<Site> {
    coords.iter().map(|c| site(g, c)).collect()
}

/// A position with player 1 on `p1` and player 2 on `p2`, `mover` to move.
fn position(g: &Interpreter, p1: &[&str], p2: &[&str], mover: u8) -> State {
    let mut pieces: Vec<(Site, u8)> = sites(g, p1).into_iter().map(|s| (s, 1)).collect();
    pieces.extend(sites(g, p2).into_iter().map(|s| (s, 2)));
    g.position(&pieces, mover, (p1.len() + p2.len()) as u32)
}

fn winner(g: &Interpreter, state: &State) -> Option<u8> {
    match g.status(state) {
        Status::Over(outcome) => Some(outcome.winner),
        Status::Ongoing { .. } => None,
    }
}

const HEX: &str = r#"(game "Hex" (players 2)
  (equipment { (board (hex Diamond 11)) (piece "Marker" Each)
    (regions P1 {(sites Side NE) (sites Side SW)})
    (regions P2 {(sites Side NW) (sites Side SE)}) })
  (rules <Swap> (play (move Add (to (sites Empty))))
    (end (if (is Connected Mover) (result Mover Win)))))
(option "Swap Rules" <Swap> args:{<rule>} {
  (item "On" <(meta (swap))> "swap")* (item "Off" <> "no swap") })"#;

#[test]
fn hex_connection_wins_only_when_both_sides_are_joined() {
    let g = game(HEX);
    // P1 owns columns A and K (sides SW and NE): a chain along row 1.
    let row: Vec<String> = "BCDEFGHIJK".chars().map(|c| format!("{c}1")).collect();
    let row: Vec<&str> = row.iter().map(String::as_str).collect();
    let mut s = position(
        &g,
        &row,
        &["A5", "B5", "C5", "D5", "E5", "F5", "G5", "H5", "I5", "A6"],
        1,
    );
    assert_eq!(winner(&g, &s), None);
    place(&g, &mut s, "A1");
    assert_eq!(winner(&g, &s), Some(1));

    // Hex cells touch along (row±1, col±1), so K3 does not touch J1: a chain
    // A1..J1 plus K3 joins nothing.
    let row: Vec<String> = "ABCDEFGHIJ".chars().map(|c| format!("{c}1")).collect();
    let row: Vec<&str> = row.iter().map(String::as_str).collect();
    let mut s = position(
        &g,
        &row,
        &["A5", "B5", "C5", "D5", "E5", "F5", "G5", "H5", "I5", "A6"],
        1,
    );
    place(&g, &mut s, "K3");
    assert_eq!(winner(&g, &s), None);
}

#[test]
fn hex_player_two_joins_rows_not_columns() {
    let g = game_with(HEX, &["Swap Rules/Off"]);
    let col: Vec<String> = (2..=11).map(|r| format!("C{r}")).collect();
    let col: Vec<&str> = col.iter().map(String::as_str).collect();
    let mut s = position(
        &g,
        &[
            "A5", "B5", "D5", "E5", "F5", "G5", "H5", "I5", "J4", "A7", "B7",
        ],
        &col,
        2,
    );
    place(&g, &mut s, "C1");
    assert_eq!(winner(&g, &s), Some(2));
}

#[test]
fn swap_is_offered_once_on_the_second_move_and_costs_a_move() {
    let g = game(HEX);
    let mut s = g.initial_state();
    let mut legal = MoveBuffer::new();
    g.legal_moves(&s, &mut legal);
    assert!(legal
        .iter()
        .all(|&m| g.move_key(m).to_string() != "-1>-1/swap"));
    place(&g, &mut s, "F6");
    g.legal_moves(&s, &mut legal);
    assert_eq!(legal.len(), 121, "120 placements and the swap");
    play(&g, &mut s, "-1>-1/swap");
    // Roles keep their stones and role 2 moves again.
    assert_eq!(s.owner_at(site(&g, "F6")), 1);
    assert_eq!(s.mover(), 2);
    assert_eq!(g.moves_played(&s), 2);
    g.legal_moves(&s, &mut legal);
    assert_eq!(legal.len(), 120, "no second swap");
    place(&g, &mut s, "A1");
    assert_eq!(s.what_at(site(&g, "A1")), 2);
    assert_eq!(s.mover(), 1);

    let no_swap = game_with(HEX, &["Swap Rules/Off"]);
    let mut s = no_swap.initial_state();
    place(&no_swap, &mut s, "F6");
    no_swap.legal_moves(&s, &mut legal);
    assert_eq!(legal.len(), 120);
}

const YAVALATH: &str = r#"(game "Yavalath" (players 2)
  (equipment { (board (rotate 90 (hex 5))) (piece "Marker" Each) })
  (rules (play (move Add (to (sites Empty))))
    (end { (if (is Line 4) (result Mover Win)) (if (is Line 3) (result Mover Loss)) })))"#;

#[test]
fn yavalath_four_wins_and_three_loses() {
    let g = game(YAVALATH);
    // Sites 0..4 run along one displayed column of the rotated board.
    let col: Vec<String> = (0..5)
        .map(|i| g.model().board.sites[i].coord.clone())
        .collect();
    let c: Vec<&str> = col.iter().map(String::as_str).collect();
    let far = ["E9", "D8"];

    let mut s = position(&g, &[c[0], c[1]], &far, 1);
    place(&g, &mut s, c[2]);
    assert_eq!(winner(&g, &s), Some(2), "three in a row loses");

    let mut s = position(&g, &[c[0], c[1], c[3]], &far, 1);
    place(&g, &mut s, c[2]);
    assert_eq!(
        winner(&g, &s),
        Some(1),
        "four in a row wins, though it also holds three"
    );

    let mut s = position(&g, &[c[0], c[2]], &far, 1);
    place(&g, &mut s, c[4]);
    assert_eq!(winner(&g, &s), None, "not in a row");
}

const HAVANNAH: &str = r#"(game "Havannah" (players 2)
  (equipment { (board (hex 8)) (piece "Marker" Each) })
  (rules (play (move Add (to (sites Empty))))
    (end (if (or { (is Loop) (is Connected 3 SidesNoCorners) (is Connected 2 Corners) })
      (result Mover Win)))))"#;

fn ring_around(g: &Interpreter, centre: Site) -> Vec<Site> {
    g.model()
        .board
        .neighbours(
            centre as usize,
            ludemic_compiler::board::Relation::Orthogonal,
        )
        .to_vec()
}

fn havannah_position(g: &Interpreter, p1: &[Site], p2: &[Site]) -> State {
    let mut pieces: Vec<(Site, u8)> = p1.iter().map(|&s| (s, 1)).collect();
    pieces.extend(p2.iter().map(|&s| (s, 2)));
    g.position(&pieces, 1, pieces.len() as u32)
}

#[test]
fn havannah_ring_around_empty_own_or_enemy_cells_wins() {
    let g = game(HAVANNAH);
    let centre: Site = 84;
    let ring = ring_around(&g, centre);
    assert_eq!(ring.len(), 6);
    for (inside, label) in [(None, "empty"), (Some(1), "own"), (Some(2), "enemy")] {
        let mut p1 = ring[1..].to_vec();
        let mut p2 = vec![0, 7];
        match inside {
            Some(1) => p1.push(centre),
            Some(_) => p2.push(centre),
            None => {}
        }
        let mut s = havannah_position(&g, &p1, &p2);
        assert_eq!(winner(&g, &s), None);
        play(&g, &mut s, &format!("-1>{}", ring[0]));
        assert_eq!(winner(&g, &s), Some(1), "ring around an {label} cell");
    }
}

#[test]
fn havannah_enclosure_against_the_edge_is_not_a_ring() {
    let g = game(HAVANNAH);
    // Site 3 is on the bottom edge: surrounding it on the board is not a ring.
    let around = ring_around(&g, 3);
    assert!(around.len() < 6);
    let mut s = havannah_position(&g, &around[1..], &[100, 120]);
    play(&g, &mut s, &format!("-1>{}", around[0]));
    assert_eq!(winner(&g, &s), None);
}

#[test]
fn havannah_bridge_joins_two_corners() {
    let g = game(HAVANNAH);
    // The bottom row runs from corner 0 (A1) to corner 7 (H1).
    let mut s = havannah_position(&g, &[1, 2, 3, 4, 5, 6, 7], &[100, 120]);
    assert_eq!(winner(&g, &s), None);
    play(&g, &mut s, "-1>0");
    assert_eq!(winner(&g, &s), Some(1));
}

#[test]
fn havannah_fork_joins_three_sides_but_corners_are_not_sides() {
    let g = game(HAVANNAH);
    // Row 2 (sites 8..=16) runs from the SW side (8) to the SE side (16);
    // site 1 is on the S side and touches site 9.
    let row: Vec<Site> = (8..=16).collect();
    let mut s = havannah_position(&g, &row[1..], &[100, 120]);
    play(&g, &mut s, "-1>8");
    assert_eq!(winner(&g, &s), None, "two sides only");
    play(&g, &mut s, "-1>101");
    play(&g, &mut s, "-1>1");
    assert_eq!(winner(&g, &s), Some(1), "three sides: a fork");

    // A corner (0) next to the row does not count as a side.
    let mut s = havannah_position(&g, &row, &[100, 120]);
    play(&g, &mut s, "-1>0");
    assert_eq!(winner(&g, &s), None, "two sides and a corner");
}

const GOMOKU: &str = r#"(game "Gomoku" (players 2)
  (equipment { (board (square 15) use:Vertex) (piece "Marker" Each) })
  (rules (play (move Add (to (sites Empty))))
    (end (if (is Line 5 All exact:True) (result Mover Win)))))"#;

#[test]
fn gomoku_exactly_five_wins_six_does_not() {
    let g = game(GOMOKU);
    let far = ["O15", "N15", "M15", "L15"];
    let mut s = position(&g, &["A1", "B1", "C1", "D1"], &far, 1);
    place(&g, &mut s, "E1");
    assert_eq!(winner(&g, &s), Some(1), "five in a row");

    let mut s = position(&g, &["A1", "B1", "C1", "D1", "F1"], &far, 1);
    place(&g, &mut s, "E1");
    assert_eq!(winner(&g, &s), None, "six in a row is an overline");

    // An overline on one axis does not hide exactly five on another (a diagonal).
    let mut s = position(
        &g,
        &["A5", "B5", "C5", "D5", "F5", "A1", "B2", "C3", "D4"],
        &far,
        1,
    );
    place(&g, &mut s, "E5");
    assert_eq!(winner(&g, &s), Some(1), "five on the diagonal");
}

const CONNECT6: &str = r#"(game "Connect6" (players 2)
  (equipment { (board (square 19) use:Vertex) (piece "Marker" Each) })
  (rules phases:{
      (phase "Opening" (play (move Add (to (sites Empty)))) (nextPhase "Playing"))
      (phase "Playing" (play (move Add (to (sites Empty))
          (then (if (is Even (count Moves)) (moveAgain))))) (nextPhase "Playing")) }
    (end (if (is Line 6 All) (result Mover Win)))))"#;

#[test]
fn connect6_one_stone_then_two_per_turn() {
    let g = game(CONNECT6);
    let mut s = g.initial_state();
    let mut movers = Vec::new();
    for i in 0..9u32 {
        movers.push(s.mover());
        play(&g, &mut s, &format!("-1>{}", i * 7));
    }
    assert_eq!(movers, [1, 2, 2, 1, 1, 2, 2, 1, 1]);
    assert_eq!(g.moves_played(&s), 9);
}

#[test]
fn connect6_six_or_more_in_a_row_wins() {
    let g = game(CONNECT6);
    let mut s = position(
        &g,
        &["A1", "B1", "C1", "D1", "E1", "G1"],
        &["S19", "R19", "Q19"],
        1,
    );
    place(&g, &mut s, "F1");
    assert_eq!(winner(&g, &s), Some(1), "seven in a row also wins");
}

const TIC_TAC_TOE: &str = r#"(game "Tic-Tac-Toe" (players 2)
  (equipment { (board (square 3)) (piece "Disc" P1) (piece "Cross" P2) })
  (rules (play (move Add (to (sites Empty)))) (end (if (is Line 3) (result Mover Win)))))"#;

#[test]
fn full_board_ends_in_a_draw_after_two_forced_passes() {
    let g = game(TIC_TAC_TOE);
    let mut s = g.initial_state();
    // X O X / X O O / O X X, read from the bottom row: no line.
    for site in [0, 1, 2, 4, 3, 6, 7, 5, 8] {
        assert_eq!(winner(&g, &s), None);
        play(&g, &mut s, &format!("-1>{site}"));
    }
    let mut legal = MoveBuffer::new();
    g.legal_moves(&s, &mut legal);
    assert_eq!(legal.len(), 1);
    assert_eq!(g.move_key(legal[0]).to_string(), "-1>-1/pass");
    play(&g, &mut s, "-1>-1/pass");
    assert_eq!(winner(&g, &s), None, "one pass is not the end");
    play(&g, &mut s, "-1>-1/pass");
    match g.status(&s) {
        Status::Over(outcome) => {
            assert_eq!(outcome.winner, 0);
            assert_eq!(outcome.ranks(), &[1.5, 1.5]);
        }
        Status::Ongoing { .. } => panic!("both players passed: the game is a draw"),
    }
    assert_eq!(g.moves_played(&s), 11);
}

#[test]
fn pieces_are_numbered_like_the_mover() {
    // Ludii adds the component whose number is the mover's: Disc1 for P1.
    let g = game(TIC_TAC_TOE);
    let mut s = g.initial_state();
    play(&g, &mut s, "-1>4");
    play(&g, &mut s, "-1>0");
    assert_eq!((s.what_at(4), s.what_at(0)), (1, 2));
    assert_eq!(g.model().components[0].name, "Disc1");
}

// ---------------------------------------------------------------------------
// Captures and consequences of the moving-piece and scoring games
// (docs/ludii-semantics.md §12–§16).

/// The legal moves' keys.
fn keys(g: &Interpreter, state: &State) -> Vec<String> {
    let mut legal = MoveBuffer::new();
    g.legal_moves(state, &mut legal);
    legal.iter().map(|&m| g.move_key(m).to_string()).collect()
}

const REVERSI: &str = r#"(define "ReverseBoundedPieces"
    (custodial (from (site))
        (between if:(is Enemy (state at:(between)))
            (apply (allCombinations (add (piece "Disc0" state:(mover)) (to (site))) (flip (between)))))
        (to if:(is Friend (state at:(to))))))
(game "Reversi" (players 2)
  (equipment { (board (square 4)) (piece "Disc" Neutral (flips 1 2)) })
  (rules
    (start { (place "Disc0" (difference (sites Centre) (sites Phase 1)) state:1)
             (place "Disc0" (difference (sites Centre) (sites Phase 0)) state:2) })
    phases:{ (phase "Playing"
      (play (forEach Site (sites Empty)
        (append "ReverseBoundedPieces"
          (then (and (set Score P1 (count Sites in:(sites State 1)))
                     (set Score P2 (count Sites in:(sites State 2)))))))))}
    (end (if (all Passed) (byScore)))))"#;

#[test]
fn reversi_start_and_first_moves() {
    let g = game(REVERSI);
    let s = g.initial_state();
    // `(sites Phase 0)` holds site 0's colour: B2 and C3 start with state 1.
    let states: Vec<u8> = [5, 6, 9, 10].iter().map(|&x| s.state_at(x)).collect();
    assert_eq!(states, [1, 2, 2, 1]);
    let mut k = keys(&g, &s);
    k.sort();
    assert_eq!(k, ["-1>13", "-1>2", "-1>7", "-1>8"]);
}

#[test]
fn reversi_placement_flanking_three_lines_is_one_move_flipping_all() {
    // Row 0: . 2 1 .   row 1: 2 2 . .   row 2: 1 . 1 .   (states; 1 = P1's colour)
    let g = game(REVERSI);
    let mut s = g.initial_state();
    for (site, state) in [
        (1, 2),
        (2, 1),
        (4, 2),
        (5, 2),
        (6, 0),
        (8, 1),
        (9, 0),
        (10, 1),
    ] {
        g.set_piece(&mut s, site, u8::from(state != 0), state);
    }
    let k = keys(&g, &s);
    assert_eq!(k.iter().filter(|k| *k == "-1>0").count(), 1, "{k:?}");
    play(&g, &mut s, "-1>0");
    for site in [0, 1, 2, 4, 5, 8, 10] {
        assert_eq!(s.state_at(site), 1, "site {site}");
    }
    // Every flipped disc is still the shared component, only its state changed.
    assert_eq!(s.what_at(5), 1);
    assert_eq!((s.score(1), s.score(2)), (7, 0));
}

#[test]
fn reversi_ends_by_score_when_both_players_pass() {
    let g = game(REVERSI);
    let mut s = g.initial_state();
    // Row 0: P1's disc, P2's disc, empty. P1 flanks the last P2 disc; then
    // neither player can place, both pass, and the scores rank them.
    for site in 0..16 {
        g.set_piece(&mut s, site, 0, 0);
    }
    g.set_piece(&mut s, 0, 1, 1);
    g.set_piece(&mut s, 1, 1, 2);
    assert_eq!(keys(&g, &s), ["-1>2"]);
    play(&g, &mut s, "-1>2");
    assert_eq!(keys(&g, &s), ["-1>-1/pass"]);
    play(&g, &mut s, "-1>-1/pass");
    assert_eq!(winner(&g, &s), None, "one pass is not the end");
    play(&g, &mut s, "-1>-1/pass");
    match g.status(&s) {
        Status::Over(outcome) => {
            assert_eq!(outcome.winner, 1);
            assert_eq!(outcome.ranks(), &[1.0, 2.0]);
        }
        Status::Ongoing { .. } => panic!("all passed: the game ends by score"),
    }
    assert_eq!((s.score(1), s.score(2)), (3, 0));
}

const DOTS_AND_BOXES: &str = r#"(define "CellOfLastEdge" (sites Incident Cell of:Edge at:(last To)))
(define "NoFreeEdge"
    (= 0 (count Sites in:(intersection (sites Incident Edge of:Cell at:(site)) (sites Empty Edge)))))
(define "CaptureTheCell" (claim (to Cell (site)) (then (and (addScore Mover 1) (moveAgain)))))
(game "Dots and Boxes" (players 2)
  (equipment { (board (square 2)) })
  (rules
    (play (move Add (to Edge (sites Empty Edge))
      (then (forEach Site "CellOfLastEdge" (if "NoFreeEdge" "CaptureTheCell")))))
    (end (if (> (score Mover) (/ (count Cells) 2)) (result Mover Win)))))"#;

#[test]
fn dots_and_boxes_closing_a_box_claims_it_scores_and_moves_again() {
    use ludemic_compiler::ir::SiteType::{Cell, Edge};
    let g = game(DOTS_AND_BOXES);
    let board = &g.model().board;
    let edges_of = |cell: usize| board.incident(Cell, cell, Edge);
    let mut s = g.initial_state();
    assert_eq!(keys(&g, &s).len(), 12);
    assert!(keys(&g, &s).iter().all(|k| k.starts_with("-1>e:")));
    // Without declared pieces, Ludii gives each player a "Ball".
    assert_eq!(g.model().components[1].name, "Ball22");
    let box0 = edges_of(0);
    for (i, &e) in box0.iter().enumerate() {
        let mover = s.mover();
        assert_eq!(mover, if i % 2 == 0 { 1 } else { 2 });
        play(&g, &mut s, &format!("-1>e:{e}"));
    }
    // P2 drew the fourth side: the box is P2's, P2 scores and moves again.
    // Cells are this board's default site type: the box holds P2's ball.
    assert_eq!(s.what_at(0), 2);
    assert_eq!((s.score(1), s.score(2)), (0, 1));
    assert_eq!(s.mover(), 2);
    // One edge closing two boxes: both claimed, one extra turn.
    let shared: Vec<u16> = edges_of(1)
        .into_iter()
        .filter(|e| edges_of(3).contains(e))
        .collect();
    assert_eq!(shared.len(), 1);
    let rest: Vec<u16> = edges_of(1)
        .into_iter()
        .chain(edges_of(3))
        .filter(|e| !box0.contains(e) && *e != shared[0])
        .collect();
    for e in rest {
        play(&g, &mut s, &format!("-1>e:{e}"));
        assert_eq!(s.score(1) + s.score(2), 1, "no box closed yet");
    }
    let mover = s.mover();
    let before = s.score(mover);
    play(&g, &mut s, &format!("-1>e:{}", shared[0]));
    assert_eq!(s.score(mover), before + 2);
    assert_eq!((s.what_at(1), s.what_at(3)), (mover, mover));
    assert_eq!(
        s.element_at(Edge, shared[0] as usize),
        mover,
        "the drawn edge"
    );
    assert_eq!(s.mover(), mover);
    // More than half of the 4 boxes wins.
    assert_eq!(winner(&g, &s), (before + 2 > 2).then_some(mover));
}

const CONNECT_FOUR: &str = r#"(define "ColumnSize" 6)
(define "EmptyTop" (intersection (sites Top) (sites Empty)))
(define "LastColumn" (sites Column (column of:(last To))))
(define "Distance" (count Sites in:(intersection (sites Empty) "LastColumn")))
(define "Drop" (slide (from (last To)) S (between (exact "Distance"))))
(game "Connect Four" (players 2)
  (equipment { <Model:board> (piece "Disc" Each) })
  (rules <Model:rules>))
(option "Modelisation" <Model> args:{ <board> <rules> } {
  (item "1D" <(board (rectangle 1 7))>
    <(play (move Add (to (forEach (sites Board) if:(< (size Stack at:(site)) "ColumnSize"))) stack:True))
     (end (if (is Line 4 byLevel:True) (result Mover Win)))> "")**
  (item "2D" <(board (rectangle 6 7))>
    <(play (move Add (to ("EmptyTop")) (then "Drop")))
     (end (if (is Line 4 through:(last To afterConsequence:True)) (result Mover Win)))> "") })"#;

#[test]
fn connect_four_1d_discs_stack_in_columns_of_six() {
    let g = game(CONNECT_FOUR);
    let mut s = g.initial_state();
    assert_eq!(keys(&g, &s).len(), 7);
    for _ in 0..6 {
        play(&g, &mut s, "-1>3");
    }
    assert_eq!(s.stack_at(3), &[1, 2, 1, 2, 1, 2]);
    assert_eq!(s.what_at(3), 2, "the top disc");
    assert!(!keys(&g, &s).contains(&"-1>3".to_owned()), "a full column");
    assert_eq!(keys(&g, &s).len(), 6);
    assert_eq!(winner(&g, &s), None);
}

#[test]
fn connect_four_1d_lines_by_level() {
    let g = game(CONNECT_FOUR);
    // Four up one column.
    let mut s = g.initial_state();
    for col in [0, 1, 0, 1, 0, 1] {
        play(&g, &mut s, &format!("-1>{col}"));
        assert_eq!(winner(&g, &s), None);
    }
    play(&g, &mut s, "-1>0");
    assert_eq!(winner(&g, &s), Some(1));
    // A rising diagonal: P1 at levels 0, 1, 2, 3 of columns 0, 1, 2, 3.
    let mut s = g.initial_state();
    for col in [0, 1, 1, 2, 3, 2, 2, 3, 6, 3] {
        play(&g, &mut s, &format!("-1>{col}"));
        assert_eq!(winner(&g, &s), None);
    }
    play(&g, &mut s, "-1>3");
    assert_eq!(winner(&g, &s), Some(1));
}

#[test]
fn connect_four_2d_discs_drop_to_the_lowest_empty_site() {
    let g = game_with(CONNECT_FOUR, &["Modelisation/2D"]);
    let mut s = g.initial_state();
    let mut k = keys(&g, &s);
    k.sort();
    assert_eq!(
        k,
        ["-1>35", "-1>36", "-1>37", "-1>38", "-1>39", "-1>40", "-1>41"]
    );
    play(&g, &mut s, "-1>38");
    assert_eq!((s.what_at(3), s.what_at(38)), (1, 0), "dropped to row 0");
    play(&g, &mut s, "-1>38");
    assert_eq!(
        (s.what_at(10), s.what_at(38)),
        (2, 0),
        "landed on the first disc"
    );
}

#[test]
fn connect_four_2d_line_through_the_landing_site_wins() {
    let g = game_with(CONNECT_FOUR, &["Modelisation/2D"]);
    // P1 holds A1, B1, C1; P2 A2, B2, C2. P1 drops in column D.
    let mut s = position(&g, &["A1", "B1", "C1"], &["A2", "B2", "C2"], 1);
    play(&g, &mut s, "-1>38");
    assert_eq!(s.what_at(3), 1);
    assert_eq!(winner(&g, &s), Some(1));
    // The same drop by P2 lands on row 0 too but makes no line of P2's.
    let mut s = position(&g, &["A1", "B1", "C1"], &["A2", "B2", "C2"], 2);
    play(&g, &mut s, "-1>38");
    assert_eq!(winner(&g, &s), None);
}

const FEED_THE_DUCKS: &str = r#"(game "Feed the Ducks" (players 2)
  (equipment { (board (hex 3)) (piece "Marker" Each) (piece "Disc" Neutral) })
  (rules
    phases:{
      (phase "Throw Bread"
        (play (move Add (piece "Disc0") (to (sites Empty)) (then (attract (from (last To))))))
        (nextPhase "Move Bread"))
      (phase "Move Bread"
        (play (move (from (sites Occupied by:Neutral))
                    (to (difference (sites Empty) (sites Direction from:(last To))))
                    (then (attract (from (last To))))))) }
    (end {
      (if (= 1 (count Groups if:(= (who at:(to)) P1))) (result P1 Win))
      (if (= 1 (count Groups if:(= (who at:(to)) P2))) (result P2 Win)) })))"#;

#[test]
fn feed_the_ducks_bread_attracts_the_ducks_in_line() {
    use ludemic_compiler::board::Relation;
    use ludemic_compiler::ir::AbsoluteDirection;
    let g = game(FEED_THE_DUCKS);
    let board = &g.model().board;
    let centre = board.centre()[0];
    let lines: Vec<Vec<Site>> = board
        .radials(centre as usize, AbsoluteDirection::Adjacent)
        .map(|r| r.steps.clone())
        .collect();
    assert_eq!(lines.len(), 6);
    assert!(lines.iter().all(|l| l.len() == 3));
    // Line 0: a P1 duck two away. Line 3 (the opposite line): P2 one away,
    // P1 two away. A P2 duck off the lines stays where it is.
    let off = (0..board.num_sites() as Site)
        .find(|s| {
            *s != centre
                && lines.iter().all(|l| !l.contains(s))
                && !board
                    .neighbours(lines[3][1] as usize, Relation::Adjacent)
                    .contains(s)
        })
        .unwrap();
    let pieces = [
        (lines[0][2], 1),
        (lines[3][1], 2),
        (lines[3][2], 1),
        (off, 2),
    ];
    let mut s = g.position(&pieces, 1, 0);
    play(&g, &mut s, &format!("-1>{centre}"));
    assert_eq!(s.what_at(centre), 3, "the bread");
    assert_eq!((s.what_at(lines[0][1]), s.what_at(lines[0][2])), (1, 0));
    assert_eq!((s.what_at(lines[3][1]), s.what_at(lines[3][2])), (2, 1));
    assert_eq!(s.what_at(off), 2);
    assert_eq!(winner(&g, &s), None, "each player has two groups");
    // Then the bread moves, but not along a line from where it lies.
    for k in keys(&g, &s) {
        let (from, to) = k.split_once('>').unwrap();
        assert_eq!(from, centre.to_string());
        let to: Site = to.parse().unwrap();
        assert!(lines.iter().all(|l| !l.contains(&to)), "{k}");
    }
}
