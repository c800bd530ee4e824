//! ludemic: Ludii games compiled to Rust. Re-exports the runtime.
pub use ludemic_runtime as runtime;
pub use ludemic_runtime::*;
