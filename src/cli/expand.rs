//! `ludemic expand`: print the expanded description.

use std::process::ExitCode;

use super::GameArgs;

pub fn run(game: &GameArgs, raw: bool) -> miette::Result<ExitCode> {
    let config = game.config();
    let library = ludemic_compiler::expand::DefineLibrary::load(&config.def_dirs)?;
    let expanded =
        ludemic_compiler::expand::expand_file(&game.file, &library, &config.selection())?;
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
