//! The survey as a section of a Markdown document (`--markdown FILE`): the
//! totals, the ludemes that stop the most games, and one row per game, so
//! a user can look a game up. Nothing in it depends on the machine or the
//! moment (no times, no absolute paths), so a test can hold the document
//! to a fresh survey.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use super::{GameReport, Totals};

/// The name of the document's section the survey owns.
pub const SECTION: &str = "survey";

/// Where the survey's inputs were, to write places relative to them.
pub struct Places<'a> {
    pub dir: &'a Path,
    pub defs: &'a [PathBuf],
}

impl Places<'_> {
    /// An error's `path:line:col: message` with the path written as a
    /// reader can find it: nothing for the game's own file (`line:col`),
    /// `def/...` for a define library's file.
    fn relative(&self, error: &str, file: &str) -> String {
        let dir = self.dir.display().to_string();
        let dir = dir.trim_end_matches('/');
        let own = format!("{dir}/{file}:");
        if let Some(rest) = error.strip_prefix(&own) {
            return rest.to_owned();
        }
        for defs in self.defs {
            let name = defs
                .file_name()
                .map_or_else(|| "def".to_owned(), |n| n.to_string_lossy().into_owned());
            let defs = defs.display().to_string();
            if let Some(rest) = error.strip_prefix(&format!("{}/", defs.trim_end_matches('/'))) {
                return format!("{name}/{rest}");
            }
        }
        error
            .strip_prefix(&format!("{dir}/"))
            .unwrap_or(error)
            .to_owned()
    }
}

/// The section: totals, rankings and every game's row.
pub fn section(
    reports: &[GameReport],
    totals: &Totals,
    places: &Places,
    with_trials: bool,
) -> String {
    let mut out = String::new();
    let w = &mut out;
    let _ = writeln!(w, "## Which games run\n");
    let _ = writeln!(
        w,
        "Of the {} files, {} expand (defines and options), **{} lower** to the game model, so the \
         interpreter plays them (`ludemic play`, `playout`, `serve`), and **{} compile** (the code \
         generator takes them).",
        thousands(totals.files),
        thousands(totals.expand),
        totals.lower,
        totals.generate
    );
    if with_trials {
        let _ = writeln!(
            w,
            "Ludii's trials of {} of the games that lower were replayed move by move: {} with zero \
             mismatches, {} with a mismatch ({} of them with dice, forced from Ludii's actions). \
             {} files are games of hidden information (Ludii's flag); {} of them lower.",
            totals.with_trials,
            totals.replay,
            totals.mismatch,
            totals.stochastic,
            totals.hidden_information,
            totals.hidden_information_lower
        );
    }
    if totals.cut > 0 {
        let _ = writeln!(w, "{} files were cut by the time limit.", totals.cut);
    }
    let _ = writeln!(w, "\n### What stops the rest\n");
    let _ = writeln!(
        w,
        "The first unsupported ludeme of each game that does not lower, by the number of games it \
         stops (after it, a game may meet another):\n"
    );
    let _ = writeln!(w, "| games | ludeme |\n|---:|---|");
    for (what, n) in &totals.blockers {
        let _ = writeln!(w, "| {n} | {} |", cell(what));
    }
    if !totals.generator_blockers.is_empty() {
        let _ = writeln!(
            w,
            "\nWhat the code generator refuses among the games that lower (the interpreter plays \
             them):\n"
        );
        let _ = writeln!(w, "| games | refused |\n|---:|---|");
        for (what, n) in &totals.generator_blockers {
            let _ = writeln!(w, "| {n} | {} |", cell(what));
        }
    }
    let _ = writeln!(w, "\n### Every game\n");
    let _ = writeln!(
        w,
        "*compiled*: native code and the interpreter; *interpreted*: the interpreter only; \
         *unsupported*: refused with the place of the first ludeme ludemic does not read yet \
         (`line:column` in the game's file, or the define's file).\n"
    );
    let _ = writeln!(
        w,
        "| game | runs | Ludii's trials | what stops it |\n|---|---|---|---|"
    );
    for r in reports {
        let (runs, why) = status(r, places);
        let trials = match &r.trials {
            Some(t) if t.failed > 0 => format!(
                "**mismatch**: {}",
                t.first_mismatch.as_deref().unwrap_or_default()
            ),
            Some(t) => format!("{} replayed", t.passed),
            None if r.lowers && with_trials => "none".to_owned(),
            None => String::new(),
        };
        let _ = writeln!(
            w,
            "| {} | {runs} | {} | {} |",
            cell(r.file.trim_end_matches(".lud")),
            cell(&trials),
            cell(&why)
        );
    }
    out
}

/// What a game's row says it runs in, and what stops it going further.
fn status(r: &GameReport, places: &Places) -> (&'static str, String) {
    let error = || {
        let error = r.error.as_deref().unwrap_or_default();
        let first = error.lines().next().unwrap_or_default();
        places.relative(first, &r.file)
    };
    if let Some(why) = &r.cut {
        ("cut", why.clone())
    } else if !r.lowers {
        let why = error();
        if r.hidden_information {
            ("unsupported", format!("hidden information; {why}"))
        } else {
            ("unsupported", why)
        }
    } else if !r.generates {
        (
            "interpreted",
            format!(
                "code generator: {}",
                r.generator_blocker.as_deref().unwrap_or_default()
            ),
        )
    } else {
        ("compiled", String::new())
    }
}

/// `1056` as `1,056`.
fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Text for a table cell: one line, its bars escaped.
fn cell(text: &str) -> String {
    text.lines().next().unwrap_or_default().replace('|', "\\|")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn places_are_written_relative_to_the_inputs() {
        let defs = [PathBuf::from("/x/ludii/def")];
        let places = Places {
            dir: Path::new("/x/ludii/lud/board"),
            defs: &defs,
        };
        let file = "hunt/Asalto.lud";
        assert_eq!(
            places.relative("/x/ludii/lud/board/hunt/Asalto.lud:29:17: no", file),
            "29:17: no"
        );
        assert_eq!(
            places.relative("/x/ludii/def/rules/A.def:7:5: no", file),
            "def/rules/A.def:7:5: no"
        );
        assert_eq!(places.relative("needs a number", file), "needs a number");
    }

    #[test]
    fn cells_stay_one_line_with_their_bars_escaped() {
        assert_eq!(cell("a | b\nmore"), "a \\| b");
    }

    #[test]
    fn thousands_are_separated() {
        assert_eq!(thousands(1056), "1,056");
        assert_eq!(thousands(488), "488");
        assert_eq!(thousands(1_000_000), "1,000,000");
    }
}
