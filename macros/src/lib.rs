//! `include_game!` for ludemic (filled in by the code-generation work).
