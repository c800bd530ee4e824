//! The games of `games/` compiled with every optimisation off (see `build.rs`).

macro_rules! plain {
    ($($name:ident),*) => {
        $(
            #[allow(dead_code)]
            pub mod $name {
                include!(concat!(env!("OUT_DIR"), "/", stringify!($name), ".rs"));
            }
        )*
    };
}

plain!(
    alquerque,
    amazons,
    breakthrough,
    connect_four,
    connect6,
    dots_and_boxes,
    feed_the_ducks,
    gomoku,
    havannah,
    hex,
    knightthrough,
    lines_of_action,
    mu_torere,
    reversi,
    squava,
    tant_fant,
    tic_tac_toe,
    tron,
    wolf_and_sheep,
    yavalath
);
