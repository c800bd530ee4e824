//! The JSON API under the page (`docs/serve.md`) and the page itself.

use std::collections::HashMap;
use std::panic::AssertUnwindSafe;
use std::sync::{Arc, Mutex, RwLock};
use std::time::Instant;

use axum::extract::rejection::JsonRejection;
use axum::extract::{DefaultBodyLimit, Path, State};
use axum::http::{header, StatusCode};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use ludemic_runtime::trial::Trial;
use serde::Deserialize;
use serde_json::json;

use super::catalogue::{self, Entry, Listed, Loader, Origin};
use super::session::{Session, Tensor, View};
use super::ServeArgs;

/// The page: one file, no build step.
const PAGE: &str = include_str!("page.html");
/// The largest request body (an uploaded description with its JSON).
const MAX_BODY: usize = 1024 * 1024;
/// The most moves one session keeps (its positions are kept for undo).
const MAX_MOVES: usize = 20_000;

/// What the server holds: the games on offer and the sessions in play.
pub struct Server {
    loader: Loader,
    games: RwLock<Vec<Entry>>,
    sessions: Mutex<Sessions>,
}

struct Sessions {
    next: u64,
    open: HashMap<u64, Slot>,
    max: usize,
    uploads: usize,
}

struct Slot {
    session: Arc<Mutex<Box<dyn Session>>>,
    used: Instant,
}

type Shared = Arc<Server>;

impl Server {
    pub fn new(args: &ServeArgs) -> Result<Shared, String> {
        let library = args.library.library().map_err(|e| catalogue::report(&e))?;
        let mut games = catalogue::bundled();
        games.extend(catalogue::files(&args.files)?);
        Ok(Arc::new(Server {
            loader: Loader {
                library,
                def_dirs: args.library.defs.clone(),
                ai_dirs: args.library.defs_ai.clone(),
            },
            games: RwLock::new(games),
            sessions: Mutex::new(Sessions {
                next: 1,
                open: HashMap::new(),
                max: args.max_sessions.max(1),
                uploads: 0,
            }),
        }))
    }

    fn entry(&self, id: &str) -> Result<Entry, ApiError> {
        let games = self.games.read().map_err(|_| ApiError::internal())?;
        games.iter().find(|g| g.id == id).cloned().ok_or_else(|| {
            ApiError::not_found(format!("no game `{id}` (GET /api/games lists them)"))
        })
    }

    fn session(&self, id: u64) -> Result<Arc<Mutex<Box<dyn Session>>>, ApiError> {
        let mut sessions = self.sessions.lock().map_err(|_| ApiError::internal())?;
        let slot = sessions.open.get_mut(&id).ok_or_else(|| {
            ApiError::not_found(format!("no session {id} (closed, or never opened)"))
        })?;
        slot.used = Instant::now();
        Ok(slot.session.clone())
    }

    fn open(&self, session: Box<dyn Session>) -> Result<u64, ApiError> {
        let mut sessions = self.sessions.lock().map_err(|_| ApiError::internal())?;
        while sessions.open.len() >= sessions.max {
            let oldest = sessions
                .open
                .iter()
                .min_by_key(|(_, s)| s.used)
                .map(|(&id, _)| id)
                .expect("a session");
            sessions.open.remove(&oldest);
        }
        let id = sessions.next;
        sessions.next += 1;
        sessions.open.insert(
            id,
            Slot {
                session: Arc::new(Mutex::new(session)),
                used: Instant::now(),
            },
        );
        Ok(id)
    }

    fn close(&self, id: u64) -> bool {
        self.sessions
            .lock()
            .map(|mut s| s.open.remove(&id).is_some())
            .unwrap_or(false)
    }

    /// Runs `act` on session `id` on a blocking thread (agents think for a
    /// while); a panic inside closes the session and answers 500.
    async fn with_session<T: Send + 'static>(
        self: &Shared,
        id: u64,
        act: impl FnOnce(&mut dyn Session) -> Result<T, ApiError> + Send + 'static,
    ) -> Result<T, ApiError> {
        let session = self.session(id)?;
        let server = self.clone();
        tokio::task::spawn_blocking(move || {
            let Ok(mut guard) = session.lock() else {
                server.close(id);
                return Err(ApiError::internal());
            };
            match std::panic::catch_unwind(AssertUnwindSafe(|| act(guard.as_mut()))) {
                Ok(result) => result,
                Err(_) => {
                    drop(guard);
                    server.close(id);
                    Err(ApiError {
                        status: StatusCode::INTERNAL_SERVER_ERROR,
                        message: format!("session {id} failed and was closed"),
                    })
                }
            }
        })
        .await
        .map_err(|_| ApiError::internal())?
    }

    /// Runs `act` on session `id`, then answers with the position it leaves.
    async fn viewed(
        self: &Shared,
        id: u64,
        act: impl FnOnce(&mut dyn Session) -> Result<(), ApiError> + Send + 'static,
    ) -> Result<Json<View>, ApiError> {
        let view = self
            .with_session(id, |s| {
                act(&mut *s)?;
                Ok(s.view())
            })
            .await?;
        Ok(Json(view))
    }
}

/// An error answer: a status and a message for people.
#[derive(Debug)]
pub struct ApiError {
    status: StatusCode,
    message: String,
}

impl ApiError {
    fn bad(message: impl Into<String>) -> Self {
        ApiError {
            status: StatusCode::BAD_REQUEST,
            message: message.into(),
        }
    }
    fn not_found(message: impl Into<String>) -> Self {
        ApiError {
            status: StatusCode::NOT_FOUND,
            message: message.into(),
        }
    }
    fn conflict(message: impl Into<String>) -> Self {
        ApiError {
            status: StatusCode::CONFLICT,
            message: message.into(),
        }
    }
    fn internal() -> Self {
        ApiError {
            status: StatusCode::INTERNAL_SERVER_ERROR,
            message: "the server failed on this request".to_owned(),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status, Json(json!({ "error": self.message }))).into_response()
    }
}

impl From<JsonRejection> for ApiError {
    fn from(rejection: JsonRejection) -> Self {
        ApiError {
            status: match rejection.status() {
                StatusCode::PAYLOAD_TOO_LARGE => StatusCode::PAYLOAD_TOO_LARGE,
                _ => StatusCode::BAD_REQUEST,
            },
            message: rejection.body_text(),
        }
    }
}

/// The page and the API.
pub fn router(server: Shared) -> Router {
    Router::new()
        .route("/", get(|| async { Html(PAGE) }))
        .route("/api/games", get(list_games).post(upload_game))
        .route("/api/games/{game}/sessions", post(new_session))
        .route("/api/sessions/{id}", get(state).delete(close_session))
        .route("/api/sessions/{id}/state", get(state))
        .route("/api/sessions/{id}/board.svg", get(board))
        .route("/api/sessions/{id}/moves", get(moves))
        .route("/api/sessions/{id}/tensor", get(tensor))
        .route("/api/sessions/{id}/apply", post(apply))
        .route("/api/sessions/{id}/agent", post(agent))
        .route("/api/sessions/{id}/undo", post(undo))
        .route("/api/sessions/{id}/redo", post(redo))
        .route("/api/sessions/{id}/trial", post(trial))
        .route("/api/sessions/{id}/restart", post(restart))
        .fallback(|| async { ApiError::not_found("no such page or endpoint") })
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .with_state(server)
}

async fn list_games(State(server): State<Shared>) -> Result<Json<Vec<Listed>>, ApiError> {
    let games = server
        .games
        .read()
        .map_err(|_| ApiError::internal())?
        .clone();
    let listed = tokio::task::spawn_blocking(move || {
        games
            .iter()
            .map(|g| Listed {
                id: g.id.clone(),
                name: g.name.clone(),
                origin: g.origin,
                compiled: crate::cli::bundled_stem(&g.path, &g.text, &[]).is_some()
                    && g.origin != Origin::Upload,
                options: server.loader.options(g),
            })
            .collect()
    })
    .await
    .map_err(|_| ApiError::internal())?;
    Ok(Json(listed))
}

#[derive(Deserialize)]
struct Upload {
    /// The description.
    text: String,
    /// A file name for messages (`my-game.lud`).
    #[serde(default)]
    name: Option<String>,
}

/// A description uploaded: checked (it loads with its default options)
/// and offered as a game.
async fn upload_game(
    State(server): State<Shared>,
    body: Result<Json<Upload>, JsonRejection>,
) -> Result<Response, ApiError> {
    let Json(upload) = body?;
    catalogue::check_upload(&upload.text).map_err(ApiError::bad)?;
    let file = upload
        .name
        .filter(|n| !n.is_empty() && n.len() < 100 && !n.contains(['/', '\\']))
        .unwrap_or_else(|| "upload.lud".to_owned());
    let number = {
        let mut sessions = server.sessions.lock().map_err(|_| ApiError::internal())?;
        sessions.uploads += 1;
        sessions.uploads
    };
    let entry = Entry {
        id: format!("upload-{number}"),
        name: file.trim_end_matches(".lud").to_owned(),
        path: std::path::PathBuf::from(&file),
        text: Arc::from(upload.text),
        origin: Origin::Upload,
    };
    let checked = entry.clone();
    let loader = server.clone();
    let name = tokio::task::spawn_blocking(move || {
        std::panic::catch_unwind(AssertUnwindSafe(|| {
            loader
                .loader
                .load(&checked, &[])
                .map(|r| r.model.name.clone())
        }))
    })
    .await
    .map_err(|_| ApiError::internal())?
    .map_err(|_| ApiError::bad("the description could not be read (the compiler failed on it)"))?
    .map_err(|report| ApiError {
        status: StatusCode::UNPROCESSABLE_ENTITY,
        message: report,
    })?;
    let entry = Entry { name, ..entry };
    let id = entry.id.clone();
    const MAX_UPLOADS: usize = 200;
    let mut games = server.games.write().map_err(|_| ApiError::internal())?;
    let uploaded = games.iter().filter(|g| g.origin == Origin::Upload).count();
    if uploaded >= MAX_UPLOADS {
        let first = games
            .iter()
            .position(|g| g.origin == Origin::Upload)
            .expect("an upload");
        games.remove(first);
    }
    let name = entry.name.clone();
    games.push(entry);
    Ok((StatusCode::CREATED, Json(json!({ "id": id, "name": name }))).into_response())
}

#[derive(Deserialize, Default)]
struct NewSession {
    /// Option items, `"Heading/Item"`.
    #[serde(default)]
    options: Vec<String>,
    /// `interpreter` to run a bundled game on the interpreter.
    #[serde(default)]
    engine: Option<String>,
    #[serde(default)]
    seed: Option<u64>,
}

async fn new_session(
    State(server): State<Shared>,
    Path(game): Path<String>,
    body: Option<Json<NewSession>>,
) -> Result<Response, ApiError> {
    let request = body.map(|Json(b)| b).unwrap_or_default();
    let entry = server.entry(&game)?;
    let interpreter = match request.engine.as_deref() {
        None | Some("compiled") => false,
        Some("interpreter") => true,
        Some(other) => {
            return Err(ApiError::bad(format!(
                "engine `{other}`: compiled or interpreter"
            )))
        }
    };
    let seed = request.seed.unwrap_or(12345);
    let loader = server.clone();
    let session = tokio::task::spawn_blocking(move || {
        std::panic::catch_unwind(AssertUnwindSafe(|| {
            let mut ready = loader.loader.load(&entry, &request.options)?;
            if interpreter {
                ready.compiled = None;
            }
            let session = catalogue::start(&ready, seed);
            let view = session.view();
            Ok::<_, String>((session, view))
        }))
    })
    .await
    .map_err(|_| ApiError::internal())?
    .map_err(|_| ApiError::bad("this game could not be started (the compiler failed on it)"))?
    .map_err(|report| ApiError {
        status: StatusCode::UNPROCESSABLE_ENTITY,
        message: report,
    })?;
    let (session, view) = session;
    let id = server.open(session)?;
    Ok((
        StatusCode::CREATED,
        Json(json!({ "session": id, "state": view })),
    )
        .into_response())
}

async fn state(State(server): State<Shared>, Path(id): Path<u64>) -> Result<Json<View>, ApiError> {
    server.viewed(id, |_| Ok(())).await
}

async fn board(State(server): State<Shared>, Path(id): Path<u64>) -> Result<Response, ApiError> {
    let view = server.with_session(id, |s| Ok(s.view())).await?;
    Ok(([(header::CONTENT_TYPE, "image/svg+xml")], view.svg).into_response())
}

async fn moves(
    State(server): State<Shared>,
    Path(id): Path<u64>,
) -> Result<Json<serde_json::Value>, ApiError> {
    let view = server.with_session(id, |s| Ok(s.view())).await?;
    Ok(Json(json!({ "mover": view.mover, "legal": view.legal })))
}

async fn close_session(
    State(server): State<Shared>,
    Path(id): Path<u64>,
) -> Result<StatusCode, ApiError> {
    match server.close(id) {
        true => Ok(StatusCode::NO_CONTENT),
        false => Err(ApiError::not_found(format!("no session {id}"))),
    }
}

#[derive(Deserialize)]
struct Apply {
    /// The move's number among the legal moves (`legal[i].index`)...
    #[serde(default, rename = "move")]
    index: Option<usize>,
    /// ... or its key (`12>28`), where one legal move has it.
    #[serde(default)]
    key: Option<String>,
}

async fn apply(
    State(server): State<Shared>,
    Path(id): Path<u64>,
    body: Result<Json<Apply>, JsonRejection>,
) -> Result<Json<View>, ApiError> {
    let Json(request) = body?;
    server
        .viewed(id, move |s| {
            room_for_a_move(s)?;
            let index = match (request.index, request.key) {
                (Some(i), _) => i,
                (None, Some(key)) => {
                    let keys = s.legal_keys();
                    let mut matching = keys.iter().enumerate().filter(|(_, k)| **k == key);
                    match (matching.next(), matching.next()) {
                        (Some((i, _)), None) => i,
                        (None, _) => {
                            let message = format!("no legal move has key `{key}`");
                            return Err(ApiError::conflict(message));
                        }
                        (Some(_), Some(_)) => {
                            let message =
                                format!("several legal moves have key `{key}`: give its number");
                            return Err(ApiError::conflict(message));
                        }
                    }
                }
                (None, None) => {
                    return Err(ApiError::bad(
                        "give `move` (a legal move's number) or `key`",
                    ))
                }
            };
            s.play(index).map_err(ApiError::conflict)
        })
        .await
}

/// Refuses a move where the game is over or the session is full.
fn room_for_a_move(s: &dyn Session) -> Result<(), ApiError> {
    if s.is_over() {
        return Err(ApiError::conflict("the game is over"));
    }
    match s.moves_played() < MAX_MOVES {
        true => Ok(()),
        false => Err(ApiError::conflict(format!(
            "a session keeps at most {MAX_MOVES} moves"
        ))),
    }
}

#[derive(Deserialize)]
struct AgentRequest {
    /// `random`, `uct:N`, `ab:D`, `hs:N`.
    agent: String,
}

async fn agent(
    State(server): State<Shared>,
    Path(id): Path<u64>,
    body: Result<Json<AgentRequest>, JsonRejection>,
) -> Result<Json<View>, ApiError> {
    let Json(request) = body?;
    server
        .viewed(id, move |s| {
            room_for_a_move(s)?;
            s.play_agent(&request.agent)
                .map(drop)
                .map_err(ApiError::bad)
        })
        .await
}

async fn undo(State(server): State<Shared>, Path(id): Path<u64>) -> Result<Json<View>, ApiError> {
    server
        .viewed(id, |s| match s.undo() {
            true => Ok(()),
            false => Err(ApiError::conflict("nothing to undo")),
        })
        .await
}

async fn redo(State(server): State<Shared>, Path(id): Path<u64>) -> Result<Json<View>, ApiError> {
    server
        .viewed(id, |s| match s.redo() {
            true => Ok(()),
            false => Err(ApiError::conflict("nothing to play again")),
        })
        .await
}

async fn restart(
    State(server): State<Shared>,
    Path(id): Path<u64>,
) -> Result<Json<View>, ApiError> {
    server
        .viewed(id, |s| {
            s.restart();
            Ok(())
        })
        .await
}

#[derive(Deserialize)]
struct TrialRequest {
    /// Trials in Ludii's `ludii-trials` format, one JSON object a line.
    text: String,
    /// Which of them (0 the first).
    #[serde(default)]
    index: usize,
}

/// A Ludii trial replayed in the session, which goes back to its start
/// with the trial's moves ready to step through (`redo`).
async fn trial(
    State(server): State<Shared>,
    Path(id): Path<u64>,
    body: Result<Json<TrialRequest>, JsonRejection>,
) -> Result<Json<View>, ApiError> {
    let Json(request) = body?;
    let lines: Vec<&str> = request
        .text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .collect();
    let line = lines.get(request.index).ok_or_else(|| {
        ApiError::bad(format!(
            "no trial number {} ({} given)",
            request.index,
            lines.len()
        ))
    })?;
    let trial: Trial = serde_json::from_str(line)
        .map_err(|e| ApiError::bad(format!("trial {}: not a Ludii trial: {e}", request.index)))?;
    server
        .viewed(id, move |s| {
            s.watch_trial(&trial).map(drop).map_err(ApiError::conflict)
        })
        .await
}

async fn tensor(
    State(server): State<Shared>,
    Path(id): Path<u64>,
) -> Result<Json<Tensor>, ApiError> {
    let tensor = server
        .with_session(id, |s| s.tensor().map_err(ApiError::conflict))
        .await?;
    Ok(Json(tensor))
}
