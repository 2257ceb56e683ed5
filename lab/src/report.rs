//! Findings grouped into clusters, the known divergences they match, and
//! what a run writes: `report.md`, `findings.jsonl`, `clusters.json`.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::compare::{Class, Finding};
use crate::peers::PeerInfo;

/// The rules of an authority, in every grammar: a departure there is how an
/// allow-list is bypassed or a request forged to another host.
const AUTHORITY_RULES: [&str; 22] = [
    "authority",
    "userinfo",
    "user",
    "password",
    "login",
    "host",
    "hostport",
    "hostname",
    "hostnumber",
    "port",
    "domainlabel",
    "toplabel",
    "IP-literal",
    "IPvFuture",
    "IPv6address",
    "IPv4address",
    "h16",
    "ls32",
    "dec-octet",
    "reg-name",
    "server",
    "ipv4address",
];

/// Findings that share a peer, a specification, a class, a rule, a
/// component and a detail, with a witness as short as the disagreement
/// allows.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Cluster {
    pub peer: String,
    pub spec: String,
    pub class: Class,
    pub rule: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub component: Option<String>,
    /// How the peer departs, where class and rule do not say it
    /// ([`Finding::detail`]).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub detail: String,
    /// How many findings (inputs) the cluster holds.
    pub count: usize,
    /// The shortest input found, minimized.
    pub witness: String,
    /// The two sides on the witness.
    pub ours: Value,
    pub theirs: Value,
    /// Why the departure is known, where `known/PEER.json` says it is.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub known: Option<String>,
    /// Not among the clusters of the run compared with (`--compare`).
    #[serde(default)]
    pub new: bool,
}

impl Cluster {
    /// Whether the departure is in the authority (host, userinfo, port).
    pub fn on_authority(&self) -> bool {
        matches!(
            self.component.as_deref(),
            Some("userinfo" | "host" | "port")
        ) || AUTHORITY_RULES.contains(&self.rule.as_str())
    }
}

/// The findings grouped by key, each cluster with its count and shortest
/// finding (not yet minimized), in key order.
pub fn cluster(findings: &[Finding]) -> Vec<Cluster> {
    let mut groups: BTreeMap<_, Vec<&Finding>> = BTreeMap::new();
    for finding in findings {
        let key = (
            finding.peer.clone(),
            finding.spec.clone(),
            finding.class,
            finding.rule.clone(),
            finding.component.clone(),
            finding.detail.clone(),
        );
        groups.entry(key).or_default().push(finding);
    }
    groups
        .into_values()
        .map(|members| {
            let shortest = members
                .iter()
                .min_by_key(|finding| (finding.input.chars().count(), &finding.input))
                .expect("a group has members");
            Cluster {
                peer: shortest.peer.clone(),
                spec: shortest.spec.clone(),
                class: shortest.class,
                rule: shortest.rule.clone(),
                component: shortest.component.clone(),
                detail: shortest.detail.clone(),
                count: members.len(),
                witness: shortest.input.clone(),
                ours: shortest.ours.clone(),
                theirs: shortest.theirs.clone(),
                known: None,
                new: false,
            }
        })
        .collect()
}

/// A documented departure of one peer, from `known/PEER.json`: every field
/// given must match a cluster's.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Known {
    #[serde(default)]
    pub spec: Option<String>,
    pub class: Class,
    #[serde(default)]
    pub rule: Option<String>,
    #[serde(default)]
    pub component: Option<String>,
    /// The cluster's [`Cluster::detail`], where the departure is known for
    /// one cause only.
    #[serde(default)]
    pub detail: Option<String>,
    pub why: String,
}

impl Known {
    fn matches(&self, cluster: &Cluster) -> bool {
        self.class == cluster.class
            && self.spec.as_ref().is_none_or(|spec| *spec == cluster.spec)
            && self.rule.as_ref().is_none_or(|rule| *rule == cluster.rule)
            && self
                .detail
                .as_ref()
                .is_none_or(|detail| *detail == cluster.detail)
            && self
                .component
                .as_ref()
                .is_none_or(|component| Some(component) == cluster.component.as_ref())
    }
}

/// Marks each cluster with the first known departure it matches, and as new
/// where `previous` (the keys of a run compared with) lacks it.
pub fn mark(
    clusters: &mut [Cluster],
    known: &BTreeMap<String, Vec<Known>>,
    previous: Option<&BTreeSet<String>>,
) {
    for cluster in clusters {
        cluster.known = known
            .get(&cluster.peer)
            .and_then(|list| list.iter().find(|known| known.matches(cluster)))
            .map(|known| known.why.clone());
        cluster.new = previous.is_some_and(|keys| !keys.contains(&key_text(cluster)));
    }
}

/// A cluster's key as one string, for comparing runs.
pub fn key_text(cluster: &Cluster) -> String {
    format!(
        "{} {} {} {} {} {}",
        cluster.peer,
        cluster.spec,
        cluster.class.name(),
        cluster.rule,
        cluster.component.as_deref().unwrap_or("-"),
        cluster.detail
    )
}

/// How the run came about, for the report's head.
pub struct Run<'a> {
    pub date: String,
    pub command: String,
    pub inputs: usize,
    pub by_origin: Vec<(String, usize)>,
    pub peers: &'a [PeerInfo],
    pub skipped: &'a [(String, String)],
    pub seconds: f64,
}

/// The specifications with their titles, in the report's order: RFC 3986
/// first, the standard most peers claim.
const SPECS: [(&str, &str); 4] = [
    ("rfc3986", "RFC 3986 (the generic `URI`)"),
    ("rfc1738", "RFC 1738 (each scheme's own rule)"),
    ("draft07", "draft-07 (each scheme's own rule)"),
    ("rfc2396", "RFC 2396 (the generic `absoluteURI`)"),
];

/// `report.md`: the peers, a peer × class matrix per specification with
/// one witness a cell, the authority's departures first, and each peer's
/// clusters. Only what departs is shown.
pub fn markdown(run: &Run<'_>, clusters: &[Cluster]) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "# Where URL parsers depart from the RFCs\n");
    let _ = writeln!(
        out,
        "Run on {} with `{}`, in {:.0} s: {} inputs ({}), each read by every peer and judged by the grammars of RFC 3986, RFC 1738, draft-07 and RFC 2396.\n",
        run.date,
        run.command,
        run.seconds,
        run.inputs,
        run.by_origin
            .iter()
            .map(|(origin, count)| format!("{count} {origin}"))
            .collect::<Vec<_>>()
            .join(", ")
    );
    let _ = writeln!(
        out,
        "A finding is one input on which a peer departs from the grammar: **strict** (it refuses a valid URL), **lenient** (it accepts an invalid one; the rule is the one the grammar's error is filed under), **component** (both accept, and it reads a component otherwise, after the changes it declares are allowed for), **misplaced error** (both refuse, at different offsets). Findings with the same peer, specification, class, rule, component and detail (the peer's message for strict, which side has the component, whether an error comes before or after) form a cluster; its witness is the shortest input found, minimized while the disagreement holds. Components and positions are compared under RFC 3986 only; a peer that reads no scheme has refused the input.\n"
    );
    let _ = writeln!(out, "## Peers\n");
    let _ = writeln!(
        out,
        "| peer | version | call | claims | components | normalizes |"
    );
    let _ = writeln!(out, "|---|---|---|---|---|---|");
    for peer in run.peers {
        let _ = writeln!(
            out,
            "| {} | {} | `{}` | {} | {} | {} |",
            peer.peer,
            cell(&peer.version),
            cell(&peer.call),
            cell(&peer.claims),
            peer.components,
            if peer.normalizes.is_empty() {
                "nothing".to_owned()
            } else {
                peer.normalizes.join(", ")
            }
        );
    }
    for (peer, why) in run.skipped {
        let _ = writeln!(out, "| {peer} | skipped: {} | | | | |", cell(why));
    }
    let _ = writeln!(out);
    for (spec, title) in SPECS {
        let in_spec: Vec<&Cluster> = clusters
            .iter()
            .filter(|cluster| cluster.spec == spec)
            .collect();
        let _ = writeln!(out, "## Against {title}\n");
        if in_spec.is_empty() {
            let _ = writeln!(out, "No peer departs.\n");
            continue;
        }
        let _ = writeln!(
            out,
            "Inputs (clusters), and the witness of the cluster that ranks first (the authority's, then the largest).\n"
        );
        let _ = writeln!(
            out,
            "| peer | strict | lenient | component | misplaced error |"
        );
        let _ = writeln!(out, "|---|---|---|---|---|");
        for peer in run.peers {
            let row: Vec<&&Cluster> = in_spec
                .iter()
                .filter(|cluster| cluster.peer == peer.peer)
                .collect();
            if row.is_empty() {
                continue;
            }
            let cells: Vec<String> = Class::ALL
                .iter()
                .map(|class| {
                    let mut here: Vec<&&&Cluster> = row
                        .iter()
                        .filter(|cluster| cluster.class == *class)
                        .collect();
                    if here.is_empty() {
                        return "·".to_owned();
                    }
                    here.sort_by_key(|cluster| {
                        (!cluster.on_authority(), std::cmp::Reverse(cluster.count))
                    });
                    let count: usize = here.iter().map(|cluster| cluster.count).sum();
                    format!("{count} ({}) {}", here.len(), code(&here[0].witness))
                })
                .collect();
            let _ = writeln!(out, "| {} | {} |", peer.peer, cells.join(" | "));
        }
        let _ = writeln!(out);
    }
    // The authority's departures from the standard the peers claim: a
    // component read otherwise first, then what is let through.
    let mut authority: Vec<&Cluster> = clusters
        .iter()
        .filter(|cluster| cluster.spec == "rfc3986" && cluster.on_authority())
        .collect();
    authority.sort_by_key(|cluster| {
        let class_rank = [
            Class::Component,
            Class::Lenient,
            Class::Strict,
            Class::MisplacedError,
        ]
        .iter()
        .position(|class| *class == cluster.class);
        (
            cluster.known.is_some(),
            class_rank,
            std::cmp::Reverse(cluster.count),
        )
    });
    let _ = writeln!(out, "## The authority first\n");
    let _ = writeln!(
        out,
        "Departures from RFC 3986 in the host, the userinfo or the port: where two parsers that disagree send a request to different hosts, or let an allow-list be bypassed. Components read otherwise first, unknown ones before known ones.\n"
    );
    table(&mut out, &authority, true);
    let _ = writeln!(out, "## By peer\n");
    for peer in run.peers {
        let mut mine: Vec<&Cluster> = clusters
            .iter()
            .filter(|cluster| cluster.peer == peer.peer)
            .collect();
        mine.sort_by_key(|cluster| {
            let spec_rank = SPECS.iter().position(|(spec, _)| *spec == cluster.spec);
            (spec_rank, cluster.class, std::cmp::Reverse(cluster.count))
        });
        let _ = writeln!(out, "### {} {}\n", peer.peer, peer.version);
        if mine.is_empty() {
            let _ = writeln!(out, "No departure.\n");
            continue;
        }
        table(&mut out, &mine, false);
    }
    out
}

fn table(out: &mut String, clusters: &[&Cluster], with_peer: bool) {
    if clusters.is_empty() {
        let _ = writeln!(out, "None.\n");
        return;
    }
    let peer_head = if with_peer { "peer | " } else { "" };
    let _ = writeln!(
        out,
        "| {peer_head}spec | class | rule | component (sides) | inputs | witness | grammar | peer | status |"
    );
    let _ = writeln!(
        out,
        "|{}---|---|---|---|---|---|---|---|---|",
        if with_peer { "---|" } else { "" }
    );
    for cluster in clusters {
        let peer = if with_peer {
            format!("{} | ", cluster.peer)
        } else {
            String::new()
        };
        let status = match (&cluster.known, cluster.new) {
            (Some(why), _) => format!("known: {}", cell(why)),
            (None, true) => "**new**".to_owned(),
            (None, false) => String::new(),
        };
        let _ = writeln!(
            out,
            "| {peer}{} | {} | `{}` | {} | {} | {} | {} | {} | {status} |",
            cluster.spec,
            cluster.class.name(),
            cluster.rule,
            match (&cluster.component, cluster.class) {
                (Some(component), _) => format!("{component} ({})", cluster.detail),
                // A strict finding's message is in the peer's column.
                (None, Class::Strict) => String::new(),
                (None, _) => cluster.detail.clone(),
            },
            cluster.count,
            code(&cluster.witness),
            value(&cluster.ours),
            value(&cluster.theirs),
        );
    }
    let _ = writeln!(out);
}

/// Text for a Markdown table cell: pipes escaped, on one line.
fn cell(text: &str) -> String {
    text.replace('|', "\\|").replace(['\n', '\r'], " ")
}

/// An input as inline code, visible whatever it holds: control characters
/// written as escapes, pipes escaped, backquotes fenced.
fn code(text: &str) -> String {
    let shown: String = text
        .chars()
        .map(|c| {
            if c.is_control() {
                c.escape_default().to_string()
            } else {
                c.to_string()
            }
        })
        .collect();
    let shown = cell(&shown);
    if shown.is_empty() {
        "(empty)".to_owned()
    } else if shown.contains('`') {
        format!("`` {shown} ``")
    } else {
        format!("`{shown}`")
    }
}

fn value(value: &Value) -> String {
    match value {
        Value::Null => "absent".to_owned(),
        Value::String(text) => code(text),
        Value::Number(offset) => format!("error at {offset}"),
        // The components a peer read: the authority's and the path, in
        // RFC 3986's order.
        Value::Object(parts) => {
            let shown: Vec<String> = ["userinfo", "host", "port", "path"]
                .iter()
                .filter_map(|name| Some(format!("{name} {}", code(parts.get(*name)?.as_str()?))))
                .collect();
            if shown.is_empty() {
                "accepted".to_owned()
            } else {
                shown.join(", ")
            }
        }
        other => cell(&other.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn finding(
        peer: &str,
        class: Class,
        rule: &str,
        component: Option<&str>,
        input: &str,
    ) -> Finding {
        Finding {
            peer: peer.to_owned(),
            class,
            spec: "rfc3986".to_owned(),
            input: input.to_owned(),
            valid: class != Class::Lenient,
            rule: rule.to_owned(),
            component: component.map(str::to_owned),
            detail: String::new(),
            ours: Value::Null,
            theirs: Value::Null,
        }
    }

    #[test]
    fn findings_cluster_by_peer_class_rule_and_component() {
        let findings = [
            finding("a", Class::Lenient, "host", None, "http://h h/"),
            finding("a", Class::Lenient, "host", None, "http://x y/"),
            finding("a", Class::Lenient, "host", None, "h://a b"),
            finding("a", Class::Lenient, "path", None, "h:/ "),
            finding("b", Class::Lenient, "host", None, "http://h h/"),
            finding("a", Class::Component, "host", Some("host"), "http://H/"),
        ];
        let clusters = cluster(&findings);
        assert_eq!(clusters.len(), 4);
        let host = clusters
            .iter()
            .find(|c| c.peer == "a" && c.class == Class::Lenient && c.rule == "host")
            .unwrap();
        assert_eq!((host.count, host.witness.as_str()), (3, "h://a b"));
        assert!(host.on_authority());
        let path = clusters.iter().find(|c| c.rule == "path").unwrap();
        assert!(!path.on_authority());
    }

    #[test]
    fn known_departures_and_new_ones_are_marked() {
        let mut clusters = cluster(&[
            finding(
                "a",
                Class::Component,
                "path",
                Some("path"),
                "http://h/a/../b",
            ),
            finding("a", Class::Lenient, "host", None, "http://h h/"),
        ]);
        let known = BTreeMap::from([(
            "a".to_owned(),
            vec![Known {
                spec: None,
                class: Class::Component,
                rule: None,
                component: Some("path".to_owned()),
                detail: None,
                why: "WHATWG".to_owned(),
            }],
        )]);
        let path_key = clusters
            .iter()
            .find(|c| c.class == Class::Component)
            .map(key_text)
            .unwrap();
        let previous = BTreeSet::from([path_key]);
        mark(&mut clusters, &known, Some(&previous));
        let path = clusters
            .iter()
            .find(|c| c.class == Class::Component)
            .unwrap();
        let host = clusters.iter().find(|c| c.class == Class::Lenient).unwrap();
        assert_eq!((path.known.as_deref(), path.new), (Some("WHATWG"), false));
        assert_eq!((host.known.as_deref(), host.new), (None, true));
    }

    #[test]
    fn code_shows_what_an_input_holds() {
        assert_eq!(code("a\tb"), "`a\\tb`");
        assert_eq!(code("a|b"), "`a\\|b`");
        assert_eq!(code("a`b"), "`` a`b ``");
        assert_eq!(code(""), "(empty)");
    }
}
