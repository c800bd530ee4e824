//! Static regions of a [`Board`]: sides, corners, perimeter, centre, extremes,
//! rows and columns, as Ludii's `Topology` lists them for the default site
//! type (ascending site indices).

use super::{Board, Compass};

impl Board {
    /// `(sites Side <facing>)`: the sites on that side. Only the eight
    /// headings of [`Compass::SIDES`] can be non-empty.
    pub fn side(&self, facing: Compass) -> &[u16] {
        match Compass::SIDES.iter().position(|&c| c == facing) {
            Some(k) => &self.sides[k],
            None => &[],
        }
    }

    /// The non-empty sides, with their headings, in [`Compass::SIDES`] order.
    pub fn sides(&self) -> impl Iterator<Item = (Compass, &[u16])> + '_ {
        Compass::SIDES
            .into_iter()
            .zip(self.sides.iter())
            .filter(|(_, s)| !s.is_empty())
            .map(|(c, s)| (c, &s[..]))
    }

    /// `(sites Corners)`: convex and concave corners.
    pub fn corners(&self) -> &[u16] {
        &self.corners
    }

    pub fn corners_convex(&self) -> &[u16] {
        &self.corners_convex
    }

    pub fn corners_concave(&self) -> &[u16] {
        &self.corners_concave
    }

    /// `(sites Perimeter)`: for cells, every cell touching a perimeter vertex.
    pub fn perimeter(&self) -> &[u16] {
        &self.perimeter
    }

    /// `(sites Outer)`.
    pub fn outer(&self) -> &[u16] {
        &self.outer
    }

    /// `(sites Inner)`.
    pub fn inner(&self) -> &[u16] {
        &self.inner
    }

    /// `(sites Centre)`.
    pub fn centre(&self) -> &[u16] {
        &self.centre
    }

    /// `(sites Top)`: sites within 0.01 of the highest y.
    pub fn top(&self) -> &[u16] {
        &self.top
    }

    /// `(sites Bottom)`.
    pub fn bottom(&self) -> &[u16] {
        &self.bottom
    }

    /// `(sites Left)`.
    pub fn left(&self) -> &[u16] {
        &self.left
    }

    /// `(sites Right)`.
    pub fn right(&self) -> &[u16] {
        &self.right
    }

    /// `(sites Row r)` for every r.
    pub fn rows(&self) -> &[Vec<u16>] {
        &self.rows
    }

    /// `(sites Column c)` for every c.
    pub fn columns(&self) -> &[Vec<u16>] {
        &self.columns
    }

    /// The regions of `SidesNoCorners` (as used by
    /// `(is Connected n SidesNoCorners)`): each side minus every corner of the
    /// board, empty results dropped. Ludii iterates a `HashMap` of all 16
    /// headings, so its order is unspecified and its empty sides never
    /// connect; here the order is [`Compass::SIDES`].
    pub fn sides_no_corners(&self) -> Vec<Vec<u16>> {
        self.sides
            .iter()
            .map(|side| {
                side.iter()
                    .copied()
                    .filter(|s| !self.corners.contains(s))
                    .collect::<Vec<u16>>()
            })
            .filter(|s| !s.is_empty())
            .collect()
    }

    /// `Sides` static regions: every non-empty side.
    pub fn sides_regions(&self) -> Vec<Vec<u16>> {
        self.sides
            .iter()
            .filter(|s| !s.is_empty())
            .cloned()
            .collect()
    }
}
