//! Reading a game's heuristics from its `(ai ...)` metadata (Ludii's
//! `Expander.loadKnownAIDefine`, `Expander.removeUnselectedOptionParts`,
//! `metadata.ai.Ai`, `metadata.ai.heuristics.Heuristics` and its terms).

use std::path::{Path, PathBuf};

use super::{Heuristics, Origin, Term, TermKind, Transformation};
use crate::diagnostic::{CompileError, ErrorKind, Result};
use crate::expand::library::interpret_define;
use crate::expand::remove_comments::remove_comments;
use crate::expand::scan::{find_from, matching_bracket};
use crate::expand::Expanded;
use crate::source::{SourceMap, Tracked};
use crate::syntax::{self, Arg, Node, NodeKind};

/// Ludii's terms ludemic does not evaluate yet: named in the error.
const NOT_YET: &[&str] = &["unthreatenedMaterial", "intercept"];

/// The game's heuristics: the `(ai ...)` of its metadata, where a string
/// `"X_ai"` stands for the define of that name read from the file
/// `X_ai.def` below one of `ai_dirs` (as Ludii looks it up in `def_ai/`).
/// `(useFor {"Heading/Item" ...} ...)` parts count only when every option
/// (or the ruleset) they name is selected. The untrained `(heuristics ...)`
/// wins over `trainedHeuristics:` (Ludii's `Ai.heuristics()`); without
/// either (or without the define), Ludii's default.
pub fn read(expanded: &mut Expanded, ai_dirs: &[PathBuf]) -> Result<Heuristics> {
    let Some(metadata) = expanded.metadata.clone() else {
        return Ok(Heuristics::ludii_default(None));
    };
    let s = metadata.as_str();
    let mut from = 0;
    let ai_start = loop {
        let Some(at) = find_from(s, "(ai", from) else {
            return Ok(Heuristics::ludii_default(None));
        };
        let next = s.as_bytes().get(at + 3).copied().unwrap_or(b')');
        if next.is_ascii_whitespace() || next == b')' || next == b'"' {
            break at;
        }
        from = at + 3;
    };
    let Some(end) = matching_bracket(s, ai_start, true) else {
        return Err(CompileError::in_tracked(
            ErrorKind::Syntax,
            &expanded.sources,
            &metadata,
            ai_start..ai_start + 3,
            "`(ai` is not closed: no matching `)`",
        ));
    };
    let ai_text = metadata.slice(ai_start..end + 1);
    let ai = syntax::parse_expanded(&ai_text, &expanded.sources)?;
    let mut cx = Reader {
        sources: &mut expanded.sources,
        options: &expanded.selected_options,
        all_options: expanded
            .options
            .iter()
            .flat_map(|c| (0..c.items.len()).map(move |i| c.choice(i)))
            .collect(),
        rulesets: &expanded.rulesets,
        ruleset: expanded.selected_ruleset.as_deref(),
    };
    // The `(ai ...)` items, with `"X_ai"` replaced by the define's body.
    let mut items: Vec<(Arg, Tracked)> = Vec::new();
    let mut define = None;
    for arg in ai.args() {
        match arg.value.string() {
            Some(name) if arg.label.is_none() && name.ends_with("_ai") => {
                define = Some(name.to_string());
                match cx.load_define(name, ai_dirs)? {
                    Some((body, text)) => {
                        for item in body.args() {
                            items.push((item.clone(), text.clone()));
                        }
                    }
                    None => {
                        return Ok(Heuristics::ludii_default(Some(name.to_string())));
                    }
                }
            }
            _ => items.push((arg.clone(), ai_text.clone())),
        }
    }
    let items = cx.select_use_for(items)?;
    let mut untrained = None;
    let mut trained = None;
    for (arg, text) in &items {
        match (arg.label.as_deref(), arg.value.head()) {
            (None, Some("heuristics")) => untrained = Some((arg.value.clone(), text.clone())),
            (Some("trainedHeuristics"), _) => trained = Some((arg.value.clone(), text.clone())),
            _ => {}
        }
    }
    let (node, text, is_trained) = match (untrained, trained) {
        (Some((n, t)), _) => (n, t, false),
        (None, Some((n, t))) => (n, t, true),
        (None, None) => return Ok(Heuristics::ludii_default(None)),
    };
    let terms = cx.heuristics(&node, &text)?;
    Ok(Heuristics {
        terms,
        origin: Origin::Metadata {
            define,
            trained: is_trained,
        },
    })
}

struct Reader<'a> {
    sources: &'a mut SourceMap,
    options: &'a [String],
    all_options: Vec<String>,
    rulesets: &'a [String],
    ruleset: Option<&'a str>,
}

impl Reader<'_> {
    fn error(&self, text: &Tracked, node: &Node, msg: impl Into<String>) -> CompileError {
        CompileError::in_tracked(
            ErrorKind::Unsupported,
            self.sources,
            text,
            node.span.clone(),
            msg,
        )
    }

    /// The define `name` from `name.def` below one of `dirs`, parsed as
    /// `(ai BODY)`; `None` when no such file exists.
    fn load_define(&mut self, name: &str, dirs: &[PathBuf]) -> Result<Option<(Node, Tracked)>> {
        let file_name = format!("{name}.def");
        let Some(path) = dirs.iter().find_map(|d| find_file(d, &file_name)) else {
            return Ok(None);
        };
        let source = std::fs::read_to_string(&path).map_err(|e| {
            CompileError::new(
                ErrorKind::Io,
                format!("cannot read {}: {e}", path.display()),
            )
        })?;
        let id = self.sources.add(path.clone(), source);
        let raw = remove_comments(&self.sources.tracked(id));
        let Some((def, _)) = interpret_define(&raw, self.sources)? else {
            return Ok(None);
        };
        if def.name != format!("\"{name}\"") {
            return Ok(None);
        }
        let origin = raw.origin(0).unwrap_or(crate::source::Origin {
            file: id,
            offset: 0,
        });
        let mut text = Tracked::synthetic("(ai ", origin);
        text.push(&def.body);
        text.push_synthetic(")", origin);
        let node = syntax::parse_expanded(&text, self.sources)?;
        Ok(Some((node, text)))
    }

    /// Ludii's `removeUnselectedOptionParts`: a `(useFor REQS ITEMS...)`
    /// gives its items when every requirement is a selected option or the
    /// selected ruleset, nothing otherwise.
    fn select_use_for(&self, items: Vec<(Arg, Tracked)>) -> Result<Vec<(Arg, Tracked)>> {
        let mut out = Vec::new();
        for (arg, text) in items {
            if arg.label.is_some() || arg.value.head() != Some("useFor") {
                out.push((arg, text));
                continue;
            }
            let args = arg.value.args();
            let Some(first) = args.first() else {
                return Err(self.error(&text, &arg.value, "`(useFor ...)` names no option"));
            };
            let required: Vec<&str> = match &first.value.kind {
                NodeKind::Str(s) => vec![s.as_str()],
                NodeKind::Array(a) => a.iter().filter_map(|x| x.value.string()).collect(),
                _ => {
                    return Err(self.error(
                        &text,
                        &first.value,
                        "`(useFor ...)` expects an option name or a list of them first",
                    ))
                }
            };
            let mut selected = true;
            for r in &required {
                let exists =
                    self.all_options.iter().any(|o| o == r) || self.rulesets.iter().any(|h| h == r);
                if !exists {
                    return Err(CompileError::in_tracked(
                        ErrorKind::UnknownOption,
                        self.sources,
                        &text,
                        first.value.span.clone(),
                        format!("`(useFor ...)` names \"{r}\", which is no option or ruleset of the game"),
                    ));
                }
                if !self.options.iter().any(|o| o == r) && self.ruleset != Some(*r) {
                    selected = false;
                }
            }
            if selected {
                let inner = self.select_use_for(
                    args[1..]
                        .iter()
                        .map(|a| (a.clone(), text.clone()))
                        .collect(),
                )?;
                out.extend(inner);
            }
        }
        Ok(out)
    }

    /// `(heuristics TERM)` or `(heuristics {TERM ...})`.
    fn heuristics(&self, node: &Node, text: &Tracked) -> Result<Vec<Term>> {
        let mut terms = Vec::new();
        for arg in node.args() {
            if arg.label.is_some() {
                return Err(self.error(text, &arg.value, "`(heuristics ...)` takes terms only"));
            }
            match &arg.value.kind {
                NodeKind::Array(items) => {
                    for item in items {
                        terms.push(self.term(&item.value, text)?);
                    }
                }
                _ => terms.push(self.term(&arg.value, text)?),
            }
        }
        Ok(terms)
    }

    fn term(&self, node: &Node, text: &Tracked) -> Result<Term> {
        let Some(head) = node.head() else {
            return Err(self.error(text, node, "expected a heuristic term, e.g. `(material)`"));
        };
        let mut weight = 1.0;
        let mut transformation = None;
        let mut piece_weights = vec![(String::new(), 1.0)];
        let mut board_only = false;
        let mut target_length = None;
        let mut region = None;
        let mut player = None;
        for arg in node.args() {
            let v = &arg.value;
            match arg.label.as_deref() {
                Some("weight") => weight = self.number(v, text)? as f32,
                Some("transformation") => transformation = Some(self.transformation(v, text)?),
                Some("pieceWeights") => piece_weights = self.pairs(v, text)?,
                Some("boardOnly") if head == "material" || head == "componentValues" => {
                    board_only = match v.atom() {
                        Some("True") => true,
                        Some("False") => false,
                        _ => return Err(self.error(text, v, "expected True or False")),
                    }
                }
                Some("targetLength") if head == "lineCompletionHeuristic" => {
                    target_length = Some(self.number(v, text)? as u32)
                }
                Some("region") if head == "regionProximity" => {
                    region = Some(self.number(v, text)? as usize)
                }
                Some("player") if head == "playerRegionsProximity" => {
                    let n = self.number(v, text)?;
                    if !(1.0..=16.0).contains(&n) || n.fract() != 0.0 {
                        return Err(self.error(text, v, "expected a player number"));
                    }
                    player = Some(n as u8)
                }
                _ => {
                    return Err(self.error(
                        text,
                        v,
                        format!("unexpected argument of heuristic term `{head}`"),
                    ))
                }
            }
        }
        let kind = match head {
            "material" => TermKind::Material { board_only },
            "mobilitySimple" => TermKind::MobilitySimple,
            "lineCompletionHeuristic" => TermKind::LineCompletion { target_length },
            "centreProximity" => TermKind::CentreProximity,
            "cornerProximity" => TermKind::CornerProximity,
            "sidesProximity" => TermKind::SidesProximity,
            "regionProximity" => match region {
                Some(region) => TermKind::RegionProximity { region },
                None => return Err(self.error(text, node, "`regionProximity` needs `region:N`")),
            },
            "influence" => TermKind::Influence,
            "score" => TermKind::Score,
            "nullHeuristic" => TermKind::Null,
            "mobilityAdvanced" => TermKind::MobilityAdvanced,
            "influenceAdvanced" => TermKind::InfluenceAdvanced,
            "ownRegionsCount" => TermKind::OwnRegionsCount,
            "playerRegionsProximity" => match player {
                Some(player) => TermKind::PlayerRegionsProximity { player },
                None => {
                    return Err(self.error(text, node, "`playerRegionsProximity` needs `player:N`"))
                }
            },
            "playerSiteMapCount" => TermKind::PlayerSiteMapCount,
            "componentValues" => TermKind::ComponentValues { board_only },
            "currentMoverHeuristic" => TermKind::CurrentMover,
            _ if NOT_YET.contains(&head) => {
                return Err(self.error(
                    text,
                    node,
                    format!(
                    "unsupported heuristic term `{head}` (Ludii's, not evaluated by ludemic yet)"
                ),
                ))
            }
            _ => return Err(self.error(text, node, format!("unknown heuristic term `{head}`"))),
        };
        Ok(Term {
            kind,
            weight,
            transformation,
            piece_weights,
        })
    }

    fn number(&self, node: &Node, text: &Tracked) -> Result<f64> {
        node.atom()
            .and_then(|a| a.parse::<f64>().ok())
            .ok_or_else(|| self.error(text, node, "expected a number"))
    }

    fn transformation(&self, node: &Node, text: &Tracked) -> Result<Transformation> {
        match node.head() {
            Some("divNumBoardSites") => Ok(Transformation::DivNumBoardSites),
            Some("divNumInitPlacement") => Ok(Transformation::DivNumInitPlacement),
            Some("logisticFunction") => Ok(Transformation::LogisticFunction),
            Some("tanh") => Ok(Transformation::Tanh),
            _ => Err(self.error(text, node, "unknown heuristic transformation")),
        }
    }

    /// `{(pair "Name" w) ...}`.
    fn pairs(&self, node: &Node, text: &Tracked) -> Result<Vec<(String, f32)>> {
        let items: Vec<&Node> = match &node.kind {
            NodeKind::Array(a) => a.iter().map(|x| &x.value).collect(),
            _ => vec![node],
        };
        items
            .into_iter()
            .map(|p| {
                let a = p.args();
                match (p.head(), a.first().and_then(|x| x.value.string()), a.get(1)) {
                    (Some("pair"), Some(name), Some(w)) if a.len() == 2 => {
                        Ok((name.to_string(), self.number(&w.value, text)? as f32))
                    }
                    _ => Err(self.error(text, p, "expected `(pair \"Name\" weight)`")),
                }
            })
            .collect()
    }
}

/// The first file named `name` below `dir` (recursively, in path order).
fn find_file(dir: &Path, name: &str) -> Option<PathBuf> {
    let direct = dir.join(name);
    if direct.is_file() {
        return Some(direct);
    }
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .ok()?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_dir())
        .collect();
    entries.sort();
    entries.iter().find_map(|d| find_file(d, name))
}
