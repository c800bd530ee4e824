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
    connect6,
    gomoku,
    havannah,
    hex,
    squava,
    tic_tac_toe,
    yavalath
);
