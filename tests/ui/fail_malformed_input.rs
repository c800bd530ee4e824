ludemic::include_game!(hex);
ludemic::include_game!("games/hex.lud", colour = "red");
ludemic::include_game!("games/hex.lud", options = "Board Size/9x9");
ludemic::include_game!("games/hex.lud", name = hex, name = hex9);
ludemic::include_game!();

fn main() {}
