ludemic_macros::include_game!("tests/ui/syntax-error.lud");

fn main() {}
