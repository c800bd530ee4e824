//! Heuristics read from the `(ai ...)` metadata and evaluated on hand-made
//! positions (values computed by hand from Ludii's definitions), and the
//! agents on small games: UCT against Random, alpha-beta and heuristic
//! sampling on wins and losses in one.

mod common;

use std::path::Path;

use common::{inline_game, root, shared};
use ludemic_agents::alphabeta::AlphaBeta;
use ludemic_agents::hs::HeuristicSampling;
use ludemic_agents::{play_game, Agent, AgentSpec};
use ludemic_compiler::expand::DefineLibrary;
use ludemic_compiler::heuristics::{Evaluator, InterpView, Origin, TermKind};
use ludemic_compiler::interp::Interpreter;
use ludemic_compiler::{load, load_str, Config};
use ludemic_runtime::{Game, Xoshiro256PlusPlus};

/// Tic-Tac-Toe on 3x3 cells (Disc = 1 for P1, Cross = 2 for P2), with
/// `end` and the given heuristics as `(ai ...)` metadata.
fn tic_tac_toe(end: &str, heuristics: &str) -> (Interpreter, Evaluator) {
    let text = format!(
        r#"(game "T" (players 2)
            (equipment {{ (board (square 3)) (piece "Disc" P1) (piece "Cross" P2) }})
            (rules (play (move Add (to (sites Empty)))) (end {end})))
           (metadata (ai (bestAgent "AlphaBeta") (heuristics {heuristics})))"#
    );
    let loaded = load_str(
        Path::new("t.lud"),
        &text,
        &DefineLibrary::empty(),
        &Config::default(),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let h = loaded.model.heuristics.clone().expect("heuristics read");
    let eval = Evaluator::new(&loaded.model, &h).expect("evaluator");
    (Interpreter::new(loaded.model), eval)
}

const WIN: &str = "(if (is Line 3) (result Mover Win))";

fn value(g: &Interpreter, e: &Evaluator, pieces: &[(u16, u8)], mover: u8, player: u8) -> f32 {
    let state = g.position(pieces, mover, pieces.len() as u32);
    e.value(
        &InterpView {
            game: g,
            state: &state,
        },
        player,
        0.01,
    )
}

fn close(a: f32, b: f32) {
    assert!((a - b).abs() < 1e-5, "{a} != {b}");
}

#[test]
fn proximity_terms_on_hand_made_positions() {
    // P1 on a corner (0) and the centre (4), P2 on an edge (1). On square
    // cells Ludii's adjacency has 8 neighbours, so every other cell is one
    // step from a corner, from the centre and from the perimeter: the
    // largest distance is 1 and proximity is 1 on the region, 0 elsewhere.
    let pieces = [(0, 1), (4, 1), (1, 2)];
    let (g, e) = tic_tac_toe(WIN, "{(cornerProximity weight:-1.0)}");
    close(value(&g, &e, &pieces, 2, 1), -1.0);
    close(value(&g, &e, &pieces, 2, 2), 0.0);
    let (g, e) = tic_tac_toe(WIN, "(centreProximity)");
    close(value(&g, &e, &pieces, 2, 1), 1.0);
    close(value(&g, &e, &pieces, 2, 2), 0.0);
    let (g, e) = tic_tac_toe(WIN, "{(sidesProximity weight:2)}");
    close(value(&g, &e, &pieces, 2, 1), 2.0);
    close(value(&g, &e, &pieces, 2, 2), 2.0);
}

#[test]
fn material_mobility_and_transformations() {
    let pieces = [(0, 1), (4, 1), (1, 2)];
    // The default pair ("", 1) counts every piece.
    let (g, e) = tic_tac_toe(WIN, "{(material)}");
    close(value(&g, &e, &pieces, 2, 1), 2.0);
    close(value(&g, &e, &pieces, 2, 2), 1.0);
    // "Disc" matches Disc1 (the rest is digits); Cross2 gets no weight.
    let (g, e) = tic_tac_toe(WIN, "{(material pieceWeights:{(pair \"Disc\" 3.0)})}");
    close(value(&g, &e, &pieces, 2, 1), 6.0);
    close(value(&g, &e, &pieces, 2, 2), 0.0);
    // divNumBoardSites: 2 / 9.
    let (g, e) = tic_tac_toe(WIN, "{(material transformation:(divNumBoardSites))}");
    close(value(&g, &e, &pieces, 2, 1), 2.0 / 9.0);
    // mobilitySimple counts the mover's legal moves, 0 for the others; a
    // weight below 0.01 is skipped (Ludii's threshold).
    let (g, e) = tic_tac_toe(WIN, "{(mobilitySimple weight:0.5)}");
    close(value(&g, &e, &pieces, 2, 2), 3.0);
    close(value(&g, &e, &pieces, 2, 1), 0.0);
    let (g, e) = tic_tac_toe(WIN, "{(mobilitySimple weight:0.001)}");
    close(value(&g, &e, &pieces, 2, 2), 0.0);
    // tanh, then the weight.
    let (g, e) = tic_tac_toe(WIN, "{(material weight:2 transformation:(tanh))}");
    close(value(&g, &e, &pieces, 2, 1), 2.0 * 2f32.tanh());
}

#[test]
fn line_completion_on_hand_made_positions() {
    // Target length 3 (the end rule's is Line 3). P1 on corner 0 and the
    // centre 4: from 0, the column and the row are windows of 1/3, the
    // diagonal through 4 one of 2/3; from 4, the diagonal back to 0 stops
    // at the piece already looked at, the other three lines are 1/3 each.
    // Best 2/3 plus half the second best 1/3.
    let (g, e) = tic_tac_toe(WIN, "{(lineCompletionHeuristic)}");
    let pieces = [(0, 1), (4, 1)];
    close(value(&g, &e, &pieces, 2, 1), 2.0 / 3.0 + 1.0 / 6.0);
    // No piece: Ludii's empty-list quirk, 0 + (-1)/2.
    close(value(&g, &e, &pieces, 2, 2), -0.5);
    // One piece in a corner with an enemy next to it on the row: the
    // column and the diagonal are windows of 1/3; best plus half.
    let pieces = [(0, 1), (1, 2)];
    close(value(&g, &e, &pieces, 1, 1), 1.0 / 3.0 + 1.0 / 6.0);
    // An enemy just past a window's end halves it: P1 on 0 and 1 with P2 on
    // 2 closes the row; the column and diagonal from 0 (1/3) and from 1 the
    // column (1/3); the row itself has no window of 3 free of P2.
    let pieces = [(0, 1), (1, 1), (2, 2)];
    close(value(&g, &e, &pieces, 2, 1), 1.0 / 3.0 + 1.0 / 6.0);
    // targetLength:2 given: from 0 alone, three windows of 2 (1/2 each).
    let (g, e) = tic_tac_toe(WIN, "{(lineCompletionHeuristic targetLength:2)}");
    close(value(&g, &e, &[(0, 1)], 2, 1), 0.5 + 0.25);
}

/// Discs stepping to an empty neighbour on 3x3 cells, P1 owning the
/// bottom row and P2 the top row, a map sending 1 to B1 (site 1) and 2 to
/// A1 (site 0), with the given heuristics.
fn steppers(heuristics: &str) -> (Interpreter, Evaluator) {
    let text = format!(
        r#"(game "S" (players 2)
            (equipment {{ (board (square 3))
                (piece "Disc" Each (move Step (to if:(is Empty (to)))))
                (regions P1 (sites Bottom)) (regions P2 (sites Top))
                (map {{(pair 1 "B1") (pair 2 "A1")}}) }})
            (rules (play (forEach Piece)) (end (if (no Moves Next) (result Mover Win)))))
           (metadata (ai (heuristics {heuristics})))"#
    );
    let loaded = load_str(
        Path::new("s.lud"),
        &text,
        &DefineLibrary::empty(),
        &Config::default(),
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let h = loaded.model.heuristics.clone().expect("heuristics read");
    let eval = Evaluator::new(&loaded.model, &h).expect("evaluator");
    (Interpreter::new(loaded.model), eval)
}

#[test]
fn mover_dependent_terms_on_hand_made_positions() {
    // P1 on 0 and 1, P2 on 8, P2 to move. P1's steps as if it moved: from
    // 0 to 3 and 4, from 1 to 2, 3, 4 and 5 (6 moves, 4 distinct targets);
    // P2's: from 8 to 4, 5 and 7.
    let pieces = [(0, 1), (1, 1), (8, 2)];
    let (g, e) = steppers("{(mobilityAdvanced)}");
    close(value(&g, &e, &pieces, 2, 1), 6.0);
    close(value(&g, &e, &pieces, 2, 2), 3.0);
    let (g, e) = steppers("{(mobilitySimple)}");
    close(value(&g, &e, &pieces, 2, 1), 0.0);
    close(value(&g, &e, &pieces, 2, 2), 3.0);
    // influenceAdvanced: distinct targets over the 9 sites.
    let (g, e) = steppers("{(influenceAdvanced)}");
    close(value(&g, &e, &pieces, 2, 1), 4.0 / 9.0);
    close(value(&g, &e, &pieces, 2, 2), 3.0 / 9.0);
    let (g, e) = steppers("{(influence)}");
    close(value(&g, &e, &pieces, 2, 1), 0.0);
    let (g, e) = steppers("{(currentMoverHeuristic weight:2)}");
    close(value(&g, &e, &pieces, 2, 1), 0.0);
    close(value(&g, &e, &pieces, 2, 2), 2.0);
}

#[test]
fn region_and_map_terms_on_hand_made_positions() {
    // ownRegionsCount: pieces of anyone on the player's own regions.
    let pieces = [(0, 1), (4, 1), (6, 2), (7, 1)];
    let (g, e) = steppers("{(ownRegionsCount)}");
    close(value(&g, &e, &pieces, 1, 1), 1.0);
    close(value(&g, &e, &pieces, 1, 2), 2.0);
    // playerRegionsProximity player:2: distances to the top row are 2, 1
    // and 0 by rows (the largest 2); P1's pieces score 0 + 1/2 + 1, P2's 1.
    let (g, e) = steppers("{(playerRegionsProximity player:2)}");
    close(value(&g, &e, &pieces, 1, 1), 1.5);
    close(value(&g, &e, &pieces, 1, 2), 1.0);
    // With piece weights: only P1's Disc1, weighted 2.
    let (g, e) =
        steppers("{(playerRegionsProximity player:1 pieceWeights:{(pair \"Disc1\" 2.0)})}");
    close(value(&g, &e, &pieces, 1, 1), 2.0 * (1.0 + 0.5 + 0.0));
    close(value(&g, &e, &pieces, 1, 2), 0.0);
    // playerSiteMapCount: 1 maps to B1 (empty here, then occupied); 2 maps
    // to A1, site 0, which Ludii skips (0 is its map's "no entry" value).
    let (g, e) = steppers("{(playerSiteMapCount)}");
    close(value(&g, &e, &pieces, 1, 1), 0.0);
    close(value(&g, &e, &[(1, 2)], 1, 1), 1.0);
    close(value(&g, &e, &pieces, 1, 2), 0.0);
    // componentValues: no supported ludeme sets a piece's value, so 0.
    let (g, e) = steppers("{(componentValues)}");
    close(value(&g, &e, &pieces, 1, 1), 0.0);
}

#[test]
fn unknown_and_unsupported_terms_are_errors_naming_them() {
    for (term, says) in [
        ("(fooBar)", "unknown heuristic term `fooBar`"),
        (
            "(unthreatenedMaterial)",
            "unsupported heuristic term `unthreatenedMaterial`",
        ),
    ] {
        let text = format!(
            "(game \"T\" (players 2) (equipment {{ (board (square 3)) (piece \"Disc\" Each) }}) \
             (rules (play (move Add (to (sites Empty)))) (end (if (is Line 3) (result Mover Win))))) \
             (metadata (ai (heuristics {{ {term} }})))"
        );
        let err = inline_game(&text).expect_err("an unknown term");
        assert!(err.contains(says), "{err}");
    }
}

#[test]
fn no_heuristics_means_ludii_default() {
    let text = "(game \"T\" (players 2) (equipment { (board (square 3)) (piece \"Disc\" Each) }) \
                (rules (play (move Add (to (sites Empty)))) (end (if (is Line 3) (result Mover Win)))))";
    let loaded = load_str(
        Path::new("t.lud"),
        text,
        &DefineLibrary::empty(),
        &Config::default(),
    )
    .unwrap();
    let h = loaded.model.heuristics.unwrap();
    assert!(matches!(h.origin, Origin::Default { .. }));
    let kinds: Vec<_> = h.terms.iter().map(|t| (t.kind.clone(), t.weight)).collect();
    assert_eq!(
        kinds,
        vec![
            (TermKind::Material { board_only: false }, 1.0),
            (TermKind::MobilitySimple, 0.001)
        ]
    );
}

#[test]
fn ludii_ai_defines_are_read() {
    let Some(ludii) = shared("ludii") else { return };
    let load_ai = |lud: &str| {
        let config = Config {
            def_dirs: vec![ludii.join("def")],
            ai_dirs: vec![ludii.join("def_ai")],
            ..Config::default()
        };
        load(&ludii.join("lud/board").join(lud), &config).unwrap_or_else(|e| panic!("{e}"))
    };
    // Connect Four's define gives its heuristics under (useFor {"Modelisation/1D"} ...).
    let c4 = load_ai("space/line/Connect Four.lud")
        .model
        .heuristics
        .unwrap();
    assert_eq!(
        c4.origin,
        Origin::Metadata {
            define: Some("Connect Four_ai".into()),
            trained: true
        }
    );
    assert_eq!(
        c4.terms[0].kind,
        TermKind::LineCompletion {
            target_length: None
        }
    );
    let ttt = load_ai("space/line/Tic-Tac-Toe.lud")
        .model
        .heuristics
        .unwrap();
    assert_eq!(ttt.terms[0].kind, TermKind::CornerProximity);
    assert_eq!(ttt.terms[0].weight, -1.0);
    let loa = load_ai("space/group/Lines of Action.lud")
        .model
        .heuristics
        .unwrap();
    assert_eq!(loa.terms[0].kind, TermKind::CentreProximity);
    // Chess's define weighs mobilityAdvanced beside material.
    let chess = load_ai("war/replacement/checkmate/chess/Chess.lud")
        .model
        .heuristics
        .unwrap();
    assert_eq!(chess.terms[1].kind, TermKind::MobilityAdvanced);
    assert_eq!(chess.terms[1].weight, 0.02);
    // Without the def_ai directory: Ludii's default, saying which define is missing.
    let config = Config {
        def_dirs: vec![ludii.join("def")],
        ..Config::default()
    };
    let gomoku = load(&ludii.join("lud/board/space/line/Gomoku.lud"), &config).unwrap();
    assert_eq!(
        gomoku.model.heuristics.unwrap().origin,
        Origin::Default {
            missing_define: Some("Gomoku_ai".into())
        }
    );
}

/// P1 (Disc) on 0 and 1, P2 on 3 and 4: P1 wins at once on 2.
fn win_in_one(g: &Interpreter) -> ludemic_compiler::interp::State {
    g.position(&[(0, 1), (1, 1), (3, 2), (4, 2)], 1, 4)
}

#[test]
fn alpha_beta_finds_the_win_in_one() {
    let (g, e) = tic_tac_toe(WIN, "{(cornerProximity weight:-1.0)}");
    let state = win_in_one(&g);
    for depth in [1, 2, 3] {
        for seed in 0..20 {
            let mut ab = AlphaBeta::new(depth, &e, seed);
            let mv = ab.select(&g, &state);
            assert_eq!(g.move_key(mv).to_string(), "-1>2", "AB_{depth} seed {seed}");
        }
    }
    // The opponent's threat: P2 to move must block on 2 at depth 2 (else
    // P1 wins next move, worth -1,000,000).
    let state = g.position(&[(0, 1), (1, 1), (4, 2)], 2, 3);
    for seed in 0..20 {
        let mut ab = AlphaBeta::new(2, &e, seed);
        assert_eq!(g.move_key(ab.select(&g, &state)).to_string(), "-1>2");
    }
}

#[test]
fn heuristic_sampling_takes_wins_and_avoids_losses() {
    let (g, e) = tic_tac_toe(WIN, "{(cornerProximity weight:-1.0)}");
    let state = win_in_one(&g);
    // HS_{1/1} samples every move, so it always sees the win.
    for seed in 0..20 {
        let mut hs = HeuristicSampling::new(1, true, &e, seed);
        assert_eq!(g.move_key(hs.select(&g, &state)).to_string(), "-1>2");
    }
    // HS_{1/4}: 5 moves, 2 sampled: the win whenever it was sampled, so in
    // about 2/5 of the seeds; never anything else when it was.
    let wins = (0..200)
        .filter(|&seed| {
            let mut hs = HeuristicSampling::new(4, true, &e, seed);
            g.move_key(hs.select(&g, &state)).to_string() == "-1>2"
        })
        .count();
    assert!((50..=110).contains(&wins), "{wins} of 200");
    // Misère: three in a row loses.
    let (g, e) = tic_tac_toe("(if (is Line 3) (result Mover Loss))", "{(material)}");
    // P1 on 0 and 1 (row), 8; P2 on 3, 4, 6, 7: empty 2 (completes P1's
    // row: loses) and 5. Both are sampled (max(2, ⌈2/n⌉) = 2).
    let state = g.position(
        &[(0, 1), (1, 1), (8, 1), (3, 2), (4, 2), (6, 2), (7, 2)],
        1,
        7,
    );
    for n in [1, 2, 8] {
        for seed in 0..20 {
            let mut hs = HeuristicSampling::new(n, true, &e, seed);
            assert_eq!(g.move_key(hs.select(&g, &state)).to_string(), "-1>5");
        }
    }
}

#[test]
fn uct_never_loses_tic_tac_toe_to_random() {
    let path = root().join("games/tic-tac-toe.lud");
    let config = Config {
        def_dirs: vec![root().join("games/def")],
        ..Config::default()
    };
    let g = Interpreter::new(load(&path, &config).unwrap().model);
    let e = Evaluator::new(g.model(), g.model().heuristics.as_ref().unwrap()).unwrap();
    let (mut wins, mut losses) = (0, 0);
    for game in 0..200u64 {
        let uct_seat = (game % 2) as usize;
        let mut uct = AgentSpec::Uct(1000).build(Some(&e), game).unwrap();
        let mut random = AgentSpec::Random.build(Some(&e), game + 1000).unwrap();
        let mut agents: Vec<&mut dyn Agent<Interpreter>> = if uct_seat == 0 {
            vec![uct.as_mut(), random.as_mut()]
        } else {
            vec![random.as_mut(), uct.as_mut()]
        };
        let mut rng = Xoshiro256PlusPlus::from_seed_u64(game);
        let record = play_game(&g, &mut agents, None, &mut rng);
        let winner = record.outcome.unwrap().winner as usize;
        if winner == uct_seat + 1 {
            wins += 1;
        } else if winner != 0 {
            losses += 1;
        }
    }
    assert_eq!(losses, 0);
    assert!(wins >= 180, "UCT won {wins} of 200");
}

#[test]
fn agents_are_deterministic_for_a_seed() {
    let (g, e) = tic_tac_toe(WIN, "{(cornerProximity weight:-1.0)}");
    for spec in ["random", "uct:50", "ab:2", "hs:2", "hs-nostc:2"] {
        let spec: AgentSpec = spec.parse().unwrap();
        let run = |seed: u64| {
            let mut a = spec.build(Some(&e), seed).unwrap();
            let mut b = spec.build(Some(&e), seed + 1).unwrap();
            let mut agents: Vec<&mut dyn Agent<Interpreter>> = vec![a.as_mut(), b.as_mut()];
            let r = play_game(
                &g,
                &mut agents,
                None,
                &mut Xoshiro256PlusPlus::from_seed_u64(seed),
            );
            (r.moves, r.turns, r.outcome.unwrap().winner)
        };
        assert_eq!(run(7), run(7), "{spec}");
    }
}
