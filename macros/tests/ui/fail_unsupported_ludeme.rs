ludemic_macros::include_game!("tests/ui/unsupported-ludeme.lud");

fn main() {}
