//! The Ludii–Polygames tensors: a state as a stack of channels over a grid
//! of the board's sites, a move as a (channel, x, y) position in a second
//! stack ("Deep learning for general game playing with Ludii and
//! Polygames", sections 4.1–4.3), exactly as Ludii's `LudiiGameWrapper`
//! and `LudiiStateWrapper` compute them — their bugs included (see
//! `docs/tensors.md`).
//!
//! The [`TensorLayout`] is plain data computed from a game's description
//! (by the compiler); it reads a state through [`TensorGame`], a small view
//! any engine (interpreted or compiled) implements. Flat indices are
//! Ludii's: `(channel * dim_x + x) * dim_y + y`.

use std::fmt;

use crate::{MoveBuffer, MoveKey, PositionView, SiteKind, SiteRef};

/// What the tensors read of a state: a [`PositionView`] (the pieces on
/// each site, counts, local states and stacks, the mover) and the last two
/// moves. [`crate::Recorded`] gives any [`PositionView`] game the latter.
pub trait TensorGame: PositionView {
    /// The `from` and `to` sites of a recent move (Ludii's
    /// `fromNonDecision`/`toNonDecision`; -1 for none): `back` 0 the last
    /// move, 1 the one before. `None` when fewer moves were played (start
    /// rules excepted).
    fn recent_move(&self, state: &Self::State, back: usize) -> Option<(SiteRef, SiteRef)>;
}

/// Why something has no tensor form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TensorError(pub String);

impl fmt::Display for TensorError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for TensorError {}

/// A container of the game (Ludii's `equipment().containers()`): the board,
/// then the hands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Container {
    /// Ludii's name: `Board`, `Hand1`, ...
    pub name: String,
    /// Its first site in the global numbering (Ludii's `sitesFrom`).
    pub first: usize,
    pub size: usize,
}

/// An action's position in the move tensor.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Action {
    pub channel: usize,
    pub x: usize,
    pub y: usize,
}

/// Ludii's tensor shapes and channels for one game (see the module doc).
#[derive(Clone, Debug, PartialEq)]
pub struct TensorLayout {
    pub num_players: usize,
    /// The grid: `dim_x` columns by `dim_y` rows.
    pub dim_x: usize,
    pub dim_y: usize,
    /// Per global site: its grid cell `(x, y)`, as Ludii assigns it (hand
    /// sites included, with Ludii's column bug).
    pub coords: Vec<(usize, usize)>,
    /// How many sites the board has of its default type; the sites after
    /// are the hands'.
    pub board_sites: usize,
    /// Whether the board's default site type is Cell (hand sites are
    /// cells, so a key names them with `c:` otherwise).
    pub board_is_cell: bool,
    pub containers: Vec<Container>,
    /// Number of piece types (Ludii's components after the empty one).
    pub piece_types: usize,
    /// Ludii's `isStacking`, `requiresCount`, `requiresLocalState`,
    /// `usesSwapRule`.
    pub stacking: bool,
    pub count: bool,
    pub local_state: bool,
    pub swap: bool,
    /// Ludii's `moveTensorDistClip`: 3 when the game has the
    /// `UsesFromPositions` flag, else 0.
    pub dist_clip: i32,
    /// The state channels' names, in order.
    pub channel_names: Vec<String>,
}

/// Channels per piece type in a stacking game: 5 levels from the bottom, 5 from the top.
pub const STACK_CHANNELS: usize = 10;
/// Local state channels: 0, 1, 2, 3, 4, >= 5.
pub const LOCAL_STATE_CHANNELS: usize = 6;
/// Clipping of `levelMin` and `levelMax - levelMin` in move channels.
pub const LEVEL_CLIP: u32 = 2;

impl TensorLayout {
    /// `[channels, dim_x, dim_y]` of the state tensor.
    pub fn state_tensor_shape(&self) -> [usize; 3] {
        [self.channel_names.len(), self.dim_x, self.dim_y]
    }

    pub fn state_channel_names(&self) -> &[String] {
        &self.channel_names
    }

    /// The number of floats an observation holds.
    pub fn state_len(&self) -> usize {
        self.channel_names.len() * self.dim_x * self.dim_y
    }

    /// The first channel after the distance (and level) channels: Ludii's
    /// `computeFirstAuxilChannelIdx`, the pass channel.
    pub fn pass_channel(&self) -> usize {
        let side = (2 * self.dist_clip + 1) as usize;
        let levels = if self.stacking {
            ((LEVEL_CLIP + 1) * (LEVEL_CLIP + 1)) as usize
        } else {
            1
        };
        side * side * levels
    }

    pub fn swap_channel(&self) -> usize {
        self.pass_channel() + 1
    }

    /// `[channels, dim_x, dim_y]` of the move tensor.
    pub fn move_tensor_shape(&self) -> [usize; 3] {
        [self.swap_channel() + 1, self.dim_x, self.dim_y]
    }

    /// Ludii's `numDistinctActions`.
    pub fn num_distinct_actions(&self) -> usize {
        let [c, x, y] = self.move_tensor_shape();
        c * x * y
    }

    /// The flat index of a position, Ludii's order.
    #[inline]
    pub fn flat(&self, channel: usize, x: usize, y: usize) -> usize {
        (channel * self.dim_x + x) * self.dim_y + y
    }

    /// Ludii's `moveTensorToInt`.
    pub fn action_id(&self, action: Action) -> usize {
        self.flat(action.channel, action.x, action.y)
    }

    /// The position of an action id.
    pub fn action_of_id(&self, id: usize) -> Option<Action> {
        if id >= self.num_distinct_actions() {
            return None;
        }
        Some(Action {
            channel: id / (self.dim_x * self.dim_y),
            x: id / self.dim_y % self.dim_x,
            y: id % self.dim_y,
        })
    }

    /// The state channel where each part starts, Ludii's order.
    fn pieces_end(&self) -> usize {
        if self.stacking {
            STACK_CHANNELS * self.piece_types + 1
        } else {
            self.piece_types
        }
    }

    /// Ludii's `containerPositionChannels`: whether each cell is a site of
    /// each container, one channel per container (flat, channel-major).
    pub fn container_mask(&self, out: &mut [f32]) {
        let plane = self.dim_x * self.dim_y;
        out[..self.containers.len() * plane].fill(0.0);
        for (c, cont) in self.containers.iter().enumerate() {
            for site in cont.first..cont.first + cont.size {
                let (x, y) = self.coords[site];
                out[self.flat(c, x, y)] = 1.0;
            }
        }
    }

    /// Whether Ludii's wrapper reads `site`'s count, local state and stack
    /// where they are: it reads the cells' (`countCell`, `stateCell`,
    /// `sizeStackCell`), so on a board whose sites are vertices it reads
    /// the board's empty cells instead, and sees nothing there (Nine Men's
    /// Morris's board counts are 0). Hand sites are cells.
    fn reads_cell(&self, site: usize) -> bool {
        self.board_is_cell || site >= self.board_sites
    }

    /// The sites whose stacks the wrapper reads (see [`Self::reads_cell`]).
    fn cell_read_sites(&self) -> std::ops::Range<usize> {
        let first = if self.board_is_cell {
            0
        } else {
            self.board_sites
        };
        first..self.coords.len()
    }

    /// Ludii's `toTensorFlat`: writes the observation of `state` into `out`
    /// (of [`TensorLayout::state_len`] floats). Allocates nothing.
    pub fn observe<G: TensorGame>(
        &self,
        game: &G,
        state: &G::State,
        out: &mut [f32],
    ) -> Result<(), TensorError> {
        let len = self.state_len();
        if out.len() != len {
            return Err(TensorError(format!(
                "an observation holds {len} floats, the buffer {}",
                out.len()
            )));
        }
        if game.pieces_off_grid(state) {
            return Err(TensorError(
                "a piece stands on a site that is not of the board's default type: \
                 Ludii's tensors have no place for it"
                    .to_owned(),
            ));
        }
        out.fill(0.0);
        let total = self.coords.len();
        let mut channel = 0;
        if !self.stacking {
            // Ludii reads its `owned` lists of players 1..=n+1: a neutral
            // piece (owner 0) is never seen.
            for site in 0..total {
                let (what, who) = game.piece_at(state, site);
                if what == 0 || who == 0 {
                    continue;
                }
                if what as usize > self.piece_types {
                    return Err(TensorError(format!(
                        "component {what} on site {site} is not one of the {} piece types",
                        self.piece_types
                    )));
                }
                let (x, y) = self.coords[site];
                out[self.flat(what as usize - 1, x, y)] = 1.0;
            }
        } else {
            let size_channel = STACK_CHANNELS * self.piece_types;
            for site in self.cell_read_sites() {
                let height = game.stack_height(state, site);
                if height == 0 {
                    continue;
                }
                let (x, y) = self.coords[site];
                for i in 0..height.min(STACK_CHANNELS / 2) {
                    for (level, offset) in [(i, 0), (height - 1 - i, STACK_CHANNELS / 2)] {
                        let what = game.stack_what(state, site, level) as usize;
                        if what == 0 || what > self.piece_types {
                            return Err(TensorError(format!(
                                "component {what} at level {level} of site {site} is not a piece type"
                            )));
                        }
                        let c = (what - 1) * STACK_CHANNELS + offset + i;
                        out[self.flat(c, x, y)] = 1.0;
                    }
                }
                out[self.flat(size_channel, x, y)] = height as f32;
            }
        }
        channel += self.pieces_end();
        if self.count {
            // Every site of every container in order: a later site written
            // to the same cell overwrites (Ludii's hand-column bug).
            for site in 0..total {
                let (x, y) = self.coords[site];
                out[self.flat(channel, x, y)] = if self.reads_cell(site) {
                    game.count_at(state, site) as f32
                } else {
                    0.0
                };
            }
            channel += 1;
        }
        let plane = self.dim_x * self.dim_y;
        if self.num_players > 1 {
            let agent = game.mover_agent(state) as usize;
            if agent == 0 || agent > self.num_players {
                return Err(TensorError(format!("no player {agent} to move")));
            }
            let start = (channel + agent - 1) * plane;
            out[start..start + plane].fill(1.0);
            channel += self.num_players;
        }
        if self.local_state {
            for site in 0..total {
                let s = if self.reads_cell(site) {
                    (game.local_state_at(state, site) as usize).min(LOCAL_STATE_CHANNELS - 1)
                } else {
                    0
                };
                let (x, y) = self.coords[site];
                out[self.flat(channel + s, x, y)] = 1.0;
            }
            channel += LOCAL_STATE_CHANNELS;
        }
        if self.swap {
            if game.order_changed(state) {
                out[channel * plane..(channel + 1) * plane].fill(1.0);
            }
            channel += 1;
        }
        self.container_mask(&mut out[channel * plane..]);
        channel += self.containers.len();
        for back in 0..2 {
            if let Some((from, to)) = game.recent_move(state, back) {
                if let Some(site) = self.key_site(from)? {
                    let (x, y) = self.coords[site];
                    out[self.flat(channel, x, y)] = 1.0;
                }
                if let Some(site) = self.key_site(to)? {
                    let (x, y) = self.coords[site];
                    out[self.flat(channel + 1, x, y)] = 1.0;
                }
            }
            channel += 2;
        }
        debug_assert_eq!(channel, self.channel_names.len());
        Ok(())
    }

    /// The global site a key's site names, where the tensors can place it.
    fn key_site(&self, site: SiteRef) -> Result<Option<usize>, TensorError> {
        if site.index < 0 {
            return Ok(None);
        }
        let index = site.index as usize;
        let ok = match site.kind {
            SiteKind::Default => true,
            // Hands are cells: on a board of another type their sites
            // carry `c:`.
            SiteKind::Cell => index >= self.board_sites,
            SiteKind::Vertex | SiteKind::Edge => false,
        };
        if !ok || index >= self.coords.len() {
            return Err(TensorError(format!(
                "site {site} is not a site of the board's default type or of a hand: \
                 Ludii's tensors have no place for it"
            )));
        }
        Ok(Some(index))
    }

    /// Ludii's `moveToTensor` for a move with this key (and, in stacking
    /// games, these levels: `levelMin`, `levelMax`).
    pub fn action_of_key(
        &self,
        key: MoveKey,
        levels: Option<(u32, u32)>,
    ) -> Result<Action, TensorError> {
        if key.pass {
            return Ok(Action {
                channel: self.pass_channel(),
                x: 0,
                y: 0,
            });
        }
        if key.swap {
            return Ok(Action {
                channel: self.swap_channel(),
                x: 0,
                y: 0,
            });
        }
        let to = self
            .key_site(key.to)?
            .ok_or_else(|| TensorError(format!("move {key} has no `to` site")))?;
        let (tx, ty) = self.coords[to];
        let (dx, dy) = match self.key_site(key.from)? {
            Some(from) => {
                let (fx, fy) = self.coords[from];
                (tx as i32 - fx as i32, ty as i32 - fy as i32)
            }
            None => (0, 0),
        };
        let m = self.dist_clip;
        let mut channel = (dx.clamp(-m, m) + m) * (2 * m + 1) + dy.clamp(-m, m) + m;
        if self.stacking {
            let (min, max) = levels.ok_or_else(|| {
                TensorError(format!(
                    "the stack levels of move {key} are not known: it has no action position"
                ))
            })?;
            channel = channel * (LEVEL_CLIP as i32 + 1) + min.min(LEVEL_CLIP) as i32;
            channel =
                channel * (LEVEL_CLIP as i32 + 1) + max.saturating_sub(min).min(LEVEL_CLIP) as i32;
        }
        Ok(Action {
            channel: channel as usize,
            x: tx,
            y: ty,
        })
    }

    /// Ludii's `moveToTensor`.
    pub fn action_of<G: TensorGame>(&self, game: &G, mv: G::Move) -> Result<Action, TensorError> {
        let levels = if self.stacking {
            game.move_levels(mv)
        } else {
            None
        };
        self.action_of_key(game.move_key(mv), levels)
    }

    /// Ludii's `moveToInt`: the flat action id.
    pub fn action_id_of<G: TensorGame>(&self, game: &G, mv: G::Move) -> Result<usize, TensorError> {
        self.action_of(game, mv).map(|a| self.action_id(a))
    }

    /// Marks the action ids of the legal moves of `state` (which must be
    /// ongoing) in `mask` (of [`TensorLayout::num_distinct_actions`]
    /// entries); `moves` is scratch space.
    pub fn legal_action_mask<G: TensorGame>(
        &self,
        game: &G,
        state: &G::State,
        moves: &mut MoveBuffer<G::Move>,
        mask: &mut [bool],
    ) -> Result<(), TensorError> {
        let n = self.num_distinct_actions();
        if mask.len() != n {
            return Err(TensorError(format!(
                "the mask holds {n} entries, the buffer {}",
                mask.len()
            )));
        }
        mask.fill(false);
        game.legal_moves(state, moves);
        for &mv in moves.iter() {
            mask[self.action_id_of(game, mv)?] = true;
        }
        Ok(())
    }

    /// The legal moves of `state` behind action `id`, in the engine's
    /// order: several when moves share a position (Ludii's duplicates,
    /// clipped distances, Fanorona's approach and withdrawal).
    pub fn moves_of_action<G: TensorGame>(
        &self,
        game: &G,
        state: &G::State,
        id: usize,
        moves: &mut MoveBuffer<G::Move>,
        out: &mut Vec<G::Move>,
    ) -> Result<(), TensorError> {
        out.clear();
        game.legal_moves(state, moves);
        for &mv in moves.iter() {
            if self.action_id_of(game, mv)? == id {
                out.push(mv);
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn layout(dist_clip: i32, stacking: bool) -> TensorLayout {
        TensorLayout {
            num_players: 2,
            dim_x: 3,
            dim_y: 2,
            coords: vec![(0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (2, 1)],
            board_sites: 6,
            board_is_cell: true,
            containers: vec![Container {
                name: "Board".into(),
                first: 0,
                size: 6,
            }],
            piece_types: 2,
            stacking,
            count: false,
            local_state: false,
            swap: false,
            dist_clip,
            channel_names: Vec::new(),
        }
    }

    #[test]
    fn move_channels_follow_ludii_formula() {
        let l = layout(3, false);
        assert_eq!(l.move_tensor_shape(), [51, 3, 2]);
        // 0 -> 5: dx = 2, dy = 1.
        let a = l.action_of_key("0>5".parse().unwrap(), None).unwrap();
        assert_eq!(
            a,
            Action {
                channel: (2 + 3) * 7 + 1 + 3,
                x: 2,
                y: 1
            }
        );
        assert_eq!(l.action_id(a), (39 * 3 + 2) * 2 + 1);
        assert_eq!(l.action_of_id(l.action_id(a)), Some(a));
        let place = l.action_of_key("-1>4".parse().unwrap(), None).unwrap();
        assert_eq!(place.channel, 24);
        let pass = l.action_of_key(MoveKey::PASS, None).unwrap();
        assert_eq!(
            pass,
            Action {
                channel: 49,
                x: 0,
                y: 0
            }
        );
        assert_eq!(l.action_of_key(MoveKey::SWAP, None).unwrap().channel, 50);
        assert!(l.action_of_key("-1>e:3".parse().unwrap(), None).is_err());
    }

    #[test]
    fn stacking_games_multiply_by_levels() {
        let l = layout(0, true);
        assert_eq!(l.move_tensor_shape(), [11, 3, 2]);
        let a = l
            .action_of_key("-1>2".parse().unwrap(), Some((3, 4)))
            .unwrap();
        assert_eq!(a.channel, 2 * 3 + 1);
        assert!(l.action_of_key("-1>2".parse().unwrap(), None).is_err());
    }
}
