//! What the code being generated is for. Move rules are written once,
//! generic over the sink that receives their moves (`S: Sink<Move>`, see
//! the runtime's `sink`): where two uses need different code — Ludii's
//! order or any order, a probe or a listing, the threat test, a
//! `(can Move ...)` — the generated code asks the sink (`if S::PROBE
//! {..} else {..}`), and monomorphisation keeps one branch per use. Code
//! for one known use (a condition tested after a move, an end rule, a
//! consequence, a playout's own draw) has every answer fixed here instead.

use proc_macro2::TokenStream;
use quote::quote;

use super::Gen;

/// A question whose answer depends on what the moves are for; each is a
/// constant of the runtime's `Sink`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Question {
    /// The moves must come in the walk's order (Ludii's).
    WalkOrder,
    /// Only whether a move exists matters.
    Probe,
    /// The moves are the enemy's, inside `(is Threatened ...)`.
    Threat,
    /// A `(can Move ...)` counting the last move's sites as visited.
    Visiting,
    /// The top-level `(do ...)` of a Filter playout lists its moves untested.
    Untested,
}

impl Question {
    const ALL: [Question; 5] = [
        Question::WalkOrder,
        Question::Probe,
        Question::Threat,
        Question::Visiting,
        Question::Untested,
    ];

    fn index(self) -> usize {
        self as usize
    }

    /// The sink's constant answering it.
    pub(super) fn constant(self) -> TokenStream {
        match self {
            Question::WalkOrder => quote!(S::WALK_ORDER),
            Question::Probe => quote!(S::PROBE),
            Question::Threat => quote!(S::THREAT),
            Question::Visiting => quote!(S::VISITING),
            Question::Untested => quote!(S::UNTESTED),
        }
    }
}

/// The answers known while generating (`None`: the sink answers), and
/// whether the code is an end rule's condition (where `s` is the state
/// being applied, which a probe may write and restore).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Purpose {
    answers: [Option<bool>; 5],
    pub(super) end_rule: bool,
}

impl Purpose {
    /// Move rules generic over their sink: every answer is the sink's.
    pub(super) const RULES: Purpose = Purpose {
        answers: [None; 5],
        end_rule: false,
    };

    /// One known use: listing in any order (consequences, draws, and
    /// conditions outside any probe).
    pub(super) const LISTING: Purpose = Purpose::known(&[]);

    /// Listing in the walk's order.
    pub(super) const WALK: Purpose = Purpose::known(&[Question::WalkOrder]);

    /// Whether a move exists; a condition read as if its player were to
    /// move (`ifAfterwards:`, the repetition test).
    pub(super) const PROBE: Purpose = Purpose::known(&[Question::Probe]);

    /// An end rule's condition on the state being applied.
    pub(super) const END_RULE: Purpose = Purpose {
        end_rule: true,
        ..Purpose::LISTING
    };

    /// Every answer known: those in `yes` true, the others false.
    const fn known(yes: &[Question]) -> Purpose {
        let mut answers = [Some(false); 5];
        let mut i = 0;
        while i < yes.len() {
            answers[yes[i] as usize] = Some(true);
            i += 1;
        }
        Purpose {
            answers,
            end_rule: false,
        }
    }

    /// The answer to `q`, if known.
    pub(super) fn answer(&self, q: Question) -> Option<bool> {
        self.answers[q.index()]
    }

    /// This purpose once `q` is known to be `yes`, with what that implies
    /// of the others (the runtime's sinks are a listing in either order,
    /// the untested candidates, a probe, or the threat test, which walks in
    /// Ludii's order).
    pub(super) fn fixed(mut self, q: Question, yes: bool) -> Purpose {
        use Question::*;
        let mut set = |q: Question, v: bool| self.answers[q.index()] = Some(v);
        set(q, yes);
        if yes {
            match q {
                WalkOrder => {
                    set(Probe, false);
                    set(Visiting, false);
                }
                Probe => {
                    set(WalkOrder, false);
                    set(Threat, false);
                    set(Untested, false);
                }
                Threat => {
                    set(Probe, false);
                    set(Visiting, false);
                    set(Untested, false);
                }
                Visiting => {
                    set(Probe, true);
                    set(WalkOrder, false);
                    set(Threat, false);
                    set(Untested, false);
                }
                Untested => {
                    set(WalkOrder, true);
                    set(Probe, false);
                    set(Threat, false);
                    set(Visiting, false);
                }
            }
        } else if q == Probe {
            set(Visiting, false);
        }
        self
    }

    /// This purpose with `q` answered `yes` and nothing else changed: a
    /// probe inside a threat test (the `ifAfterwards:` of a `do` in the
    /// enemy's rules), which none of the runtime's sinks is.
    pub(super) fn also(mut self, q: Question, yes: bool) -> Purpose {
        self.answers[q.index()] = Some(yes);
        self
    }

    /// Whether some answer is left to the sink (the code is generic).
    pub(super) fn is_generic(&self) -> bool {
        Question::ALL.iter().any(|&q| self.answer(q).is_none())
    }
}

/// `if C { a } else { b }` over booleans as one boolean expression
/// (`C || b` where `a` is `true`, ...); other code as it is.
fn as_condition(code: TokenStream, c: &TokenStream) -> TokenStream {
    let Ok(syn::Expr::If(e)) = syn::parse2::<syn::Expr>(code.clone()) else {
        return code;
    };
    let condition = &e.cond;
    if quote!(#condition).to_string() != c.to_string() {
        return code;
    }
    let branch = |block: &syn::Block| -> Option<TokenStream> {
        match block.stmts.as_slice() {
            [syn::Stmt::Expr(e, None)] => Some(quote!(#e)),
            _ => None,
        }
    };
    let (Some(a), Some((_, b))) = (branch(&e.then_branch), e.else_branch.as_ref()) else {
        return code;
    };
    let syn::Expr::Block(b) = &**b else {
        return code;
    };
    let Some(b) = branch(&b.block) else {
        return code;
    };
    match (a.to_string().as_str(), b.to_string().as_str()) {
        ("true", _) => quote!((#c || #b)),
        ("false", _) => quote!((!#c && #b)),
        (_, "true") => quote!((!#c || #a)),
        (_, "false") => quote!((#c && #a)),
        _ => quote!(((#c && #a) || (!#c && #b))),
    }
}

/// What rules generic over their sink do with each move: give it to the
/// sink, returning at once where the sink says stop.
pub(super) fn to_sink(mv: TokenStream) -> TokenStream {
    quote!(sink.push(#mv)?;)
}

impl Gen<'_> {
    /// Whether the code being generated is generic over a sink `S`.
    pub(super) fn generic(&self) -> bool {
        self.purpose.is_generic()
    }

    /// Whether `q` is known to be answered yes (`false` also where the
    /// sink answers: use [`Gen::choose`] where both answers matter).
    pub(super) fn is(&self, q: Question) -> bool {
        self.purpose.answer(q) == Some(true)
    }

    /// Move rules generic over their sink, with the questions this game
    /// never asks answered: no threat test without `(is Threatened ...)`,
    /// no visited sites without Ludii's `Visited` flag, no untested
    /// candidates without a Filter playout.
    pub(super) fn rules(&self) -> Purpose {
        let mut rules = Purpose::RULES;
        if !self.analysis.features.threatens {
            rules = rules.fixed(Question::Threat, false);
        }
        if !self.model.ludii_flags.visited {
            rules = rules.fixed(Question::Visiting, false);
        }
        if self.filter_priors.is_empty() {
            rules = rules.fixed(Question::Untested, false);
        }
        rules
    }

    /// Whether `q` is known to be answered no.
    pub(super) fn known_not(&self, q: Question) -> bool {
        self.purpose.answer(q) == Some(false)
    }

    /// The code for each answer to `q`: the one known, or both behind the
    /// sink's constant (one, where they are the same code). Each branch is
    /// generated knowing its answer.
    pub(super) fn choose(
        &mut self,
        q: Question,
        yes: impl FnOnce(&mut Self) -> TokenStream,
        no: impl FnOnce(&mut Self) -> TokenStream,
    ) -> TokenStream {
        match self.purpose.answer(q) {
            Some(true) => yes(self),
            Some(false) => no(self),
            None => {
                let (saved, labels) = (self.purpose, self.labels);
                self.purpose = saved.fixed(q, true);
                let a = yes(self);
                let after_a = self.labels;
                // Labels in the other branch may repeat the first's: the
                // branches are siblings, and equal code is then one.
                (self.purpose, self.labels) = (saved.fixed(q, false), labels);
                let b = no(self);
                self.labels = self.labels.max(after_a);
                self.purpose = saved;
                let c = q.constant();
                if a.to_string() == b.to_string() {
                    a
                } else if b.is_empty() {
                    quote!(if #c { #a })
                } else if a.is_empty() {
                    quote!(if !#c { #b })
                } else {
                    quote!(if #c { #a } else { #b })
                }
            }
        }
    }

    /// As [`Gen::choose`] for a condition (a `bool` expression): where the
    /// sink answers, one boolean expression of its constant.
    pub(super) fn choose_cond(
        &mut self,
        q: Question,
        yes: impl FnOnce(&mut Self) -> TokenStream,
        no: impl FnOnce(&mut Self) -> TokenStream,
    ) -> TokenStream {
        let code = self.choose(q, yes, no);
        as_condition(code, &q.constant())
    }

    /// As [`Gen::choose`], `yes` where any of `qs` is answered yes.
    pub(super) fn choose_any(
        &mut self,
        qs: &[Question],
        yes: impl FnOnce(&mut Self) -> TokenStream,
        no: impl FnOnce(&mut Self) -> TokenStream,
    ) -> TokenStream {
        if qs.iter().any(|&q| self.is(q)) {
            return yes(self);
        }
        let open: Vec<Question> = qs.iter().copied().filter(|&q| !self.known_not(q)).collect();
        if open.is_empty() {
            return no(self);
        }
        let (saved, labels) = (self.purpose, self.labels);
        let a = yes(self);
        let after_a = self.labels;
        let all_no = open.iter().fold(saved, |p, &q| p.fixed(q, false));
        (self.purpose, self.labels) = (all_no, labels);
        let b = no(self);
        self.labels = self.labels.max(after_a);
        self.purpose = saved;
        if a.to_string() == b.to_string() {
            a
        } else {
            let cs = open.iter().map(|q| q.constant());
            quote!(if #(#cs)||* { #a } else { #b })
        }
    }

    /// `code` only where `q` is answered `answer`: itself, nothing, or
    /// behind the sink's constant.
    pub(super) fn only_if(
        &mut self,
        q: Question,
        answer: bool,
        code: impl FnOnce(&mut Self) -> TokenStream,
    ) -> TokenStream {
        match self.purpose.answer(q) {
            Some(a) if a == answer => code(self),
            Some(_) => quote!(),
            None => {
                let saved = self.purpose;
                self.purpose = saved.fixed(q, answer);
                let body = code(self);
                self.purpose = saved;
                if body.is_empty() {
                    return body;
                }
                let c = q.constant();
                if answer {
                    quote!(if #c { #body })
                } else {
                    quote!(if !#c { #body })
                }
            }
        }
    }

    /// Generates `code` for `purpose`, then restores the current one.
    pub(super) fn for_purpose<T>(
        &mut self,
        purpose: Purpose,
        code: impl FnOnce(&mut Self) -> T,
    ) -> T {
        let saved = self.purpose;
        self.purpose = purpose;
        let out = code(self);
        self.purpose = saved;
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_purposes_answer_everything_and_rules_nothing() {
        for p in [Purpose::LISTING, Purpose::WALK, Purpose::PROBE] {
            assert!(!p.is_generic());
        }
        assert!(Purpose::RULES.is_generic());
        assert_eq!(Purpose::WALK.answer(Question::WalkOrder), Some(true));
        assert_eq!(Purpose::PROBE.answer(Question::WalkOrder), Some(false));
    }

    #[test]
    fn an_answer_implies_what_the_sinks_allow() {
        let p = Purpose::RULES.fixed(Question::Visiting, true);
        assert_eq!(p.answer(Question::Probe), Some(true));
        assert_eq!(p.answer(Question::WalkOrder), Some(false));
        let p = Purpose::RULES.fixed(Question::Untested, true);
        assert_eq!(p.answer(Question::WalkOrder), Some(true));
        // A listing may be in either order.
        let p = Purpose::RULES.fixed(Question::Probe, false);
        assert_eq!(p.answer(Question::WalkOrder), None);
    }
}
