//! Ludii's game flags that the tensors depend on, read from the expanded
//! description as Ludii computes them: each ludeme contributes its flags
//! whether or not a rule ever uses it (`Game.computeGameFlags` ORs the
//! flags of the equipment, the components' own moves and every rule).

use crate::board::Relation;
use crate::ir::LudiiFlags;
use crate::syntax::Node;

use super::Cx;

/// The flags of the `(game ...)` form `game`.
pub(super) fn ludii_flags(game: &Node) -> LudiiFlags {
    let mut flags = LudiiFlags::default();
    visit(game, &mut flags);
    flags
}

/// The relation of Ludii's one table of step distances (`Game.create`
/// builds it for the first of the `GameType.Step*Distance` flags, in the
/// order Adjacent, All, OffDiagonal, Diagonal, Orthogonal, that the game's
/// `(count Steps ...)` ludemes raise; Adjacent by default).
pub(super) fn step_distance(game: &Node) -> Relation {
    fn visit(node: &Node, used: &mut Vec<Relation>) {
        if Cx::ludeme_name(node) == "count Steps" {
            let named = node.args().iter().find_map(|a| match a.value.atom() {
                Some("All") => Some(Relation::All),
                Some("OffDiagonal") => Some(Relation::OffDiagonal),
                Some("Diagonal") => Some(Relation::Diagonal),
                Some("Orthogonal") => Some(Relation::Orthogonal),
                _ => None,
            });
            used.push(named.unwrap_or(Relation::Adjacent));
        }
        node.args().iter().for_each(|a| visit(&a.value, used));
    }
    let mut used = Vec::new();
    visit(game, &mut used);
    [
        Relation::Adjacent,
        Relation::All,
        Relation::OffDiagonal,
        Relation::Diagonal,
        Relation::Orthogonal,
    ]
    .into_iter()
    .find(|r| used.contains(r))
    .unwrap_or(Relation::Adjacent)
}

fn visit(node: &Node, flags: &mut LudiiFlags) {
    if node.head().is_some() {
        form(node, flags);
    }
    for arg in node.args() {
        visit(&arg.value, flags);
    }
}

fn labeled<'a>(node: &'a Node, label: &str) -> Option<&'a Node> {
    node.args()
        .iter()
        .find(|a| a.label.as_deref() == Some(label))
        .map(|a| &a.value)
}

fn is_true(node: Option<&Node>) -> bool {
    node.and_then(Node::atom)
        .is_some_and(|a| a.eq_ignore_ascii_case("true"))
}

/// The integer a literal argument holds.
fn literal(node: Option<&Node>) -> Option<i64> {
    node.and_then(Node::atom).and_then(|a| a.parse().ok())
}

fn has_bare_atom(node: &Node, atom: &str) -> bool {
    node.args()
        .iter()
        .any(|a| a.label.is_none() && a.value.atom() == Some(atom))
}

fn has_form(node: &Node, head: &str) -> bool {
    node.args().iter().any(|a| a.value.head() == Some(head))
}

/// One ludeme's own flags (its arguments are visited separately).
fn form(node: &Node, flags: &mut LudiiFlags) {
    let name = Cx::ludeme_name(node);
    let head = node.head().unwrap_or_default();
    match name.as_str() {
        // Step, Hop, Slide, Leap, Shoot, FromTo, Custodial, Intervene,
        // Sow, Attract, SwapPieces, PlayCard: `GameType.UsesFromPositions`.
        "move Step" | "move Hop" | "move Slide" | "move Leap" | "move Shoot" | "step" | "hop"
        | "slide" | "leap" | "shoot" | "custodial" | "intervene" | "attract" | "move Attract"
        | "fromTo" | "move PlayCard" | "playCard" => flags.uses_from_positions = true,
        "sow" => {
            flags.uses_from_positions = true;
            flags.count = true;
        }
        "move Swap" | "swap Pieces" if name == "swap Pieces" || has_bare_atom(node, "Pieces") => {
            flags.uses_from_positions = true
        }
        "is Visited" => flags.visited = true,
        // Select sets it only with a `to`.
        "move Select" if has_form(node, "to") => flags.uses_from_positions = true,
        // `(move (from ...) (to ...))`: FromTo.
        "move" if has_form(node, "from") => {
            flags.uses_from_positions = true;
            if is_true(labeled(node, "stack")) {
                flags.stacking = true;
            }
            // FromTo's `levelFrom`: a `level:` in its `(from ...)`.
            if node
                .args()
                .iter()
                .any(|a| a.value.head() == Some("from") && labeled(&a.value, "level").is_some())
            {
                flags.stacking = true;
            }
        }
        // Add: `stack:True` or a level stacks; a count other than the
        // constant 1 counts; a piece with a state uses local state.
        "move Add" | "add" => {
            if is_true(labeled(node, "stack")) {
                flags.stacking = true;
            }
            if node
                .args()
                .iter()
                .any(|a| a.value.head() == Some("to") && labeled(&a.value, "level").is_some())
            {
                flags.stacking = true;
            }
            if let Some(count) = labeled(node, "count") {
                if literal(Some(count)) != Some(1) {
                    flags.count = true;
                }
            }
            if node
                .args()
                .iter()
                .any(|a| a.value.head() == Some("piece") && labeled(&a.value, "state").is_some())
            {
                flags.site_state = true;
            }
        }
        "move Bet" | "bet" | "amount" | "set Amount" => flags.bet = true,
        "move Propose" | "move Vote" | "is Decided" | "is Proposed" | "propose" | "vote" => {
            flags.vote = true
        }
        "set State" | "state" | "flip" | "roll" => flags.site_state = true,
        "where" | "where Site" | "where Level" => {
            if labeled(node, "state").is_some() {
                flags.site_state = true;
            }
            if name == "where Level" {
                flags.stacking = true;
            }
        }
        "handSite" | "set Count" => flags.count = true,
        "count Stack" | "size Stack" | "topLevel" => flags.stacking = true,
        "level" if node.args().is_empty() => flags.stacking = true,
        "place Stack" => {
            flags.stacking = true;
            if labeled(node, "state").is_some() {
                flags.site_state = true;
            }
            if literal(labeled(node, "count")).is_some_and(|c| c > 1) {
                flags.count = true;
            }
        }
        "place Random" => {
            if is_true(labeled(node, "stack")) {
                flags.stacking = true;
            }
            if labeled(node, "state").is_some() {
                flags.site_state = true;
            }
        }
        // PlaceItem: a state given (even 0), a count above 1 (the first of
        // `counts:`).
        "place" => {
            if labeled(node, "state").is_some() {
                flags.site_state = true;
            }
            let count = labeled(node, "count").or_else(|| {
                labeled(node, "counts").and_then(|c| c.args().first().map(|a| &a.value))
            });
            if literal(count).is_some_and(|c| c > 1) {
                flags.count = true;
            }
        }
        _ => {}
    }
    // Step, Hop and Slide with `stack:True` stack (matched above for their
    // from-positions).
    if matches!(
        name.as_str(),
        "move Step" | "move Hop" | "move Slide" | "step" | "hop" | "slide"
    ) && is_true(labeled(node, "stack"))
    {
        flags.stacking = true;
    }
    // CountNumber: `(count [TYPE] at:S)` / `(count [TYPE] in:R)`.
    if head == "count"
        && matches!(
            name.as_str(),
            "count" | "count Cell" | "count Vertex" | "count Edge"
        )
        && (labeled(node, "at").is_some() || labeled(node, "in").is_some())
    {
        flags.count = true;
    }
    if matches!(head, "piece" | "hand") && has_bare_atom(node, "Shared") {
        flags.shared_pieces = true;
    }
    // ForEachPiece's `top:` reads levels.
    if name == "forEach Piece" && labeled(node, "top").is_some() {
        flags.stacking = true;
    }
}

#[cfg(test)]
mod tests {
    use crate::expand::DefineLibrary;
    use crate::{load_str, Config};
    use std::path::Path;

    fn flags(text: &str) -> crate::ir::LudiiFlags {
        load_str(
            Path::new("inline.lud"),
            text,
            &DefineLibrary::empty(),
            &Config::default(),
        )
        .unwrap_or_else(|e| panic!("{e}"))
        .model
        .ludii_flags
    }

    #[test]
    fn placement_game_has_no_flags() {
        let f = flags(
            "(game \"T\" (players 2) (equipment {(board (square 3)) (piece \"Disc\" Each)}) \
             (rules (play (move Add (to (sites Empty)))) (end (if (no Moves Next) (result Mover Win)))))",
        );
        assert_eq!(f, crate::ir::LudiiFlags::default());
    }

    #[test]
    fn component_moves_and_states_set_flags_even_unused() {
        let f = flags(
            "(game \"T\" (players 2) (equipment {(board (square 3)) \
             (piece \"Disc\" Each (move Step Orthogonal (to if:(is Empty (to)))))}) \
             (rules (start (place \"Disc1\" 0 state:0)) (play (move Add (to (sites Empty)))) \
             (end (if (no Moves Next) (result Mover Win)))))",
        );
        assert!(f.uses_from_positions);
        assert!(f.site_state);
        assert!(!f.count);
        assert!(!f.stacking);
    }
}
