//! Generated sections of hand-written documents: the text between
//! `<!-- NAME:begin -->` and `<!-- NAME:end -->` belongs to a command
//! (the library's speed table, its survey), everything around it to people.

use std::path::Path;

/// `text` with the section `name` replaced by `block` (the markers kept),
/// or with the markers and `block` appended where it has no such section.
pub fn replace_between(text: &str, name: &str, block: &str) -> String {
    let begin = format!("<!-- {name}:begin -->");
    let end = format!("<!-- {name}:end -->");
    let section = format!("{begin}\n{block}{end}\n");
    match (text.find(&begin), text.find(&end)) {
        (Some(b), Some(e)) if b < e => format!(
            "{}{section}{}",
            &text[..b],
            text[e + end.len()..].trim_start_matches('\n')
        ),
        _ if text.is_empty() => section,
        _ => format!("{}\n\n{section}", text.trim_end_matches('\n')),
    }
}

/// Rewrites the section `name` of the file at `path` (created if missing),
/// leaving the file untouched where the section already reads `block`.
pub fn write_between(path: &Path, name: &str, block: &str) -> std::io::Result<()> {
    let old = match std::fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
        Err(e) => return Err(e),
    };
    let new = replace_between(&old, name, block);
    if new != old {
        std::fs::write(path, new)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_section_is_replaced_and_the_rest_kept() {
        let text = "# Title\n\nintro\n<!-- t:begin -->\nold\n<!-- t:end -->\n\nafter\n";
        assert_eq!(
            replace_between(text, "t", "new\n"),
            "# Title\n\nintro\n<!-- t:begin -->\nnew\n<!-- t:end -->\nafter\n"
        );
        // Another section's markers are not this one's.
        assert_eq!(
            replace_between(text, "u", "x\n"),
            format!(
                "{}\n\n<!-- u:begin -->\nx\n<!-- u:end -->\n",
                text.trim_end()
            )
        );
        assert_eq!(
            replace_between("", "t", "x\n"),
            "<!-- t:begin -->\nx\n<!-- t:end -->\n"
        );
    }

    #[test]
    fn an_unchanged_section_leaves_the_file_alone() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("doc.md");
        write_between(&path, "t", "a\n").unwrap();
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            "<!-- t:begin -->\na\n<!-- t:end -->\n"
        );
        let before = std::fs::metadata(&path).unwrap().modified().unwrap();
        std::thread::sleep(std::time::Duration::from_millis(20));
        write_between(&path, "t", "a\n").unwrap();
        assert_eq!(
            std::fs::metadata(&path).unwrap().modified().unwrap(),
            before
        );
    }
}
