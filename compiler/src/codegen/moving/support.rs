//! What the moving-piece generator compiles: anything else is refused with
//! a message naming it (the interpreter still runs such games).

use crate::ir::{
    Cond, Effect, GameModel, IntExpr, Moves, PlayerRef, Reach, Region, ResultKind, SiteExpr,
};

/// The first construct of `model` this generator does not compile, if any.
pub fn blocker(model: &GameModel) -> Option<String> {
    let default_type = model.board.site_type;
    if model.stacking {
        return Some("stacks".to_owned());
    }
    if model.phases.len() != 1 || !model.phases[0].next.is_empty() {
        return Some("phases with moving pieces".to_owned());
    }
    if model.components.iter().any(|c| c.flips.is_some())
        || model.start.iter().any(|p| p.state != 0)
    {
        return Some("piece states".to_owned());
    }
    if model.components.len() > 254 {
        return Some("more than 254 kinds of piece".to_owned());
    }
    let mut check = Check {
        default_type,
        found: None,
    };
    check.moves(&model.phases[0].play, false);
    for rule in model.phases[0].end.iter().chain(&model.end) {
        if let ResultKind::ByScore { .. } = rule.result {
            check.refuse("`(byScore)`");
        }
        check.cond(&rule.condition, true);
    }
    check.found
}

/// Whether the play rules offer a `(move Pass)` of their own.
pub fn has_pass_rule(moves: &Moves) -> bool {
    match moves {
        Moves::Pass { .. } => true,
        Moves::ForEachPiece(rules) => rules.iter().any(|r| has_pass_rule(&r.moves)),
        Moves::If {
            then, otherwise, ..
        } => has_pass_rule(then) || otherwise.as_deref().is_some_and(has_pass_rule),
        Moves::Priority(list) | Moves::Or(list) => list.iter().any(has_pass_rule),
        Moves::Then(inner, _) => has_pass_rule(inner),
        Moves::ForEachSite { moves, .. } => has_pass_rule(moves),
        _ => false,
    }
}

struct Check {
    default_type: crate::ir::SiteType,
    found: Option<String>,
}

impl Check {
    fn refuse(&mut self, what: &str) {
        if self.found.is_none() {
            self.found = Some(what.to_owned());
        }
    }

    /// `in_piece`: inside `forEach Piece`, where the moving component is known.
    fn moves(&mut self, m: &Moves, in_piece: bool) {
        match m {
            Moves::Add(add) => {
                if add.site_type != self.default_type {
                    self.refuse("placing on another site type (edges, vertices)");
                }
                if add.stack {
                    self.refuse("stacks");
                }
                if add.state.is_some() {
                    self.refuse("piece states");
                }
                self.region(&add.to);
                if let Some(c) = &add.to_if {
                    self.cond(c, false);
                }
                if let Some(e) = &add.then {
                    self.effect(e);
                }
            }
            Moves::Move(pm) => {
                match &pm.reach {
                    Reach::Step => {}
                    Reach::Hop {
                        distance,
                        between_if,
                        between_apply,
                    } => {
                        self.int(distance, false);
                        if let Some(c) = between_if {
                            self.cond(c, false);
                        }
                        if let Some(e) = between_apply {
                            self.effect(e);
                        }
                    }
                    Reach::Slide {
                        between_if,
                        min,
                        max,
                    } => {
                        if let Some(c) = between_if {
                            self.cond(c, false);
                        }
                        for n in min.iter().chain(max) {
                            self.int(n, false);
                        }
                    }
                    Reach::Leap { forward, .. } => {
                        if *forward && (!in_piece || pm.from.is_some()) {
                            self.refuse("`(move Leap ... forward:True)` outside `(forEach Piece)`");
                        }
                    }
                    Reach::FromTo { to } => self.region(to),
                }
                if let Some(r) = &pm.from {
                    self.region(r);
                }
                if let Some(c) = &pm.to_if {
                    self.cond(c, false);
                }
                for e in pm.to_apply.iter().chain(&pm.then) {
                    self.effect(e);
                }
            }
            Moves::Shoot(shoot) => {
                if let Some(e) = &shoot.then {
                    self.effect(e);
                }
            }
            Moves::Pass { then, .. } => {
                if then.is_some() {
                    self.refuse("consequences of `(move Pass)`");
                }
            }
            Moves::ForEachPiece(rules) => {
                for r in rules {
                    self.moves(&r.moves, true);
                }
            }
            Moves::If {
                condition,
                then,
                otherwise,
            } => {
                self.cond(condition, false);
                self.moves(then, in_piece);
                if let Some(o) = otherwise {
                    self.moves(o, in_piece);
                }
            }
            Moves::Priority(list) | Moves::Or(list) => {
                for m in list {
                    self.moves(m, in_piece);
                }
            }
            Moves::Then(inner, e) => {
                self.moves(inner, in_piece);
                self.effect(e);
            }
            Moves::ForEachSite { .. } => self.refuse("`(forEach Site ...)` moves"),
            Moves::Append { .. } => self.refuse("`(append ...)`"),
        }
    }

    fn effect(&mut self, e: &Effect) {
        match e {
            Effect::MoveAgain | Effect::Trigger { .. } => {}
            Effect::Remove(x) => self.site(x),
            Effect::If {
                condition,
                then,
                otherwise,
            } => {
                self.cond(condition, false);
                self.effect(then);
                if let Some(o) = otherwise {
                    self.effect(o);
                }
            }
            Effect::Seq(list) => list.iter().for_each(|e| self.effect(e)),
            Effect::AddPiece {
                to,
                site_type,
                state,
                ..
            } => {
                if *site_type != self.default_type {
                    self.refuse("placing on another site type (edges, vertices)");
                }
                if state.is_some() {
                    self.refuse("piece states");
                }
                self.site(to);
            }
            Effect::Attract { .. } => self.refuse("`(attract ...)`"),
            Effect::Custodial(_) => self.refuse("`(custodial ...)`"),
            Effect::Flip(_) => self.refuse("`(flip ...)`"),
            Effect::AllCombinations(..) => self.refuse("`(allCombinations ...)`"),
            Effect::SetScore { .. } => self.refuse("scores"),
            Effect::ForEachSite { .. } => self.refuse("`(forEach Site ...)` consequences"),
            Effect::Move(_) => self.refuse("piece moves as consequences"),
        }
    }

    fn site(&mut self, _x: &SiteExpr) {}

    /// `at_end`: in an end rule, where `(no Moves Next)` may run the probe.
    fn cond(&mut self, c: &Cond, at_end: bool) {
        match c {
            Cond::True | Cond::False | Cond::AllPassed | Cond::Line(_) => {}
            Cond::Not(c) => self.cond(c, at_end),
            Cond::And(cs) | Cond::Or(cs) => cs.iter().for_each(|c| self.cond(c, at_end)),
            Cond::Even(n) | Cond::Odd(n) | Cond::Enemy(n) | Cond::Friend(n) => self.int(n, at_end),
            Cond::Empty(x) | Cond::Occupied(x) => self.site(x),
            Cond::IsMover(_) | Cond::Triggered { .. } => {}
            Cond::In(x, r) | Cond::Related(_, x, r) => {
                self.site(x);
                self.region(r);
            }
            Cond::NoMoves(PlayerRef::Next) if !at_end => {
                self.refuse("`(no Moves Next)` inside the play rules")
            }
            Cond::NoMoves(_) => {}
            Cond::AllSites(r, c) => {
                self.region(r);
                self.cond(c, at_end);
            }
            Cond::Compare(_, a, b) => {
                self.int(a, at_end);
                self.int(b, at_end);
            }
            Cond::LineAt(_) => self.refuse("`(is Line ... through:)` and lines by level"),
            Cond::Connected(_) => self.refuse("`(is Connected ...)` with moving pieces"),
            Cond::Loop(_) => self.refuse("`(is Loop ...)` with moving pieces"),
        }
    }

    fn int(&mut self, n: &IntExpr, at_end: bool) {
        match n {
            IntExpr::Const(_) | IntExpr::CountMoves | IntExpr::Player(_) => {}
            IntExpr::Who(x) | IntExpr::Row(x) | IntExpr::Column(x) | IntExpr::Site(x) => {
                self.site(x)
            }
            IntExpr::CountSites(r) => self.region(r),
            IntExpr::CountGroups(_, c) => self.cond(c, at_end),
            IntExpr::Add(a, b) | IntExpr::Sub(a, b) | IntExpr::Div(a, b) => {
                self.int(a, at_end);
                self.int(b, at_end);
            }
            IntExpr::State(_) => self.refuse("piece states"),
            IntExpr::StackSize(_) => self.refuse("stacks"),
            IntExpr::Score(_) => self.refuse("scores"),
        }
    }

    fn region(&mut self, r: &Region) {
        match r {
            Region::Empty
            | Region::Static(_)
            | Region::Occupied(_)
            | Region::Owned(_)
            | Region::Row(_)
            | Region::Column(_) => {}
            Region::Union(parts) | Region::Intersection(parts) => {
                parts.iter().for_each(|p| self.region(p))
            }
            Region::Difference(a, b) => {
                self.region(a);
                self.region(b);
            }
            Region::Direction { from, .. } => self.site(from),
            Region::Site(x) => self.site(x),
            Region::Winning { .. } => self.refuse("`(sites Winning ...)` with moving pieces"),
            Region::EmptyOf(_) | Region::Incident { .. } => {
                self.refuse("sites of another type (edges, vertices)")
            }
            Region::State(_) => self.refuse("piece states"),
            Region::Filter(..) => self.refuse("`(forEach REGION if:...)` regions"),
        }
    }
}

/// Whether some player owns more than one kind of piece.
pub fn several_kinds(model: &GameModel) -> bool {
    (0..=model.num_players).any(|p| model.components.iter().filter(|c| c.owner == p).count() > 1)
}
