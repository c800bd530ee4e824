//! Ludii's own rules of play that every back end follows, in one place:
//! the turn and move limits, when a round of passes ends the game, and the
//! sites the start rules fill. The interpreter, the analyses and the code
//! generator read them from here (see `docs/ludii-semantics.md`).

use crate::ir::{GameModel, Site};

/// Ludii's default turn limit per player (`Constants.DEFAULT_TURN_LIMIT`).
pub const TURN_LIMIT_PER_PLAYER: u32 = 1250;

/// Ludii's default move limit (`Constants.DEFAULT_MOVES_LIMIT`).
pub const MOVE_LIMIT: u32 = 10_000;

/// The turn limit of a game of `players` players.
pub fn turn_limit(players: u8) -> u32 {
    TURN_LIMIT_PER_PLAYER * players as u32
}

/// Ludii's `Game.requiresAllPass`: whether a round in which every player
/// passed ends the game in a draw (`End.eval`). Ludii turns it off
/// (`GameType.NotAllPass`) in games with dice, in games whose rules test
/// `(all Passed)` themselves (Go ends with its own scoring, and a first
/// pass is not yet a round of passes there), and in one-player games with
/// a `(move Pass)` rule.
pub fn all_pass_draw(model: &GameModel) -> bool {
    let rules = format!("{:?} {:?}", model.phases, model.end);
    let one_player_passes = model.num_players == 1 && rules.contains("Pass {");
    model.dice.is_none() && !rules.contains("AllPassed") && !one_player_passes
}

/// The board sites each component (index: `what`, 0 for the empty sites)
/// occupies once the start rules are applied (`(sites Start ...)`): the
/// placements in order, a later one replacing what stands on its sites
/// (the interpreter's `put`), a stack showing its top piece.
pub fn start_sites(model: &GameModel) -> Vec<Vec<Site>> {
    let n = model.board.num_sites();
    let mut what = vec![0usize; n];
    for placement in &model.start {
        let component = placement.component + 1;
        let stacked = |i: usize| placement.stacked.get(i).copied();
        for (i, &site) in placement.sites.iter().enumerate() {
            // A stack of none leaves its site as it was.
            if (site as usize) < n && stacked(i) != Some(0) {
                what[site as usize] = component;
            }
        }
    }
    let mut sites = vec![Vec::new(); model.components.len() + 1];
    for (site, &w) in what.iter().enumerate() {
        sites[w].push(site as Site);
    }
    sites
}

/// Ludii's `GameType.CycleDetection`: some rule reads `(is Cycle)`, so
/// the state reached after every move is recorded (`Game.applyInternal`
/// adds its `stateHash` to `Trial.previousState`).
pub fn detects_cycles(model: &GameModel) -> bool {
    format!("{:?}{:?}", model.phases, model.end).contains("IsCycle")
}

/// The track a sow follows (Ludii's `Sow.eval`), by index: the first one
/// without a name; the first of that name without `owner:`; with `owner:`
/// (its value `owner`), the first of that owner whose name contains the name.
pub fn sow_track(model: &GameModel, sow: &crate::ir::Sow, owner: Option<i64>) -> Option<usize> {
    model.tracks.iter().position(|t| match (&sow.track, owner) {
        (None, _) => true,
        (Some(name), None) => &t.name == name,
        (Some(name), Some(o)) => t.owner as i64 == o && t.name.contains(name.as_str()),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn model(text: &str) -> GameModel {
        let library = crate::expand::DefineLibrary::empty();
        let path = std::path::Path::new("inline.lud");
        crate::load_str(path, text, &library, &crate::Config::default())
            .unwrap_or_else(|e| panic!("{e}"))
            .model
    }

    #[test]
    fn each_placement_fills_its_sites_that_are_empty() {
        let m = model(
            "(game \"S\" (players 2) (equipment {(board (square 3)) (piece \"Disc\" Each)})\n\
             (rules (start {(place \"Disc1\" (sites Bottom)) (place \"Disc2\" (sites Left))})\n\
             (play (move Add (to (sites Empty)))) (end (if (is Line 3) (result Mover Win)))))",
        );
        let sites = start_sites(&m);
        // Site 0 is the first placement's: the second fills the rest of
        // its sites (the lowering leaves site 0 out, as Ludii does).
        assert_eq!(sites[1], [0, 1, 2]);
        assert_eq!(sites[2], [3, 6]);
        assert_eq!(sites[0], [4, 5, 7, 8]);
    }

    /// The start sites are where the interpreter's initial state has each
    /// piece, for every bundled game (stacks, counts and hands among them).
    #[test]
    fn start_sites_are_the_initial_state_s_pieces() {
        let games = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../games");
        let config = crate::Config {
            def_dirs: vec![games.join("def")],
            ..crate::Config::default()
        };
        let mut seen = 0;
        for entry in std::fs::read_dir(&games).expect("games/") {
            let path = entry.expect("an entry").path();
            if path.extension().and_then(|e| e.to_str()) != Some("lud") {
                continue;
            }
            let model = crate::load(&path, &config).expect("a bundled game").model;
            let game = crate::interp::Interpreter::new(model.clone());
            let state = ludemic_runtime::Game::initial_state(&game);
            let sites = start_sites(&model);
            for (what, sites) in sites.iter().enumerate() {
                for &site in sites {
                    assert_eq!(
                        state.what[site as usize] as usize, what,
                        "{path:?} site {site}"
                    );
                }
            }
            seen += 1;
        }
        assert!(seen >= 30, "the bundled games");
    }

    #[test]
    fn the_limits_are_ludii_s() {
        assert_eq!(turn_limit(2), 2500);
        assert_eq!(MOVE_LIMIT, 10_000);
    }
}
