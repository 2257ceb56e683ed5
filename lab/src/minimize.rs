//! The shortest witness of a disagreement: chunks of the input deleted,
//! halving the chunk as deletions stop holding, as long as the
//! disagreement holds.

/// The shortest text reached from `witness` by deleting runs of characters
/// while `holds` says the disagreement stays. `holds` is asked about a
/// batch of candidates at a time (so that a peer out of process answers
/// them in one exchange) and says which hold.
pub fn minimize(witness: &str, mut holds: impl FnMut(&[String]) -> Vec<bool>) -> String {
    let mut best: Vec<char> = witness.chars().collect();
    let mut chunk = (best.len() / 2).max(1);
    // Each round either shortens the witness or halves the chunk, so the
    // rounds are bounded; the cap keeps a pathological predicate cheap.
    for _ in 0..256 {
        if best.is_empty() {
            break;
        }
        let candidates: Vec<String> = (0..best.len())
            .step_by(chunk)
            .map(|start| {
                let end = (start + chunk).min(best.len());
                best[..start].iter().chain(&best[end..]).collect()
            })
            .collect();
        let verdicts = holds(&candidates);
        let shortest = candidates
            .iter()
            .zip(&verdicts)
            .filter(|(_, holds)| **holds)
            .map(|(candidate, _)| candidate)
            .min_by_key(|candidate| candidate.chars().count());
        match shortest {
            Some(shorter) => {
                best = shorter.chars().collect();
                chunk = chunk.min((best.len() / 2).max(1));
            }
            None if chunk == 1 => break,
            None => chunk /= 2,
        }
    }
    best.into_iter().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_what_the_disagreement_needs() {
        // The disagreement: a space inside, and the text starts with "http:".
        let holds = |candidates: &[String]| -> Vec<bool> {
            candidates
                .iter()
                .map(|c| c.starts_with("http:") && c.contains(' '))
                .collect()
        };
        let witness = minimize("http://example.com/a path/with more?q=1#f", holds);
        assert_eq!(witness, "http: ");
        assert!(holds(std::slice::from_ref(&witness))[0]);
    }

    #[test]
    fn a_witness_that_cannot_shrink_stays() {
        let witness = minimize("ab", |candidates| vec![false; candidates.len()]);
        assert_eq!(witness, "ab");
        assert_eq!(minimize("", |candidates| vec![true; candidates.len()]), "");
    }

    #[test]
    fn non_ascii_is_cut_at_characters() {
        let witness = minimize("xxééxx", |candidates| {
            candidates.iter().map(|c| c.contains('é')).collect()
        });
        assert_eq!(witness, "é");
    }
}
