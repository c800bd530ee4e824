ludemic_macros::include_game!("tests/ui/three-in-a-row.lud", options = ["Board Size/6x6"]);

fn main() {}
