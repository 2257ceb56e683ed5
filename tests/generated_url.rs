//! Every URL that `GeneratedUrl` writes conforms: it parses, as a URL of the
//! scheme asked for, and the independent recognizer accepts it too.
#![cfg(feature = "arbitrary")]

use crate::oracle;

use arbitrary::Unstructured;
use oracle::{Oracle, OracleSpec};
use rfc1738::{GeneratedUrl, Scheme, Spec};

#[test]
fn generated_urls_conform_for_every_spec_and_scheme() {
    let oracle = Oracle::new();
    let mut rng = fastrand::Rng::with_seed(1738);
    let mut generated = 0;
    let schemes: Vec<Option<Scheme>> = Scheme::ALL.into_iter().map(Some).chain([None]).collect();
    for _ in 0..2_000 {
        let bytes: Vec<u8> = (0..rng.usize(0..256)).map(|_| rng.u8(..)).collect();
        for spec in Spec::SECTION5 {
            for &scheme in &schemes {
                let url =
                    GeneratedUrl::generate(&mut Unstructured::new(&bytes), spec, scheme).unwrap();
                let parsed = rfc1738::Url::parse_with(url.as_str(), spec)
                    .unwrap_or_else(|error| panic!("{:?} under {spec}: {error}", url.as_str()));
                assert_eq!(parsed.known_scheme(), scheme);
                let oracle_spec = if spec == Spec::Rfc1738 {
                    OracleSpec::Rfc1738
                } else {
                    OracleSpec::Draft07
                };
                assert!(
                    oracle.accepts(oracle_spec, url.as_str()),
                    "{:?}",
                    url.as_str()
                );
                generated += 1;
            }
        }
    }
    assert_eq!(generated, 2_000 * 2 * 11);
}

#[test]
fn empty_fuzzer_input_still_gives_a_url() {
    for spec in Spec::SECTION5 {
        let url =
            GeneratedUrl::generate(&mut Unstructured::new(&[]), spec, Some(Scheme::Ftp)).unwrap();
        assert!(
            rfc1738::Url::parse_with(url.as_str(), spec).is_ok(),
            "{}",
            url.as_str()
        );
    }
}

#[test]
fn generated_rfc3986_uris_conform_and_are_uris() {
    // Under RFC 3986: the later document's form of each scheme (http and
    // mailto by the generic syntax, into `Url::Uri`), every one a `URI` by
    // fluent-uri too, and every kind of host among them.
    let mut rng = fastrand::Rng::with_seed(3986);
    let schemes: Vec<Option<Scheme>> = Scheme::ALL.into_iter().map(Some).chain([None]).collect();
    let mut hosts = [0usize; 4];
    for _ in 0..3_000 {
        let bytes: Vec<u8> = (0..rng.usize(0..256)).map(|_| rng.u8(..)).collect();
        for &scheme in &schemes {
            let url = GeneratedUrl::generate(&mut Unstructured::new(&bytes), Spec::Rfc3986, scheme)
                .unwrap();
            let text = url.as_str();
            let parsed = rfc1738::Url::parse_with(text, Spec::Rfc3986)
                .unwrap_or_else(|error| panic!("{text:?}: {error}"));
            let generic = matches!(scheme, None | Some(Scheme::Http | Scheme::Mailto));
            assert_eq!(parsed.as_uri().is_some(), generic, "{text:?}");
            if !generic {
                assert_eq!(parsed.known_scheme(), scheme, "{text:?}");
            }
            assert!(fluent_uri::Uri::parse(text).is_ok(), "{text:?}");
            if let Some(host) = parsed.hostport().map(|hostport| hostport.host()) {
                hosts[match host {
                    rfc1738::Host::Name(_) => 0,
                    rfc1738::Host::Number(_) => 1,
                    rfc1738::Host::Ipv6(_) => 2,
                    rfc1738::Host::IpvFuture(_) => 3,
                }] += 1;
            }
        }
    }
    assert!(hosts.iter().all(|&count| count > 100), "{hosts:?}");
}
