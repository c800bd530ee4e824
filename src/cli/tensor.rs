//! `ludemic tensor`: a game's Ludii–Polygames tensors (shapes, channels)
//! and the observation of one state.

use std::process::ExitCode;

use clap::Args;
use ludemic_compiler::interp::Interpreter;
use ludemic_runtime::{
    Game, MoveBuffer, MoveKey, PositionView, Recorded, RngExt, TensorGame, TensorLayout,
    Xoshiro256PlusPlus,
};

use super::{Engine, GameArgs};

#[derive(Args, Debug)]
pub struct TensorArgs {
    #[command(flatten)]
    pub game: GameArgs,
    /// Show the state after this many uniformly random moves.
    #[arg(long, default_value_t = 0)]
    pub step: usize,
    /// The seed of the random moves (xoshiro256++).
    #[arg(long, default_value_t = 12345)]
    pub seed: u64,
    /// Play these moves instead, by Ludii's keys (`-1>12`, `8>16`, `-1>-1/pass`),
    /// separated by spaces or commas.
    #[arg(
        long,
        value_name = "KEYS",
        conflicts_with = "step",
        allow_hyphen_values = true
    )]
    pub moves: Option<String>,
    /// Print only the shapes and the channel names.
    #[arg(long)]
    pub layout_only: bool,
    /// The back end [default: interpreter]. The compiled engine runs the
    /// bundled games of games/ (their last two moves recorded beside the
    /// generated state).
    #[arg(long, value_enum)]
    pub engine: Option<Engine>,
}

pub fn run(args: &TensorArgs) -> miette::Result<ExitCode> {
    let loaded = args.game.load()?;
    let layout = ludemic_compiler::tensor::layout(&loaded.model)
        .map_err(|e| miette::miette!("{}: {e}", args.game.file.display()))?;
    let bundled = args.game.bundled();
    let stem = match (args.engine, bundled) {
        (Some(Engine::Compiled), Some(stem)) => Some(stem),
        (Some(Engine::Compiled), None) => return Err(super::not_bundled(&args.game.file)),
        _ => None,
    };
    let g = Interpreter::new(loaded.model);
    let [c, x, y] = layout.state_tensor_shape();
    let [mc, mx, my] = layout.move_tensor_shape();
    println!(
        "{} ({}, {})",
        g.name(),
        args.game.file.display(),
        if stem.is_some() {
            "compiled"
        } else {
            "interpreter"
        }
    );
    println!("state tensor: {c} x {x} x {y} (channels, x, y)");
    println!(
        "move tensor:  {mc} x {mx} x {my}, {} actions (distance clip M = {}, pass channel {}, swap channel {})",
        layout.num_distinct_actions(),
        layout.dist_clip,
        layout.pass_channel(),
        layout.swap_channel()
    );
    let containers: Vec<String> = layout
        .containers
        .iter()
        .map(|c| format!("{} (sites {}..{})", c.name, c.first, c.first + c.size))
        .collect();
    println!("containers:   {}", containers.join(", "));
    println!(
        "flags:        stacking {}, count {}, local state {}, swap {}",
        layout.stacking, layout.count, layout.local_state, layout.swap
    );
    println!("channels:");
    for (i, name) in layout.state_channel_names().iter().enumerate() {
        println!("  {i:3}  {name}");
    }
    if args.layout_only {
        return Ok(ExitCode::SUCCESS);
    }
    match stem {
        Some(stem) => ludemic_generated::visit(
            &stem,
            Show {
                layout: &layout,
                args,
            },
        )
        .expect("a bundled game"),
        None => show(&g, &layout, args),
    }
}

/// The state a compiled game reaches and its tensors.
struct Show<'a> {
    layout: &'a TensorLayout,
    args: &'a TensorArgs,
}

impl ludemic_generated::Visitor for Show<'_> {
    type Output = miette::Result<ExitCode>;
    fn visit<G: PositionView + Clone>(self, game: &G) -> Self::Output {
        show(&Recorded(game.clone()), self.layout, self.args)
    }
}

/// Plays the moves asked for, then prints the observation and the legal
/// moves' positions.
fn show<G: TensorGame>(
    g: &G,
    layout: &TensorLayout,
    args: &TensorArgs,
) -> miette::Result<ExitCode> {
    let [_, x, y] = layout.state_tensor_shape();
    let mut state = g.initial_state();
    let mut buffer = MoveBuffer::new();
    let mut played = Vec::new();
    if let Some(keys) = &args.moves {
        for text in keys.split([' ', ',']).filter(|k| !k.is_empty()) {
            let key: MoveKey = text.parse().map_err(|e| miette::miette!("{e}"))?;
            if g.is_over(&state) {
                return Err(miette::miette!("the game is over before {key}"));
            }
            g.legal_moves(&state, &mut buffer);
            let mv = buffer
                .iter()
                .copied()
                .find(|&m| g.move_key(m) == key)
                .ok_or_else(|| miette::miette!("{key} is not a legal move here"))?;
            g.apply(&mut state, mv);
            played.push(key);
        }
    } else {
        let mut rng = Xoshiro256PlusPlus::from_seed_u64(args.seed);
        for _ in 0..args.step {
            if g.is_over(&state) {
                break;
            }
            g.legal_moves(&state, &mut buffer);
            let mv = buffer[rng.index(buffer.len())];
            played.push(g.move_key(mv));
            g.apply(&mut state, mv);
        }
    }
    let keys: Vec<String> = played.iter().map(ToString::to_string).collect();
    println!(
        "\nstate after {} moves: {}",
        played.len(),
        if keys.is_empty() {
            "(start)".to_owned()
        } else {
            keys.join(" ")
        }
    );
    let mut obs = vec![0.0; layout.state_len()];
    layout
        .observe(g, &state, &mut obs)
        .map_err(|e| miette::miette!("{e}"))?;
    let plane = x * y;
    for (ch, name) in layout.state_channel_names().iter().enumerate() {
        let values = &obs[ch * plane..(ch + 1) * plane];
        if values.iter().all(|&v| v == 0.0) {
            continue;
        }
        println!(
            "\n[{ch}] {name} (rows y = {} down to 0, columns x = 0..{x})",
            y - 1
        );
        for row in (0..y).rev() {
            let cells: Vec<String> = (0..x)
                .map(|col| {
                    let v = values[col * y + row];
                    if v == 0.0 {
                        ".".to_owned()
                    } else {
                        format!("{v}")
                    }
                })
                .collect();
            println!("  {}", cells.join(" "));
        }
    }
    if g.is_over(&state) {
        println!("\nthe game is over: no legal moves");
        return Ok(ExitCode::SUCCESS);
    }
    g.legal_moves(&state, &mut buffer);
    println!(
        "\nlegal moves ({}): key -> [channel, x, y] = action id",
        buffer.len()
    );
    for &mv in buffer.iter() {
        let key = g.move_key(mv);
        match layout.action_of(g, mv) {
            Ok(a) => println!(
                "  {key} -> [{}, {}, {}] = {}",
                a.channel,
                a.x,
                a.y,
                layout.action_id(a)
            ),
            Err(e) => println!("  {key} -> {e}"),
        }
    }
    Ok(ExitCode::SUCCESS)
}
