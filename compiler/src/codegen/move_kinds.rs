//! The `Move` enum of a module: the kinds of move the game's rules make,
//! each with its variant, its arm in `apply_move` (rules whose application
//! is the same code share one arm), its `MoveKey` and the site it goes to
//! (`move_to`). The forced pass and the swap are the module's own.

use proc_macro2::{Literal, TokenStream};
use quote::{format_ident, quote};

use super::hands::Hands;
use super::Gen;

/// The parts of the `Move` enum for the kinds of move a game makes, each
/// list in the order the module writes it.
pub(super) struct MoveKinds {
    /// The variants (before `Pass`).
    pub variants: TokenStream,
    /// The arms of `apply_move`'s `match mv` (before `Pass`).
    pub arms: TokenStream,
    /// The arms of `move_key` (before `Pass`).
    pub keys: TokenStream,
    /// The arms of `move_to` (before `Pass`).
    pub move_to: TokenStream,
    /// `promoted_to` and `decision_of`, where the game has those moves.
    pub methods: TokenStream,
    pub has_add: bool,
    pub has_promote: bool,
    /// The arms applying each pass rule with consequences (`Move::PassThen`),
    /// by rule: the module puts them in the pass's arm.
    pub pass_arms: Vec<TokenStream>,
}

/// The kinds of move of the game `g` generates.
pub(super) fn move_kinds(g: &mut Gen, hands: &Hands) -> MoveKinds {
    let model = g.model;
    let analysis = g.analysis;
    // Placements on another site type name it in their key.
    let typed_add_keys: Vec<TokenStream> = {
        let mut adds = Vec::new();
        for phase in &model.phases {
            phase.play.placements(&mut adds);
        }
        adds.iter()
            .filter(|a| a.site_type != model.board.site_type)
            .map(|a| {
                let rule = Literal::u16_unsuffixed(a.rule);
                let kind = format_ident!("{}", format!("{:?}", a.site_type));
                quote!(Move::Add { site, rule: #rule, .. } => MoveKey {
                    to: SiteRef { kind: SiteKind::#kind, index: site as i32 },
                    ..MoveKey::place(site as u32)
                },)
            })
            .collect()
    };
    // Applying each rule's moves: rules whose application is the same code
    // (one per direction or per player, say) share one arm.
    let rules = super::rules::applied_rules(model);
    let groups = super::rules::groups(g, &rules);
    let arms = |groups: Vec<super::rules::Group>| -> Vec<TokenStream> {
        groups
            .into_iter()
            .map(|group| {
                let numbers = group.rules.into_iter().map(Literal::u16_unsuffixed);
                let code = group.code;
                quote!(#(#numbers)|* => { #code })
            })
            .collect()
    };
    let super::rules::Groups {
        place: place_groups,
        piece: piece_groups,
        merged: merged_groups,
        promote: promote_groups,
        remove: remove_groups,
        decision: decision_groups,
        select: select_groups,
        pass: pass_groups,
    } = groups;
    let pass_arms = arms(pass_groups);
    let (pass_variant, pass_key, pass_move_to) = if pass_arms.is_empty() {
        (quote!(), quote!(), quote!())
    } else {
        (
            quote! {
                /// A pass by the `(move Pass)` numbered `rule`, with that rule's
                /// consequences (the forced pass has none).
                PassThen { rule: u16 },
            },
            quote!(Move::PassThen { .. } => MoveKey::PASS,),
            quote!(Move::PassThen { .. } => NO_SITE,),
        )
    };
    let (place_arms, piece_arms) = (arms(place_groups), arms(piece_groups));
    let merged_arms = arms(merged_groups);
    let promote_arms = arms(promote_groups);
    let has_promote = !promote_arms.is_empty();
    let remove_arms = arms(remove_groups);
    let has_remove = !remove_arms.is_empty();
    let decisions: Vec<(u16, u16)> = rules
        .iter()
        .filter_map(|r| match r.kind {
            super::effects::RuleKind::Decision(m) => {
                super::votes::string_of(m).map(|v| (r.rule, v))
            }
            _ => None,
        })
        .collect();
    let super::votes::DecisionParts {
        variant: decision_variant,
        arm: decision_arm,
        key: decision_key,
        move_to: decision_move_to,
        decision_of: decision_of_fn,
    } = super::votes::parts(arms(decision_groups), &decisions);
    let (remove_variant, remove_arm, remove_key, remove_move_to) = if has_remove {
        let key = if hands.typed_keys {
            quote!(Move::Remove { site, .. } => MoveKey { to: key_site(site), ..MoveKey::place(site as u32) },)
        } else {
            quote!(Move::Remove { site, .. } => MoveKey::place(site as u32),)
        };
        (
            quote! {
                /// Take the piece off `site`, by the removal rule numbered `rule`.
                Remove { rule: u16, site: u16 },
            },
            quote! {
                Move::Remove { rule, site } => {
                    let (from, to) = (site, site);
                    match rule {
                        #(#remove_arms)*
                        _ => unreachable!("a removal rule"),
                    }
                }
            },
            key,
            quote!(Move::Remove { site, .. } => site,),
        )
    } else {
        (quote!(), quote!(), quote!(), quote!())
    };
    let select_arms = arms(select_groups);
    // Ludii's key names no "from" for a decision whose two sites are one
    // (§53): such a Select reads as a placement.
    let (select_variant, select_arm, select_key, select_move_to) = if select_arms.is_empty() {
        (quote!(), quote!(), quote!(), quote!())
    } else {
        (
            quote! {
                /// Select `from` and `to` (one site twice without `(to ...)`), by
                /// the `(move Select ...)` numbered `rule`.
                Select { rule: u16, from: u16, to: u16 },
            },
            quote! {
                Move::Select { rule, from, to } => {
                    match rule {
                        #(#select_arms)*
                        _ => unreachable!("a select rule"),
                    }
                }
            },
            if hands.typed_keys {
                quote! {
                    Move::Select { from, to, .. } => if from == to {
                        MoveKey { to: key_site(to), ..MoveKey::place(to as u32) }
                    } else {
                        MoveKey { from: key_site(from), to: key_site(to), ..MoveKey::step(from as u32, to as u32) }
                    },
                }
            } else {
                quote! {
                    Move::Select { from, to, .. } => if from == to {
                        MoveKey::place(to as u32)
                    } else {
                        MoveKey::step(from as u32, to as u32)
                    },
                }
            },
            quote!(Move::Select { to, .. } => to,),
        )
    };
    let super::promote::Parts {
        variant: promote_variant,
        arm: promote_arm,
        key: promote_key,
        promoted_to: promoted_to_fn,
        move_to: promote_move_to,
    } = if has_promote {
        super::promote::parts(&promote_arms)
    } else {
        super::promote::Parts::default()
    };
    let has_merged = !merged_arms.is_empty();
    let merged_arm = if !has_merged {
        quote!()
    } else {
        quote! {
            Move::Effect { rule, site, to: first } => {
                let to = site;
                match rule {
                    #(#merged_arms)*
                    _ => unreachable!("an (append ...) rule"),
                }
            }
        }
    };

    // A game has the kinds of move its rules make: the forced pass always.
    let has_piece = !piece_arms.is_empty() || analysis.features.piece_move_effects;
    let has_add = !place_arms.is_empty();
    let add_arm = if !has_add {
        quote!()
    } else {
        quote! {
            Move::Add { site, what, rule } => {
                let (from, to) = (site, site);
                match rule {
                    #(#place_arms)*
                    _ => unreachable!("a placement rule"),
                }
            }
        }
    };
    let piece_arm = if !has_piece {
        quote!()
    } else if piece_arms.is_empty() {
        quote!(Move::Piece { .. } => unreachable!("pieces move only as a consequence of another move"),)
    } else {
        quote! {
            Move::Piece { rule, from, to, dir } => {
                match rule {
                    #(#piece_arms)*
                    _ => unreachable!("a piece-move rule"),
                }
            }
        }
    };

    let (effect_variant, effect_key) = if has_merged {
        (
            quote! {
                /// The one move an `(append ...)` rule merges at `site` (the
                /// `(site)` of the `forEach Site` around it); `to` is the site of
                /// its first action, which names it.
                Effect { rule: u16, site: u16, to: u16 },
            },
            quote!(Move::Effect { to, .. } => MoveKey::place(to as u32),),
        )
    } else {
        (quote!(), quote!())
    };
    let (add_variant, add_key) = if has_add {
        (
            quote! {
                /// Place component `what` on `site`, by the move rule numbered `rule`.
                Add { site: u16, what: u8, rule: u16 },
            },
            if hands.typed_keys {
                quote! {
                    #(#typed_add_keys)*
                    Move::Add { site, .. } => MoveKey { to: key_site(site), ..MoveKey::place(site as u32) },
                }
            } else {
                quote! {
                    #(#typed_add_keys)*
                    Move::Add { site, .. } => MoveKey::place(site as u32),
                }
            },
        )
    } else {
        (quote!(), quote!())
    };
    let (piece_variant, piece_key) = if has_piece {
        (
            quote! {
                /// Move the piece on `from` to `to` by the piece move numbered
                /// `rule`, in the rule's direction number `dir`.
                Piece { rule: u16, from: u16, to: u16, dir: u8 },
            },
            if hands.typed_keys {
                quote!(Move::Piece { from, to, .. } => MoveKey {
                    from: key_site(from),
                    to: key_site(to),
                    ..MoveKey::step(from as u32, to as u32)
                },)
            } else {
                quote!(Move::Piece { from, to, .. } => MoveKey::step(from as u32, to as u32),)
            },
        )
    } else {
        (quote!(), quote!())
    };
    let move_to = {
        let add = has_add.then(|| quote!(Move::Add { site, .. } => site,));
        let piece = has_piece.then(|| quote!(Move::Piece { to, .. } => to,));
        let merged = has_merged.then(|| quote!(Move::Effect { to, .. } => to,));
        let promote = promote_move_to;
        let remove = remove_move_to;
        let decision = decision_move_to;
        let select = select_move_to;
        quote!(#add #piece #merged #promote #remove #decision #select #pass_move_to)
    };
    MoveKinds {
        variants: quote! {
            #add_variant
            #piece_variant
            #promote_variant
            #remove_variant
            #decision_variant
            #select_variant
            #effect_variant
            #pass_variant
        },
        arms: quote! {
            #add_arm
            #piece_arm
            #merged_arm
            #promote_arm
            #remove_arm
            #decision_arm
            #select_arm
        },
        keys: quote! {
            #add_key
            #effect_key
            #piece_key
            #promote_key
            #remove_key
            #decision_key
            #select_key
            #pass_key
        },
        move_to,
        methods: quote! {
            #promoted_to_fn

            #decision_of_fn
        },
        has_add,
        has_promote,
        pass_arms,
    }
}
