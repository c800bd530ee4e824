ludemic::include_game!("tests/ui/unsupported-ludeme.lud");

fn main() {}
