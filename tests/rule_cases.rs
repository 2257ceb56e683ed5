//! Accept/reject tables for every rule of the Section 5 BNF, under each
//! specification (`tests/data/rule_cases.tsv`, derived from the BNF by hand).

use crate::common;

use common::unescape;
use rfc1738::{Spec, Url};

#[test]
fn every_rule_accepts_and_rejects_as_its_bnf_says() {
    let table = include_str!("data/rule_cases.tsv");
    let mut checked = 0;
    let mut wrong = Vec::new();
    for (number, line) in table.lines().enumerate() {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.splitn(4, '\t').collect();
        let [rule, spec, verdict, url] = fields[..] else {
            panic!(
                "line {}: expected four TAB-separated fields: {line:?}",
                number + 1
            );
        };
        let specs: &[Spec] = match spec {
            "both" => &Spec::SECTION5,
            "rfc1738" => &[Spec::Rfc1738],
            "draft07" => &[Spec::Draft07],
            other => panic!("line {}: unknown spec {other:?}", number + 1),
        };
        let accept = match verdict {
            "accept" => true,
            "reject" => false,
            other => panic!("line {}: unknown verdict {other:?}", number + 1),
        };
        let url = unescape(url);
        for &spec in specs {
            checked += 1;
            let result = Url::parse_with(&url, spec);
            if result.is_ok() != accept {
                wrong.push(format!(
                    "line {} ({rule}, {spec}): {url:?} should be {verdict}ed: {}",
                    number + 1,
                    result.map_or_else(|e| e.to_string(), |_| "accepted".to_owned())
                ));
            }
        }
    }
    assert!(checked > 600, "the table has only {checked} cases");
    assert!(
        wrong.is_empty(),
        "{} of {checked} cases wrong:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}
