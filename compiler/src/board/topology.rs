//! Assemble a [`Board`] from a generated graph: measure it (perimeter,
//! corners, sides, rows/columns/labels, centre), compute steps and radials,
//! and keep the default site type's view (Ludii's `Board.createTopology` and
//! `Equipment.initContainerAndParameters`).

use super::directions::{AbsoluteDirection as A, Compass};
use super::graph::Graph;
use super::properties::{self as p, Props};
use super::radials::{self, Radial};
use super::steps;
use super::{corners, extent, perimeter, sides, situation};
use super::{Board, Drawing, Relation, Site, SiteType};

/// Compressed lists: `lists(k) = data[index[k]..index[k + 1]]`.
#[derive(Clone, Debug, Default)]
pub(super) struct Lists<T> {
    index: Vec<u32>,
    data: Vec<T>,
}

impl<T: Copy> Lists<T> {
    fn from_nested(nested: impl IntoIterator<Item = Vec<T>>) -> Lists<T> {
        let mut lists = Lists {
            index: vec![0],
            data: Vec::new(),
        };
        for list in nested {
            lists.data.extend(list);
            lists.index.push(lists.data.len() as u32);
        }
        lists
    }

    pub(super) fn get(&self, k: usize) -> &[T] {
        match (self.index.get(k), self.index.get(k + 1)) {
            (Some(&a), Some(&b)) => &self.data[a as usize..b as usize],
            _ => &[],
        }
    }
}

/// Incidence lists between element types, `lists[of][to].get(i)`: for
/// vertices their edges and cells, for edges their two vertices and their
/// cells, for cells their edges and vertices (each in the graph's order).
#[derive(Clone, Debug, Default)]
pub(super) struct Incidence {
    lists: [[Lists<u16>; 3]; 3],
}

impl Incidence {
    fn build(graph: &Graph) -> Incidence {
        let ids = |v: &[usize]| v.iter().map(|&i| i as u16).collect::<Vec<u16>>();
        let mut inc = Incidence::default();
        let (v, e, c) = (0, 1, 2);
        inc.lists[v][e] = Lists::from_nested(graph.vertices.iter().map(|x| ids(&x.edges)));
        inc.lists[v][c] = Lists::from_nested(graph.vertices.iter().map(|x| ids(&x.faces)));
        inc.lists[e][v] = Lists::from_nested(graph.edges.iter().map(|x| ids(&[x.a, x.b])));
        inc.lists[e][c] = Lists::from_nested(graph.edges.iter().map(|x| {
            let faces: Vec<usize> = x.left.into_iter().chain(x.right).collect();
            ids(&faces)
        }));
        inc.lists[c][e] = Lists::from_nested(graph.faces.iter().map(|x| ids(&x.edges)));
        inc.lists[c][v] = Lists::from_nested(graph.faces.iter().map(|x| ids(&x.vertices)));
        inc
    }

    pub(super) fn get(&self, of: SiteType, to: SiteType, at: usize) -> &[u16] {
        self.lists[type_index(of)][type_index(to)].get(at)
    }
}

fn type_index(ty: SiteType) -> usize {
    match ty {
        SiteType::Vertex => 0,
        SiteType::Edge => 1,
        SiteType::Cell => 2,
    }
}

const TYPES: [SiteType; 3] = [SiteType::Vertex, SiteType::Edge, SiteType::Cell];

pub(super) fn assemble(graph: Graph, site_type: SiteType) -> Board {
    let mut props = Props::new(graph.vertices.len(), graph.edges.len(), graph.faces.len());
    let perimeters = perimeter::measure(&graph, &mut props);
    let points: Vec<Vec<super::geom::Pt>> = TYPES
        .iter()
        .map(|&ty| (0..graph.count(ty)).map(|i| graph.pt(ty, i)).collect())
        .collect();
    for (k, &ty) in TYPES.iter().enumerate() {
        extent::measure_extremes(&points[k], props.of_mut(ty));
    }
    corners::measure(&graph, &perimeters, &mut props);
    sides::measure(&graph, &perimeters, &mut props);
    let situations = situation::measure([&points[0], &points[1], &points[2]]);
    for (k, &ty) in TYPES.iter().enumerate() {
        extent::measure_centre(&points[k], props.of_mut(ty));
    }

    let incidence = Incidence::build(&graph);
    let all_steps = steps::generate(&graph);
    let k = TYPES
        .iter()
        .position(|&t| t == site_type)
        .expect("site type");
    let site_steps = &all_steps[k];
    let pts = &points[k];

    let mut sit = situations[k].clone();
    if sit.duplicate_labels {
        sit = situation::fallback(pts);
    }
    let sites: Vec<Site> = (0..pts.len())
        .map(|i| Site {
            index: i,
            x: pts[i].x,
            y: pts[i].y,
            row: sit.row[i].max(0) as u32,
            col: sit.col[i].max(0) as u32,
            coord: sit.label[i].clone(),
        })
        .collect();

    // Same-type steps per (site, direction), in Ludii's (clockwise) order.
    let step_lists = Lists::from_nested((0..pts.len()).flat_map(|s| {
        A::ALL.into_iter().map(move |d| {
            site_steps[s]
                .to_type_in(site_type, d)
                .map(|st| st.to.id as u16)
                .collect()
        })
    }));
    let relations = Relation::ALL.map(|rel| {
        Lists::from_nested((0..pts.len()).map(|s| {
            step_lists
                .get(s * A::COUNT + rel.direction().index())
                .to_vec()
        }))
    });

    // Radials, flattened with global ids.
    let per_site = radials::generate(&graph, site_type, site_steps);
    let mut all_radials: Vec<Radial> = Vec::new();
    let mut in_direction = Vec::with_capacity(pts.len() * A::COUNT);
    let mut distinct = Vec::with_capacity(pts.len() * A::COUNT);
    for sr in per_site {
        let base = all_radials.len() as u32;
        for mut r in sr.radials {
            r.opposites.iter_mut().for_each(|o| *o += base);
            all_radials.push(r);
        }
        for d in 0..A::COUNT {
            in_direction.push(
                sr.in_direction[d]
                    .iter()
                    .map(|&r| r + base)
                    .collect::<Vec<u32>>(),
            );
            distinct.push(
                sr.distinct[d]
                    .iter()
                    .map(|&r| r + base)
                    .collect::<Vec<u32>>(),
            );
        }
    }

    let having = |flag: u64| props.having(site_type, flag);
    let side_flag = |c: Compass| match c {
        Compass::N => p::SIDE_N,
        Compass::NE => p::SIDE_NE,
        Compass::E => p::SIDE_E,
        Compass::SE => p::SIDE_SE,
        Compass::S => p::SIDE_S,
        Compass::SW => p::SIDE_SW,
        Compass::W => p::SIDE_W,
        _ => p::SIDE_NW,
    };
    let sides = Compass::SIDES.map(|c| having(side_flag(c)));
    let group = |key: &dyn Fn(&Site) -> u32| -> Vec<Vec<u16>> {
        let mut groups: Vec<Vec<u16>> = Vec::new();
        for s in &sites {
            let g = key(s) as usize;
            while groups.len() <= g {
                groups.push(Vec::new());
            }
            groups[g].push(s.index as u16);
        }
        groups
    };
    let rows = group(&|s: &Site| s.row);
    let columns = group(&|s: &Site| s.col);

    let drawing = Drawing {
        vertices: graph.vertices.iter().map(|v| (v.pt.x, v.pt.y)).collect(),
        edges: graph
            .edges
            .iter()
            .map(|e| [e.a as u32, e.b as u32])
            .collect(),
        cells: graph
            .faces
            .iter()
            .map(|f| f.vertices.iter().map(|&v| v as u32).collect())
            .collect(),
    };
    Board {
        site_type,
        drawing,
        num_vertices: graph.vertices.len(),
        num_edges: graph.edges.len(),
        num_cells: graph.faces.len(),
        sites,
        relations,
        step_lists,
        radials: all_radials,
        radials_in_direction: Lists::from_nested(in_direction),
        distinct_radials: Lists::from_nested(distinct),
        sides,
        corners: having(p::CORNER),
        corners_convex: having(p::CORNER_CONVEX),
        corners_concave: having(p::CORNER_CONCAVE),
        perimeter: having(p::PERIMETER),
        outer: having(p::OUTER),
        inner: having(p::INNER),
        centre: having(p::CENTRE),
        top: having(p::TOP),
        bottom: having(p::BOTTOM),
        left: having(p::LEFT),
        right: having(p::RIGHT),
        rows,
        columns,
        incidence,
    }
}
