//! `ludemic expand`: print the expanded description.

use std::process::ExitCode;

use super::GameArgs;

pub fn run(game: &GameArgs, raw: bool) -> miette::Result<ExitCode> {
    let library = game.library.library()?;
    let text = game.text()?;
    let expanded = ludemic_compiler::expand::expand_str(
        &game.file,
        &text,
        &library,
        &game.config().selection(),
    )?;
    if raw {
        println!("{}", expanded.text.as_str());
    } else {
        if !expanded.selected_options.is_empty() {
            println!("// options: {}", expanded.selected_options.join("; "));
        }
        println!("{}", ludemic_compiler::syntax::pretty(&expanded.game));
    }
    Ok(ExitCode::SUCCESS)
}
