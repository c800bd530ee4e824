//! Ludii's own speed per library file
//! (`shared/reference/ludii-library-speed/speed.jsonl`, its README says how
//! it was measured).

use std::collections::BTreeMap;
use std::path::Path;

/// Ludii's figures for one file.
#[derive(Clone, Debug)]
pub struct LudiiSpeed {
    /// The playout Ludii chooses: `standard` or the class of its custom one.
    pub playout: String,
    pub per_sec: f64,
    pub mean_moves: f64,
    /// With custom playouts disabled, where Ludii chose one.
    pub standard_per_sec: Option<f64>,
}

/// The files measured, by their path under `lud/board`; lines with an
/// `error` (or without a rate) are left out.
pub fn read(path: &Path) -> Result<BTreeMap<String, LudiiSpeed>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let mut out = BTreeMap::new();
    for (n, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let v: serde_json::Value =
            serde_json::from_str(line).map_err(|e| format!("line {}: {e}", n + 1))?;
        let (Some(lud), Some(per_sec)) = (v["lud"].as_str(), v["playouts_per_sec"].as_f64()) else {
            continue;
        };
        out.insert(
            lud.to_owned(),
            LudiiSpeed {
                playout: v["playout"].as_str().unwrap_or("standard").to_owned(),
                per_sec,
                mean_moves: v["mean_moves"].as_f64().unwrap_or(f64::NAN),
                standard_per_sec: v["standard_playouts_per_sec"].as_f64(),
            },
        );
    }
    Ok(out)
}
