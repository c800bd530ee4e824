//! The pest parser generated from `lud.pest`.

use pest_derive::Parser;

#[derive(Parser)]
#[grammar = "syntax/lud.pest"]
pub(crate) struct LudParser;
