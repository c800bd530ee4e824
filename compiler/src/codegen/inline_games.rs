//! For the generator's unit tests: the module generated from a game
//! written inline (no define library, default options).

use std::path::Path;

use crate::expand::DefineLibrary;
use crate::{load_str, Config};

use super::{generate, CodegenOptions, SourceInfo};

/// The generated module of `text`, which must load.
pub(super) fn generate_inline(text: &str) -> crate::diagnostic::Result<String> {
    let model = load_str(
        Path::new("inline.lud"),
        text,
        &DefineLibrary::empty(),
        &Config::default(),
    )
    .expect("the game loads")
    .model;
    let source = SourceInfo {
        path: "inline.lud".to_owned(),
        text: text.to_owned(),
    };
    generate(&model, &source, &CodegenOptions::default())
}
