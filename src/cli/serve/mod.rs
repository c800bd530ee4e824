//! `ludemic serve`: a local web server for playing and watching games in
//! the browser. One page (`page.html`, embedded) over a JSON API
//! (documented in `docs/serve.md`): the games on offer, sessions kept in
//! memory (at most `--max-sessions`, the least recently used closed first),
//! each a game in play on the compiled code or the interpreter.
//!
//! Bad requests — an unknown game or session, an illegal move, malformed
//! JSON, an oversized or too deeply nested upload — get a 4xx status with
//! `{"error": "..."}`; a failure inside one session closes that session
//! and never the server.

mod api;
pub mod catalogue;
pub mod session;
pub mod svg;
#[cfg(test)]
mod tests;

use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;

use super::LibraryArgs;

pub use api::{router, Server};

#[derive(Args, Debug)]
pub struct ServeArgs {
    /// `.lud` files or folders (searched recursively) to offer besides the
    /// bundled games.
    pub files: Vec<PathBuf>,
    /// The port to listen on (0: any free port; the address is printed).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// The address to listen on: this machine only by default.
    #[arg(long, default_value = "127.0.0.1")]
    pub bind: IpAddr,
    /// Open the page in the default browser.
    #[arg(long)]
    pub open: bool,
    /// The most sessions kept at once; the least recently used is closed
    /// to make room.
    #[arg(long, default_value_t = 1000)]
    pub max_sessions: usize,
    #[command(flatten)]
    pub library: LibraryArgs,
}

pub fn run(args: &ServeArgs) -> miette::Result<ExitCode> {
    let server = Server::new(args).map_err(|e| miette::miette!("{e}"))?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| miette::miette!("cannot start the server: {e}"))?;
    runtime.block_on(async move {
        let address = SocketAddr::new(args.bind, args.port);
        let listener = tokio::net::TcpListener::bind(address)
            .await
            .map_err(|e| miette::miette!("cannot listen on {address}: {e}"))?;
        let bound = listener
            .local_addr()
            .map_err(|e| miette::miette!("cannot read the address: {e}"))?;
        let url = format!("http://{bound}/");
        println!("ludemic serve: listening on {url} (Ctrl-C stops)");
        if args.open {
            if let Err(e) = open::that_detached(&url) {
                eprintln!("cannot open a browser ({e}): open {url} yourself");
            }
        }
        axum::serve(listener, router(server))
            .with_graceful_shutdown(async {
                tokio::signal::ctrl_c().await.ok();
            })
            .await
            .map_err(|e| miette::miette!("the server stopped: {e}"))
    })?;
    Ok(ExitCode::SUCCESS)
}
