//! Moves kept as target sets: for each group of a player's moves (one rule,
//! one direction, one site difference), the bitboard of the sites its
//! pieces reach. Generated code computes the sets; listing the moves and
//! drawing one are the same for every game, and live here.

use crate::bits::{pick_in_sets, Bits};

/// What a group of target moves shares: the site difference `to - from`,
/// the rule and the rule's direction number.
pub type TargetGroup = (i32, u16, u8);

/// One move of a target set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Target {
    pub from: u16,
    pub to: u16,
    pub rule: u16,
    pub dir: u8,
}

impl Target {
    #[inline(always)]
    fn new(to: usize, &(delta, rule, dir): &TargetGroup) -> Self {
        Target {
            from: (to as i32 - delta) as u16,
            to: to as u16,
            rule,
            dir,
        }
    }
}

/// Every move of `sets` (set `g` made by `groups[g]`), set by set, each
/// set's sites in increasing order.
#[inline(always)]
pub fn for_each_target<const W: usize>(
    sets: &[Bits<W>],
    groups: &[TargetGroup],
    mut f: impl FnMut(Target),
) {
    for (set, group) in sets.iter().zip(groups) {
        for to in set.iter() {
            f(Target::new(to, group));
        }
    }
}

/// One move of `sets` chosen uniformly (see [`pick_in_sets`]), `None` when
/// there is none.
#[inline(always)]
pub fn pick_target<const W: usize, const G: usize, R: rand_core::RngCore>(
    sets: &[Bits<W>; G],
    groups: &[TargetGroup; G],
    rng: &mut R,
) -> Option<Target> {
    pick_in_sets(sets, rng).map(|(g, to)| Target::new(to, &groups[g]))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Xoshiro256PlusPlus;
    use rand_core::SeedableRng;

    const GROUPS: [TargetGroup; 2] = [(8, 0, 0), (-1, 3, 2)];

    #[test]
    fn each_target_comes_from_its_group_s_site_difference() {
        let sets = [
            Bits::<1>::new([0b1_0000_0000 | 1 << 20]),
            Bits::new([1 << 5]),
        ];
        let mut seen = Vec::new();
        for_each_target(&sets, &GROUPS, |t| seen.push(t));
        let t = |from, to, rule, dir| Target {
            from,
            to,
            rule,
            dir,
        };
        assert_eq!(seen, [t(0, 8, 0, 0), t(12, 20, 0, 0), t(6, 5, 3, 2)]);
    }

    #[test]
    fn a_picked_target_is_one_of_the_listed_and_none_of_nothing() {
        let sets = [
            Bits::<1>::new([0b1_0000_0000 | 1 << 20]),
            Bits::new([1 << 5]),
        ];
        let mut listed = Vec::new();
        for_each_target(&sets, &GROUPS, |t| listed.push(t));
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
        for _ in 0..50 {
            let t = pick_target(&sets, &GROUPS, &mut rng).expect("a move");
            assert!(listed.contains(&t), "{t:?}");
        }
        let empty = [Bits::<1>::EMPTY; 2];
        assert_eq!(pick_target(&empty, &GROUPS, &mut rng), None);
    }
}
