//! UI tests of `include_game!` (trybuild): the compile errors for a missing
//! file, a syntax error, an unsupported ludeme, an unknown option and
//! malformed macro input, each at the call site with the `.lud` file's line
//! and column, against the checked-in `tests/ui/*.stderr`. Regenerate those
//! with `TRYBUILD=overwrite cargo test -p ludemic-macros --test ui`. (The
//! games `include_game!` compiles are played in the main crate's
//! `tests/include_game.rs`.) The cases build against this crate alone, so
//! trybuild's own build is the compiler's, not the whole project's.

#[test]
fn ui() {
    // trybuild builds each case in a crate of its own under `target/tests/trybuild`,
    // so `CARGO_MANIFEST_DIR` is that crate's: point the macro at this one, where
    // `tests/ui/` is.
    std::env::set_var("LUDEMIC_MANIFEST_DIR_OVERRIDE", env!("CARGO_MANIFEST_DIR"));
    let cases = trybuild::TestCases::new();
    cases.compile_fail("tests/ui/fail_*.rs");
}
