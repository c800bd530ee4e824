//! Pass: metadata (`Expander.extractMetadata`).
//!
//! The first `(metadata ...)` form (info, graphics, AI hints) is cut out of
//! the game text. Ludii then filters its `(useFor ...)` parts by the active
//! options and keeps it for its GUI; a compiler has no use for it, so it is
//! returned as it is and dropped by the caller.

use super::scan::{find_from, matching_bracket};
use crate::diagnostic::{CompileError, ErrorKind, Result};
use crate::source::{SourceMap, Tracked};

/// Cuts out the first `(metadata ...)` and returns it.
pub(crate) fn extract_metadata(text: &mut Tracked, map: &SourceMap) -> Result<Option<Tracked>> {
    let Some(c) = find_from(text.as_str(), "(metadata", 0) else {
        return Ok(None);
    };
    let Some(cc) = matching_bracket(text.as_str(), c, true) else {
        return Err(CompileError::in_tracked(
            ErrorKind::Syntax,
            map,
            text,
            c..c + 9,
            "`(metadata` is not closed: no matching `)`",
        ));
    };
    let metadata = text.slice(c..cc + 1);
    text.splice(c..cc + 1, &Tracked::default());
    Ok(Some(metadata))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cuts_the_first_metadata_form() {
        let mut map = SourceMap::new();
        let id = map.add("t.lud", "(game \"X\") (metadata (info {(rules \")\")}))\n");
        let mut t = map.tracked(id);
        let m = extract_metadata(&mut t, &map).unwrap().unwrap();
        assert_eq!(t.as_str(), "(game \"X\") \n");
        assert_eq!(m.as_str(), "(metadata (info {(rules \")\")}))");
        let id = map.add("u.lud", "(game) (metadata (info)");
        let mut t = map.tracked(id);
        assert_eq!(
            extract_metadata(&mut t, &map).unwrap_err().kind,
            ErrorKind::Syntax
        );
    }
}
