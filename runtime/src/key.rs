//! The canonical form of a move: Ludii's compact move key.
//!
//! `F>T[/pass][/swap]`, where a site is its Ludii index, prefixed with `c:`,
//! `v:` or `e:` when its type is not the board's default, and `-1` stands for
//! "no site" (a placement has no `from`: `-1>12`; a pass is `-1>-1/pass`).

use std::fmt;
use std::str::FromStr;

/// The type of a site in a key: the board's default type (no prefix) or an explicit one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum SiteKind {
    Default,
    Cell,
    Vertex,
    Edge,
}

/// A site as a key names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SiteRef {
    pub kind: SiteKind,
    /// Ludii's index; negative for "no site".
    pub index: i32,
}

impl SiteRef {
    pub const NONE: SiteRef = SiteRef {
        kind: SiteKind::Default,
        index: -1,
    };

    /// A site of the board's default type.
    pub const fn at(index: u32) -> Self {
        SiteRef {
            kind: SiteKind::Default,
            index: index as i32,
        }
    }
}

/// A move's canonical key.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct MoveKey {
    pub from: SiteRef,
    pub to: SiteRef,
    pub pass: bool,
    pub swap: bool,
}

impl MoveKey {
    /// A placement (no `from`) on a site of the default type.
    pub const fn place(site: u32) -> Self {
        MoveKey {
            from: SiteRef::NONE,
            to: SiteRef::at(site),
            pass: false,
            swap: false,
        }
    }

    /// A piece moving between two sites of the default type (`8>16`).
    pub const fn step(from: u32, to: u32) -> Self {
        MoveKey {
            from: SiteRef::at(from),
            to: SiteRef::at(to),
            pass: false,
            swap: false,
        }
    }

    pub const PASS: MoveKey = MoveKey {
        from: SiteRef::NONE,
        to: SiteRef::NONE,
        pass: true,
        swap: false,
    };

    pub const SWAP: MoveKey = MoveKey {
        from: SiteRef::NONE,
        to: SiteRef::NONE,
        pass: false,
        swap: true,
    };
}

impl fmt::Display for SiteRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.index >= 0 {
            match self.kind {
                SiteKind::Default => {}
                SiteKind::Cell => f.write_str("c:")?,
                SiteKind::Vertex => f.write_str("v:")?,
                SiteKind::Edge => f.write_str("e:")?,
            }
        }
        write!(f, "{}", self.index)
    }
}

impl fmt::Display for MoveKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}>{}", self.from, self.to)?;
        if self.pass {
            f.write_str("/pass")?;
        }
        if self.swap {
            f.write_str("/swap")?;
        }
        Ok(())
    }
}

/// A key that does not read as `F>T[/pass][/swap]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadKey(pub String);

impl fmt::Display for BadKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "not a Ludii move key: {:?}", self.0)
    }
}

impl std::error::Error for BadKey {}

impl FromStr for SiteRef {
    type Err = BadKey;
    fn from_str(s: &str) -> Result<Self, BadKey> {
        let (kind, num) = match s.split_once(':') {
            Some(("c", n)) => (SiteKind::Cell, n),
            Some(("v", n)) => (SiteKind::Vertex, n),
            Some(("e", n)) => (SiteKind::Edge, n),
            Some(_) => return Err(BadKey(s.to_owned())),
            None => (SiteKind::Default, s),
        };
        let index = num.parse().map_err(|_| BadKey(s.to_owned()))?;
        Ok(SiteRef { kind, index })
    }
}

impl FromStr for MoveKey {
    type Err = BadKey;
    fn from_str(s: &str) -> Result<Self, BadKey> {
        let mut parts = s.split('/');
        let sites = parts.next().unwrap_or_default();
        let (from, to) = sites.split_once('>').ok_or_else(|| BadKey(s.to_owned()))?;
        let mut key = MoveKey {
            from: from.parse().map_err(|_| BadKey(s.to_owned()))?,
            to: to.parse().map_err(|_| BadKey(s.to_owned()))?,
            pass: false,
            swap: false,
        };
        for flag in parts {
            match flag {
                "pass" => key.pass = true,
                "swap" => key.swap = true,
                _ => return Err(BadKey(s.to_owned())),
            }
        }
        Ok(key)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_round_trip_through_text() {
        for text in [
            "-1>12",
            "-1>-1/pass",
            "-1>-1/swap",
            "8>16",
            "-1>e:96",
            "c:24>0",
        ] {
            let key: MoveKey = text.parse().unwrap();
            assert_eq!(key.to_string(), text);
        }
        assert_eq!("-1>12".parse::<MoveKey>().unwrap(), MoveKey::place(12));
        assert_eq!("-1>-1/pass".parse::<MoveKey>().unwrap(), MoveKey::PASS);
    }

    #[test]
    fn malformed_keys_are_errors() {
        for text in ["", "12", "-1>x", "-1>1/jump", "q:1>2"] {
            assert!(text.parse::<MoveKey>().is_err(), "{text}");
        }
    }
}
