//! `(mancalaBoard R C [store:None])` and `(track ...)` as Ludii builds them.
//!
//! Ludii's `MancalaBoard` is a graph of vertices only: each row a
//! `(rectangle 1 C)` of points shifted up by its row number, with two
//! stores (unless `store:None`) left and right of the rows, united *in that
//! order* (left store, rows bottom to top, right store) and never reordered,
//! then every pair of vertices closer than 1.1 times the average edge length
//! joined (`Union` with `connect:True`), faces traced. So for `(mancalaBoard
//! 2 6)` site 0 is the left store, 1-6 the bottom row, 7-12 the top row and
//! 13 the right store. The positions, in single precision as Ludii's, are
//! those of `MancalaBoard.makeMancala{Two..Six}Rows`.
//!
//! A track (`Track.buildTrack`) is a start site then steps: a number is that
//! site; a direction walks every radial from the current site in that
//! direction to its end (`N1`: one step only), adding each site.

use super::{AbsoluteDirection, Board, BoardSpec, Point, SiteType, Tiling};

/// The board of `(mancalaBoard rows cols)` with (`stores`) or without
/// (`store:None`) its two stores: a `(graph ...)` of its vertices and edges,
/// in Ludii's order. Rows must be 2 to 6.
pub fn mancala_spec(rows: u32, cols: u32, stores: bool) -> Result<BoardSpec, String> {
    if !(2..=6).contains(&rows) {
        return Err(format!(
            "a mancala board has 2 to 6 rows, not {rows} (Ludii's MancalaBoard)"
        ));
    }
    if !(1..=100).contains(&cols) {
        return Err(format!("board dimensions [{rows}, {cols}] out of range"));
    }
    let f = |x: f32, y: f32| -> Point { [x as f64, y as f64, 0.0] };
    let c = cols as f32;
    // The stores' positions, as written in MancalaBoard (shifts added in float).
    let (left, right) = match rows {
        2 => (f(-0.85, 0.5), f(c + -0.15, 0.5)),
        3 => (f(-1.0, 1.0), f(c, 1.0)),
        4 => (f(-0.9, 1.5), f(c + -0.1, 1.5)),
        5 => (f(-1.0, 2.0), f((c as f64 + 0.1) as f32 + -0.1, 2.0)),
        _ => (f(-0.9, 2.5), f(c + -0.1, 2.5)),
    };
    let mut vertices: Vec<Point> = Vec::new();
    let mut edges: Vec<[usize; 2]> = Vec::new();
    if stores {
        vertices.push(left);
    }
    for r in 0..rows {
        let first = vertices.len();
        for k in 0..cols {
            vertices.push(f(k as f32, r as f32));
        }
        for k in 1..cols as usize {
            edges.push([first + k - 1, first + k]);
        }
    }
    if stores {
        vertices.push(right);
    }
    // Union's connect: every pair closer than 1.1 x the average edge length.
    let dist = |a: &Point, b: &Point| ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2)).sqrt();
    let average = if edges.is_empty() {
        0.0
    } else {
        edges
            .iter()
            .map(|&[a, b]| dist(&vertices[a], &vertices[b]))
            .sum::<f64>()
            / edges.len() as f64
    };
    let threshold = 1.1 * average;
    for a in 0..vertices.len() {
        for b in a + 1..vertices.len() {
            let pair = [a, b];
            if dist(&vertices[a], &vertices[b]) < threshold && !edges.contains(&pair) {
                edges.push(pair);
            }
        }
    }
    Ok(BoardSpec::new(Tiling::Graph { vertices, edges }).with_site_type(SiteType::Vertex))
}

/// The sites of a track described as `"start,STEP,STEP..."` on `board`
/// (Ludii's `Track.buildTrack`): a number goes to that site; `End` adds
/// Ludii's off-board end; a direction name (`E`, `N1`, `WNW`...) follows
/// every radial of that direction from the current site, to its end or for
/// the number of steps given.
pub fn track_sites(board: &Board, spec: &str) -> Result<Vec<i32>, String> {
    let mut steps = spec.split(',');
    let start = steps
        .next()
        .and_then(|s| s.trim().parse::<i32>().ok())
        .ok_or_else(|| format!("the track \"{spec}\" does not start with a site"))?;
    let mut out = vec![start];
    let mut current = Some(start).filter(|&s| (s as usize) < board.num_sites());
    for step in steps {
        let step = step.trim();
        if let Ok(site) = step.parse::<i32>() {
            out.push(site);
            current = Some(site).filter(|&s| s >= 0 && (s as usize) < board.num_sites());
            continue;
        }
        if step == "End" {
            out.push(-2);
            continue;
        }
        let name: String = step.chars().filter(|c| !c.is_ascii_digit()).collect();
        let size = match &step[name.len()..] {
            "" => None,
            n => Some(
                n.parse::<usize>()
                    .map_err(|_| format!("the track step `{step}` is not a direction"))?,
            ),
        };
        let dir = AbsoluteDirection::from_name(&name)
            .filter(|d| d.compass().is_some())
            .ok_or_else(|| format!("the track step `{step}` is not a direction"))?;
        let Some(from) = current else {
            return Err(format!(
                "the track step `{step}` needs a board site before it"
            ));
        };
        let mut last = from;
        for radial in board.radials(from as usize, dir) {
            let end = size.map_or(radial.steps.len(), |n| (n + 1).min(radial.steps.len()));
            for &s in radial.steps.iter().take(end).skip(1) {
                out.push(s as i32);
                last = s as i32;
            }
        }
        current = Some(last);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(rows: u32, cols: u32, stores: bool) -> Board {
        super::super::build(&mancala_spec(rows, cols, stores).unwrap()).unwrap()
    }

    #[test]
    fn two_rows_with_stores_number_the_left_store_then_the_rows_then_the_right_store() {
        let b = board(2, 6, true);
        assert_eq!(b.num_sites(), 14);
        assert_eq!(b.bottom(), (1..=6).collect::<Vec<u16>>().as_slice());
        assert_eq!(b.top(), (7..=12).collect::<Vec<u16>>().as_slice());
        // Kalah's track: the left store, the bottom row east, the right
        // store, the top row west.
        let track = track_sites(&b, "0,ESE,E,ENE,WNW,N,W").unwrap();
        assert_eq!(track, vec![0, 1, 2, 3, 4, 5, 6, 13, 12, 11, 10, 9, 8, 7]);
    }

    #[test]
    fn rows_without_stores_and_counted_steps() {
        let b = board(2, 6, false);
        assert_eq!(b.num_sites(), 12);
        let track = track_sites(&b, "0,E,N,W").unwrap();
        assert_eq!(track, (0..6).chain((6..12).rev()).collect::<Vec<i32>>());
        let b = board(4, 8, false);
        assert_eq!(b.num_sites(), 32);
        let track = track_sites(&b, "0,E,N1,W").unwrap();
        assert_eq!(track, (0..8).chain((8..16).rev()).collect::<Vec<i32>>());
        let track = track_sites(&b, "16,E,N1,W").unwrap();
        assert_eq!(track, (16..24).chain((24..32).rev()).collect::<Vec<i32>>());
    }

    #[test]
    fn three_to_six_rows_have_their_stores_at_the_ends() {
        for rows in 3..=6 {
            let b = board(rows, 5, true);
            assert_eq!(b.num_sites(), rows as usize * 5 + 2);
        }
        assert!(mancala_spec(7, 5, true).is_err());
    }
}
