//! Planar geometry helpers with Ludii's floating-point semantics
//! (`main.math.MathRoutines`): same formulas, same tolerances, so that
//! threshold tests fall on the same side as in Ludii.

/// A point in Ludii's graph coordinates (y grows upward).
#[derive(Clone, Copy, Debug, PartialEq, Default)]
pub struct Pt {
    pub x: f64,
    pub y: f64,
    pub z: f64,
}

impl Pt {
    pub const fn new(x: f64, y: f64) -> Pt {
        Pt { x, y, z: 0.0 }
    }

    pub fn dist(self, other: Pt) -> f64 {
        let dx = other.x - self.x;
        let dy = other.y - self.y;
        (dx * dx + dy * dy).sqrt()
    }

    pub fn dist_sq(self, other: Pt) -> f64 {
        let dx = other.x - self.x;
        let dy = other.y - self.y;
        dx * dx + dy * dy
    }
}

/// Ludii's `MathRoutines.EPSILON`.
pub const EPSILON: f64 = 0.000_000_1;

/// Distance from `pt` to the infinite line through `a` and `b`.
pub fn distance_to_line(pt: Pt, a: Pt, b: Pt) -> f64 {
    let dx = b.x - a.x;
    let dy = b.y - a.y;
    if dx.abs() + dy.abs() < EPSILON {
        return pt.dist(a);
    }
    let a2 = (pt.y - a.y) * dx - (pt.x - a.x) * dy;
    (a2 * a2 / (dx * dx + dy * dy)).sqrt()
}

/// `MathRoutines.clockwise(a, b, c)`: true when a, b, c turn clockwise (or are
/// collinear, within `EPSILON`).
pub fn clockwise3(a: Pt, b: Pt, c: Pt) -> bool {
    let result = (b.x - a.x) * (c.y - a.y) - (c.x - a.x) * (b.y - a.y);
    result < EPSILON
}

/// Where the lines through a0-a1 and b0-b1 meet, as fractions `(s, t)`
/// along each segment, or `None` for parallel lines (the shared part of
/// `MathRoutines.lineSegmentsIntersect` and `crossingPoint`).
fn line_crossing(a0: Pt, a1: Pt, b0: Pt, b1: Pt) -> Option<(f64, f64)> {
    let (xlk, ylk) = (a1.x - a0.x, a1.y - a0.y);
    let (xnm, ynm) = (b1.x - b0.x, b1.y - b0.y);
    let (xmk, ymk) = (b0.x - a0.x, b0.y - a0.y);
    let det = xnm * ylk - ynm * xlk;
    if det.abs() < EPSILON {
        return None;
    }
    let detinv = 1.0 / det;
    Some((
        (xnm * ymk - ynm * xmk) * detinv,
        (xlk * ymk - ylk * xmk) * detinv,
    ))
}

/// `MathRoutines.lineSegmentsIntersect`: whether segments a0-a1 and b0-b1
/// meet (ends included, within `EPSILON`; parallel segments never do).
pub fn segments_intersect(a0: Pt, a1: Pt, b0: Pt, b1: Pt) -> bool {
    let within = |u: f64| (-EPSILON..=1.0 + EPSILON).contains(&u);
    line_crossing(a0, a1, b0, b1).is_some_and(|(s, t)| within(s) && within(t))
}

/// `MathRoutines.crossingPoint`: where segments a0-a1 and b0-b1 cross
/// strictly inside both (more than 1% of each from its ends), if they do.
pub fn crossing_point(a0: Pt, a1: Pt, b0: Pt, b1: Pt) -> Option<Pt> {
    const MARGIN: f64 = 0.01;
    let inside = |u: f64| u > MARGIN && u < 1.0 - MARGIN;
    let (s, t) = line_crossing(a0, a1, b0, b1)?;
    (inside(s) && inside(t)).then(|| Pt::new(a0.x + s * (a1.x - a0.x), a0.y + s * (a1.y - a0.y)))
}

/// 3D distance (`MathRoutines.distance(Point3D, Point3D)`).
pub fn dist3(a: Pt, b: Pt) -> f64 {
    let (dx, dy, dz) = (b.x - a.x, b.y - a.y, b.z - a.z);
    (dx * dx + dy * dy + dz * dz).sqrt()
}

/// `MathRoutines.distanceToLineSegment` in 3D.
pub fn distance_to_segment3(pt: Pt, a: Pt, b: Pt) -> f64 {
    if (a.x - b.x).abs() + (a.y - b.y).abs() + (a.z - b.z).abs() < EPSILON {
        return dist3(pt, a);
    }
    let (xkj, ykj, zkj) = (a.x - pt.x, a.y - pt.y, a.z - pt.z);
    let (xlk, ylk, zlk) = (b.x - a.x, b.y - a.y, b.z - a.z);
    let denom = xlk * xlk + ylk * ylk + zlk * zlk;
    let sq = if denom.abs() < EPSILON {
        xkj * xkj + ykj * ykj + zkj * zkj
    } else {
        let t = -(xkj * xlk + ykj * ylk + zkj * zlk) / denom;
        if t <= 0.0 {
            xkj * xkj + ykj * ykj + zkj * zkj
        } else if t >= 1.0 {
            let (xlj, ylj, zlj) = (b.x - pt.x, b.y - pt.y, b.z - pt.z);
            xlj * xlj + ylj * ylj + zlj * zlj
        } else {
            let (xf, yf, zf) = (xkj + t * xlk, ykj + t * ylk, zkj + t * zlk);
            xf * xf + yf * yf + zf * zf
        }
    };
    sq.sqrt()
}

/// `MathRoutines.touchingPoint(pt, a, b) != null`: whether `pt` lies on
/// segment a-b (within 0.001) away from its ends.
pub fn touches_segment(pt: Pt, a: Pt, b: Pt) -> bool {
    const MARGIN: f64 = 0.001;
    !(dist3(pt, a) < MARGIN || dist3(pt, b) < MARGIN || distance_to_segment3(pt, a, b) > MARGIN)
}

/// Signed area of a polygon (positive when counter-clockwise, y up).
pub fn polygon_area(poly: &[Pt]) -> f64 {
    let mut area = 0.0;
    for n in 0..poly.len() {
        let p = poly[n];
        let q = poly[(n + 1) % poly.len()];
        area += p.x * q.y - q.x * p.y;
    }
    area / 2.0
}

/// `MathRoutines.clockwise(List)`: negative signed area.
pub fn polygon_clockwise(poly: &[Pt]) -> bool {
    polygon_area(poly) < 0.0
}

/// Even-odd point-in-polygon test (`MathRoutines.pointInPolygon`).
pub fn point_in_polygon(pt: Pt, poly: &[Pt]) -> bool {
    let sz = poly.len();
    if sz == 0 {
        return false;
    }
    let mut j = sz - 1;
    let mut odd = false;
    let (x, y) = (pt.x, pt.y);
    for i in 0..sz {
        let (ix, iy) = (poly[i].x, poly[i].y);
        let (jx, jy) = (poly[j].x, poly[j].y);
        if (iy < y && jy >= y || jy < y && iy >= y) && (ix <= x || jx <= x) {
            odd ^= ix + (y - iy) / (jy - iy) * (jx - ix) < x;
        }
        j = i;
    }
    odd
}

/// Ludii's `Polygon.inflate(amount)`: each corner moves by half the sum
/// of the unit vectors along its two sides, scaled by `amount` (outwards for
/// a polygon traced anticlockwise, y up).
pub fn inflate_polygon(poly: &mut [Pt], amount: f64) {
    let n = poly.len();
    let unit = |from: Pt, to: Pt| {
        let (x, y) = (to.x - from.x, to.y - from.y);
        let mag = (x * x + y * y).sqrt();
        if mag < EPSILON {
            (x * amount, y * amount)
        } else {
            (x / mag * amount, y / mag * amount)
        }
    };
    let moves: Vec<(f64, f64)> = (0..n)
        .map(|k| {
            let (a, b, c) = (poly[k], poly[(k + 1) % n], poly[(k + 2) % n]);
            let (vin, vout) = if clockwise3(a, b, c) {
                (unit(a, b), unit(c, b))
            } else {
                (unit(b, a), unit(b, c))
            };
            ((vin.0 + vout.0) * 0.5, (vin.1 + vout.1) * 0.5)
        })
        .collect();
    for k in 0..n {
        let (dx, dy) = moves[(k + n - 1) % n];
        poly[k] = Pt::new(poly[k].x + dx, poly[k].y + dy);
    }
}

/// `(minX, minY, maxX, maxY)` of a polygon as Java's `Rectangle2D` gives
/// them (`Polygon.bounds`: the maxima are `min + (max - min)`).
pub fn polygon_bounds(poly: &[Pt]) -> (f64, f64, f64, f64) {
    if poly.is_empty() {
        return (0.0, 0.0, 0.0, 0.0);
    }
    let (x0, y0, w, h) = bounds(poly.iter().copied());
    (x0, y0, x0 + w, y0 + h)
}

/// The lattice points, row by row, inside the polygon that walks `sides`
/// on a hexagonal or triangular lattice (`xy` gives the point at a row and
/// column), as Ludii's `CustomOnHex` and `CustomOnTri` find them: from
/// (0, 0), each side of `s` points goes `s - 1` steps, turning 60 degrees
/// anticlockwise before each, and the sides repeat until five have been
/// walked (`polygonFromSides`); the polygon is inflated by 0.1; the rows and
/// columns tried are the polygon's *coordinate* bounds widened by `margin`.
pub fn points_inside_sides(sides: &[u32], margin: i64, xy: impl Fn(i64, i64) -> Pt) -> Vec<Pt> {
    const STEPS: [(i64, i64); 6] = [(1, 0), (1, 1), (0, 1), (-1, 0), (-1, -1), (0, -1)];
    let mut poly = vec![xy(0, 0)];
    let (mut dirn, mut row, mut col) = (1usize, 0i64, 0i64);
    for n in 0..sides.len().max(5) {
        let next = i64::from(sides[n % sides.len()]) - 1;
        dirn = (dirn + 1) % 6;
        if next > 0 {
            row += next * STEPS[dirn].0;
            col += next * STEPS[dirn].1;
            poly.push(xy(row, col));
        }
    }
    inflate_polygon(&mut poly, 0.1);
    let (x0, y0, x1, y1) = polygon_bounds(&poly);
    let (from_col, from_row) = (x0 as i64 - margin, y0 as i64 - margin);
    let (to_col, to_row) = (x1 as i64 + margin, y1 as i64 + margin);
    (from_row..=to_row)
        .flat_map(|r| (from_col..=to_col).map(move |c| (r, c)))
        .map(|(r, c)| xy(r, c))
        .filter(|&pt| point_in_polygon(pt, &poly))
        .collect()
}

/// `MathRoutines.absTanAngleDifferencePosX(a, b, c)`: |tan| of the turn from
/// heading a→b to heading b→c, or +∞ when the turn is 90° or more.
pub fn abs_tan_angle_difference(a: Pt, b: Pt, c: Pt) -> f64 {
    let vx = b.x - a.x;
    let vy = b.y - a.y;
    let ux = c.x - b.x;
    let uy = c.y - b.y;
    let x = ux * vx + uy * vy;
    if x <= 0.0 {
        return f64::INFINITY;
    }
    ((ux * -vy + uy * vx) / x).abs()
}

/// Angle of the vector a→b (`MathRoutines.angle`).
pub fn angle(a: Pt, b: Pt) -> f64 {
    (b.y - a.y).atan2(b.x - a.x)
}

/// Axis-aligned bounds `(x0, y0, width, height)` with Ludii's empty-set
/// convention (`Graph.bounds`).
pub fn bounds(points: impl IntoIterator<Item = Pt>) -> (f64, f64, f64, f64) {
    let limit = 1_000_000.0;
    let (mut x0, mut y0, mut x1, mut y1) = (limit, limit, -limit, -limit);
    for p in points {
        if p.x < x0 {
            x0 = p.x;
        }
        if p.x > x1 {
            x1 = p.x;
        }
        if p.y < y0 {
            y0 = p.y;
        }
        if p.y > y1 {
            y1 = p.y;
        }
    }
    if x0 == limit || y0 == limit {
        return (0.0, 0.0, 0.0, 0.0);
    }
    (x0, y0, x1 - x0, y1 - y0)
}

/// Score used to order steps and radials clockwise starting from north
/// (`Steps.sort`, `Radials.sort`).
pub fn clockwise_from_north_score(from: Pt, to: Pt) -> f64 {
    let theta = angle(from, to);
    let mut score = std::f64::consts::FRAC_PI_2 - theta + 0.0001;
    while score < 0.0 {
        score += 2.0 * std::f64::consts::PI;
    }
    score
}

/// Stable sort of `items` by an f64 key with Ludii's `ItemScore` comparison
/// (exact equality keeps the original order).
pub fn stable_sort_by_score<T: Copy>(items: &mut [T], mut key: impl FnMut(T) -> f64) {
    let mut keyed: Vec<(f64, T)> = items.iter().map(|&t| (key(t), t)).collect();
    keyed.sort_by(|a, b| a.0.partial_cmp(&b.0).unwrap_or(std::cmp::Ordering::Equal));
    for (slot, (_, t)) in items.iter_mut().zip(keyed) {
        *slot = t;
    }
}

/// Discrete direction index of angle `angle_in` in `num` sectors, sector 0
/// centred on east (`MeasureGraph.discreteDirection`).
pub fn discrete_direction(angle_in: f64, num: i32) -> i32 {
    let two_pi = 2.0 * std::f64::consts::PI;
    let arc = two_pi / num as f64;
    let off = arc / 2.0;
    let mut angle = angle_in;
    while angle < 0.0 {
        angle += two_pi;
    }
    while angle > two_pi {
        angle -= two_pi;
    }
    (((angle + off) / arc) as i32 + num) % num
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_distance_and_turns() {
        let d = distance_to_line(Pt::new(0.0, 1.0), Pt::new(-1.0, 0.0), Pt::new(1.0, 0.0));
        assert!((d - 1.0).abs() < 1e-12);
        assert_eq!(
            abs_tan_angle_difference(Pt::new(0.0, 0.0), Pt::new(1.0, 0.0), Pt::new(2.0, 0.0)),
            0.0
        );
        assert!(
            abs_tan_angle_difference(Pt::new(0.0, 0.0), Pt::new(1.0, 0.0), Pt::new(0.0, 0.0))
                .is_infinite()
        );
    }

    #[test]
    fn polygon_orientation_and_inside() {
        let square = [
            Pt::new(0.0, 0.0),
            Pt::new(0.0, 1.0),
            Pt::new(1.0, 1.0),
            Pt::new(1.0, 0.0),
        ];
        assert!(polygon_clockwise(&square));
        assert!(point_in_polygon(Pt::new(0.5, 0.5), &square));
        assert!(!point_in_polygon(Pt::new(1.5, 0.5), &square));
    }

    #[test]
    fn discrete_directions() {
        assert_eq!(discrete_direction(0.0, 16), 0);
        assert_eq!(discrete_direction(std::f64::consts::FRAC_PI_2, 16), 4);
        assert_eq!(discrete_direction(-std::f64::consts::FRAC_PI_2, 16), 12);
    }
}
