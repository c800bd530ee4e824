ludemic_macros::include_game!("tests/ui/no-such-game.lud");

fn main() {}
