//! `ludemic generate`: the Rust module the compiler emits for a game.

use std::path::Path;
use std::process::ExitCode;

use ludemic_compiler::codegen::{generate, CodegenOptions, SourceInfo};

use super::GameArgs;

pub fn run(game: &GameArgs, output: Option<&Path>, runtime_path: &str) -> miette::Result<ExitCode> {
    let loaded = game.load()?;
    let source = SourceInfo {
        path: game.file.display().to_string(),
        text: game.text()?.into_owned(),
    };
    let options = CodegenOptions {
        runtime_path: runtime_path.to_owned(),
        ..CodegenOptions::default()
    };
    let code = generate(&loaded.model, &source, &options)?;
    match output {
        None => print!("{code}"),
        Some(path) => {
            // Write only when the contents change, so build tools see no spurious change.
            if std::fs::read_to_string(path).ok().as_deref() != Some(code.as_str()) {
                std::fs::write(path, &code)
                    .map_err(|e| miette::miette!("{}: {e}", path.display()))?;
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}
