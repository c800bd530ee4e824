//! Leap walks (Ludii's `SitesWalk`, used by `(move Leap ...)`) and the
//! "forward" test of `Leap.checkForward`.

use super::{Board, Compass, Relation};

/// One instruction of a leap's walk.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Walk {
    /// `F`: one step forward.
    Forward,
    /// `R`: turn right (one direction clockwise).
    Right,
    /// `L`: turn left.
    Left,
}

impl Board {
    /// The headings of orthogonal steps on this board, clockwise from north
    /// (Ludii's `supportedOrthogonalDirections`).
    pub fn orthogonal_headings(&self) -> Vec<Compass> {
        Compass::ALL
            .into_iter()
            .filter(|c| {
                (0..self.num_sites()).any(|s| {
                    let ortho = self.neighbours(s, Relation::Orthogonal);
                    self.steps(s, c.absolute())
                        .iter()
                        .any(|t| ortho.contains(t))
                })
            })
            .collect()
    }

    /// Ludii's `SitesWalk` with all rotations: each walk from each heading of
    /// `orthogonal` (see [`Board::orthogonal_headings`]); turns go to the next
    /// supported orthogonal heading. Duplicate targets are kept, as Ludii
    /// keeps them (distinct walks reaching one site).
    pub fn walk_targets(&self, orthogonal: &[Compass], from: u16, walks: &[Vec<Walk>]) -> Vec<u16> {
        let turn = |c: Compass, step: i32| {
            let mut k = c as i32;
            loop {
                k = (k + step).rem_euclid(16);
                let h = Compass::ALL[k as usize];
                if orthogonal.contains(&h) {
                    return h;
                }
            }
        };
        let mut out = Vec::new();
        for &start in orthogonal {
            for walk in walks {
                let mut at = Some(from as usize);
                let mut heading = start;
                for step in walk {
                    match step {
                        Walk::Forward => {
                            at = at.and_then(|s| {
                                self.steps(s, heading.absolute())
                                    .last()
                                    .map(|&t| t as usize)
                            });
                        }
                        Walk::Right => heading = turn(heading, 1),
                        Walk::Left => heading = turn(heading, -1),
                    }
                    if at.is_none() {
                        break;
                    }
                }
                if let Some(s) = at {
                    out.push(s as u16);
                }
            }
        }
        out
    }

    /// Ludii's `Leap.checkForward`: rows and columns move the facing's way.
    pub fn is_forward(&self, facing: Compass, from: u16, to: u16) -> bool {
        let a = &self.sites[from as usize];
        let b = &self.sites[to as usize];
        match facing {
            Compass::N => a.row < b.row,
            Compass::NE => a.row < b.row && a.col < b.col,
            Compass::E => a.col < b.col,
            Compass::SE => a.row > b.row && a.col < b.col,
            Compass::S => a.row > b.row,
            Compass::SW => a.row > b.row && a.col > b.col,
            Compass::W => a.col > b.col,
            Compass::NW => a.row < b.row && a.col > b.col,
            _ => false,
        }
    }
}
