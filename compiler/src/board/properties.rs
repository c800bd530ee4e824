//! Per-element property flags, as Ludii's `game.util.graph.Properties` sets
//! them while measuring a graph.

use super::SiteType;

pub const INNER: u64 = 1 << 0;
pub const OUTER: u64 = 1 << 1;
pub const PERIMETER: u64 = 1 << 2;
pub const CORNER: u64 = 1 << 3;
pub const CORNER_CONVEX: u64 = 1 << 4;
pub const CORNER_CONCAVE: u64 = 1 << 5;
pub const LEFT: u64 = 1 << 6;
pub const RIGHT: u64 = 1 << 7;
pub const TOP: u64 = 1 << 8;
pub const BOTTOM: u64 = 1 << 9;
pub const CENTRE: u64 = 1 << 10;
pub const NULL_NBOR: u64 = 1 << 11;
pub const SIDE_N: u64 = 1 << 16;
pub const SIDE_E: u64 = 1 << 17;
pub const SIDE_S: u64 = 1 << 18;
pub const SIDE_W: u64 = 1 << 19;
pub const SIDE_NE: u64 = 1 << 20;
pub const SIDE_SE: u64 = 1 << 21;
pub const SIDE_SW: u64 = 1 << 22;
pub const SIDE_NW: u64 = 1 << 23;
/// All eight side flags.
pub const SIDES: u64 = SIDE_N | SIDE_E | SIDE_S | SIDE_W | SIDE_NE | SIDE_SE | SIDE_SW | SIDE_NW;

/// Property flags of every vertex, edge and cell of a graph.
#[derive(Clone, Debug, Default)]
pub struct Props {
    pub vertex: Vec<u64>,
    pub edge: Vec<u64>,
    pub cell: Vec<u64>,
}

impl Props {
    pub fn new(num_vertices: usize, num_edges: usize, num_cells: usize) -> Props {
        Props {
            vertex: vec![0; num_vertices],
            edge: vec![0; num_edges],
            cell: vec![0; num_cells],
        }
    }

    pub fn of(&self, ty: SiteType) -> &[u64] {
        match ty {
            SiteType::Vertex => &self.vertex,
            SiteType::Edge => &self.edge,
            SiteType::Cell => &self.cell,
        }
    }

    pub fn of_mut(&mut self, ty: SiteType) -> &mut Vec<u64> {
        match ty {
            SiteType::Vertex => &mut self.vertex,
            SiteType::Edge => &mut self.edge,
            SiteType::Cell => &mut self.cell,
        }
    }

    /// Indices (ascending) of the elements of `ty` having all bits of `flag`.
    pub fn having(&self, ty: SiteType, flag: u64) -> Vec<u16> {
        self.of(ty)
            .iter()
            .enumerate()
            .filter(|(_, &p)| p & flag == flag)
            .map(|(i, _)| i as u16)
            .collect()
    }
}
