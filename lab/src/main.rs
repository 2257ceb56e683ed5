//! `rfc1738-lab`: asks popular URL parsers about URLs whose verdict the
//! grammars of this crate know, and reports, rule by rule, where each
//! departs from the RFCs. See `docs/conformance.md`.

mod compare;
mod inputs;
mod judge;
mod minimize;
mod peers;
mod report;
mod vectors;

use std::collections::{BTreeMap, BTreeSet};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Instant, SystemTime, UNIX_EPOCH};

use clap::Parser;
use indicatif::{MultiProgress, ProgressBar, ProgressDrawTarget, ProgressStyle};
use rfc1738::Spec;

use crate::compare::{Class, Finding, classify};
use crate::judge::{Judgement, has_scheme, judge};
use crate::peers::{Peer, PeerInfo};
use crate::report::{Cluster, Known};

/// Where popular URL parsers depart from the RFCs, rule by rule, judged by
/// rfc1738's grammars.
#[derive(Parser, Debug)]
#[command(name = "rfc1738-lab", version)]
struct Args {
    /// Folder to write report.md, findings.jsonl, clusters.json and vectors/
    /// into (made if missing).
    #[arg(long)]
    out: PathBuf,
    /// URLs generated per specification (RFC 1738, draft-07, RFC 3986): as
    /// many valid ones and as many near-misses.
    #[arg(long, default_value_t = 2000)]
    count: usize,
    /// The peers to ask, comma-separated; all by default. `--peers list`
    /// names them.
    #[arg(long, value_delimiter = ',')]
    peers: Vec<String>,
    /// Seed of the generated inputs.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// A previous run's folder: clusters missing from its clusters.json are
    /// marked new.
    #[arg(long)]
    compare: Option<PathBuf>,
    /// Fail when a peer cannot run (what CI asks of the peers it installed).
    #[arg(long)]
    require_peers: bool,
}

fn main() -> ExitCode {
    let args = Args::parse();
    if args.peers.iter().any(|peer| peer == "list") {
        for (name, _) in peers::PEERS {
            println!("{name}");
        }
        return ExitCode::SUCCESS;
    }
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("rfc1738-lab: {message}");
            ExitCode::from(2)
        }
    }
}

/// What one peer's thread brings back.
struct PeerRun {
    info: PeerInfo,
    findings: Vec<Finding>,
    clusters: Vec<Cluster>,
}

fn run(args: &Args) -> Result<(), String> {
    let started = Instant::now();
    let unknown: Vec<&String> = args
        .peers
        .iter()
        .filter(|name| !peers::PEERS.iter().any(|(known, _)| known == name))
        .collect();
    if !unknown.is_empty() {
        return Err(format!(
            "unknown peers {unknown:?}; `--peers list` names them"
        ));
    }
    let build = args.out.join("build");
    std::fs::create_dir_all(&build).map_err(|error| format!("{}: {error}", build.display()))?;
    // Absolute, as Go's build cache must be.
    let build =
        std::path::absolute(&build).map_err(|error| format!("{}: {error}", build.display()))?;

    let inputs = inputs::build(args.count, args.seed);
    let judged: Vec<Vec<Judgement>> = inputs
        .iter()
        .map(|input| {
            Spec::ALL
                .iter()
                .map(|spec| judge(&input.text, *spec))
                .collect()
        })
        .collect();
    eprintln!("rfc1738-lab: {} inputs", inputs.len());

    let mut started_peers: Vec<Box<dyn Peer>> = Vec::new();
    let mut skipped: Vec<(String, String)> = Vec::new();
    for (name, launch) in peers::PEERS {
        if !args.peers.is_empty() && !args.peers.iter().any(|wanted| wanted == name) {
            continue;
        }
        match peers::start(name, launch, &build) {
            Ok(peer) => started_peers.push(peer),
            Err(why) => {
                eprintln!("rfc1738-lab: {name} skipped: {why}");
                skipped.push((name.to_owned(), why));
            }
        }
    }
    if args.require_peers && !skipped.is_empty() {
        return Err(format!(
            "{} peers cannot run (--require-peers)",
            skipped.len()
        ));
    }

    let bars = MultiProgress::with_draw_target(ProgressDrawTarget::stderr());
    let style = ProgressStyle::with_template("{prefix:>16} {bar:30} {pos}/{len} {msg}")
        .expect("a valid template");
    let texts: Vec<&str> = inputs.iter().map(|input| input.text.as_str()).collect();
    let results: Vec<Result<PeerRun, (String, String)>> = std::thread::scope(|scope| {
        let handles: Vec<_> = started_peers
            .into_iter()
            .map(|mut peer| {
                let bar = bars.add(ProgressBar::new(texts.len() as u64));
                bar.set_style(style.clone());
                bar.set_prefix(peer.info().peer.clone());
                let (texts, judged) = (&texts, &judged);
                scope.spawn(move || {
                    let name = peer.info().peer.clone();
                    let outcome = ask_peer(peer.as_mut(), texts, judged, &bar);
                    bar.finish_with_message(match &outcome {
                        Ok(run) => format!(
                            "{} findings, {} clusters",
                            run.findings.len(),
                            run.clusters.len()
                        ),
                        Err(why) => format!("stopped: {why}"),
                    });
                    outcome.map_err(|why| (name, why))
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|handle| handle.join().expect("a peer's thread does not panic"))
            .collect()
    });

    let mut infos = Vec::new();
    let mut findings = Vec::new();
    let mut clusters = Vec::new();
    for result in results {
        match result {
            Ok(run) => {
                infos.push(run.info);
                findings.extend(run.findings);
                clusters.extend(run.clusters);
            }
            Err((name, why)) => {
                eprintln!("rfc1738-lab: {name} stopped: {why}");
                skipped.push((name, format!("stopped: {why}")));
            }
        }
    }
    if args.require_peers && !skipped.is_empty() {
        return Err("a peer stopped answering (--require-peers)".to_owned());
    }
    let previous = match &args.compare {
        Some(folder) => Some(previous_keys(folder)?),
        None => None,
    };
    report::mark(&mut clusters, &known()?, previous.as_ref());

    write(&args.out.join("findings.jsonl"), &jsonl(&findings)?)?;
    let text = serde_json::to_string_pretty(&clusters).map_err(|error| error.to_string())?;
    write(&args.out.join("clusters.json"), &text)?;
    let vectors = args.out.join("vectors");
    std::fs::create_dir_all(&vectors).map_err(|error| format!("{}: {error}", vectors.display()))?;
    for spec in Spec::ALL {
        let file = vectors::build(&inputs, spec);
        let mut text = serde_json::to_string_pretty(&file).map_err(|error| error.to_string())?;
        text.push('\n');
        write(&vectors.join(format!("{}.json", spec.name())), &text)?;
    }
    let mut by_origin: BTreeMap<&str, usize> = BTreeMap::new();
    for input in &inputs {
        let origin = match input.origin {
            inputs::Origin::Valid { .. } => "generated valid",
            inputs::Origin::NearMiss { .. } => "near-misses",
            inputs::Origin::Example { .. } => "examples of the documents",
            inputs::Origin::Probe { .. } => "probes",
        };
        *by_origin.entry(origin).or_default() += 1;
    }
    let run = report::Run {
        date: today(),
        command: command_line(),
        inputs: inputs.len(),
        by_origin: by_origin
            .into_iter()
            .map(|(origin, count)| (origin.to_owned(), count))
            .collect(),
        peers: &infos,
        skipped: &skipped,
        seconds: started.elapsed().as_secs_f64(),
    };
    write(
        &args.out.join("report.md"),
        &report::markdown(&run, &clusters),
    )?;
    eprintln!(
        "rfc1738-lab: {} peers, {} findings in {} clusters ({} new), {:.0} s; report in {}",
        infos.len(),
        findings.len(),
        clusters.len(),
        clusters.iter().filter(|cluster| cluster.new).count(),
        started.elapsed().as_secs_f64(),
        args.out.join("report.md").display()
    );
    Ok(())
}

/// Asks `peer` about every input, classifies its answers under every
/// specification, and clusters and minimizes what departs.
fn ask_peer(
    peer: &mut dyn Peer,
    texts: &[&str],
    judged: &[Vec<Judgement>],
    bar: &ProgressBar,
) -> Result<PeerRun, String> {
    let info = peer.info().clone();
    let mut findings = Vec::new();
    for (chunk, judgements) in texts.chunks(512).zip(judged.chunks(512)) {
        let answers = peer.ask(chunk)?;
        for ((text, ours), answer) in chunk.iter().zip(judgements).zip(&answers) {
            for (spec, ours) in Spec::ALL.iter().zip(ours) {
                findings.extend(classify(&info, *spec, text, ours, answer));
            }
        }
        bar.inc(chunk.len() as u64);
    }
    let mut clusters = report::cluster(&findings);
    bar.set_message(format!("minimizing {} clusters", clusters.len()));
    for cluster in &mut clusters {
        let absolute = has_scheme(&cluster.witness);
        let witness = minimize::minimize(&cluster.witness, |candidates| {
            // An absolute URL stays one: a witness without its scheme would
            // be a relative reference, which is another question.
            let mut holds = reproduces(peer, &info, cluster, candidates);
            for (holds, candidate) in holds.iter_mut().zip(candidates) {
                *holds &= !absolute || has_scheme(candidate);
            }
            holds
        });
        if let Some(finding) = reproduced(peer, &info, cluster, &witness) {
            cluster.witness = witness;
            cluster.ours = finding.ours;
            cluster.theirs = finding.theirs;
        }
    }
    Ok(PeerRun {
        info,
        findings,
        clusters,
    })
}

/// Which candidates keep `cluster`'s disagreement: the grammar's side is
/// checked first, in-process, and the peer is asked about the rest at once.
fn reproduces(
    peer: &mut dyn Peer,
    info: &PeerInfo,
    cluster: &Cluster,
    candidates: &[String],
) -> Vec<bool> {
    let spec: Spec = cluster.spec.parse().expect("a cluster's spec is a spec");
    let judged: Vec<Judgement> = candidates
        .iter()
        .map(|candidate| judge(candidate, spec))
        .collect();
    let plausible: Vec<usize> = (0..candidates.len())
        .filter(|&index| {
            let ours = &judged[index];
            match cluster.class {
                Class::Strict => ours.valid && ours.rule == cluster.rule,
                Class::Lenient | Class::MisplacedError => !ours.valid && ours.rule == cluster.rule,
                Class::Component => ours.valid,
            }
        })
        .collect();
    let asked: Vec<&str> = plausible
        .iter()
        .map(|&index| candidates[index].as_str())
        .collect();
    let answers = peer.ask(&asked).unwrap_or_default();
    let mut holds = vec![false; candidates.len()];
    for (&index, answer) in plausible.iter().zip(&answers) {
        holds[index] = classify(info, spec, &candidates[index], &judged[index], answer)
            .iter()
            .any(|finding| same_departure(finding, cluster));
    }
    holds
}

/// The finding of `cluster`'s kind on `witness`, if the peer still departs.
fn reproduced(
    peer: &mut dyn Peer,
    info: &PeerInfo,
    cluster: &Cluster,
    witness: &str,
) -> Option<Finding> {
    let spec: Spec = cluster.spec.parse().ok()?;
    let answer = peer.ask(&[witness]).ok()?.pop()?;
    classify(info, spec, witness, &judge(witness, spec), &answer)
        .into_iter()
        .find(|finding| same_departure(finding, cluster))
}

fn same_departure(finding: &Finding, cluster: &Cluster) -> bool {
    finding.class == cluster.class
        && finding.rule == cluster.rule
        && finding.component == cluster.component
        && finding.detail == cluster.detail
}

/// The documented departures, `known/PEER.json`, by peer.
fn known() -> Result<BTreeMap<String, Vec<Known>>, String> {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("known");
    let mut known = BTreeMap::new();
    for (name, _) in peers::PEERS {
        let path = folder.join(format!("{name}.json"));
        if let Ok(text) = std::fs::read_to_string(&path) {
            let list: Vec<Known> = serde_json::from_str(&text)
                .map_err(|error| format!("{}: {error}", path.display()))?;
            known.insert(name.to_owned(), list);
        }
    }
    Ok(known)
}

fn previous_keys(folder: &Path) -> Result<BTreeSet<String>, String> {
    let path = folder.join("clusters.json");
    let text =
        std::fs::read_to_string(&path).map_err(|error| format!("{}: {error}", path.display()))?;
    let clusters: Vec<Cluster> =
        serde_json::from_str(&text).map_err(|error| format!("{}: {error}", path.display()))?;
    Ok(clusters.iter().map(report::key_text).collect())
}

fn jsonl(findings: &[Finding]) -> Result<String, String> {
    let mut out = Vec::new();
    for finding in findings {
        serde_json::to_writer(&mut out, finding).map_err(|error| error.to_string())?;
        out.push(b'\n');
    }
    String::from_utf8(out).map_err(|error| error.to_string())
}

fn write(path: &Path, text: &str) -> Result<(), String> {
    std::fs::File::create(path)
        .and_then(|mut file| file.write_all(text.as_bytes()))
        .map_err(|error| format!("{}: {error}", path.display()))
}

/// The command as run, for the report.
fn command_line() -> String {
    let arguments: Vec<String> = std::env::args().skip(1).collect();
    format!(
        "cargo run --release -p rfc1738-lab -- {}",
        arguments.join(" ")
    )
}

/// Today's date (UTC), `YYYY-MM-DD`.
fn today() -> String {
    let days = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |since| since.as_secs() / 86_400);
    civil_date(days.try_into().unwrap_or(0))
}

/// The date `days` after 1970-01-01 (Howard Hinnant's `civil_from_days`).
fn civil_date(days: i64) -> String {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let day_of_era = z - era * 146_097;
    let year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let month_index = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * month_index + 2) / 5 + 1;
    let month = if month_index < 10 {
        month_index + 3
    } else {
        month_index - 9
    };
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_departures_parse_and_name_peers() {
        let known = known().unwrap();
        assert!(known.len() >= 10);
        for (name, list) in &known {
            assert!(peers::PEERS.iter().any(|(peer, _)| peer == name), "{name}");
            assert!(list.iter().all(|known| !known.why.is_empty()), "{name}");
        }
    }

    #[test]
    fn dates_are_civil() {
        assert_eq!(civil_date(0), "1970-01-01");
        assert_eq!(civil_date(11_016), "2000-02-29");
        assert_eq!(civil_date(20_783), "2026-11-26");
    }

    #[test]
    fn schemes_are_recognized() {
        assert!(has_scheme("http://h") && has_scheme("a+b-c.d:") && has_scheme("x:"));
        assert!(
            !has_scheme("//h:80") && !has_scheme("1a:") && !has_scheme(":x") && !has_scheme("a b:")
        );
    }
}
