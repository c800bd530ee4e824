//! The figures a benchmark prints — rates, ratios, aligned columns — and
//! the reference figures it reads beside them from the markdown tables of
//! `shared/reference`.

use std::path::{Path, PathBuf};

/// Where the reference measurements live: the directory given
/// (`--reference`, `LUDEMIC_REFERENCE`), else `../shared/reference` from
/// the current directory (a checkout's root, with `shared/` beside it).
pub(super) fn reference_dir(given: Option<&Path>) -> PathBuf {
    let dir = given.map_or_else(
        || Path::new("../shared/reference").to_path_buf(),
        Path::to_path_buf,
    );
    dir.canonicalize().unwrap_or(dir)
}

/// Prints rows of cells in columns: the first left-aligned, the others
/// right-aligned, a rule under the first row.
pub(super) fn print_aligned(lines: &[Vec<String>]) {
    let columns = lines.first().map_or(0, Vec::len);
    let widths: Vec<usize> = (0..columns)
        .map(|c| {
            lines
                .iter()
                .map(|l| l[c].chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    for (i, line) in lines.iter().enumerate() {
        let cells: Vec<String> = line
            .iter()
            .zip(&widths)
            .enumerate()
            .map(|(c, (cell, w))| {
                let pad = w - cell.chars().count();
                if c == 0 {
                    format!("{cell}{}", " ".repeat(pad))
                } else {
                    format!("{}{cell}", " ".repeat(pad))
                }
            })
            .collect();
        println!("{}", cells.join("  ").trim_end());
        if i == 0 {
            let total = widths.iter().sum::<usize>() + 2 * (widths.len() - 1);
            println!("{}", "-".repeat(total));
        }
    }
}

pub(super) fn dash() -> String {
    "–".to_owned()
}

pub(super) fn times(x: Option<f64>) -> String {
    match x {
        None => dash(),
        Some(x) if x >= 100.0 => format!("{x:.0}×"),
        Some(x) if x >= 10.0 => format!("{x:.1}×"),
        Some(x) => format!("{x:.2}×"),
    }
}

/// A rate with thousands separators (one decimal below 100).
pub(super) fn rate(x: f64) -> String {
    if x < 100.0 {
        return format!("{x:.1}");
    }
    let digits = format!("{:.0}", x);
    let mut out = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

/// A markdown table: its header cells and its data rows.
#[derive(Debug)]
pub(super) struct Table {
    pub(super) header: Vec<String>,
    pub(super) rows: Vec<Vec<String>>,
}

impl Table {
    pub(super) fn column(&self, pred: impl Fn(&str) -> bool) -> Option<usize> {
        self.header.iter().position(|h| pred(h))
    }

    /// The row whose first cell is `name`.
    pub(super) fn row(&self, name: &str) -> Option<&Vec<String>> {
        self.rows
            .iter()
            .find(|r| r.first().is_some_and(|c| c == name))
    }
}

/// Every table of a markdown text (a header line, a `|---|` line, then rows).
pub(super) fn tables(text: &str) -> Vec<Table> {
    let mut out = Vec::new();
    let lines: Vec<&str> = text.lines().map(str::trim).collect();
    let mut i = 0;
    while i + 1 < lines.len() {
        let is_separator =
            |l: &str| l.starts_with('|') && l.chars().all(|c| matches!(c, '|' | '-' | ':' | ' '));
        if lines[i].starts_with('|') && is_separator(lines[i + 1]) {
            let header = cells(lines[i]);
            let mut rows = Vec::new();
            i += 2;
            while i < lines.len() && lines[i].starts_with('|') {
                rows.push(cells(lines[i]));
                i += 1;
            }
            out.push(Table { header, rows });
        } else {
            i += 1;
        }
    }
    out
}

fn cells(line: &str) -> Vec<String> {
    let inner = line.trim().trim_start_matches('|').trim_end_matches('|');
    inner.split('|').map(|c| c.trim().to_owned()).collect()
}

/// The number a cell starts with (`1,988,240 [..]`, `107720.1`), if any.
pub(super) fn number(cell: &str) -> Option<f64> {
    let text: String = cell
        .chars()
        .take_while(|c| c.is_ascii_digit() || matches!(c, ',' | '.'))
        .filter(|c| *c != ',')
        .collect();
    text.parse().ok()
}
