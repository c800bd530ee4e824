//! ludemic-compiler: reads Ludii `.lud` game descriptions and turns them into a
//! typed game model, which an interpreter runs and a code generator compiles.
//!
//! Pipeline: [`syntax`] (pest) → [`expand`] (options, rulesets, defines,
//! ranges) → [`lower`] (tree → [`ir`]) with [`board`] geometry → [`analyse`]
//! (playout variant) → [`interp`] (an implementation of the runtime's `Game`).

pub mod board;
pub mod diagnostic;
pub mod expand;
pub mod source;
pub mod syntax;

pub use diagnostic::{CompileError, ErrorKind, Result};
