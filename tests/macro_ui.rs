//! UI tests of `include_game!` (trybuild): a passing case, and the compile
//! errors for a missing file, a syntax error, an unsupported ludeme, an
//! unknown option and malformed macro input, against the checked-in
//! `tests/ui/*.stderr`. Regenerate those with `TRYBUILD=overwrite cargo test --test macro_ui`.

#[test]
fn ui() {
    // trybuild builds each case in a crate of its own under `target/tests/trybuild`,
    // so `CARGO_MANIFEST_DIR` is that crate's: point the macro at this one, where
    // `games/` and `tests/ui/` are.
    std::env::set_var("LUDEMIC_MANIFEST_DIR_OVERRIDE", env!("CARGO_MANIFEST_DIR"));
    let cases = trybuild::TestCases::new();
    cases.pass("tests/ui/pass_*.rs");
    cases.compile_fail("tests/ui/fail_*.rs");
}
