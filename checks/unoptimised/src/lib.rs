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
    chess,
    connect6,
    connect_four,
    dai_hasami_shogi,
    dara,
    dots_and_boxes,
    english_draughts,
    feed_the_ducks,
    go,
    gomoku,
    havannah,
    hex,
    hexentafl,
    hnefatafl,
    knightthrough,
    konane,
    lines_of_action,
    minishogi,
    mu_torere,
    nine_mens_morris,
    pentalath,
    reversi,
    shogi,
    squava,
    tant_fant,
    tic_tac_toe,
    tron,
    wolf_and_sheep,
    yavalath,
    halma,
    chinese_checkers,
    fanorona,
    surakarta,
    oware,
    royal_game_of_ur,
    senet
);
