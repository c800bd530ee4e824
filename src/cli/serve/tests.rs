//! The API, request by request, in process (no socket): what it answers,
//! and that bad requests get a 4xx with a message.

use std::path::{Path, PathBuf};

use axum::body::Body;
use axum::http::{Request, StatusCode};
use axum::Router;
use serde_json::{json, Value};
use tower::ServiceExt;

use super::{router, ServeArgs, Server};
use crate::cli::LibraryArgs;

fn args(files: Vec<PathBuf>, defs: Vec<PathBuf>, max_sessions: usize) -> ServeArgs {
    ServeArgs {
        files,
        port: 0,
        bind: "127.0.0.1".parse().unwrap(),
        open: false,
        max_sessions,
        library: LibraryArgs {
            defs,
            defs_ai: Vec::new(),
        },
    }
}

fn app() -> Router {
    router(Server::new(&args(Vec::new(), Vec::new(), 100)).expect("a server"))
}

/// One request: its status and JSON answer (`Value::Null` for none).
async fn send(app: &Router, method: &str, uri: &str, body: Option<Value>) -> (StatusCode, Value) {
    let body = body.map_or_else(String::new, |b| b.to_string());
    send_raw(app, method, uri, body).await
}

async fn send_raw(app: &Router, method: &str, uri: &str, body: String) -> (StatusCode, Value) {
    let request = Request::builder()
        .method(method)
        .uri(uri)
        .header("content-type", "application/json")
        .body(Body::from(body))
        .unwrap();
    let response = app.clone().oneshot(request).await.unwrap();
    let status = response.status();
    let bytes = axum::body::to_bytes(response.into_body(), usize::MAX)
        .await
        .unwrap();
    let value = serde_json::from_slice(&bytes).unwrap_or(Value::Null);
    (status, value)
}

async fn open(app: &Router, game: &str) -> (u64, Value) {
    let (status, answer) = send(
        app,
        "POST",
        &format!("/api/games/{game}/sessions"),
        Some(json!({})),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{game}: {answer}");
    (answer["session"].as_u64().unwrap(), answer["state"].clone())
}

/// Plays the legal moves with these keys, one after another.
async fn apply_keys(app: &Router, id: u64, keys: &[&str]) {
    for key in keys {
        let uri = format!("/api/sessions/{id}/apply");
        let (status, answer) = send(app, "POST", &uri, Some(json!({ "key": key }))).await;
        assert_eq!(status, StatusCode::OK, "{key}: {answer}");
    }
}

/// The SVG's `data-site` indices, in order.
fn drawn_sites(svg: &str) -> Vec<usize> {
    svg.split("data-site=\"")
        .skip(1)
        .map(|rest| rest[..rest.find('"').unwrap()].parse().unwrap())
        .collect()
}

/// Every site drawn once: the board's and each hand's, the last of them
/// the game's last site.
fn assert_every_site_drawn(name: &str, state: &Value) {
    let number = |v: &Value| v.as_u64().unwrap() as usize;
    let mut expected: Vec<usize> = (0..number(&state["board_sites"])).collect();
    for hand in state["hands"].as_array().unwrap() {
        let first = number(&hand["first"]);
        expected.extend(first..first + number(&hand["size"]));
    }
    expected.sort_unstable();
    let last = expected.last().map(|&s| s + 1);
    assert_eq!(last, Some(number(&state["sites"])), "{name}: the last site");
    let mut drawn = drawn_sites(state["svg"].as_str().unwrap());
    drawn.sort_unstable();
    assert_eq!(drawn, expected, "{name}: the sites drawn");
}

#[tokio::test]
async fn the_game_list_names_the_bundled_games_and_their_options() {
    let app = app();
    let (status, games) = send(&app, "GET", "/api/games", None).await;
    assert_eq!(status, StatusCode::OK);
    let games = games.as_array().unwrap();
    assert_eq!(games.len(), ludemic_generated::SOURCES.len());
    let hex = games.iter().find(|g| g["id"] == "hex").expect("hex listed");
    assert_eq!(hex["name"], "Hex");
    assert_eq!(hex["compiled"], true);
    let size = hex["options"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["heading"] == "Board Size")
        .expect("Hex's board size option");
    assert!(size["items"].as_array().unwrap().len() > 3, "{size}");
}

#[tokio::test]
async fn a_won_game_of_tic_tac_toe_played_by_move_keys() {
    let app = app();
    let (id, state) = open(&app, "tic-tac-toe").await;
    assert_eq!(state["engine"], "compiled");
    assert_eq!(state["legal"].as_array().unwrap().len(), 9);
    apply_keys(&app, id, &["-1>0", "-1>3", "-1>1", "-1>4", "-1>2"]).await;
    let (_, state) = send(&app, "GET", &format!("/api/sessions/{id}/state"), None).await;
    assert_eq!(state["over"], true);
    assert_eq!(state["winner"], 1);
    assert_eq!(state["history"].as_array().unwrap().len(), 5);
    assert_eq!(state["pieces"].as_array().unwrap().len(), 5);
    let (status, answer) = send(
        &app,
        "POST",
        &format!("/api/sessions/{id}/apply"),
        Some(json!({ "move": 0 })),
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert!(
        answer["error"].as_str().unwrap().contains("over"),
        "{answer}"
    );
    // Undo reopens the game; restart empties the board.
    let (status, state) = send(&app, "POST", &format!("/api/sessions/{id}/undo"), None).await;
    assert_eq!(
        (status, state["over"].clone()),
        (StatusCode::OK, json!(false))
    );
    let (_, state) = send(&app, "POST", &format!("/api/sessions/{id}/restart"), None).await;
    assert_eq!(state["moves_played"], 0);
    let (status, _) = send(&app, "POST", &format!("/api/sessions/{id}/undo"), None).await;
    assert_eq!(status, StatusCode::CONFLICT);
}

#[tokio::test]
async fn agents_answer_in_their_seat() {
    let app = app();
    let (id, _) = open(&app, "connect-four").await;
    for agent in ["random", "uct:200", "ab:2", "hs:4"] {
        let (status, state) = send(
            &app,
            "POST",
            &format!("/api/sessions/{id}/agent"),
            Some(json!({ "agent": agent })),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{agent}: {state}");
        assert_eq!(
            state["pieces"].as_array().unwrap().len(),
            state["moves_played"].as_u64().unwrap() as usize
        );
    }
    // The evaluation is the sum of its terms' parts.
    let (_, state) = send(&app, "GET", &format!("/api/sessions/{id}"), None).await;
    let parts: f64 = state["evaluation_terms"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t[1].as_f64().unwrap())
        .sum();
    let total = state["evaluation"].as_f64().unwrap();
    assert!((parts - total).abs() < 1e-4, "{parts} against {total}");
    assert!(!state["evaluation_terms"].as_array().unwrap().is_empty());
    let (status, answer) = send(
        &app,
        "POST",
        &format!("/api/sessions/{id}/agent"),
        Some(json!({ "agent": "uct:100000000" })),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{answer}");
    let (status, _) = send(
        &app,
        "POST",
        &format!("/api/sessions/{id}/agent"),
        Some(json!({ "agent": "genius" })),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn bad_requests_get_a_4xx_with_a_message() {
    let app = app();
    let (id, _) = open(&app, "chess").await;
    let apply = format!("/api/sessions/{id}/apply");
    let cases: Vec<(&str, String, String, StatusCode)> = vec![
        ("POST", "/api/games/no-such-game/sessions".into(), "{}".into(), StatusCode::NOT_FOUND),
        ("GET", "/api/sessions/999999/state".into(), String::new(), StatusCode::NOT_FOUND),
        ("POST", apply.clone(), "{\"move\": ".into(), StatusCode::BAD_REQUEST),
        ("POST", apply.clone(), "[1, 2]".into(), StatusCode::BAD_REQUEST),
        ("POST", apply.clone(), "{}".into(), StatusCode::BAD_REQUEST),
        ("POST", apply.clone(), "{\"move\": 5000}".into(), StatusCode::CONFLICT),
        ("POST", apply.clone(), "{\"key\": \"0>63\"}".into(), StatusCode::CONFLICT),
        ("POST", "/api/games/chess/sessions".into(), "{\"engine\": \"gpu\"}".into(), StatusCode::BAD_REQUEST),
        ("POST", "/api/games/hex/sessions".into(), "{\"options\": [\"Board Size/99x99\"]}".into(), StatusCode::UNPROCESSABLE_ENTITY),
        ("GET", "/no/such/page".into(), String::new(), StatusCode::NOT_FOUND),
        ("POST", "/api/games".into(), json!({ "text": "(game \"X\" (players 2) (equipment {(board (square 3))}) (rules (play (move Nothing)) (end (if (no Moves Mover) (result Mover Loss)))))" }).to_string(), StatusCode::UNPROCESSABLE_ENTITY),
        ("POST", "/api/games".into(), json!({ "text": "(game \"X\" (players 2)" }).to_string(), StatusCode::UNPROCESSABLE_ENTITY),
        ("POST", "/api/games".into(), json!({ "text": "(".repeat(100_000) }).to_string(), StatusCode::BAD_REQUEST),
        ("POST", "/api/games".into(), json!({ "text": "x".repeat(2 << 20) }).to_string(), StatusCode::PAYLOAD_TOO_LARGE),
    ];
    for (method, uri, body, expected) in cases {
        let (status, answer) = send_raw(&app, method, &uri, body.clone()).await;
        let shown: String = body.chars().take(60).collect();
        assert_eq!(status, expected, "{method} {uri} {shown}: {answer}");
        assert!(
            answer["error"].as_str().is_some_and(|e| !e.is_empty()),
            "{method} {uri} {shown}: no message in {answer}"
        );
    }
    // The server still plays.
    let (status, _) = send(&app, "POST", &apply, Some(json!({ "key": "12>28" }))).await;
    assert_eq!(status, StatusCode::OK);
}

#[tokio::test]
async fn an_upload_that_does_not_load_is_told_where() {
    let app = app();
    let text = "(game \"Broken\"\n  (players 2)\n  (equipment { (board (square 3)) (piece \"Disc\" Each) })\n  (rules (play (move Add (to (sites Empty)))) (end (if (is Line 3) (result Mover Wi)))))";
    let (status, answer) = send(
        &app,
        "POST",
        "/api/games",
        Some(json!({ "name": "broken.lud", "text": text })),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    let error = answer["error"].as_str().unwrap();
    assert!(
        error.contains("broken.lud:4:"),
        "the position is named: {error}"
    );
    // A good upload is offered and plays on the interpreter.
    let good = text.replace("Mover Wi", "Mover Win");
    let (status, answer) = send(
        &app,
        "POST",
        "/api/games",
        Some(json!({ "name": "good.lud", "text": good })),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    let (_, state) = open(&app, answer["id"].as_str().unwrap()).await;
    assert_eq!(state["engine"], "interpreter");
    assert_eq!(state["legal"].as_array().unwrap().len(), 9);
}

#[tokio::test]
async fn the_least_recently_used_session_is_closed_to_make_room() {
    let app = router(Server::new(&args(Vec::new(), Vec::new(), 3)).unwrap());
    let mut ids = Vec::new();
    for _ in 0..5 {
        ids.push(open(&app, "tic-tac-toe").await.0);
    }
    for (k, id) in ids.iter().enumerate() {
        let (status, _) = send(&app, "GET", &format!("/api/sessions/{id}"), None).await;
        let expected = if k < 2 {
            StatusCode::NOT_FOUND
        } else {
            StatusCode::OK
        };
        assert_eq!(status, expected, "session {k}");
    }
    let (status, _) = send(&app, "DELETE", &format!("/api/sessions/{}", ids[4]), None).await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    let (status, _) = send(&app, "GET", &format!("/api/sessions/{}", ids[4]), None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn every_bundled_game_draws_every_site_once() {
    let app = app();
    for (stem, _) in ludemic_generated::SOURCES {
        let (_, state) = open(&app, stem).await;
        assert_every_site_drawn(stem, &state);
        assert!(
            !state["legal"].as_array().unwrap().is_empty(),
            "{stem}: no legal move"
        );
    }
}

#[tokio::test]
async fn a_chess_promotion_is_a_choice_among_moves_on_one_site() {
    let app = app();
    let (id, _) = open(&app, "chess").await;
    // 1. b4 a5 2. bxa5 h6 3. a6 h5 4. axb7 h4 5. bxa8: Ludii's promotion is
    // the same player's next decision, one move per piece (`-1>56` each).
    apply_keys(
        &app,
        id,
        &[
            "9>25", "48>32", "25>32", "55>47", "32>40", "47>39", "40>49", "39>31", "49>56",
        ],
    )
    .await;
    let (_, moves) = send(&app, "GET", &format!("/api/sessions/{id}/moves"), None).await;
    let promotions: Vec<&Value> = moves["legal"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["key"] == "-1>56")
        .collect();
    assert_eq!(promotions.len(), 4, "{moves}");
    let texts: Vec<&str> = promotions
        .iter()
        .map(|m| m["text"].as_str().unwrap())
        .collect();
    assert!(texts.iter().any(|t| t.contains("Queen")), "{texts:?}");
}

/// Every library game that lowers starts a session whose picture draws
/// each of its sites once; the others are refused with the compiler's
/// message (422), never a failure of the server.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_library_game_that_lowers_draws_every_site_once() {
    // Cargo runs a crate's tests in its folder.
    let root = Path::new("../shared/ludii");
    if !root.exists() {
        eprintln!("skipped: {} is absent (Ludii's library)", root.display());
        return;
    }
    let args = args(vec![root.join("lud/board")], vec![root.join("def")], 10);
    let app = router(Server::new(&args).unwrap());
    let (_, games) = send(&app, "GET", "/api/games", None).await;
    let files: Vec<String> = games
        .as_array()
        .unwrap()
        .iter()
        .filter(|g| g["origin"] == "file")
        .map(|g| g["id"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(files.len(), 1056);
    let (mut drawn, mut refused) = (0, 0);
    for id in &files {
        let (status, answer) = send(
            &app,
            "POST",
            &format!("/api/games/{id}/sessions"),
            Some(json!({})),
        )
        .await;
        match status {
            StatusCode::CREATED => {
                assert_every_site_drawn(id, &answer["state"]);
                drawn += 1;
                let session = answer["session"].as_u64().unwrap();
                send(&app, "DELETE", &format!("/api/sessions/{session}"), None).await;
            }
            StatusCode::UNPROCESSABLE_ENTITY => refused += 1,
            other => panic!("{id}: {other} {answer}"),
        }
    }
    eprintln!("library: {drawn} drawn, {refused} refused by the compiler");
    assert!(drawn >= 488, "{drawn} library games drawn");
}

/// A Ludii trial of Tic-Tac-Toe, watched step by step: each forward step
/// plays the trial's next move, back and forward again agree.
#[tokio::test]
async fn a_ludii_trial_is_watched_move_by_move() {
    let trials = Path::new("../shared/reference/ludii-trials/tic-tac-toe.jsonl");
    let Ok(text) = std::fs::read_to_string(trials) else {
        eprintln!("skipped: {} is absent", trials.display());
        return;
    };
    let app = app();
    let (id, _) = open(&app, "tic-tac-toe").await;
    let trial: Value = serde_json::from_str(text.lines().nth(3).unwrap()).unwrap();
    let body = json!({ "text": text, "index": 3 });
    let (status, mut state) = send(
        &app,
        "POST",
        &format!("/api/sessions/{id}/trial"),
        Some(body),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{state}");
    let steps = trial["steps"].as_array().unwrap();
    assert_eq!(state["moves_played"], 0);
    assert_eq!(state["moves_ahead"].as_u64().unwrap() as usize, steps.len());
    for (k, step) in steps.iter().enumerate() {
        let keys: Vec<&str> = state["legal"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["key"].as_str().unwrap())
            .collect();
        assert!(
            keys.contains(&step["move"].as_str().unwrap()),
            "step {k}: {keys:?}"
        );
        let (status, next) = send(&app, "POST", &format!("/api/sessions/{id}/redo"), None).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(next["moves_played"].as_u64().unwrap() as usize, k + 1);
        state = next;
    }
    assert_eq!(state["over"], true);
    assert_eq!(
        state["winner"].as_u64(),
        trial["winner"].as_u64().or(Some(0))
    );
    let (status, _) = send(&app, "POST", &format!("/api/sessions/{id}/redo"), None).await;
    assert_eq!(status, StatusCode::CONFLICT);
    // A trial of another game does not replay: refused, the session kept.
    let other =
        std::fs::read_to_string("../shared/reference/ludii-trials/hex.jsonl").unwrap_or_default();
    if !other.is_empty() {
        let (status, answer) = send(
            &app,
            "POST",
            &format!("/api/sessions/{id}/trial"),
            Some(json!({ "text": other })),
        )
        .await;
        assert_eq!(status, StatusCode::CONFLICT, "{answer}");
    }
    let (status, _) = send(
        &app,
        "POST",
        &format!("/api/sessions/{id}/trial"),
        Some(json!({ "text": "{}" })),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
}

/// The state tensor as Ludii–Polygames lays it out: every channel an x by
/// y grid, the pieces placed showing in the channel of their owner.
#[tokio::test]
async fn the_state_tensor_is_given_channel_by_channel() {
    let app = app();
    let (id, _) = open(&app, "hex").await;
    apply_keys(&app, id, &["-1>60"]).await;
    let (status, tensor) = send(&app, "GET", &format!("/api/sessions/{id}/tensor"), None).await;
    assert_eq!(status, StatusCode::OK, "{tensor}");
    let (x, y) = (tensor["x"].as_u64().unwrap(), tensor["y"].as_u64().unwrap());
    let channels = tensor["channels"].as_array().unwrap();
    assert!(channels.len() > 2);
    for c in channels {
        assert_eq!(
            c["values"].as_array().unwrap().len() as u64,
            x * y,
            "{}",
            c["name"]
        );
    }
    let lit: f64 = channels
        .iter()
        .flat_map(|c| {
            c["values"]
                .as_array()
                .unwrap()
                .iter()
                .map(|v| v.as_f64().unwrap())
        })
        .sum();
    assert!(lit > 0.0, "a piece is placed: some channel shows it");
    // Ludii gives games with dice no tensors.
    let (id, _) = open(&app, "senet").await;
    let (status, answer) = send(&app, "GET", &format!("/api/sessions/{id}/tensor"), None).await;
    assert_eq!(status, StatusCode::CONFLICT, "{answer}");
}

/// The page itself and a session's board as an SVG document.
#[tokio::test]
async fn the_page_and_the_board_svg_are_served() {
    let app = app();
    let fetch = |uri: String| {
        let app = app.clone();
        async move {
            let request = Request::builder().uri(uri).body(Body::empty()).unwrap();
            let response = app.oneshot(request).await.unwrap();
            let kind = response.headers()["content-type"]
                .to_str()
                .unwrap()
                .to_owned();
            let bytes = axum::body::to_bytes(response.into_body(), usize::MAX)
                .await
                .unwrap();
            (kind, String::from_utf8(bytes.to_vec()).unwrap())
        }
    };
    let (kind, page) = fetch("/".to_owned()).await;
    assert!(kind.starts_with("text/html"), "{kind}");
    assert!(page.contains("/api/games"), "the page calls the API");
    let (id, _) = open(&app, "hex").await;
    let (kind, svg) = fetch(format!("/api/sessions/{id}/board.svg")).await;
    assert_eq!(kind, "image/svg+xml");
    assert!(svg.starts_with("<svg"));
    assert_eq!(drawn_sites(&svg).len(), 121);
}
