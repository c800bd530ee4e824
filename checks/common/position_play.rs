//! What the position checks (`chess_positions.rs`, `go_positions.rs`,
//! `shogi_positions.rs`) do with any engine: replace a file's start rules,
//! list the legal moves' keys, play a move by its key.

#![allow(dead_code)]

use ludemic_runtime::{Game, MoveBuffer};

/// `text` (a game file) with `start` as its start rules.
pub fn with_start(text: &str, start: &str) -> String {
    let from = text.find("(start {").expect("the file's start rules");
    let to = from + closing(&text[from..]);
    format!("{}(start {{ {start} }}){}", &text[..from], &text[to..])
}

/// The length of the bracketed form `text` starts with.
fn closing(text: &str) -> usize {
    let mut depth = 0;
    for (i, c) in text.char_indices() {
        match c {
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 {
                    return i + 1;
                }
            }
            _ => {}
        }
    }
    panic!("unclosed form")
}

/// The keys of the legal moves, sorted as strings.
pub fn keys<G: Game>(g: &G, s: &G::State) -> Vec<String> {
    let mut legal = MoveBuffer::new();
    g.legal_moves(s, &mut legal);
    let mut keys: Vec<String> = legal.iter().map(|&m| g.move_key(m).to_string()).collect();
    keys.sort();
    keys
}

/// Plays the legal move with this key.
pub fn play<G: Game>(g: &G, s: &mut G::State, key: &str) {
    let mut legal = MoveBuffer::new();
    g.legal_moves(s, &mut legal);
    let mv = legal
        .iter()
        .copied()
        .find(|&m| g.move_key(m).to_string() == key)
        .unwrap_or_else(|| panic!("{key} is not legal"));
    g.apply(s, mv);
}
