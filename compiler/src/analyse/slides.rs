//! Which slides reach their sites as bitboards. A plain slide along a ray
//! reaches the ray's sites before its first occupied one; when the site
//! numbers along every radial of a direction only rise or only fall, and no
//! two radials from a site share a site, that reach is the ray's mask cut
//! below its lowest blocker (rising rays) or above its highest (falling
//! rays): a few word operations instead of a walk.

use crate::board::{AbsoluteDirection, Board};

/// Each site's radials along `dir` (origin left out), split into those
/// whose site numbers rise and those whose numbers fall; `None` when some
/// radial does neither (a board with a circle) or two share a site.
#[allow(clippy::type_complexity)]
pub fn monotone_rays(
    board: &Board,
    dir: AbsoluteDirection,
) -> Option<(Vec<Vec<Vec<u16>>>, Vec<Vec<Vec<u16>>>)> {
    let n = board.num_sites();
    let mut up = vec![Vec::new(); n];
    let mut down = vec![Vec::new(); n];
    for (s, (up, down)) in up.iter_mut().zip(&mut down).enumerate() {
        // Walking lists a site twice if two radials share it; a union would not.
        let mut seen = std::collections::BTreeSet::new();
        for radial in board.radials(s, dir) {
            let steps = &radial.steps;
            if !steps[1..].iter().all(|&t| seen.insert(t)) {
                return None;
            }
            if steps.windows(2).all(|w| w[0] < w[1]) {
                up.push(steps[1..].to_vec());
            } else if steps.windows(2).all(|w| w[0] > w[1]) {
                down.push(steps[1..].to_vec());
            } else {
                return None;
            }
        }
    }
    Some((up, down))
}
