//! `(rules ...)`: meta rules, phases, play and end.

use crate::diagnostic::{ErrorKind, Result};
use crate::ir::{
    Cond, EndRule, NextPhase, Phase, Placement, Repetition, ResultKind, ResultPlayer, Roll,
};
use crate::syntax::{Node, NodeKind};

use super::{conds, moves, Args, Cx};

pub(super) struct Rules {
    pub swap: bool,
    pub no_repeat: Option<Repetition>,
    pub start: Vec<Placement>,
    pub phases: Vec<Phase>,
    pub end: Vec<EndRule>,
}

/// `(rules [(meta ...)] (play ...) | phases:{...} [(end ...)])`.
pub(super) fn rules(cx: &mut Cx, node: &Node) -> Result<Rules> {
    let mut args = Args::new(node, "rules", 0);
    let (swap, no_repeat) = match args.form_with_head("meta") {
        Some(meta) => self::meta(cx, meta)?,
        None => (false, None),
    };
    let start = match args.form_with_head("start") {
        Some(start) => self::start(cx, start)?,
        None => Vec::new(),
    };
    let play = args.form_with_head("play");
    let phase_list = args.labeled("phases");
    let end = match args.form_with_head("end") {
        Some(end) => self::end(cx, end)?,
        None => Vec::new(),
    };
    if let Some(other) = args.take(|n| n.head().is_some()) {
        return Err(cx.unsupported_in(other, "rule"));
    }
    args.finish(cx)?;
    let phases = match (play, phase_list) {
        (Some(play_node), None) => {
            let (roll, moves) = self::play(cx, play_node)?;
            vec![Phase {
                name: String::new(),
                owner: None,
                roll,
                play: moves,
                end: Vec::new(),
                next: Vec::new(),
                text: cx.text(play_node),
            }]
        }
        (None, Some(list)) => phases(cx, list)?,
        (Some(play), Some(_)) => {
            return Err(cx.error(
                ErrorKind::Invalid,
                play,
                "a game has either `(play ...)` or `phases:`, not both",
            ))
        }
        (None, None) => {
            return Err(cx.error(
                ErrorKind::Invalid,
                node,
                "the rules have no `(play ...)` and no `phases:`",
            ))
        }
    };
    Ok(Rules {
        swap,
        no_repeat,
        start,
        phases,
        end,
    })
}

/// `(meta (swap))`, `(meta (no Repeat [TYPE]))` or `(meta {...})`: returns
/// whether the swap rule is on, and which repetitions are forbidden.
fn meta(cx: &Cx, node: &Node) -> Result<(bool, Option<Repetition>)> {
    let mut args = Args::new(node, "meta", 0);
    let items: Vec<&Node> = match args.next() {
        Some(Node {
            kind: NodeKind::Array(items),
            ..
        }) => items.iter().map(|a| &a.value).collect(),
        Some(one) => vec![one],
        None => return Err(args.error(cx, ErrorKind::Invalid, "`(meta ...)` needs a rule")),
    };
    args.finish(cx)?;
    let mut swap = false;
    let mut no_repeat = None;
    for item in items {
        match item.head() {
            Some("swap") if item.args().is_empty() => swap = true,
            Some("no") if item.args().first().and_then(|a| a.value.atom()) == Some("Repeat") => {
                no_repeat = Some(self::no_repeat(cx, item)?);
            }
            _ => return Err(cx.unsupported_in(item, "meta rule")),
        }
    }
    Ok((swap, no_repeat))
}

/// `(no Repeat [TYPE])` (Ludii's `NoRepeat`; `Positional` by default).
/// The situational rules compare Ludii's `fullHash`, which covers
/// bookkeeping the interpreter does not keep as Ludii does (consecutive
/// turns and passes, checkmated flags): refused, and no game of Ludii's
/// library uses them.
fn no_repeat(cx: &Cx, node: &Node) -> Result<Repetition> {
    let mut args = Args::new(node, "no Repeat", 1);
    let kind = args.take(|n| n.atom().is_some());
    args.finish(cx)?;
    match kind.map(|k| (k, k.atom())) {
        None | Some((_, Some("Positional"))) => Ok(Repetition::Positional),
        Some((_, Some("PositionalInTurn"))) => Ok(Repetition::PositionalInTurn),
        Some((k, _)) => Err(cx.unsupported_in(k, "repetition type of `(no Repeat ...)`")),
    }
}

/// `(play MOVES)`, where MOVES may start with a roll of the dice:
/// `(do (roll) next:MOVES)` or `(do (if C (roll)) next:MOVES)`.
fn play(cx: &Cx, node: &Node) -> Result<(Option<Roll>, crate::ir::Moves)> {
    let mut args = Args::new(node, "play", 0);
    let moves = args
        .next()
        .ok_or_else(|| args.error(cx, ErrorKind::Invalid, "`(play ...)` needs moves"))?;
    args.finish(cx)?;
    if moves.head() == Some("do") {
        if let Some((roll, next)) = roll(cx, moves)? {
            let next = moves::moves(cx, next)?;
            let play = match &roll.then {
                Some(e) => crate::ir::Moves::Then(Box::new(next), e.clone()),
                None => next,
            };
            return Ok((Some(roll), play));
        }
    }
    Ok((None, moves::moves(cx, moves)?))
}

/// `(do (roll) next:MOVES)` or `(do (if C (roll)) next:MOVES)`: the roll
/// and MOVES; `None` when the `do` has no roll first.
fn roll<'a>(cx: &Cx, node: &'a Node) -> Result<Option<(Roll, &'a Node)>> {
    let is_roll = |n: &Node| n.head() == Some("roll");
    let mut args = Args::new(node, "do", 0);
    let Some(prior) = args.take(|n| n.head().is_some_and(|h| h != "then")) else {
        return Ok(None);
    };
    let when = if is_roll(prior) {
        None
    } else if prior.head() == Some("if")
        && prior.args().len() == 2
        && is_roll(&prior.args()[1].value)
        && prior.args().iter().all(|a| a.label.is_none())
    {
        Some(conds::cond(cx, &prior.args()[0].value)?)
    } else {
        return Ok(None);
    };
    let roll_node = if is_roll(prior) {
        prior
    } else {
        &prior.args()[1].value
    };
    if let Some(extra) = roll_node.args().first() {
        return Err(cx.unsupported_in(&extra.value, "argument of `(roll ...)`"));
    }
    if cx.dice().is_none() {
        return Err(cx.error(
            ErrorKind::Invalid,
            roll_node,
            "`(roll)` needs `(dice ...)` in the equipment",
        ));
    }
    let next = args
        .labeled("next")
        .ok_or_else(|| args.error(cx, ErrorKind::Unsupported, "a roll without `next:`"))?;
    let then = moves::then_of(cx, &mut args)?;
    args.finish(cx)?;
    Ok(Some((Roll { when, then }, next)))
}

/// `phases:{(phase "Name" (play ...) [(end ...)] [(nextPhase ...)])...}`.
fn phases(cx: &mut Cx, list: &Node) -> Result<Vec<Phase>> {
    let NodeKind::Array(items) = &list.kind else {
        return Err(cx.error(ErrorKind::Invalid, list, "`phases:` takes a list `{...}`"));
    };
    // Names first, so that a phase can name a later one in `nextPhase`.
    cx.phase_names = items
        .iter()
        .map(|item| {
            let node = &item.value;
            if node.head() != Some("phase") {
                return Err(cx.unsupported_in(node, "phase"));
            }
            node.args()
                .first()
                .and_then(|a| a.value.string())
                .map(str::to_owned)
                .ok_or_else(|| cx.error(ErrorKind::Invalid, node, "a phase needs a name"))
        })
        .collect::<Result<_>>()?;
    items.iter().map(|item| phase(cx, &item.value)).collect()
}

fn phase(cx: &Cx, node: &Node) -> Result<Phase> {
    let mut args = Args::new(node, "phase", 1);
    let name = node.args()[0].value.string().unwrap_or_default().to_owned();
    let play_node = args
        .form_with_head("play")
        .ok_or_else(|| args.error(cx, ErrorKind::Invalid, "a phase needs `(play ...)`"))?;
    let (roll, play) = play(cx, play_node)?;
    let end = match args.form_with_head("end") {
        Some(end) => self::end(cx, end)?,
        None => Vec::new(),
    };
    let mut next = Vec::new();
    while let Some(n) = args.form_with_head("nextPhase") {
        next.push(next_phase(cx, n)?);
    }
    let owner = match args.take(|n| n.atom().is_some()) {
        Some(o) if o.atom() == Some("Shared") => None,
        Some(o) => Some(
            o.atom()
                .and_then(|a| cx.player_literal(a))
                .ok_or_else(|| cx.unsupported_in(o, "phase owner"))?,
        ),
        None => None,
    };
    args.finish(cx)?;
    Ok(Phase {
        name,
        owner,
        roll,
        play,
        end,
        next,
        text: cx.text(play_node),
    })
}

/// `(nextPhase [WHO] [COND] "Name")`.
fn next_phase(cx: &Cx, node: &Node) -> Result<NextPhase> {
    let mut args = Args::new(node, "nextPhase", 0);
    let who = match args.take(|n| n.atom().is_some()) {
        Some(n) if n.atom() == Some("Shared") || n.atom() == Some("All") => None,
        Some(n) => Some(conds::player_ref(cx, n)?),
        None => None,
    };
    let name_node = args.take(|n| n.string().is_some()).ok_or_else(|| {
        args.error(
            cx,
            ErrorKind::Invalid,
            "`(nextPhase ...)` needs a phase name",
        )
    })?;
    let name = name_node.string().unwrap_or_default();
    let target = cx
        .phase_names
        .iter()
        .position(|p| p == name)
        .ok_or_else(|| {
            cx.error(
                ErrorKind::Invalid,
                name_node,
                format!("no phase is called \"{name}\""),
            )
        })?;
    let condition = match args.take(|n| n.head().is_some()) {
        Some(c) => Some(conds::cond(cx, c)?),
        None => None,
    };
    args.finish(cx)?;
    Ok(NextPhase {
        who,
        condition,
        target,
    })
}

/// `(end RULE)` or `(end {RULE...})`.
fn end(cx: &Cx, node: &Node) -> Result<Vec<EndRule>> {
    let mut args = Args::new(node, "end", 0);
    let items: Vec<&Node> = match args.next() {
        Some(Node {
            kind: NodeKind::Array(items),
            ..
        }) => items.iter().map(|a| &a.value).collect(),
        Some(one) => vec![one],
        None => return Err(args.error(cx, ErrorKind::Invalid, "`(end ...)` needs a rule")),
    };
    args.finish(cx)?;
    let mut rules = Vec::new();
    for item in items {
        if item.head() == Some("forEach") {
            rules.extend(super::players::end_for_each(cx, item, result_rule)?);
        } else {
            rules.extend(end_rule(cx, item)?);
        }
    }
    Ok(rules)
}

/// `(if COND (result WHO Win|Loss|Draw))` or `(if COND (byScore [misere:B]))`,
/// or Ludii's nested end `If`: `(if COND SUB|{SUB...} [(result ...)])`,
/// where, once COND holds, the first SUB whose own condition holds decides
/// (its result, or none where it has none that applies) and the outer
/// result applies only when no SUB's condition holds. Flattened into rules
/// whose guards exclude each other: `COND ∧ ¬C1 ∧ … ∧ Ci` for the i-th SUB.
fn end_rule(cx: &Cx, node: &Node) -> Result<Vec<EndRule>> {
    let mut rules = Vec::new();
    nested_end_rule(cx, node, &[], &mut rules)?;
    Ok(rules)
}

/// One `(if ...)` of an end block under the conditions `guard` of the
/// rules it is nested in; returns its own condition.
fn nested_end_rule(cx: &Cx, node: &Node, guard: &[Cond], out: &mut Vec<EndRule>) -> Result<Cond> {
    if node.head() != Some("if") {
        return Err(cx.unsupported_in(node, "end rule"));
    }
    let guarded = |condition: Cond| {
        let mut all = guard.to_vec();
        all.push(condition);
        all_of(all)
    };
    let mut args = Args::new(node, "if", 0);
    if let Some(by_score) = args.form_with_head("byScore") {
        let condition = args
            .next()
            .ok_or_else(|| args.error(cx, ErrorKind::Invalid, "`(if ...)` needs a condition"))?;
        args.finish(cx)?;
        let mut bargs = Args::new(by_score, "byScore", 0);
        let misere = bargs.labeled_bool(cx, "misere", false)?;
        let final_scores = match bargs.take(|n| matches!(n.kind, NodeKind::Array(_))) {
            Some(list) => list
                .args()
                .iter()
                .map(|a| final_score(cx, &a.value))
                .collect::<Result<_>>()?,
            None => Vec::new(),
        };
        bargs.finish(cx)?;
        let condition = conds::cond(cx, condition)?;
        out.push(EndRule {
            condition: guarded(condition.clone()),
            final_scores,
            who: ResultPlayer::All,
            result: ResultKind::ByScore { misere },
            text: cx.text(node),
        });
        return Ok(condition);
    }
    let result = args.form_with_head("result");
    let condition = args
        .next()
        .ok_or_else(|| args.error(cx, ErrorKind::Invalid, "`(if ...)` needs a condition"))?;
    let subs: Vec<&Node> =
        match args.take(|n| n.head() == Some("if") || matches!(n.kind, NodeKind::Array(_))) {
            Some(
                list @ Node {
                    kind: NodeKind::Array(_),
                    ..
                },
            ) => list.args().iter().map(|a| &a.value).collect(),
            Some(one) => vec![one],
            None => Vec::new(),
        };
    if result.is_none() && subs.is_empty() {
        return Err(args.error(
            cx,
            ErrorKind::Unsupported,
            "this end rule has no `(result ...)`",
        ));
    }
    args.finish(cx)?;
    let condition = conds::cond(cx, condition)?;
    let mut inner = guard.to_vec();
    inner.push(condition.clone());
    for sub in subs {
        // Only when no earlier SUB's condition held.
        let sub_condition = nested_end_rule(cx, sub, &inner, out)?;
        inner.push(Cond::Not(Box::new(sub_condition)));
    }
    if let Some(result) = result {
        out.push(EndRule {
            condition: all_of(inner),
            text: cx.text(node),
            ..result_rule(cx, result)?
        });
    }
    Ok(condition)
}

/// The conjunction of `conds` (the one condition itself where there is one).
fn all_of(mut conds: Vec<Cond>) -> Cond {
    match conds.len() {
        0 => Cond::True,
        1 => conds.pop().unwrap_or(Cond::True),
        _ => Cond::And(conds),
    }
}

/// `(result WHO Win|Loss|Draw)`, as a rule that always applies.
fn result_rule(cx: &Cx, result: &Node) -> Result<EndRule> {
    let mut rargs = Args::new(result, "result", 0);
    let who = rargs
        .take(|n| n.atom().is_some())
        .ok_or_else(|| rargs.error(cx, ErrorKind::Invalid, "`(result ...)` needs a player"))?;
    let who = match who.atom().unwrap_or_default() {
        "All" => ResultPlayer::All,
        _ => ResultPlayer::Player(conds::player_ref(cx, who)?),
    };
    let kind = rargs.take(|n| n.atom().is_some()).ok_or_else(|| {
        rargs.error(
            cx,
            ErrorKind::Invalid,
            "`(result ...)` needs Win, Loss or Draw",
        )
    })?;
    let result_kind = match kind.atom().unwrap_or_default() {
        "Win" => ResultKind::Win,
        "Loss" => ResultKind::Loss,
        "Draw" => ResultKind::Draw,
        _ => return Err(cx.unsupported_in(kind, "result")),
    };
    rargs.finish(cx)?;
    if who == ResultPlayer::All && result_kind != ResultKind::Draw {
        return Err(cx.error(
            ErrorKind::Unsupported,
            result,
            "only `(result All Draw)` is supported for All",
        ));
    }
    Ok(EndRule {
        condition: crate::ir::Cond::True,
        final_scores: Vec::new(),
        who,
        result: result_kind,
        text: cx.text(result),
    })
}

/// `(score P N)` in `(byScore {...})` (Ludii's `Score`).
fn final_score(cx: &Cx, node: &Node) -> Result<(crate::ir::PlayerRef, crate::ir::IntExpr)> {
    if node.head() != Some("score") {
        return Err(cx.unsupported_in(node, "final score"));
    }
    let mut args = Args::new(node, "score", 0);
    let who = args
        .next()
        .ok_or_else(|| args.error(cx, ErrorKind::Invalid, "`(score ...)` needs a player"))?;
    let n = args
        .next()
        .ok_or_else(|| args.error(cx, ErrorKind::Invalid, "`(score ...)` needs a score"))?;
    args.finish(cx)?;
    Ok((conds::player_ref(cx, who)?, conds::int(cx, n)?))
}

/// `(start RULE)` or `(start {RULE...})` with `(place "Name" SITES [state:N]
/// [count:N])` and `(place "Name" "Hand" [count:N])`.
fn start(cx: &Cx, node: &Node) -> Result<Vec<Placement>> {
    let mut args = Args::new(node, "start", 0);
    let items: Vec<&Node> = match args.next() {
        Some(Node {
            kind: NodeKind::Array(items),
            ..
        }) => items.iter().map(|a| &a.value).collect(),
        Some(one) => vec![one],
        None => return Err(args.error(cx, ErrorKind::Invalid, "`(start ...)` needs a rule")),
    };
    args.finish(cx)?;
    let mut placements: Vec<Placement> = Vec::new();
    for item in items {
        if Cx::ludeme_name(item) == "set Count" {
            placements.push(super::sow::start_count(cx, item)?);
            continue;
        }
        if Cx::ludeme_name(item) == "place Stack" {
            placements.extend(place_stack(cx, item)?);
            continue;
        }
        if Cx::ludeme_name(item) == "set RememberValue" {
            super::remember::start(cx, item)?;
            continue;
        }
        if Cx::ludeme_name(item) == "set Score" {
            start_score(cx, item)?;
            continue;
        }
        let new = place(cx, item, &placements)?;
        placements.extend(new);
    }
    Ok(placements)
}

/// A `(place ...)` on a site an earlier one filled: Ludii's `ActionAdd`
/// then leaves the piece there (Shataranja places its queens on two of its
/// pawns, and the pawns stay), so the site is dropped from the later
/// placement. Where Ludii would change the site after all (a count added
/// in a game that counts pieces, a state set, a piece stacked on it) the
/// start rules are refused. Run once the whole game is lowered, when
/// whether it counts pieces is known.
pub(super) fn keep_earlier_pieces(
    cx: &Cx,
    start: &Node,
    placements: &mut [Placement],
) -> Result<()> {
    for i in 1..placements.len() {
        let (earlier, rest) = placements.split_at_mut(i);
        let placement = &mut rest[0];
        if !placement.stacked.is_empty() {
            continue;
        }
        let before = placement.sites.len();
        placement.sites.retain(|site| {
            !earlier
                .iter()
                .any(|p| p.stacked.is_empty() && p.sites.contains(site))
        });
        let overlap = placement.sites.len() != before;
        let changes_site = cx.stacking() || cx.counts.get() || placement.state != 0;
        if overlap && changes_site {
            return Err(cx.unsupported_in(
                start,
                "start placement on an occupied site that changes it:",
            ));
        }
    }
    Ok(())
}

/// `(set Score WHO 0)` in the start rules: every score starts at 0 in both
/// engines, as in Ludii, so setting one to 0 changes nothing. Another
/// start score is refused.
fn start_score(cx: &Cx, node: &Node) -> Result<()> {
    let mut args = Args::new(node, "set Score", 1);
    let who = args
        .next()
        .ok_or_else(|| args.error(cx, ErrorKind::Invalid, "`(set Score ...)` needs a player"))?;
    let value = args
        .next()
        .ok_or_else(|| args.error(cx, ErrorKind::Invalid, "`(set Score ...)` needs a score"))?;
    args.finish(cx)?;
    if who.atom() != Some("Each") {
        conds::player_fn(cx, who)?;
    }
    if super::conds::fixed_int(cx, value)? != 0 {
        return Err(cx
            .error(
                ErrorKind::Unsupported,
                value,
                "unsupported start score other than 0",
            )
            .with_label("not supported by ludemic yet"));
    }
    Ok(())
}

fn place(cx: &Cx, node: &Node, earlier: &[Placement]) -> Result<Vec<Placement>> {
    if node.head() != Some("place") || Cx::ludeme_name(node) != "place" {
        return Err(cx.unsupported_in(node, "start rule"));
    }
    let mut args = Args::new(node, "place", 0);
    let name_node = args
        .take(|n| n.string().is_some())
        .ok_or_else(|| args.error(cx, ErrorKind::Invalid, "`(place ...)` needs a piece name"))?;
    let name = name_node.string().unwrap_or_default();
    let container = args.take(|n| n.string().is_some());
    let state = match args.labeled("state") {
        Some(n) => u8::try_from(cx.int_literal(n)?)
            .map_err(|_| cx.error(ErrorKind::Invalid, n, "a piece state is 0 to 255"))?,
        None => 0,
    };
    // `counts:{N ...}`: Ludii's PlaceItem places the first count everywhere.
    let counts = args
        .labeled("counts")
        .and_then(|list| list.args().first())
        .map(|a| &a.value);
    let count = match args.labeled("count").or(counts) {
        Some(n) => u32::try_from(cx.int_literal(n)?)
            .ok()
            .filter(|&n| n > 0)
            .ok_or_else(|| cx.error(ErrorKind::Invalid, n, "a count is a positive number"))
            .and_then(|count| super::check_start_count(cx, n, count).map(|()| count))?,
        None => 1,
    };
    if count > 1 {
        // Ludii's PlaceItem raises the Count flag for a count above one.
        if cx.stacking() {
            return Err(cx.unsupported_in(node, "`count:` in a stacking game:"));
        }
        cx.uses_counts();
    }
    if let Some(container) = container {
        let placements = place_in_hands(cx, node, name_node, container, earlier)?;
        args.finish(cx)?;
        return Ok(placements
            .into_iter()
            .map(|(component, site)| Placement {
                component,
                sites: vec![site],
                state,
                count,
                stacked: Vec::new(),
            })
            .collect());
    }
    let component = cx.component_named(name).ok_or_else(|| {
        cx.error(
            ErrorKind::Invalid,
            name_node,
            format!("no piece is called \"{name}\""),
        )
    })?;
    let sites = match args.labeled("coord") {
        Some(coord) => {
            let text = coord.string().ok_or_else(|| {
                cx.error(
                    ErrorKind::Invalid,
                    coord,
                    "`coord:` takes a string like \"A1\"",
                )
            })?;
            vec![cx.coord(coord, text)?]
        }
        None => {
            let region = args
                .next()
                .ok_or_else(|| args.error(cx, ErrorKind::Invalid, "`(place ...)` needs sites"))?;
            conds::static_region(cx, region)?
        }
    };
    args.finish(cx)?;
    Ok(vec![Placement {
        component,
        sites,
        state,
        count,
        stacked: Vec::new(),
    }])
}

/// `(place Stack "Name" SITES [count:N | counts:{N...}])` (Ludii's
/// PlaceMonotonousStack): N pieces stacked on each site (`counts:` gives
/// each site its own), which makes the game a stacking one.
/// `(place Stack items:{"Name"...} SITES)` (PlaceCustomStack): one of each,
/// in order from the bottom, on each site.
fn place_stack(cx: &Cx, node: &Node) -> Result<Vec<Placement>> {
    let mut args = Args::new(node, "place Stack", 1);
    if let Some(items) = args.labeled("items") {
        let components = items
            .args()
            .iter()
            .map(|a| {
                let name = a.value.string().ok_or_else(|| {
                    cx.error(ErrorKind::Invalid, &a.value, "`items:` are piece names")
                })?;
                cx.component_named(name).ok_or_else(|| {
                    cx.error(
                        ErrorKind::Invalid,
                        &a.value,
                        format!("no piece is called \"{name}\""),
                    )
                })
            })
            .collect::<Result<Vec<_>>>()?;
        let region = args
            .next()
            .ok_or_else(|| args.error(cx, ErrorKind::Invalid, "`(place Stack ...)` needs sites"))?;
        let sites = conds::static_region(cx, region)?;
        args.finish(cx)?;
        return Ok(components
            .into_iter()
            .map(|component| Placement {
                component,
                sites: sites.clone(),
                state: 0,
                count: 1,
                stacked: vec![1; sites.len()],
            })
            .collect());
    }
    let name_node = args.take(|n| n.string().is_some()).ok_or_else(|| {
        args.error(
            cx,
            ErrorKind::Invalid,
            "`(place Stack ...)` needs a piece name",
        )
    })?;
    let name = name_node.string().unwrap_or_default();
    let component = cx.component_named(name).ok_or_else(|| {
        cx.error(
            ErrorKind::Invalid,
            name_node,
            format!("no piece is called \"{name}\""),
        )
    })?;
    for unsupported in ["state", "rotation", "value"] {
        if let Some(n) = args.labeled(unsupported) {
            return Err(cx.unsupported_in(n, &format!("`{unsupported}:` of `(place Stack ...)`")));
        }
    }
    let count = |n: &Node| -> Result<u32> {
        u32::try_from(cx.int_literal(n)?)
            .ok()
            .filter(|&n| n <= 1000)
            .ok_or_else(|| cx.error(ErrorKind::Invalid, n, "a count is 0 to 1000"))
    };
    let counts: Option<Vec<u32>> = match args.labeled("counts") {
        Some(list) => Some(
            list.args()
                .iter()
                .map(|a| count(&a.value))
                .collect::<Result<_>>()?,
        ),
        None => None,
    };
    let one = args.labeled("count").map(count).transpose()?.unwrap_or(1);
    let sites = match args.labeled("coord") {
        Some(coord) => {
            let text = coord.string().ok_or_else(|| {
                cx.error(
                    ErrorKind::Invalid,
                    coord,
                    "`coord:` takes a string like \"A1\"",
                )
            })?;
            vec![cx.coord(coord, text)?]
        }
        None => {
            let region = args.take(|n| n.string().is_none()).ok_or_else(|| {
                args.error(cx, ErrorKind::Invalid, "`(place Stack ...)` needs sites")
            })?;
            conds::static_region(cx, region)?
        }
    };
    if let Some(container) = args.take(|n| n.string().is_some()) {
        return Err(cx.unsupported_in(container, "container of `(place Stack ...)`"));
    }
    args.finish(cx)?;
    let stacked = match counts {
        Some(c) if c.len() == sites.len() => c,
        Some(_) => {
            return Err(cx.error(
                ErrorKind::Invalid,
                node,
                "`counts:` needs one count per site",
            ))
        }
        None => vec![one; sites.len()],
    };
    Ok(vec![Placement {
        component,
        sites,
        state: 0,
        count: 1,
        stacked,
    }])
}

/// `(place "Name" "Hand" ...)` (Ludii's PlaceItem with a container): each
/// player's "Name<p>" goes to the first site of their hand that no earlier
/// placement filled.
fn place_in_hands(
    cx: &Cx,
    node: &Node,
    name_node: &Node,
    container: &Node,
    earlier: &[Placement],
) -> Result<Vec<(usize, crate::ir::Site)>> {
    let name = name_node.string().unwrap_or_default();
    if container.string() != Some("Hand") || name.ends_with(|c: char| c.is_ascii_digit()) {
        return Err(cx.unsupported_in(container, "container of `(place ...)`"));
    }
    let filled = |site: crate::ir::Site, new: &[(usize, crate::ir::Site)]| {
        earlier.iter().any(|p| p.sites.contains(&site)) || new.iter().any(|&(_, s)| s == site)
    };
    let mut out = Vec::new();
    for p in 1..=cx.num_players() {
        let full = format!("{name}{p}");
        let component = cx.component_named(&full).ok_or_else(|| {
            cx.error(
                ErrorKind::Invalid,
                name_node,
                format!("no piece is called \"{full}\""),
            )
        })?;
        let hand =
            cx.hands().iter().find(|h| h.owner == p).ok_or_else(|| {
                cx.error(ErrorKind::Invalid, node, format!("player {p} has no hand"))
            })?;
        let site = hand.sites().find(|&s| !filled(s, &out)).ok_or_else(|| {
            cx.error(
                ErrorKind::Invalid,
                node,
                format!("player {p}'s hand is full"),
            )
        })?;
        out.push((component, site));
    }
    Ok(out)
}
