//! The peers: URL parsers read in-process (Rust crates) or through an
//! adapter program that speaks `adapters/PROTOCOL.md`, and the table that
//! says how each is started.

use std::io::{BufRead, BufReader, BufWriter, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::Duration;

use serde::{Deserialize, Serialize};

use crate::judge::{COMPONENTS, Components};

/// What a peer says of itself: the adapter protocol's hello.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PeerInfo {
    pub peer: String,
    pub version: String,
    pub call: String,
    pub claims: String,
    /// `raw` or `decoded`.
    pub components: String,
    #[serde(default)]
    pub normalizes: Vec<String>,
    #[serde(default)]
    pub positions: bool,
}

/// A peer's answer on one input.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Answer {
    pub valid: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub components: Option<Components>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub offset: Option<usize>,
}

impl Answer {
    fn accepted(parts: [Option<Option<String>>; 7]) -> Answer {
        let components = COMPONENTS
            .iter()
            .zip(parts)
            .filter_map(|(name, part)| Some(((*name).to_owned(), part?)))
            .collect();
        Answer {
            valid: true,
            components: Some(components),
            error: None,
            offset: None,
        }
    }

    fn refused(error: impl ToString, offset: Option<usize>) -> Answer {
        Answer {
            valid: false,
            components: None,
            error: Some(error.to_string()),
            offset,
        }
    }
}

/// A URL parser the lab asks.
pub trait Peer: Send {
    fn info(&self) -> &PeerInfo;
    /// The answers on `inputs`, in order; an error when the peer can no
    /// longer answer (its process ended).
    fn ask(&mut self, inputs: &[&str]) -> Result<Vec<Answer>, String>;
}

/// How a peer is started.
#[derive(Clone, Copy, Debug)]
pub enum Launch {
    /// A Rust crate, read in-process.
    InProcess(fn(&str) -> Answer, fn() -> PeerInfo),
    /// A script run by `interpreter`.
    Script {
        interpreter: &'static str,
        file: &'static str,
    },
    /// A C program built against a pkg-config library.
    C {
        file: &'static str,
        library: &'static str,
    },
    /// A Go program.
    Go { file: &'static str },
}

/// Every peer the lab knows, by the name its report gives it.
pub const PEERS: [(&str, Launch); 13] = [
    ("rust-url", Launch::InProcess(read_url, info_url)),
    (
        "fluent-uri",
        Launch::InProcess(read_fluent_uri, info_fluent_uri),
    ),
    ("rust-http", Launch::InProcess(read_http, info_http)),
    (
        "iri-string",
        Launch::InProcess(read_iri_string, info_iri_string),
    ),
    ("oxiri", Launch::InProcess(read_oxiri, info_oxiri)),
    (
        "python-urllib",
        Launch::Script {
            interpreter: "python3",
            file: "python_urllib.py",
        },
    ),
    (
        "python-rfc3986",
        Launch::Script {
            interpreter: "python3",
            file: "python_rfc3986.py",
        },
    ),
    (
        "node-whatwg-url",
        Launch::Script {
            interpreter: "node",
            file: "node_whatwg.js",
        },
    ),
    (
        "node-url-parse",
        Launch::Script {
            interpreter: "node",
            file: "node_url_parse.js",
        },
    ),
    (
        "perl-uri",
        Launch::Script {
            interpreter: "perl",
            file: "perl_uri.pl",
        },
    ),
    (
        "curl-url",
        Launch::C {
            file: "curl_url.c",
            library: "libcurl",
        },
    ),
    (
        "uriparser",
        Launch::C {
            file: "uriparser.c",
            library: "liburiparser",
        },
    ),
    (
        "go-net-url",
        Launch::Go {
            file: "go_net_url.go",
        },
    ),
];

/// The adapters' folder, beside this crate's sources.
pub fn adapters() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("adapters")
}

/// Starts the peer `name`, building its adapter into `build` first where it
/// is compiled. An error says why the peer cannot run here.
pub fn start(name: &str, launch: Launch, build: &Path) -> Result<Box<dyn Peer>, String> {
    let source = |file: &str| adapters().join(file);
    let program = match launch {
        Launch::InProcess(read, info) => return Ok(Box::new(InProcess { info: info(), read })),
        Launch::Script { interpreter, file } => {
            return ProcessPeer::start(name, Command::new(interpreter).arg(source(file)), build)
                .map(|peer| Box::new(peer) as Box<dyn Peer>);
        }
        Launch::C { file, library } => {
            let flags = run(Command::new("pkg-config").args(["--cflags", "--libs", library]))?;
            let binary = build.join(name);
            let mut cc = Command::new(std::env::var("CC").unwrap_or_else(|_| "cc".to_owned()));
            cc.arg("-O2")
                .arg("-o")
                .arg(&binary)
                .arg(source(file))
                .args(flags.split_whitespace());
            run(&mut cc)?;
            binary
        }
        Launch::Go { file } => {
            let binary = build.join(name);
            let mut go = Command::new("go");
            go.arg("build").arg("-o").arg(&binary).arg(source(file));
            if std::env::var_os("GOCACHE").is_none() {
                go.env("GOCACHE", build.join("gocache"));
            }
            run(&mut go)?;
            binary
        }
    };
    ProcessPeer::start(name, &mut Command::new(program), build)
        .map(|peer| Box::new(peer) as Box<dyn Peer>)
}

/// Runs a build step; its output, or why it failed.
fn run(command: &mut Command) -> Result<String, String> {
    let program = command.get_program().to_string_lossy().into_owned();
    let output = command
        .output()
        .map_err(|error| format!("`{program}`: {error}"))?;
    if !output.status.success() {
        let stderr = String::from_utf8_lossy(&output.stderr);
        return Err(format!(
            "`{program}` failed: {}",
            stderr.lines().next().unwrap_or("").trim()
        ));
    }
    Ok(String::from_utf8_lossy(&output.stdout).into_owned())
}

struct InProcess {
    info: PeerInfo,
    read: fn(&str) -> Answer,
}

impl Peer for InProcess {
    fn info(&self) -> &PeerInfo {
        &self.info
    }

    fn ask(&mut self, inputs: &[&str]) -> Result<Vec<Answer>, String> {
        // A crate that panics on an input refuses it, and the run goes on.
        let read = self.read;
        Ok(inputs
            .iter()
            .map(|input| {
                std::panic::catch_unwind(|| read(input))
                    .unwrap_or_else(|_| Answer::refused("panicked", None))
            })
            .collect())
    }
}

/// An adapter program: requests on its standard input, answers on its
/// standard output (read by a thread of its own, so that a silent adapter
/// times out), its standard error kept in `build/NAME.stderr`.
pub struct ProcessPeer {
    info: PeerInfo,
    child: Child,
    requests: BufWriter<ChildStdin>,
    answers: Receiver<String>,
    stderr: PathBuf,
    /// Why the adapter can no longer be asked: after an error, answers
    /// still in the pipe would be taken for the next requests'.
    broken: Option<String>,
}

/// Requests written before the answers are read: small enough that the
/// pipe takes them all while the adapter's answers wait, so neither side
/// blocks the other.
const BATCH_BYTES: usize = 16 * 1024;

/// How long an adapter may take over one answer (or its hello).
const ANSWER_TIMEOUT: Duration = Duration::from_secs(30);

impl ProcessPeer {
    /// Starts `command` and reads its hello.
    pub fn start(name: &str, command: &mut Command, build: &Path) -> Result<ProcessPeer, String> {
        let stderr = build.join(format!("{name}.stderr"));
        let log = std::fs::File::create(&stderr).map_err(|error| error.to_string())?;
        let program = command.get_program().to_string_lossy().into_owned();
        let mut child = command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(log)
            .spawn()
            .map_err(|error| format!("`{program}`: {error}"))?;
        let requests = BufWriter::new(child.stdin.take().expect("piped"));
        let stdout = child.stdout.take().expect("piped");
        let (sender, answers) = mpsc::channel();
        std::thread::spawn(move || {
            let mut lines = BufReader::new(stdout);
            loop {
                let mut line = String::new();
                match lines.read_line(&mut line) {
                    Ok(0) | Err(_) => break,
                    Ok(_) if sender.send(line).is_err() => break,
                    Ok(_) => {}
                }
            }
        });
        let mut peer = ProcessPeer {
            info: PeerInfo {
                peer: name.to_owned(),
                version: String::new(),
                call: String::new(),
                claims: String::new(),
                components: String::new(),
                normalizes: Vec::new(),
                positions: false,
            },
            child,
            requests,
            answers,
            stderr,
            broken: None,
        };
        let hello = peer.next_line().map_err(|why| format!("no hello: {why}"))?;
        peer.info = serde_json::from_str(&hello)
            .map_err(|error| format!("bad hello {hello:?}: {error}"))?;
        if peer.info.peer != name {
            return Err(format!(
                "the adapter says it is {:?}, not {name:?}",
                peer.info.peer
            ));
        }
        Ok(peer)
    }

    fn next_line(&mut self) -> Result<String, String> {
        match self.answers.recv_timeout(ANSWER_TIMEOUT) {
            Ok(line) => Ok(line),
            Err(RecvTimeoutError::Timeout) => {
                Err(format!("no answer in {} s", ANSWER_TIMEOUT.as_secs()))
            }
            Err(RecvTimeoutError::Disconnected) => {
                Err(format!("the adapter ended: {}", self.last_words()))
            }
        }
    }

    /// The first line the adapter wrote on its standard error.
    fn last_words(&mut self) -> String {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let mut text = String::new();
        let _ =
            std::fs::File::open(&self.stderr).and_then(|mut file| file.read_to_string(&mut text));
        text.lines()
            .find(|line| !line.trim().is_empty())
            .unwrap_or("no message")
            .trim()
            .to_owned()
    }

    fn exchange(&mut self, inputs: &[&str]) -> Result<Vec<Answer>, String> {
        let mut answers = Vec::with_capacity(inputs.len());
        let mut lines = inputs.iter().map(|input| {
            let mut line = serde_json::to_vec(&Request { input }).expect("a string serializes");
            line.push(b'\n');
            line
        });
        let mut pending = lines.next();
        let mut asked = 0;
        while pending.is_some() {
            let mut bytes = 0;
            let mut batch = 0;
            while let Some(line) =
                pending.take_if(|line| batch == 0 || bytes + line.len() <= BATCH_BYTES)
            {
                bytes += line.len();
                batch += 1;
                self.requests
                    .write_all(&line)
                    .map_err(|e| format!("the adapter stopped reading: {e}"))?;
                pending = lines.next();
            }
            self.requests
                .flush()
                .map_err(|e| format!("the adapter stopped reading: {e}"))?;
            for input in &inputs[asked..asked + batch] {
                let line = self
                    .next_line()
                    .map_err(|why| format!("{why} (on {input:?})"))?;
                let answer = serde_json::from_str(&line)
                    .map_err(|error| format!("bad answer {line:?} on {input:?}: {error}"))?;
                answers.push(answer);
            }
            asked += batch;
        }
        Ok(answers)
    }
}

#[derive(Serialize)]
struct Request<'a> {
    input: &'a str,
}

impl Peer for ProcessPeer {
    fn info(&self) -> &PeerInfo {
        &self.info
    }

    fn ask(&mut self, inputs: &[&str]) -> Result<Vec<Answer>, String> {
        if let Some(why) = &self.broken {
            return Err(why.clone());
        }
        let answers = self.exchange(inputs);
        if let Err(why) = &answers {
            self.broken = Some(why.clone());
            let _ = self.child.kill();
        }
        answers
    }
}

impl Drop for ProcessPeer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn info(
    peer: &str,
    version: &str,
    call: &str,
    claims: &str,
    normalizes: &[&str],
    positions: bool,
) -> PeerInfo {
    PeerInfo {
        peer: peer.to_owned(),
        version: version.to_owned(),
        call: call.to_owned(),
        claims: claims.to_owned(),
        components: "raw".to_owned(),
        normalizes: normalizes.iter().map(|item| (*item).to_owned()).collect(),
        positions,
    }
}

fn owned(part: Option<&str>) -> Option<Option<String>> {
    Some(part.map(str::to_owned))
}

/// An authority's userinfo, host and port, split as RFC 3986 writes them
/// (the userinfo ends at the last `@`; an IP literal keeps its brackets).
pub fn split_authority(authority: &str) -> (Option<&str>, &str, Option<&str>) {
    let (userinfo, hostport) = match authority.rfind('@') {
        Some(at) => (Some(&authority[..at]), &authority[at + 1..]),
        None => (None, authority),
    };
    let host_end = match hostport.find(']') {
        Some(close) if hostport.starts_with('[') => close + 1,
        _ => hostport.rfind(':').unwrap_or(hostport.len()),
    };
    let port = hostport[host_end..].strip_prefix(':');
    (userinfo, &hostport[..host_end], port)
}

/// [`split_authority`] of an authority the peer may not have read: none of
/// the three where it has none.
fn authority_parts(authority: Option<&str>) -> (Option<&str>, Option<&str>, Option<&str>) {
    match authority.map(split_authority) {
        Some((userinfo, host, port)) => (userinfo, Some(host), port),
        None => (None, None, None),
    }
}

const WHATWG: [&str; 6] = [
    "scheme-case",
    "host-case",
    "default-port",
    "percent-encoding",
    "dot-segments",
    "empty-path",
];

fn info_url() -> PeerInfo {
    info(
        "rust-url",
        env!("LAB_VERSION_URL"),
        "url::Url::parse",
        "WHATWG URL",
        &WHATWG,
        false,
    )
}

fn read_url(input: &str) -> Answer {
    match url::Url::parse(input) {
        Ok(url) => {
            let userinfo = match (url.username(), url.password()) {
                ("", None) => None,
                (user, None) => Some(user.to_owned()),
                (user, Some(password)) => Some(format!("{user}:{password}")),
            };
            Answer::accepted([
                owned(Some(url.scheme())),
                Some(userinfo),
                // `host_str` has no empty host, which WHATWG gives `file:///`.
                owned(url.host_str().or(url.has_authority().then_some(""))),
                Some(url.port().map(|port| port.to_string())),
                owned(Some(url.path())),
                owned(url.query()),
                owned(url.fragment()),
            ])
        }
        Err(error) => Answer::refused(error, None),
    }
}

fn info_fluent_uri() -> PeerInfo {
    info(
        "fluent-uri",
        env!("LAB_VERSION_FLUENT_URI"),
        "fluent_uri::Uri::parse",
        "RFC 3986",
        &[],
        true,
    )
}

fn read_fluent_uri(input: &str) -> Answer {
    match fluent_uri::Uri::parse(input) {
        Ok(uri) => {
            let authority = uri.authority();
            Answer::accepted([
                owned(Some(uri.scheme().as_str())),
                owned(authority.and_then(|a| a.userinfo()).map(|u| u.as_str())),
                owned(authority.map(|a| a.host())),
                owned(authority.and_then(|a| a.port()).map(|p| p.as_str())),
                owned(Some(uri.path().as_str())),
                owned(uri.query().map(|q| q.as_str())),
                owned(uri.fragment().map(|f| f.as_str())),
            ])
        }
        Err(error) => Answer::refused(format!("{:?}", error.kind()), Some(error.index())),
    }
}

fn info_http() -> PeerInfo {
    let call = "http::Uri::from_str";
    info(
        "rust-http",
        env!("LAB_VERSION_HTTP"),
        call,
        "RFC 7230 request-target (RFC 3986)",
        &["scheme-case", "empty-path"],
        false,
    )
}

fn read_http(input: &str) -> Answer {
    match input.parse::<http::Uri>() {
        Ok(uri) => {
            let (userinfo, host, port) =
                authority_parts(uri.authority().map(http::uri::Authority::as_str));
            // No fragment: `http::Uri` has none to report.
            Answer::accepted([
                owned(uri.scheme_str()),
                owned(userinfo),
                owned(host),
                owned(port),
                owned(Some(uri.path())),
                owned(uri.query()),
                None,
            ])
        }
        Err(error) => Answer::refused(error, None),
    }
}

fn info_iri_string() -> PeerInfo {
    info(
        "iri-string",
        env!("LAB_VERSION_IRI_STRING"),
        "iri_string::types::UriStr::new",
        "RFC 3986",
        &[],
        false,
    )
}

fn read_iri_string(input: &str) -> Answer {
    match iri_string::types::UriStr::new(input) {
        Ok(uri) => {
            let authority = uri.authority_components();
            Answer::accepted([
                owned(Some(uri.scheme_str())),
                owned(authority.as_ref().and_then(|a| a.userinfo())),
                owned(authority.as_ref().map(|a| a.host())),
                owned(authority.as_ref().and_then(|a| a.port())),
                owned(Some(uri.path_str())),
                owned(uri.query_str()),
                owned(uri.fragment().map(|f| f.as_str())),
            ])
        }
        Err(error) => Answer::refused(error, None),
    }
}

fn info_oxiri() -> PeerInfo {
    info(
        "oxiri",
        env!("LAB_VERSION_OXIRI"),
        "oxiri::Iri::parse",
        "RFC 3987",
        &[],
        false,
    )
}

fn read_oxiri(input: &str) -> Answer {
    match oxiri::Iri::parse(input) {
        Ok(iri) => {
            let (userinfo, host, port) = authority_parts(iri.authority());
            Answer::accepted([
                owned(Some(iri.scheme())),
                owned(userinfo),
                owned(host),
                owned(port),
                owned(Some(iri.path())),
                owned(iri.query()),
                owned(iri.fragment()),
            ])
        }
        Err(error) => Answer::refused(error, None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every peer answers in order, with RFC 3986's components on a URL that
    /// every one of them reads alike, through batches larger than one pipe
    /// exchange. A peer that cannot start here is skipped, unless
    /// `RFC1738_LAB_REQUIRE_PEERS` is set (as CI, which installs them all,
    /// sets it).
    #[test]
    fn every_peer_round_trips_fixed_inputs() {
        let build = std::env::temp_dir().join(format!("rfc1738-lab-peers-{}", std::process::id()));
        std::fs::create_dir_all(&build).unwrap();
        let required = std::env::var_os("RFC1738_LAB_REQUIRE_PEERS").is_some();
        let plain = "http://user:pw@example.com:8080/a/b?q=1#f";
        let expected = [
            ("scheme", "http"),
            ("userinfo", "user:pw"),
            ("host", "example.com"),
            ("port", "8080"),
            ("path", "/a/b"),
            ("query", "q=1"),
            ("fragment", "f"),
        ];
        let long = format!("http://example.com/{}", "x".repeat(200));
        for (name, launch) in PEERS {
            let mut peer = match start(name, launch, &build) {
                Ok(peer) => peer,
                Err(why) if !required => {
                    eprintln!("{name} skipped: {why}");
                    continue;
                }
                Err(why) => panic!("{name} cannot start: {why}"),
            };
            assert_eq!(peer.info().peer, name);
            assert!(
                !peer.info().version.is_empty() && !peer.info().call.is_empty(),
                "{name}"
            );
            let odd = "ftp://h/a b\t\"é\\%zz\u{1}";
            let answers = peer.ask(&[plain, odd, "http://example.com/x"]).unwrap();
            assert_eq!(answers.len(), 3, "{name}");
            for answer in [&answers[0], &answers[2]] {
                assert!(answer.valid, "{name}: {answer:?}");
            }
            let components = answers[0].components.as_ref().unwrap();
            for (component, value) in expected {
                if let Some(reported) = components.get(component) {
                    assert_eq!(reported.as_deref(), Some(value), "{name}: {component}");
                }
            }
            let third = answers[2].components.as_ref().unwrap();
            assert_eq!(
                third.get("path").cloned().flatten().as_deref(),
                Some("/x"),
                "{name}"
            );
            let many: Vec<&str> = (0..300).map(|_| long.as_str()).collect();
            let answers = peer.ask(&many).unwrap();
            assert_eq!(answers.len(), 300, "{name}");
            assert!(answers.iter().all(|answer| answer.valid), "{name}");
        }
        let _ = std::fs::remove_dir_all(&build);
    }

    #[test]
    fn an_adapter_that_dies_is_reported_and_asked_no_more() {
        let build = std::env::temp_dir().join(format!("rfc1738-lab-dying-{}", std::process::id()));
        std::fs::create_dir_all(&build).unwrap();
        let hello =
            r#"{"peer":"dying","version":"1","call":"x","claims":"none","components":"raw"}"#;
        let script = format!("echo '{hello}'; read line; echo '{{\"valid\":true}}'; echo gone >&2");
        let mut peer =
            ProcessPeer::start("dying", Command::new("sh").args(["-c", &script]), &build).unwrap();
        let error = peer.ask(&["a", "b", "c"]).unwrap_err();
        assert!(error.contains("ended") && error.contains("gone"), "{error}");
        // Its answers would no longer line up with the requests.
        assert_eq!(peer.ask(&["a"]).unwrap_err(), error);
        let silent = ProcessPeer::start("silent", Command::new("true").arg(""), &build);
        assert!(silent.is_err());
        let _ = std::fs::remove_dir_all(&build);
    }

    #[test]
    fn a_crate_that_panics_refuses() {
        fn panics(_: &str) -> Answer {
            panic!("on purpose")
        }
        let mut peer = InProcess {
            info: info_url(),
            read: panics,
        };
        let answers = peer.ask(&["http://h/"]).unwrap();
        assert_eq!(answers[0].error.as_deref(), Some("panicked"));
        assert!(!answers[0].valid);
    }

    #[test]
    fn authorities_split_as_rfc_3986_writes_them() {
        assert_eq!(split_authority("u:p@h:80"), (Some("u:p"), "h", Some("80")));
        assert_eq!(split_authority("[::1]:"), (None, "[::1]", Some("")));
        assert_eq!(split_authority("[::1]"), (None, "[::1]", None));
        assert_eq!(split_authority("a@b@h"), (Some("a@b"), "h", None));
        assert_eq!(split_authority(""), (None, "", None));
    }
}
