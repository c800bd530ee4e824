//! The games of `games/` and the defines of `games/def`, embedded so that an
//! installed binary or wheel needs no checkout: every bundled name loads
//! from any directory, and a bundled name with options its compiled module
//! was not built with runs its `.lud` on the interpreter.
//! `tests/generated.rs` checks that these lists are the folders' files.

/// `(stem, text)` of every `games/*.lud`.
pub const SOURCES: &[(&str, &str)] = &[
    ("alquerque", include_str!("../../games/alquerque.lud")),
    ("amazons", include_str!("../../games/amazons.lud")),
    ("breakthrough", include_str!("../../games/breakthrough.lud")),
    ("chess", include_str!("../../games/chess.lud")),
    ("connect-four", include_str!("../../games/connect-four.lud")),
    ("connect6", include_str!("../../games/connect6.lud")),
    (
        "dai-hasami-shogi",
        include_str!("../../games/dai-hasami-shogi.lud"),
    ),
    ("dara", include_str!("../../games/dara.lud")),
    (
        "dots-and-boxes",
        include_str!("../../games/dots-and-boxes.lud"),
    ),
    (
        "english-draughts",
        include_str!("../../games/english-draughts.lud"),
    ),
    (
        "feed-the-ducks",
        include_str!("../../games/feed-the-ducks.lud"),
    ),
    ("go", include_str!("../../games/go.lud")),
    ("gomoku", include_str!("../../games/gomoku.lud")),
    ("havannah", include_str!("../../games/havannah.lud")),
    ("hex", include_str!("../../games/hex.lud")),
    ("hexentafl", include_str!("../../games/hexentafl.lud")),
    ("hnefatafl", include_str!("../../games/hnefatafl.lud")),
    (
        "knightthrough",
        include_str!("../../games/knightthrough.lud"),
    ),
    ("konane", include_str!("../../games/konane.lud")),
    (
        "lines-of-action",
        include_str!("../../games/lines-of-action.lud"),
    ),
    ("minishogi", include_str!("../../games/minishogi.lud")),
    ("mu-torere", include_str!("../../games/mu-torere.lud")),
    ("oware", include_str!("../../games/oware.lud")),
    (
        "nine-mens-morris",
        include_str!("../../games/nine-mens-morris.lud"),
    ),
    ("pentalath", include_str!("../../games/pentalath.lud")),
    ("reversi", include_str!("../../games/reversi.lud")),
    (
        "royal-game-of-ur",
        include_str!("../../games/royal-game-of-ur.lud"),
    ),
    ("senet", include_str!("../../games/senet.lud")),
    ("shogi", include_str!("../../games/shogi.lud")),
    ("squava", include_str!("../../games/squava.lud")),
    ("tant-fant", include_str!("../../games/tant-fant.lud")),
    ("tic-tac-toe", include_str!("../../games/tic-tac-toe.lud")),
    ("tron", include_str!("../../games/tron.lud")),
    (
        "wolf-and-sheep",
        include_str!("../../games/wolf-and-sheep.lud"),
    ),
    ("yavalath", include_str!("../../games/yavalath.lud")),
    ("halma", include_str!("../../games/halma.lud")),
    (
        "chinese-checkers",
        include_str!("../../games/chinese-checkers.lud"),
    ),
    ("fanorona", include_str!("../../games/fanorona.lud")),
    ("surakarta", include_str!("../../games/surakarta.lud")),
];

/// `(path below games/def, text)` of every define of `games/def`.
pub const DEFINES: &[(&str, &str)] = &[
    (
        "capture/FlankCapture.def",
        include_str!("../../games/def/capture/FlankCapture.def"),
    ),
    (
        "conditions/NoSites.def",
        include_str!("../../games/def/conditions/NoSites.def"),
    ),
    (
        "end/EscapeWins.def",
        include_str!("../../games/def/end/EscapeWins.def"),
    ),
    (
        "end/LineWinsShorterLoses.def",
        include_str!("../../games/def/end/LineWinsShorterLoses.def"),
    ),
    (
        "end/OpponentStuck.def",
        include_str!("../../games/def/end/OpponentStuck.def"),
    ),
    (
        "end/ReachGoal.def",
        include_str!("../../games/def/end/ReachGoal.def"),
    ),
    (
        "end/SingleGroupWin.def",
        include_str!("../../games/def/end/SingleGroupWin.def"),
    ),
    (
        "end/WinWithLine.def",
        include_str!("../../games/def/end/WinWithLine.def"),
    ),
    (
        "fill/HopChain.def",
        include_str!("../../games/def/fill/HopChain.def"),
    ),
    (
        "fill/HopOverPiece.def",
        include_str!("../../games/def/fill/HopOverPiece.def"),
    ),
    (
        "fill/InTargetCamp.def",
        include_str!("../../games/def/fill/InTargetCamp.def"),
    ),
    (
        "fill/StepTowardCamp.def",
        include_str!("../../games/def/fill/StepTowardCamp.def"),
    ),
    (
        "fill/TargetCampFilledWins.def",
        include_str!("../../games/def/fill/TargetCampFilledWins.def"),
    ),
    (
        "move/JumpCapture.def",
        include_str!("../../games/def/move/JumpCapture.def"),
    ),
    (
        "move/StepInto.def",
        include_str!("../../games/def/move/StepInto.def"),
    ),
    (
        "move/StepToFree.def",
        include_str!("../../games/def/move/StepToFree.def"),
    ),
    (
        "play/PlaceOnEmpty.def",
        include_str!("../../games/def/play/PlaceOnEmpty.def"),
    ),
    (
        "shogi/CaptureToHand.def",
        include_str!("../../games/def/shogi/CaptureToHand.def"),
    ),
    (
        "shogi/DropPawn.def",
        include_str!("../../games/def/shogi/DropPawn.def"),
    ),
    (
        "shogi/DropPiece.def",
        include_str!("../../games/def/shogi/DropPiece.def"),
    ),
    (
        "shogi/KingThreatened.def",
        include_str!("../../games/def/shogi/KingThreatened.def"),
    ),
    (
        "shogi/MayPromote.def",
        include_str!("../../games/def/shogi/MayPromote.def"),
    ),
    (
        "shogi/NoOwnPawnInColumn.def",
        include_str!("../../games/def/shogi/NoOwnPawnInColumn.def"),
    ),
    (
        "shogi/PromoteLastTo.def",
        include_str!("../../games/def/shogi/PromoteLastTo.def"),
    ),
    (
        "shogi/ShogiGoldPiece.def",
        include_str!("../../games/def/shogi/ShogiGoldPiece.def"),
    ),
    (
        "shogi/SlideCaptureToHand.def",
        include_str!("../../games/def/shogi/SlideCaptureToHand.def"),
    ),
    (
        "shogi/StepCaptureToHand.def",
        include_str!("../../games/def/shogi/StepCaptureToHand.def"),
    ),
];

/// The text of the game of `games/<stem>.lud`.
pub fn source_text(stem: &str) -> Option<&'static str> {
    SOURCES
        .iter()
        .find(|(s, _)| *s == stem)
        .map(|(_, text)| *text)
}
