//! Whole-pipeline tests on small descriptions, with the error positions a
//! person would see.

use super::*;

fn expand(src: &str, sel: &Selection) -> Result<Expanded> {
    let mut lib = DefineLibrary::empty();
    lib.add_file("def/Line3Win.def", "// #1 = direction\n(define \"Line3Win\"\n    (end (if (is Line 3 #1) (result Mover Win)))\n)\n").unwrap();
    expand_str(Path::new("game.lud"), src, &lib, sel)
}

fn loc(e: &CompileError) -> (String, usize, usize) {
    let l = e.location.clone().expect("error has a location");
    (l.path.display().to_string(), l.line, l.column)
}

const TTT: &str = r#"// Tic-Tac-Toe with options
(game "Tic-Tac-Toe"
    (players 2)
    (equipment {
        (board (square <Size>))
        (piece "Disc" P1) (piece "Cross" P2)
    })
    (rules
        (play (move Add (to (sites Empty))))
        ("Line3Win" <Dir:dirs>)
    )
)
(option "Board Size" <Size> args:{ <n> } {
    (item "3x3" <3> "Small.")*
    (item "4x4" <4> "Bigger.")
})
(option "Lines" <Dir> args:{ <dirs> } {
    (item "All" <> "Any direction.")*
    (item "Orthogonal" <Orthogonal> "No diagonals.")
})
(rulesets {
    (ruleset "Ruleset/Standard (Suggested)" { "Board Size/3x3" "Lines/All" })*
    (ruleset "Ruleset/Big" { "Board Size/4x4" "Lines/Orthogonal" })
})
(metadata (info { (rules "Three in a row: wins.") }))
"#;

#[test]
fn defaults_options_defines_metadata_and_clean_up() {
    let e = expand(TTT, &Selection::defaults()).unwrap();
    assert_eq!(e.name, "Tic-Tac-Toe");
    assert_eq!(
        e.text.as_str().trim(),
        "(game \"Tic-Tac-Toe\" (players 2) (equipment {(board (square 3)) (piece \"Disc\" P1) (piece \"Cross\" P2)}) (rules (play (move Add (to (sites Empty)))) (end (if (is Line 3) (result Mover Win)))))"
    );
    assert_eq!(e.selected_options, vec!["Board Size/3x3", "Lines/All"]);
    assert_eq!(
        e.rulesets,
        vec!["Ruleset/Standard (Suggested)", "Ruleset/Big"]
    );
    assert_eq!(e.selected_ruleset, None);
    assert_eq!(e.options.len(), 2);
    // The library body keeps its origin: `is Line` comes from the .def file.
    let at = e.text.as_str().find("is Line").unwrap();
    let l = e.sources.locate(e.origin(at).unwrap());
    assert_eq!(
        (l.path.to_str(), l.line, l.column),
        (Some("def/Line3Win.def"), 3, 15)
    );
}

#[test]
fn options_and_rulesets_by_name() {
    let e = expand(TTT, &Selection::with_options(["Lines/Orthogonal"])).unwrap();
    assert!(e.text.as_str().contains("(is Line 3 Orthogonal)"));
    let sel = Selection {
        options: vec![],
        ruleset: Some("Big".into()),
    };
    let e = expand(TTT, &sel).unwrap();
    assert!(e.text.as_str().contains("(square 4)") && e.text.as_str().contains("Orthogonal"));
    assert_eq!(e.selected_ruleset.as_deref(), Some("Ruleset/Big"));
    // An explicit option overrides the ruleset's choice in its category.
    let sel = Selection {
        options: vec!["Board Size/3x3".into()],
        ruleset: Some("Ruleset/Big".into()),
    };
    let e = expand(TTT, &sel).unwrap();
    assert_eq!(
        e.selected_options,
        vec!["Board Size/3x3", "Lines/Orthogonal"]
    );
}

#[test]
fn node_spans_point_back_into_the_file() {
    let e = expand(TTT, &Selection::defaults()).unwrap();
    let board = &e.game.args()[2].value.args()[0].value.args()[0].value;
    assert_eq!(board.head(), Some("board"));
    let err = e.error(ErrorKind::Unsupported, &board.span, "boards are hard");
    assert_eq!(loc(&err), ("game.lud".into(), 5, 9));
}

#[test]
fn malformed_file_unbalanced_bracket() {
    let e = expand(
        "(game \"X\"\n  (players 2)\n  (equipment { (board (square 3)) )\n)",
        &Selection::defaults(),
    )
    .unwrap_err();
    assert_eq!(e.kind, ErrorKind::Syntax);
    assert_eq!(loc(&e), ("game.lud".into(), 3, 35));
    assert!(e.message.contains("expected `}`"), "{}", e.message);
    let e = expand("(game \"X\"\n  (players 2)", &Selection::defaults()).unwrap_err();
    assert_eq!(
        (loc(&e), e.message.as_str()),
        (
            ("game.lud".into(), 1, 1),
            "unclosed `(`: no matching `)` before the end of the text"
        )
    );
}

#[test]
fn malformed_file_unterminated_string() {
    let e = expand(
        "(game \"X\"\n  (piece \"Disc Each))",
        &Selection::defaults(),
    )
    .unwrap_err();
    assert_eq!(e.kind, ErrorKind::Syntax);
    assert_eq!(loc(&e), ("game.lud".into(), 2, 10));
    assert!(e.message.starts_with("unterminated string"));
}

#[test]
fn unknown_option_lists_choices() {
    let e = expand(TTT, &Selection::with_options(["Board Size/9x9"])).unwrap_err();
    assert_eq!(e.kind, ErrorKind::UnknownOption);
    assert_eq!(loc(&e), ("game.lud".into(), 13, 1));
    let help = e.help.clone().unwrap();
    for c in [
        "Board Size/3x3",
        "Board Size/4x4",
        "Lines/All",
        "Lines/Orthogonal",
    ] {
        assert!(help.contains(c), "{help}");
    }
}

#[test]
fn unknown_ruleset() {
    let sel = Selection {
        options: vec![],
        ruleset: Some("Nope".into()),
    };
    let e = expand(TTT, &sel).unwrap_err();
    assert_eq!(e.kind, ErrorKind::UnknownRuleset);
    assert_eq!(loc(&e), ("game.lud".into(), 22, 5));
    assert!(e.help.clone().unwrap().contains("Ruleset/Big"));
}

#[test]
fn missing_define() {
    let src = "(game \"X\"\n  (players 2)\n  (rules (play (\"Nope\" (x)))))";
    let e = expand(src, &Selection::defaults()).unwrap_err();
    assert_eq!(e.kind, ErrorKind::MissingDefine);
    assert_eq!(loc(&e), ("game.lud".into(), 3, 17));
    assert_eq!(e.message, "no define named \"Nope\"");
}

#[test]
fn unresolved_marker() {
    let src = "(game \"X\"\n  (equipment {(board (square <Size:n>))}))";
    let e = expand(src, &Selection::defaults()).unwrap_err();
    assert_eq!(e.kind, ErrorKind::UnresolvedOption);
    assert_eq!(loc(&e), ("game.lud".into(), 2, 30));
}

#[test]
fn unresolved_marker_after_the_no_value_quirk() {
    let src = "(game \"X\" (a <A>) (b <B>))\n(option \"A\" <A> args:{<v>} {(item \"none\" \"no value\")})\n(option \"B\" <B> args:{<v>} {(item \"b\" <2> \"d\")})";
    let e = expand(src, &Selection::defaults()).unwrap_err();
    assert_eq!(e.kind, ErrorKind::UnresolvedOption);
    assert_eq!(loc(&e), ("game.lud".into(), 1, 14));
    assert!(e.help.clone().unwrap().contains("stopped at \"A/none\""));
}

#[test]
fn unresolved_parameter() {
    // `#1` is unused, so Ludii never replaces `#2`.
    let src = "(define \"Cap\" (remove #2))\n(game \"X\"\n  (rules (play (\"Cap\" a b))))";
    let e = expand(src, &Selection::defaults()).unwrap_err();
    assert_eq!(e.kind, ErrorKind::UnresolvedParameter);
    assert_eq!(loc(&e), ("game.lud".into(), 1, 23));
}

#[test]
fn define_recursion() {
    let src = "(define \"Loop\" (again (\"Loop\")))\n(game \"X\" (rules (\"Loop\")))";
    let e = expand(src, &Selection::defaults()).unwrap_err();
    assert_eq!(e.kind, ErrorKind::DefineRecursion);
    assert_eq!(loc(&e).0, "game.lud");
}

#[test]
fn ranges_and_colon_space() {
    let src = "(game \"X\" (r {1..3} {\"A1\"..\"A2\"}) (move (from: (value)) if: (x)))";
    let e = expand(src, &Selection::defaults()).unwrap();
    assert_eq!(
        e.text.as_str(),
        "(game \"X\" (r {1 2 3} {\"A1\" \"A2\"}) (move (from:(value)) if:(x)))"
    );
    // The empty label of `from:(value)` belongs to the argument, not the head.
    let pretty = crate::syntax::pretty(&e.game);
    assert_eq!(pretty, e.text.as_str().replace("from:", "from :"));
}

#[test]
fn first_form_must_be_a_game() {
    let e = expand("(players 2)", &Selection::defaults()).unwrap_err();
    assert_eq!(
        (e.kind, loc(&e)),
        (ErrorKind::Syntax, ("game.lud".into(), 1, 1))
    );
}

#[test]
fn never_panics_on_junk() {
    let junk = [
        "",
        ")",
        "(",
        "\"",
        "((",
        "(()",
        "(game \"é\" ((é)))",
        "(option \"",
        "(option \"A\" <",
        "(define \"",
        "(define \"A\" ((#1)))(\"A\" <)",
        "(game \"X\" \"A1\"..\"",
        "(game \"X\" 1..)",
        "(game \"X\" ..1)",
        "(rulesets",
        "(metadata",
        "(game \"X\" (\"A\" a:(b)",
        "#1",
        "<>",
        "(game \"X\" (f a:))",
        "(game \"X\" { )",
        "\u{feff}(game \"X\")",
        "(game \"X\" (a \"\\\"))",
    ];
    for j in junk {
        let _ = expand(j, &Selection::defaults());
    }
}

#[test]
fn the_options_chosen_are_known_without_expanding() {
    let path = std::path::Path::new("ttt.lud");
    let chosen = |selection: &Selection| selected_options(path, TTT, selection).unwrap();
    assert_eq!(
        chosen(&Selection::defaults()),
        vec!["Board Size/3x3", "Lines/All"]
    );
    for selection in [
        Selection::with_options(["Lines/Orthogonal"]),
        Selection {
            options: Vec::new(),
            ruleset: Some("Ruleset/Big".to_owned()),
        },
    ] {
        assert_eq!(
            chosen(&selection),
            expand(TTT, &selection).unwrap().selected_options
        );
    }
    assert!(selected_options(path, TTT, &Selection::with_options(["Lines/None"])).is_err());
}
