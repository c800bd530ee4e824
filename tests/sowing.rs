//! The sowing (mancala) family (docs/ludii-semantics.md §27): Ludii's
//! mancala boards and tracks, `(move Select ...)`, `(sow ...)` with its
//! captures, `(fromTo ... count:N)`, maps and final scores. Inline games
//! for the rules, and library games replayed against Ludii's trials (skipped
//! with a printed reason when `../shared` is absent).

mod common;

use common::{play_key as play, sorted_keys as keys};
use ludemic_compiler::interp::{Interpreter, State};
use ludemic_runtime::trial::{read_trials, replay};
use ludemic_runtime::{Game, MoveBuffer, Status};

fn game(text: &str) -> Interpreter {
    common::inline_game(text).unwrap_or_else(|e| panic!("{e}"))
}

fn load_error(text: &str) -> String {
    match common::inline_game(text) {
        Ok(_) => panic!("expected an error"),
        Err(e) => e,
    }
}

fn counts(state: &State, sites: std::ops::Range<u16>) -> Vec<u32> {
    sites.map(|s| state.count_at(s)).collect()
}

/// Kalah as Ludii's library writes it (after expansion): two stores, the
/// track through both, a last seed in one's store moves again, a last seed
/// in an empty own hole captures the opposite hole.
const KALAH: &str = r#"(game "Kalah" (players 2)
  (equipment {
    (mancalaBoard 2 6 (track "Track" "0,ESE,E,ENE,WNW,N,W" loop:True))
    (regions P1 (sites Bottom)) (regions P2 (sites Top))
    (map {(pair P1 LastSite) (pair P2 FirstSite)})
    (piece "Seed" Shared) })
  (rules
    (start (set Count 4 to:(union (sites P1) (sites P2))))
    (play (move Select (from (sites Mover) if:(> (count at:(from)) 0))
      (then (sow
        apply:(if (= (to) (mapEntry (mover))) (moveAgain)
          (if (and { (is In (to) (sites Mover)) (= (count at:(to)) 1)
                     (> (count at:(if (is Mover P1) (+ (to) 6) (- (to) 6))) 0) })
            (and
              (fromTo (from (to)) (to (mapEntry (mover))) count:(count at:(to)))
              (fromTo (from (if (is Mover P1) (+ (to) 6) (- (to) 6))) (to (mapEntry (mover)))
                count:(count at:(if (is Mover P1) (+ (to) 6) (- (to) 6)))))))
        skipIf:(= (to) (mapEntry (next)))))))
    (end (if (no Moves Mover)
      (byScore { (score P1 (+ (count at:(mapEntry P1)) (count in:(sites P1))))
                 (score P2 (+ (count at:(mapEntry P2)) (count in:(sites P2)))) })))))"#;

#[test]
fn the_mancala_board_numbers_the_stores_around_the_rows() {
    let g = game(KALAH);
    let s = g.initial_state();
    // Left store 0, bottom row 1-6, top row 7-12, right store 13.
    assert_eq!(
        counts(&s, 0..14),
        [0, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 0]
    );
    assert_eq!(
        keys(&g, &s),
        ["-1>1", "-1>2", "-1>3", "-1>4", "-1>5", "-1>6"]
    );
}

#[test]
fn sowing_drops_one_seed_a_hole_along_the_track_and_the_store_gives_another_move() {
    let g = game(KALAH);
    let mut s = g.initial_state();
    // Four seeds from hole 3: 4, 5, 6 and P1's store (13): P1 moves again.
    play(&g, &mut s, "-1>3");
    assert_eq!(
        counts(&s, 0..14),
        [0, 4, 4, 0, 5, 5, 5, 4, 4, 4, 4, 4, 4, 1]
    );
    assert_eq!(s.mover(), 1);
    // Six seeds from hole 6 (5 now): 13, then 12, 11, 10, 9 along the top.
    play(&g, &mut s, "-1>6");
    assert_eq!(
        counts(&s, 0..14),
        [0, 4, 4, 0, 5, 5, 0, 4, 4, 5, 5, 5, 5, 2]
    );
    assert_eq!(s.mover(), 2);
}

#[test]
fn a_last_seed_in_an_empty_own_hole_captures_the_opposite_hole() {
    let g = game(KALAH);
    let mut s = g.initial_state();
    play(&g, &mut s, "-1>6"); // 13, 12, 11, 10
    play(&g, &mut s, "-1>9"); // P2 westwards: 8, 7, P2's store 0, 1
    assert_eq!(counts(&s, 0..2), [1, 5]);
    play(&g, &mut s, "-1>2"); // 3, 4, 5 and 6, empty until now
                              // The last seed and the 5 seeds opposite (hole 12) go to P1's store.
    assert_eq!((s.count_at(6), s.count_at(12)), (0, 0));
    assert_eq!(s.count_at(13), 1 + 1 + 5);
    assert_eq!(s.mover(), 2);
}

#[test]
fn the_game_ends_by_the_final_scores() {
    let g = game(KALAH);
    let mut s = g.initial_state();
    let mut legal = MoveBuffer::new();
    let mut n = 0;
    while matches!(g.status(&s), Status::Ongoing { .. }) && n < 500 {
        g.legal_moves(&s, &mut legal);
        let mv = legal[n % legal.len()];
        g.apply(&mut s, mv);
        n += 1;
    }
    let Status::Over(outcome) = g.status(&s) else {
        panic!("Kalah ends")
    };
    // 48 seeds in all: the final scores are the seeds each side holds.
    assert_eq!(s.score(1) + s.score(2), 48);
    let best = if s.score(1) > s.score(2) { 1 } else { 2 };
    if s.score(1) != s.score(2) {
        assert_eq!(outcome.winner, best);
    }
}

#[test]
fn unimplemented_sow_arguments_are_refused_with_their_place() {
    let text = KALAH.replace("skipIf:", "sowEffect:(moveAgain) skipIf:");
    let e = load_error(&text);
    assert!(e.contains("sowEffect"), "{e}");
    let e = load_error(&KALAH.replace("(mancalaBoard 2 6", "(mancalaBoard 2 6 numStores:1"));
    assert!(e.contains("mancalaBoard"), "{e}");
}

/// Library games of the family replayed against Ludii's trials.
const REPLAYED: &[&str] = &[
    "two_rows/Kalah.lud",
    "two_rows/FairKalah.lud",
    "two_rows/Wari.lud",
    "two_rows/Mankala.lud",
    "two_rows/La'b Akila.lud",
    "two_rows/Kapana Bona.lud",
    "two_rows/Mangala (Turkey).lud",
    // Sites selected by two rules (Ludii lists both moves).
    "two_rows/Um el-Bagara.lud",
    // `(forEach ... (result Player Loss))` ends and `(sites Mover "Inner")`.
    "four_rows/Hawalis.lud",
    "four_rows/Moruba.lud",
    // A sow inside a capture, reading the state right after the first sow.
    "four_rows/Nsumbi.lud",
    // `(set Var ...)`, `(set Value Mover N)`, `(forEach NonMover ...)` ends.
    "four_rows/Katra.lud",
    // `(trackSite Move ...)`, and `(last To afterConsequence:True)` inside
    // the consequences (the selected hole, not the last seed).
    "two_rows/Andada.lud",
    // `(do (move Select ...) ifAfterwards:(< 0 (count in:(sites Next))))`.
    "two_rows/Awari.lud",
    // `(move (from (site)) (to ...) count:(count at:(site)))` in a `forEach Site`.
    "four_rows/Isolo.lud",
];

/// The trials' slug of a library file, from the trials' manifest.
fn slug(manifest: &serde_json::Value, lud: &str) -> String {
    let path = format!("board/sow/{lud}");
    manifest
        .as_array()
        .and_then(|all| all.iter().find(|g| g["lud"] == path.as_str()))
        .and_then(|g| g["slug"].as_str())
        .unwrap_or_else(|| panic!("{path} is not in the manifest"))
        .to_owned()
}

#[test]
fn library_mancala_games_replay_ludii_s_trials() {
    let (Some(ludii), Some(trials)) = (
        common::shared("ludii"),
        common::shared("reference/ludii-library-trials"),
    ) else {
        return;
    };
    let manifest: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(trials.join("manifest.json")).expect("the trials' manifest"),
    )
    .expect("a JSON manifest");
    for lud in REPLAYED {
        let g = common::corpus_game(&ludii, &format!("board/sow/{lud}"), &[]);
        let file = trials.join(format!("{}.jsonl.gz", slug(&manifest, lud)));
        let all = read_trials(&file).unwrap_or_else(|e| panic!("{e}"));
        assert!(!all.is_empty(), "{}", file.display());
        for trial in &all {
            if let Err(m) = replay(&g, trial) {
                panic!("{lud} seed {}: {m}", trial.seed);
            }
        }
    }
}

/// Rows without stores, "Home" regions per player, and an end rule per player.
fn homes(end: &str) -> String {
    format!(
        r#"(game "Homes" (players 2)
  (equipment {{
    (mancalaBoard 2 3 store:None (track "Track" "0,E,N,W" loop:True))
    (regions "Home" P1 (sites Bottom)) (regions "Home" P2 (sites Top))
    (piece "Seed" Shared) }})
  (rules (start (set Count 1 to:(sites Track)))
    (play (move Select (from (sites Mover "Home") if:(> (count at:(from)) 0)) (then (sow))))
    (end ({end} if:(= 0 (count in:(sites Player "Home"))) (result Player Loss)))))"#
    )
}

#[test]
fn named_regions_of_the_mover_and_end_rules_for_each_player() {
    for (end, p1_loses) in [("forEach Player", true), ("forEach NonMover", false)] {
        let g = game(&homes(end));
        let s = g.initial_state();
        assert_eq!(keys(&g, &s), ["-1>0", "-1>1", "-1>2"]);
        // One seed on 2 (P1's) and one on 3 (P2's): P1 sows it to 5 and
        // has none left at home.
        let mut s = g.position(&[(2, 1), (3, 1)], 1, 0);
        play(&g, &mut s, "-1>2");
        assert_eq!((s.count_at(2), s.count_at(5)), (0, 1));
        match g.status(&s) {
            Status::Over(outcome) => {
                assert!(p1_loses, "{end}: the mover is not checked");
                assert_eq!(outcome.winner, 2);
            }
            Status::Ongoing { mover } => {
                assert!(!p1_loses, "{end}: P1 has no seed at home");
                assert_eq!(mover, 2);
            }
        }
    }
}
