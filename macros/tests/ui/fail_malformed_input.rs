ludemic_macros::include_game!(hex);
ludemic_macros::include_game!("games/hex.lud", colour = "red");
ludemic_macros::include_game!("games/hex.lud", options = "Board Size/9x9");
ludemic_macros::include_game!("games/hex.lud", name = hex, name = hex9);
ludemic_macros::include_game!();

fn main() {}
