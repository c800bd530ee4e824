//! The code ludemic generates for every game in `games/`, checked in so it can
//! be read and reviewed. Each module starts with an `@generated` header naming
//! its source and the source's hash; `tests/generated.rs` fails when a module
//! is stale, and `LUDEMIC_BLESS=1 cargo test --test generated` regenerates them.
//! They are kept exactly as prettyplease formats them (`#[rustfmt::skip]`).

pub mod sources;
pub use sources::{source_text, DEFINES, SOURCES};

#[rustfmt::skip]
pub mod alquerque;
#[rustfmt::skip]
pub mod amazons;
#[rustfmt::skip]
pub mod breakthrough;
#[rustfmt::skip]
pub mod chess;
#[rustfmt::skip]
pub mod connect6;
#[rustfmt::skip]
pub mod connect_four;
#[rustfmt::skip]
pub mod dai_hasami_shogi;
#[rustfmt::skip]
pub mod dara;
#[rustfmt::skip]
pub mod dots_and_boxes;
#[rustfmt::skip]
pub mod english_draughts;
#[rustfmt::skip]
pub mod feed_the_ducks;
#[rustfmt::skip]
pub mod go;
#[rustfmt::skip]
pub mod gomoku;
#[rustfmt::skip]
pub mod havannah;
#[rustfmt::skip]
pub mod hex;
#[rustfmt::skip]
pub mod hexentafl;
#[rustfmt::skip]
pub mod hnefatafl;
#[rustfmt::skip]
pub mod knightthrough;
#[rustfmt::skip]
pub mod konane;
#[rustfmt::skip]
pub mod lines_of_action;
#[rustfmt::skip]
pub mod minishogi;
#[rustfmt::skip]
pub mod mu_torere;
#[rustfmt::skip]
pub mod nine_mens_morris;
#[rustfmt::skip]
pub mod oware;
#[rustfmt::skip]
pub mod pentalath;
#[rustfmt::skip]
pub mod reversi;
#[rustfmt::skip]
pub mod royal_game_of_ur;
#[rustfmt::skip]
pub mod senet;
#[rustfmt::skip]
pub mod shogi;
#[rustfmt::skip]
pub mod squava;
#[rustfmt::skip]
pub mod tant_fant;
#[rustfmt::skip]
pub mod tic_tac_toe;
#[rustfmt::skip]
pub mod tron;
#[rustfmt::skip]
pub mod wolf_and_sheep;
#[rustfmt::skip]
pub mod yavalath;
#[rustfmt::skip]
pub mod halma;
#[rustfmt::skip]
pub mod chinese_checkers;
#[rustfmt::skip]
pub mod fanorona;
#[rustfmt::skip]
pub mod surakarta;
#[rustfmt::skip]
pub mod halma_6x6;

// The modules are formatted by prettyplease, as generated; rustfmt leaves them alone.

use ludemic_runtime::PositionView;

/// Something done with a compiled game, whatever its type (each is a
/// cloneable unit type with a `PositionView`, and owns its states and moves:
/// `'static` and `Send`, so it can be boxed behind a trait object, as the
/// Python bindings do).
pub trait Visitor {
    type Output;
    fn visit<G: PositionView + Clone + Send + Sync + 'static>(self, game: &G) -> Self::Output
    where
        G::State: Send + Sync,
        G::Move: Send + Sync;
}

/// The bundled games: the stem of their file in `games/`.
pub const GAMES: &[&str] = &[
    "alquerque",
    "amazons",
    "breakthrough",
    "chess",
    "connect-four",
    "connect6",
    "dai-hasami-shogi",
    "dara",
    "dots-and-boxes",
    "english-draughts",
    "feed-the-ducks",
    "go",
    "gomoku",
    "havannah",
    "hex",
    "hexentafl",
    "hnefatafl",
    "knightthrough",
    "konane",
    "lines-of-action",
    "minishogi",
    "mu-torere",
    "nine-mens-morris",
    "pentalath",
    "reversi",
    "shogi",
    "squava",
    "tant-fant",
    "tic-tac-toe",
    "tron",
    "wolf-and-sheep",
    "yavalath",
    "halma",
    "chinese-checkers",
    "fanorona",
    "surakarta",
    "oware",
    "royal-game-of-ur",
    "senet",
];

/// A game of `games/` bundled a second time with options other than its
/// defaults, for the experiments that name them (Halma 6×6 is a game of the
/// Heuristic Sampling paper's Table I).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Variant {
    /// The name `visit` knows it by, and its module's name (`-` as `_`).
    pub stem: &'static str,
    /// The stem of its file in `games/`.
    pub file: &'static str,
    /// The `"Heading/Item"` options it was generated with; the others are
    /// at their defaults.
    pub options: &'static [&'static str],
}

/// The bundled option variants.
pub const VARIANTS: &[Variant] = &[Variant {
    stem: "halma-6x6",
    file: "halma",
    options: &["Board Size/6x6"],
}];

/// Every bundled stem: the games of `GAMES`, then the variants.
pub fn stems() -> impl Iterator<Item = &'static str> {
    GAMES.iter().copied().chain(VARIANTS.iter().map(|v| v.stem))
}

/// The file stem in `games/` and the options a bundled stem was generated
/// from (`None` for a stem that is not bundled).
pub fn source(stem: &str) -> Option<(&'static str, &'static [&'static str])> {
    if let Some(&game) = GAMES.iter().find(|&&g| g == stem) {
        return Some((game, &[]));
    }
    VARIANTS
        .iter()
        .find(|v| v.stem == stem)
        .map(|v| (v.file, v.options))
}

/// The file stem in `games/` of a bundled stem and the options to load it
/// with: the variant's options (none for a game of `GAMES`), then `given`.
pub fn selection(stem: &str, given: &[String]) -> Option<(&'static str, Vec<String>)> {
    let (file, options) = source(stem)?;
    let mut all: Vec<String> = options.iter().map(|o| o.to_string()).collect();
    all.extend(given.iter().cloned());
    Some((file, all))
}

/// The bundled stem for the game of `games/<file>.lud` with `options`: the
/// game itself where they choose its defaults, a variant where they choose
/// the variant's options, else `None`. `choices` expands the file with a
/// list of options and gives the choice of every category, the defaults
/// filled in (`None` where the expansion fails), so that the same choices
/// are the same game however they were spelled.
pub fn bundled_for(
    file: &str,
    options: &[String],
    choices: impl Fn(&[String]) -> Option<Vec<String>>,
) -> Option<&'static str> {
    let game = *GAMES.iter().find(|&&g| g == file)?;
    if options.is_empty() {
        return Some(game);
    }
    let chosen = choices(options)?;
    if choices(&[]).as_ref() == Some(&chosen) {
        return Some(game);
    }
    VARIANTS
        .iter()
        .filter(|v| v.file == game)
        .find(|v| {
            let options: Vec<String> = v.options.iter().map(|o| o.to_string()).collect();
            choices(&options).as_ref() == Some(&chosen)
        })
        .map(|v| v.stem)
}

/// Runs `visitor` on the compiled game whose file in `games/` has stem
/// `stem`, or on the variant named `stem`.
pub fn visit<V: Visitor>(stem: &str, visitor: V) -> Option<V::Output> {
    Some(match stem {
        "alquerque" => visitor.visit(&alquerque::Alquerque),
        "amazons" => visitor.visit(&amazons::Amazons),
        "breakthrough" => visitor.visit(&breakthrough::Breakthrough),
        "chess" => visitor.visit(&chess::Chess),
        "connect-four" => visitor.visit(&connect_four::ConnectFour),
        "connect6" => visitor.visit(&connect6::Connect6),
        "dai-hasami-shogi" => visitor.visit(&dai_hasami_shogi::DaiHasamiShogi),
        "dara" => visitor.visit(&dara::Dara),
        "dots-and-boxes" => visitor.visit(&dots_and_boxes::DotsAndBoxes),
        "english-draughts" => visitor.visit(&english_draughts::EnglishDraughts),
        "feed-the-ducks" => visitor.visit(&feed_the_ducks::FeedTheDucks),
        "go" => visitor.visit(&go::Go),
        "gomoku" => visitor.visit(&gomoku::Gomoku),
        "havannah" => visitor.visit(&havannah::Havannah),
        "hex" => visitor.visit(&hex::Hex),
        "hexentafl" => visitor.visit(&hexentafl::HeXentafl),
        "hnefatafl" => visitor.visit(&hnefatafl::Hnefatafl),
        "knightthrough" => visitor.visit(&knightthrough::Knightthrough),
        "konane" => visitor.visit(&konane::Konane),
        "lines-of-action" => visitor.visit(&lines_of_action::LinesOfAction),
        "minishogi" => visitor.visit(&minishogi::Minishogi),
        "mu-torere" => visitor.visit(&mu_torere::MuTorere),
        "nine-mens-morris" => visitor.visit(&nine_mens_morris::NineMenSMorris),
        "pentalath" => visitor.visit(&pentalath::Pentalath),
        "reversi" => visitor.visit(&reversi::Reversi),
        "shogi" => visitor.visit(&shogi::Shogi),
        "squava" => visitor.visit(&squava::Squava),
        "tant-fant" => visitor.visit(&tant_fant::TantFant),
        "tic-tac-toe" => visitor.visit(&tic_tac_toe::TicTacToe),
        "tron" => visitor.visit(&tron::Tron),
        "wolf-and-sheep" => visitor.visit(&wolf_and_sheep::WolfAndSheep),
        "yavalath" => visitor.visit(&yavalath::Yavalath),
        "halma" => visitor.visit(&halma::Halma),
        "chinese-checkers" => visitor.visit(&chinese_checkers::ChineseCheckers),
        "fanorona" => visitor.visit(&fanorona::Fanorona),
        "surakarta" => visitor.visit(&surakarta::Surakarta),
        "oware" => visitor.visit(&oware::Oware),
        "royal-game-of-ur" => visitor.visit(&royal_game_of_ur::RoyalGameOfUr),
        "senet" => visitor.visit(&senet::Senet),
        "halma-6x6" => visitor.visit(&halma_6x6::Halma),
        _ => return None,
    })
}
