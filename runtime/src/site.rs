//! Sites as generated code names them: Ludii's index as a `u16`, with
//! [`NO_SITE`] for "no site" (no move yet, or a step off the board).

/// "No site": no move yet, or a site that does not exist.
pub const NO_SITE: u16 = u16::MAX;

/// Whether `site` is defined and passes `test`.
#[inline(always)]
pub fn site_is(site: u16, test: impl FnOnce(u16) -> bool) -> bool {
    site != NO_SITE && test(site)
}

/// `value(site)`, or `undefined` when the site is undefined.
#[inline(always)]
pub fn of_site<T>(site: u16, undefined: T, value: impl FnOnce(u16) -> T) -> T {
    if site == NO_SITE {
        undefined
    } else {
        value(site)
    }
}

/// Whether `player` (a number, 0 for none) is another player than `mover`.
#[inline(always)]
pub fn is_enemy_player(player: i64, mover: u8) -> bool {
    player > 0 && player != mover as i64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_undefined_site_passes_no_test_and_has_the_default_value() {
        assert!(!site_is(NO_SITE, |_| true));
        assert!(site_is(3, |s| s == 3));
        assert_eq!(of_site(NO_SITE, -1, i64::from), -1);
        assert_eq!(of_site(7, -1, i64::from), 7);
    }

    #[test]
    fn enemies_are_other_players_not_nobody() {
        assert!(is_enemy_player(2, 1));
        assert!(!is_enemy_player(1, 1));
        assert!(!is_enemy_player(0, 1));
    }
}
