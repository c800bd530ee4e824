//! Ludii's absolute directions and how a step's geometry maps to them
//! (`AbsoluteDirection`, `Trajectories.mapAngleToAbsoluteDirection`).

/// Ludii's `AbsoluteDirection`, in Ludii's declaration order (the order
/// matters: radials are generated direction by direction in this order, which
/// decides which radial of an opposite pair is "distinct").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum AbsoluteDirection {
    All,
    Angled,
    Adjacent,
    Axial,
    Orthogonal,
    Diagonal,
    OffDiagonal,
    SameLayer,
    Upward,
    Downward,
    Rotational,
    Base,
    Support,
    N,
    E,
    S,
    W,
    NE,
    SE,
    NW,
    SW,
    NNW,
    WNW,
    WSW,
    SSW,
    SSE,
    ESE,
    ENE,
    NNE,
    CW,
    CCW,
    In,
    Out,
    U,
    UN,
    UNE,
    UE,
    USE,
    US,
    USW,
    UW,
    UNW,
    D,
    DN,
    DNE,
    DE,
    DSE,
    DS,
    DSW,
    DW,
    DNW,
}

use AbsoluteDirection as A;

impl AbsoluteDirection {
    /// Every direction, in Ludii's order.
    pub const ALL: [AbsoluteDirection; 51] = [
        A::All,
        A::Angled,
        A::Adjacent,
        A::Axial,
        A::Orthogonal,
        A::Diagonal,
        A::OffDiagonal,
        A::SameLayer,
        A::Upward,
        A::Downward,
        A::Rotational,
        A::Base,
        A::Support,
        A::N,
        A::E,
        A::S,
        A::W,
        A::NE,
        A::SE,
        A::NW,
        A::SW,
        A::NNW,
        A::WNW,
        A::WSW,
        A::SSW,
        A::SSE,
        A::ESE,
        A::ENE,
        A::NNE,
        A::CW,
        A::CCW,
        A::In,
        A::Out,
        A::U,
        A::UN,
        A::UNE,
        A::UE,
        A::USE,
        A::US,
        A::USW,
        A::UW,
        A::UNW,
        A::D,
        A::DN,
        A::DNE,
        A::DE,
        A::DSE,
        A::DS,
        A::DSW,
        A::DW,
        A::DNW,
    ];

    /// Number of directions.
    pub const COUNT: usize = 51;

    pub fn index(self) -> usize {
        self as usize
    }

    /// Parse Ludii's name (`"N"`, `"Orthogonal"`, ...).
    pub fn from_name(name: &str) -> Option<AbsoluteDirection> {
        AbsoluteDirection::ALL
            .into_iter()
            .find(|d| d.name() == name)
    }

    pub fn name(self) -> &'static str {
        const NAMES: [&str; 51] = [
            "All",
            "Angled",
            "Adjacent",
            "Axial",
            "Orthogonal",
            "Diagonal",
            "OffDiagonal",
            "SameLayer",
            "Upward",
            "Downward",
            "Rotational",
            "Base",
            "Support",
            "N",
            "E",
            "S",
            "W",
            "NE",
            "SE",
            "NW",
            "SW",
            "NNW",
            "WNW",
            "WSW",
            "SSW",
            "SSE",
            "ESE",
            "ENE",
            "NNE",
            "CW",
            "CCW",
            "In",
            "Out",
            "U",
            "UN",
            "UNE",
            "UE",
            "USE",
            "US",
            "USW",
            "UW",
            "UNW",
            "D",
            "DN",
            "DNE",
            "DE",
            "DSE",
            "DS",
            "DSW",
            "DW",
            "DNW",
        ];
        NAMES[self as usize]
    }

    /// Ludii's `specific()`: a single heading (compass, rotational or
    /// spatial), as opposed to a set such as `Orthogonal`.
    pub fn is_specific(self) -> bool {
        self >= A::N
    }

    /// The circular directions (`CW`, `CCW`, `In`, `Out`, `Rotational`),
    /// which Ludii finds around the board's pivots.
    pub fn is_circular(self) -> bool {
        matches!(self, A::CW | A::CCW | A::In | A::Out | A::Rotational)
    }

    /// The compass heading of a planar specific direction.
    pub fn compass(self) -> Option<Compass> {
        Compass::ALL.into_iter().find(|c| c.absolute() == self)
    }
}

/// The 16 planar compass headings (Ludii's `CompassDirection`, also used as
/// the `DirectionFacing` of board sides).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Compass {
    N,
    NNE,
    NE,
    ENE,
    E,
    ESE,
    SE,
    SSE,
    S,
    SSW,
    SW,
    WSW,
    W,
    WNW,
    NW,
    NNW,
}

impl Compass {
    /// Clockwise from north.
    pub const ALL: [Compass; 16] = [
        Compass::N,
        Compass::NNE,
        Compass::NE,
        Compass::ENE,
        Compass::E,
        Compass::ESE,
        Compass::SE,
        Compass::SSE,
        Compass::S,
        Compass::SSW,
        Compass::SW,
        Compass::WSW,
        Compass::W,
        Compass::WNW,
        Compass::NW,
        Compass::NNW,
    ];

    /// The eight headings a board side can face.
    pub const SIDES: [Compass; 8] = [
        Compass::N,
        Compass::NE,
        Compass::E,
        Compass::SE,
        Compass::S,
        Compass::SW,
        Compass::W,
        Compass::NW,
    ];

    pub fn absolute(self) -> AbsoluteDirection {
        const MAP: [AbsoluteDirection; 16] = [
            A::N,
            A::NNE,
            A::NE,
            A::ENE,
            A::E,
            A::ESE,
            A::SE,
            A::SSE,
            A::S,
            A::SSW,
            A::SW,
            A::WSW,
            A::W,
            A::WNW,
            A::NW,
            A::NNW,
        ];
        MAP[self as usize]
    }

    pub fn name(self) -> &'static str {
        self.absolute().name()
    }

    pub fn from_name(name: &str) -> Option<Compass> {
        Compass::ALL.into_iter().find(|c| c.name() == name)
    }
}

/// Heading of a planar step from its angle (radians, any range), in 8
/// sectors, or in 16 when the element has two steps in one 8-way sector
/// (`Trajectories.mapAngleToAbsoluteDirection` with zero elevation).
pub fn heading(angle_in: f64, sixteen: bool) -> Compass {
    let two_pi = 2.0 * std::f64::consts::PI;
    let pi = std::f64::consts::PI;
    let mut angle = angle_in;
    while angle < 0.0 {
        angle += two_pi;
    }
    while angle > two_pi {
        angle -= two_pi;
    }
    if !sixteen {
        let off = two_pi / 16.0;
        const EIGHT: [Compass; 8] = [
            Compass::E,
            Compass::NE,
            Compass::N,
            Compass::NW,
            Compass::W,
            Compass::SW,
            Compass::S,
            Compass::SE,
        ];
        for (k, &c) in EIGHT.iter().enumerate() {
            if angle < off + (2 * k) as f64 * pi / 8.0 {
                return c;
            }
        }
        Compass::E
    } else {
        let off = two_pi / 32.0;
        const SIXTEEN: [Compass; 16] = [
            Compass::E,
            Compass::ENE,
            Compass::NE,
            Compass::NNE,
            Compass::N,
            Compass::NNW,
            Compass::NW,
            Compass::WNW,
            Compass::W,
            Compass::WSW,
            Compass::SW,
            Compass::SSW,
            Compass::S,
            Compass::SSE,
            Compass::SE,
            Compass::ESE,
        ];
        for (k, &c) in SIXTEEN.iter().enumerate() {
            if angle < off + (2 * k) as f64 * pi / 16.0 {
                return c;
            }
        }
        Compass::E
    }
}

/// A set of absolute directions (bit `d.index()`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct DirectionSet(pub u64);

impl DirectionSet {
    pub fn contains(self, d: AbsoluteDirection) -> bool {
        self.0 & (1u64 << d.index()) != 0
    }

    pub fn insert(&mut self, d: AbsoluteDirection) {
        self.0 |= 1u64 << d.index();
    }

    pub fn of(dirs: &[AbsoluteDirection]) -> DirectionSet {
        let mut s = DirectionSet::default();
        for &d in dirs {
            s.insert(d);
        }
        s
    }

    pub fn iter(self) -> impl Iterator<Item = AbsoluteDirection> {
        AbsoluteDirection::ALL
            .into_iter()
            .filter(move |&d| self.contains(d))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::f64::consts::PI;

    #[test]
    fn eight_way_headings() {
        assert_eq!(heading(0.0, false), Compass::E);
        assert_eq!(heading(PI / 2.0, false), Compass::N);
        assert_eq!(heading(PI / 4.0, false), Compass::NE);
        assert_eq!(heading(-PI / 2.0, false), Compass::S);
        assert_eq!(heading(-PI / 4.0, false), Compass::SE);
    }

    #[test]
    fn sixteen_way_headings_on_hex_angles() {
        assert_eq!(heading(PI / 6.0, true), Compass::ENE);
        assert_eq!(heading(PI / 3.0, true), Compass::NNE);
        assert_eq!(heading(5.0 * PI / 6.0, true), Compass::WNW);
        assert_eq!(heading(-PI / 6.0, true), Compass::ESE);
    }

    #[test]
    fn names_round_trip() {
        for d in AbsoluteDirection::ALL {
            assert_eq!(AbsoluteDirection::from_name(d.name()), Some(d));
        }
        assert!(AbsoluteDirection::N.is_specific());
        assert!(!AbsoluteDirection::Support.is_specific());
    }
}
