//! ludemic-runtime: everything a game — interpreted or compiled — links against.
//!
//! - [`Game`]: the contract both back ends implement;
//! - [`MoveBuffer`]: a reusable list of legal moves;
//! - [`Sink`]: what is done with the moves a generated rule finds;
//! - [`Xoshiro256PlusPlus`]: the named, explicitly seeded RNG, with unbiased
//!   bounded draws ([`RngExt::below`]);
//! - [`MoveKey`]: the canonical form of a move, Ludii's compact key (`-1>12`);
//! - [`playout`]: random playouts; [`stats`]: playout statistics;
//!   [`timing`]: playouts timed for a number of seconds;
//! - [`trial`]: Ludii reference trials and their replay (conformance);
//! - [`tensor`]: the Ludii–Polygames state and move tensors.

pub mod bits;
pub mod buffer;
pub mod cpu;
pub mod eval;
pub mod filter;
pub mod game;
pub mod history;
pub mod key;
pub mod playout;
pub mod repetition;
pub mod results;
pub mod rng;
pub mod sink;
pub mod site;
pub mod stats;
pub mod table;
pub mod targets;
pub mod tensor;
pub mod timing;
pub mod trial;
pub mod view;

pub use bits::{
    count_groups, enclosed_group, enclosed_region, flood, flood_border, grow, pick_in_sets,
    run_along, run_covers, run_through, Bits,
};
pub use buffer::MoveBuffer;
pub use eval::{Evaluate, StateView};
pub use filter::{filter_playout, filtered_move, Candidates, Filtered};
pub use game::{EndReason, Game, Outcome, Player, Status, MAX_PLAYERS};
pub use history::{PassCount, PassHistory, RecentMoves};
pub use key::{MoveKey, SiteKind, SiteRef};
pub use playout::{
    add_to_empty_playout, drawn_playout, empty_list, every_site, standard_playout, AddToEmpty,
    DrawMove, PlayoutResult,
};
pub use rand_core;
pub use repetition::{zobrist_key, zobrist_table, SeenHashes};
pub use results::Results;
pub use rng::{DescendingDraws, RngExt, Xoshiro256PlusPlus};
pub use sink::{AnyInThreat, Count, Found, Kept, Listing, Nth, Probe, Sink, Threat, Untested};
pub use site::{is_enemy_player, of_site, site_is, NO_SITE};
pub use stats::PlayoutStats;
pub use table::{board_rows, boards, listed_rays, pair_rows, rows, site_lists, MapTable};
pub use targets::{for_each_target, pick_target, Target, TargetGroup};
pub use tensor::{Action, TensorError, TensorGame, TensorLayout};
pub use timing::{timed_playouts, Timed};
pub use view::{move_sites, PositionView, Recorded, RecordedState, View};
