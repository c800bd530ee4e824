//! `ludemic play`: a game in the terminal, each player a human (moves read
//! from stdin) or an agent, on the interpreter or (`--engine compiled`, the
//! bundled games of `games/`) on the generated code.
//!
//! The board is drawn with Ludii's coordinate labels: a rectangular board
//! (every row and column of Ludii's site grid filled: square and rectangle
//! tilings) as a grid with column letters and row numbers, any other board
//! as its sites by label, row by row. Pieces are shown by a letter of their
//! name (a legend names them), upper case for player 1, lower case for the
//! others (with the owner's number beside it from player 3 on).

use std::io::{BufRead, Write};
use std::process::ExitCode;

use clap::Args;
use ludemic_agents::{heuristic_score, Agent, AgentSpec};
use ludemic_compiler::heuristics::Evaluator;
use ludemic_compiler::interp::Interpreter;
use ludemic_compiler::ir::GameModel;
use ludemic_runtime::{
    Game, MoveBuffer, MoveKey, Player, PositionView, SiteKind, SiteRef, Status, Xoshiro256PlusPlus,
};

use super::{Engine, GameArgs};

#[derive(Args, Debug)]
pub struct PlayArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// Player 1: `human` or an agent (random, hs:N, hs-nostc:N, ab:D, uct:N).
    #[arg(long, default_value = "human")]
    pub p1: String,
    /// Player 2.
    #[arg(long, default_value = "uct:1000")]
    pub p2: String,
    /// Players 3 and on (human or an agent each), comma-separated.
    #[arg(long, value_delimiter = ',')]
    pub others: Vec<String>,
    /// Seed of the agents and of chance.
    #[arg(long, default_value_t = 12345)]
    pub seed: u64,
    /// The back end [default: interpreter]. The compiled engine runs the
    /// bundled games of games/ with their default options.
    #[arg(long, value_enum)]
    pub engine: Option<Engine>,
}

/// Who plays a seat.
enum Seat<'e, G: Game> {
    Human,
    Agent(String, Box<dyn Agent<G> + 'e>),
}

pub fn run(args: &PlayArgs) -> miette::Result<ExitCode> {
    let loaded = args.game.load()?;
    let heuristics = loaded
        .model
        .heuristics
        .clone()
        .unwrap_or_else(|| ludemic_compiler::heuristics::Heuristics::ludii_default(None));
    let eval = Evaluator::new(&loaded.model, &heuristics).map_err(|e| miette::miette!("{e}"))?;
    let summary = heuristics.summary();
    match args.engine {
        Some(Engine::Compiled) => {
            let bundled = args.game.bundled();
            let Some(stem) = bundled else {
                return Err(super::not_bundled(&args.game.file));
            };
            let visit = PlayVisit {
                args,
                model: &loaded.model,
                eval: &eval,
                summary: &summary,
            };
            ludemic_generated::visit(&stem, visit).expect("a bundled game")
        }
        _ => {
            let game = Interpreter::new(loaded.model);
            play(&game, game.model(), &eval, &summary, args)
        }
    }
}

/// A bundled game played on its generated code.
struct PlayVisit<'a> {
    args: &'a PlayArgs,
    model: &'a GameModel,
    eval: &'a Evaluator,
    summary: &'a str,
}

impl ludemic_generated::Visitor for PlayVisit<'_> {
    type Output = miette::Result<ExitCode>;
    fn visit<G: PositionView + Clone + Sync>(self, game: &G) -> Self::Output {
        play(game, self.model, self.eval, self.summary, self.args)
    }
}

/// The game played to its end (or until the input ends or a human quits).
fn play<G: PositionView>(
    game: &G,
    model: &GameModel,
    eval: &Evaluator,
    summary: &str,
    args: &PlayArgs,
) -> miette::Result<ExitCode> {
    let n = game.num_players();
    let specs: Vec<&str> = [args.p1.as_str(), args.p2.as_str()]
        .into_iter()
        .chain(args.others.iter().map(String::as_str))
        .collect();
    let mut seats = Vec::new();
    for p in 0..n {
        let spec = specs.get(p).copied().unwrap_or("human");
        if spec == "human" {
            seats.push(Seat::Human);
        } else {
            let agent: AgentSpec = spec
                .parse()
                .map_err(|e| miette::miette!("player {}: {e}", p + 1))?;
            let built = agent
                .build(Some(eval), args.seed.wrapping_add(p as u64 + 1))
                .map_err(|e| miette::miette!("{e}"))?;
            seats.push(Seat::Agent(spec.to_owned(), built));
        }
    }
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let view = View {
        game,
        model,
        letters: letters(model),
    };
    writeln!(out, "{} ({} players)", game.name(), n).ok();
    let mut legend: Vec<String> = Vec::new();
    for (c, l) in model.components.iter().zip(&view.letters) {
        let base = c.name.trim_end_matches(|ch: char| ch.is_ascii_digit());
        let entry = format!("{l} {base}");
        if !legend.contains(&entry) {
            legend.push(entry);
        }
    }
    writeln!(
        out,
        "pieces: {} (upper case P1, lower case the others)",
        legend.join(", ")
    )
    .ok();
    writeln!(out, "heuristics: {summary}").ok();
    writeln!(
        out,
        "enter moves by label (`e2 e4`, `c3`), by move key (`12>28`), `pass`, `moves` or `quit`"
    )
    .ok();
    let mut rng = Xoshiro256PlusPlus::from_seed_u64(args.seed);
    let mut state = game.initial_state();
    loop {
        let mover = match game.status(&state) {
            Status::Over(outcome) => {
                view.draw(&state, &mut out);
                if outcome.winner == 0 {
                    writeln!(out, "game over: no winner ({:?})", outcome.reason).ok();
                } else {
                    writeln!(out, "game over: P{} wins", outcome.winner).ok();
                }
                return Ok(ExitCode::SUCCESS);
            }
            Status::Ongoing { mover } => mover,
        };
        game.draw_chance(&mut state, &mut rng);
        view.draw(&state, &mut out);
        let score = heuristic_score(game, eval, &state, mover);
        writeln!(
            out,
            "P{mover} to move; evaluation for P{mover}: {score:+.3}"
        )
        .ok();
        let mv = match &mut seats[mover as usize - 1] {
            Seat::Agent(name, agent) => {
                let mv = agent.select(game, &state);
                writeln!(out, "P{mover} ({name}) plays {}", view.describe(mv)).ok();
                mv
            }
            Seat::Human => loop {
                write!(out, "P{mover}> ").ok();
                out.flush().ok();
                let mut line = String::new();
                if input.read_line(&mut line).unwrap_or(0) == 0 {
                    writeln!(out, "\ninput ended").ok();
                    return Ok(ExitCode::SUCCESS);
                }
                let line = line.trim();
                match line {
                    "" => continue,
                    "quit" | "exit" => return Ok(ExitCode::SUCCESS),
                    "moves" | "?" => {
                        view.list_moves(&state, &mut out);
                        continue;
                    }
                    _ => {}
                }
                match view.parse(&state, line) {
                    Ok(mv) => {
                        writeln!(out, "P{mover} plays {}", view.describe(mv)).ok();
                        break mv;
                    }
                    Err(e) => {
                        writeln!(out, "{e}").ok();
                    }
                }
            },
        };
        game.apply(&mut state, mv);
    }
}

struct View<'a, G> {
    game: &'a G,
    model: &'a GameModel,
    /// Per component (`what` - 1): its letter, the first of its name not
    /// taken by a piece with another name (Knight after King: `N`... or the
    /// next free letter), upper case.
    letters: Vec<char>,
}

/// The name of component `what` (1-based), `?` for none.
pub(super) fn component_name(model: &GameModel, what: u32) -> &str {
    model
        .components
        .get((what as usize).wrapping_sub(1))
        .map_or("?", |c| c.name.as_str())
}

/// The letters of the pieces: one per name without its trailing player
/// number, the first letter of the name free so far.
pub(super) fn letters(model: &GameModel) -> Vec<char> {
    let mut taken: Vec<(String, char)> = Vec::new();
    model
        .components
        .iter()
        .map(|c| {
            let base = c
                .name
                .trim_end_matches(|ch: char| ch.is_ascii_digit())
                .to_owned();
            if let Some((_, l)) = taken.iter().find(|(b, _)| *b == base) {
                return *l;
            }
            let used = |l: char| taken.iter().any(|(_, t)| *t == l);
            let letter = base
                .chars()
                .filter(|ch| ch.is_ascii_alphabetic())
                .map(|ch| ch.to_ascii_uppercase())
                .find(|&l| !used(l))
                .or_else(|| ('A'..='Z').find(|&l| !used(l)))
                .unwrap_or('?');
            taken.push((base, letter));
            letter
        })
        .collect()
}

impl<G: PositionView> View<'_, G> {
    fn board(&self) -> &ludemic_compiler::board::Board {
        &self.model.board
    }

    /// Ludii's label of a site reference: the coordinate of a board site,
    /// the key's own text otherwise (hand sites, other site types).
    fn label(&self, r: SiteRef) -> Option<String> {
        if r.index < 0 {
            return None;
        }
        match self.board().sites.get(r.index as usize) {
            Some(site) if r.kind == SiteKind::Default => Some(site.coord.clone()),
            _ => Some(r.to_string()),
        }
    }

    /// `e2 e4` (with the move key), `c3`, `pass`.
    fn describe(&self, mv: G::Move) -> String {
        let key = self.game.move_key(mv);
        let mut text = match (self.label(key.from), self.label(key.to)) {
            _ if key.pass => "pass".to_owned(),
            _ if key.swap => "swap".to_owned(),
            (Some(f), Some(t)) if f != t => format!("{f} {t}"),
            (_, Some(t)) => t,
            (Some(f), None) => f,
            (None, None) => "?".to_owned(),
        };
        if let Some(what) = self.game.promoted_to(mv) {
            text.push_str(&format!(" ={}", component_name(self.model, what)));
        }
        format!("{text} (key {key})")
    }

    fn legal(&self, state: &G::State) -> Vec<G::Move> {
        let mut buffer = MoveBuffer::new();
        self.game.legal_moves(state, &mut buffer);
        buffer.to_vec()
    }

    fn list_moves(&self, state: &G::State, out: &mut impl Write) {
        for (i, mv) in self.legal(state).into_iter().enumerate() {
            writeln!(out, "  {:>3}: {}", i + 1, self.describe(mv)).ok();
        }
    }

    /// The site a label names (case-insensitive), as a key's site.
    fn site(&self, label: &str) -> Option<i32> {
        self.board()
            .sites
            .iter()
            .find(|s| s.coord.eq_ignore_ascii_case(label))
            .map(|s| s.index as i32)
    }

    /// The legal move `text` names: a move key, `pass`, one label (the
    /// `to` site) or two (`from` and `to`), or a number from `moves`; a
    /// choice among several (promotions) by its number.
    fn parse(&self, state: &G::State, text: &str) -> Result<G::Move, String> {
        let legal = self.legal(state);
        if let Ok(i) = text.parse::<usize>() {
            return legal
                .get(i.wrapping_sub(1))
                .copied()
                .ok_or_else(|| format!("no move number {i}: `moves` lists {}", legal.len()));
        }
        let keys: Vec<MoveKey> = legal.iter().map(|&m| self.game.move_key(m)).collect();
        let matching: Vec<G::Move> = if text == "pass" {
            legal
                .iter()
                .zip(&keys)
                .filter(|(_, k)| k.pass)
                .map(|(m, _)| *m)
                .collect()
        } else if let Ok(key) = text.parse::<MoveKey>() {
            legal
                .iter()
                .zip(&keys)
                .filter(|(_, k)| **k == key)
                .map(|(m, _)| *m)
                .collect()
        } else {
            let words: Vec<&str> = text
                .split(|c: char| c.is_whitespace() || c == '-')
                .filter(|w| !w.is_empty())
                .collect();
            let sites: Option<Vec<i32>> = words.iter().map(|w| self.site(w)).collect();
            let Some(sites) = sites else {
                return Err(format!(
                    "`{text}`: not a label of this board, a move key or a command (`moves` lists the legal moves)"
                ));
            };
            let fits = |k: &MoveKey| match sites.as_slice() {
                [to] => !k.pass && k.to.index == *to,
                [from, to] => !k.pass && k.from.index == *from && k.to.index == *to,
                _ => false,
            };
            legal
                .iter()
                .zip(&keys)
                .filter(|(_, k)| fits(k))
                .map(|(m, _)| *m)
                .collect()
        };
        match matching.as_slice() {
            [] => Err(format!(
                "`{text}` is not a legal move here (`moves` lists them)"
            )),
            [mv] => Ok(*mv),
            several => {
                let mut msg = format!(
                    "`{text}` names {} moves; enter one's number:",
                    several.len()
                );
                for mv in several {
                    let i = legal.iter().position(|m| m == mv).unwrap_or(0) + 1;
                    msg.push_str(&format!("\n  {i:>3}: {}", self.describe(*mv)));
                }
                Err(msg)
            }
        }
    }

    /// The piece on a site as one or two characters, `.` when empty.
    fn piece(&self, state: &G::State, site: usize) -> String {
        let what = self.game.what_at(state, site);
        if what == 0 {
            return ".".to_owned();
        }
        let owner: Player = self.game.owner_at(state, site);
        let c = self.letters.get(what as usize - 1).copied().unwrap_or('?');
        let mut s = if owner == 1 {
            c.to_ascii_uppercase().to_string()
        } else {
            c.to_ascii_lowercase().to_string()
        };
        if owner > 2 {
            s.push_str(&owner.to_string());
        }
        let height = self.game.count_at(state, site);
        if self.model.stacking && height > 1 {
            s.push_str(&format!("x{height}"));
        }
        s
    }

    fn draw(&self, state: &G::State, out: &mut impl Write) {
        let board = self.board();
        let rows = board.sites.iter().map(|s| s.row).max().map_or(0, |r| r + 1) as usize;
        let cols = board.sites.iter().map(|s| s.col).max().map_or(0, |c| c + 1) as usize;
        let mut grid: Vec<Option<u16>> = vec![None; rows * cols];
        let mut rectangular = rows * cols == board.sites.len();
        for s in &board.sites {
            let cell = &mut grid[s.row as usize * cols + s.col as usize];
            if cell.is_some() {
                rectangular = false;
            }
            *cell = Some(s.index as u16);
        }
        if rectangular {
            let width = (0..board.sites.len())
                .map(|s| self.piece(state, s).len())
                .max()
                .unwrap_or(1);
            let letters: Vec<String> = (0..cols)
                .map(|c| {
                    let site = grid[c].map_or(0, |s| s as usize);
                    let coord = &board.sites[site].coord;
                    let letters: String = coord
                        .chars()
                        .take_while(|c| c.is_ascii_alphabetic())
                        .collect();
                    format!("{letters:<width$}")
                })
                .collect();
            for r in (0..rows).rev() {
                let site = grid[r * cols].map_or(0, |s| s as usize);
                let number: String = board.sites[site]
                    .coord
                    .chars()
                    .skip_while(|c| c.is_ascii_alphabetic())
                    .collect();
                let cells: Vec<String> = (0..cols)
                    .map(|c| {
                        let s = grid[r * cols + c].unwrap_or(0);
                        format!("{:<width$}", self.piece(state, s as usize))
                    })
                    .collect();
                writeln!(out, "{number:>3} {}", cells.join(" ")).ok();
            }
            writeln!(out, "    {}", letters.join(" ")).ok();
        } else {
            for r in (0..rows).rev() {
                let cells: Vec<String> = (0..cols)
                    .filter_map(|c| grid[r * cols + c])
                    .map(|s| {
                        let site = s as usize;
                        format!("{}:{}", board.sites[site].coord, self.piece(state, site))
                    })
                    .collect();
                if !cells.is_empty() {
                    writeln!(out, "  {}", cells.join(" ")).ok();
                }
            }
        }
        // Hands and other containers: their occupied sites by number.
        let mut extra = Vec::new();
        for site in board.sites.len()..self.game.total_sites() {
            let count = self.game.count_at(state, site);
            if self.game.what_at(state, site) != 0 && count > 0 {
                extra.push(format!("{site}:{}x{count}", self.piece(state, site)));
            }
        }
        if !extra.is_empty() {
            writeln!(out, "  off the board: {}", extra.join(" ")).ok();
        }
    }
}
