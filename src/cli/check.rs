//! `ludemic check`: a summary of each game.

use std::path::PathBuf;
use std::process::ExitCode;

use ludemic_compiler::analyse::select_playouts;
use ludemic_compiler::Config;

use super::LibraryArgs;

pub fn run(files: &[PathBuf], library: &LibraryArgs) -> miette::Result<ExitCode> {
    let config = Config::default();
    let defines = library.library()?;
    let mut failed = 0;
    for file in files {
        match ludemic_compiler::load_with_library(file, &defines, &config) {
            Ok(loaded) => print_summary(file, &loaded.model),
            Err(err) => {
                failed += 1;
                eprintln!("{:?}", miette::Report::new(err));
            }
        }
    }
    Ok(if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

fn print_summary(file: &std::path::Path, model: &ludemic_compiler::ir::GameModel) {
    println!("{} ({})", model.name, file.display());
    if !model.options.is_empty() {
        println!("  options:  {}", model.options.join("; "));
    }
    println!("  players:  {}", model.num_players);
    println!(
        "  board:    {}, {} sites ({})",
        model.board_text,
        model.board.num_sites(),
        format!("{:?}", model.board.site_type).to_lowercase()
    );
    let pieces: Vec<String> = model
        .components
        .iter()
        .map(|c| format!("{} (P{})", c.name, c.owner))
        .collect();
    println!("  pieces:   {}", pieces.join(", "));
    for region in &model.regions {
        let sizes: Vec<String> = region.parts.iter().map(|p| p.len().to_string()).collect();
        println!(
            "  region:   {}owner P{}, {} part(s) of {} sites",
            region
                .name
                .as_deref()
                .map(|n| format!("\"{n}\", "))
                .unwrap_or_default(),
            region.owner,
            region.parts.len(),
            sizes.join(" + ")
        );
    }
    if model.swap {
        println!("  meta:     swap rule");
    }
    let names: Vec<String> = model
        .phases
        .iter()
        .map(|p| {
            if p.name.is_empty() {
                "(single)".into()
            } else {
                format!("\"{}\"", p.name)
            }
        })
        .collect();
    println!("  phases:   {}", names.join(", "));
    println!(
        "  end:      {} rule(s)",
        model.end.len() + model.phases.iter().map(|p| p.end.len()).sum::<usize>()
    );
    for choice in select_playouts(model) {
        let phase = &model.phases[choice.phase];
        let label = if phase.name.is_empty() {
            String::new()
        } else {
            format!(" (phase \"{}\")", phase.name)
        };
        println!("  playout{label}: {} — {}", choice.variant, choice.reason);
    }
}
