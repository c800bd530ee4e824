//! The Ludii–Polygames tensor layout of a game model, as Ludii's
//! `LudiiGameWrapper.computeTensorCoords` computes it: the grid from the
//! distinct coordinates of the board's sites, the hands pasted beside it
//! (with Ludii's bug for hand columns), the state channels the game's flags
//! call for and the move channels. See `docs/tensors.md`.

use ludemic_runtime::tensor::{Container, TensorLayout, LOCAL_STATE_CHANNELS, STACK_CHANNELS};
use ludemic_runtime::TensorError;

use crate::ir::{GameModel, SiteType};

/// Coordinates within this distance are one (Ludii's `EPSILON`).
const EPSILON: f64 = 0.00001;

/// Ludii's `moveTensorDistClip` for games with the `UsesFromPositions` flag.
const DIST_CLIP: i32 = 3;

/// The ranks of `values` among their distinct values, clustered as Ludii
/// does: sorted (stably), a value starts a new rank when it exceeds the
/// first value of the current rank by more than [`EPSILON`].
fn ranks(values: &[f64]) -> (Vec<usize>, usize) {
    let mut order: Vec<usize> = (0..values.len()).collect();
    order.sort_by(|&a, &b| values[a].total_cmp(&values[b]));
    let mut rank = vec![0; values.len()];
    let mut current = 0;
    let mut start = values[order[0]];
    for &i in &order {
        if values[i] - EPSILON > start {
            current += 1;
            start = values[i];
        }
        rank[i] = current;
    }
    (rank, current)
}

/// The tensor layout of `model`, or why Ludii's tensors cannot represent it
/// (or ludemic cannot yet reproduce them).
pub fn layout(model: &GameModel) -> Result<TensorLayout, TensorError> {
    let unsupported = |what: &str| Err(TensorError(format!("tensors: {what}")));
    let flags = &model.ludii_flags;
    if model.dice.is_some() {
        return unsupported(
            "games with dice are not supported (Ludii's dice container and die components)",
        );
    }
    if flags.vote {
        return unsupported("games with votes are not supported (proposition and vote channels)");
    }
    if flags.bet {
        return unsupported("games with bets are not supported (amount channels)");
    }
    if flags.shared_pieces {
        return unsupported(
            "`Shared` pieces or hands are not supported (Ludii gives them owner n+1, the model 0)",
        );
    }
    if flags.stacking != model.stacking {
        return unsupported(&format!(
            "Ludii's stacking flag ({}) differs from the model's ({})",
            flags.stacking, model.stacking
        ));
    }
    let board = &model.board;
    let board_sites = board.num_sites();
    if board_sites == 0 {
        return unsupported("the board has no sites");
    }
    if let Some(h) = model.hands.first() {
        if h.first as usize != board_sites {
            return unsupported(&format!(
                "the hands start at site {} after a board of {board_sites} sites \
                 (Ludii's coordinates would then miss them)",
                h.first
            ));
        }
    }
    let xs: Vec<f64> = board.sites.iter().map(|s| s.x).collect();
    let ys: Vec<f64> = board.sites.iter().map(|s| s.y).collect();
    let (x_rank, max_x) = ranks(&xs);
    let (y_rank, max_y) = ranks(&ys);
    let total = model.total_sites();
    let mut coords = vec![(0usize, 0usize); total];
    for s in 0..board_sites {
        coords[s] = (x_rank[s], y_rank[s]);
    }
    let mut dim_x = max_x + 1;
    let mut dim_y = max_y + 1;
    let mut containers = vec![Container {
        name: "Board".to_owned(),
        first: 0,
        size: board_sites,
    }];
    for h in &model.hands {
        containers.push(Container {
            name: format!("Hand{}", h.owner),
            first: h.first as usize,
            size: h.size as usize,
        });
    }
    let num_containers = containers.len();
    if num_containers > 1 {
        let max_hand = containers[1..]
            .iter()
            .map(|c| c.size - 1)
            .max()
            .unwrap_or(0);
        let as_rows = (max_x < max_y && max_hand <= max_x) || (max_hand > max_x && max_x > max_y);
        if as_rows {
            dim_y += num_containers;
            if max_hand > max_x {
                dim_x += max_hand - max_x;
            }
            let mut next = board_sites;
            for (c, cont) in containers.iter().enumerate().skip(1) {
                for site in 0..cont.size {
                    coords[next + site] = (site, max_y + 1 + c);
                }
                next += cont.size;
            }
        } else {
            dim_x += num_containers;
            if max_hand > max_y {
                dim_y += max_hand - max_y;
            }
            // Ludii's bug: every container starts at the first hand's sites.
            for (c, cont) in containers.iter().enumerate().skip(1) {
                for site in 0..cont.size {
                    coords[board_sites + site] = (max_x + 1 + c, site);
                }
            }
        }
    }
    let piece_types = model.components.len();
    let stacking = model.stacking;
    let count = !stacking && (!model.hands.is_empty() || flags.count);
    let local_state = flags.site_state;
    let mut names = Vec::new();
    for (i, c) in model.components.iter().enumerate() {
        let e = i + 1;
        if stacking {
            for from in ["bottom", "top"] {
                for level in 0..STACK_CHANNELS / 2 {
                    names.push(format!(
                        "Piece Type {e} ({}) at level {level} from stack {from}.",
                        c.name
                    ));
                }
            }
        } else {
            names.push(format!("Piece Type {e} ({})", c.name));
        }
    }
    if stacking {
        names.push("Stack sizes (non-binary channel!)".to_owned());
    }
    if count {
        names.push("Counts (non-binary channel!)".to_owned());
    }
    let num_players = model.num_players as usize;
    if num_players > 1 {
        for p in 1..=num_players {
            names.push(format!("Is Player {p} the current mover?"));
        }
    }
    if local_state {
        for i in 0..LOCAL_STATE_CHANNELS {
            if i + 1 == LOCAL_STATE_CHANNELS {
                names.push(format!("Local state >= {i}"));
            } else {
                names.push(format!("Local state == {i}"));
            }
        }
    }
    if model.swap {
        names.push("Did Swap Occur?".to_owned());
    }
    for (c, cont) in containers.iter().enumerate() {
        names.push(format!(
            "Does position exist in container {c} ({})?",
            cont.name
        ));
    }
    names.extend(
        [
            "Last move's from-position",
            "Last move's to-position",
            "Second-to-last move's from-position",
            "Second-to-last move's to-position",
        ]
        .map(str::to_owned),
    );
    Ok(TensorLayout {
        num_players,
        dim_x,
        dim_y,
        coords,
        board_sites,
        board_is_cell: board.site_type == SiteType::Cell,
        containers,
        piece_types,
        stacking,
        count,
        local_state,
        swap: model.swap,
        dist_clip: if flags.uses_from_positions {
            DIST_CLIP
        } else {
            0
        },
        channel_names: names,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_cluster_within_epsilon_from_the_first_of_a_rank() {
        let (r, max) = ranks(&[0.5, 0.0, 0.000004, 0.000008, 0.000012, 1.0]);
        // 0.000012 - 0.00001 > 0.0: a new rank starts there.
        assert_eq!(r, vec![2, 0, 0, 0, 1, 3]);
        assert_eq!(max, 3);
    }
}
