fn main() {
    let invalid = "http://www.example.com/archive/of/the/site/documents/in/a/long/path/to/the/index~1.html?q=22&r=19945";
    let mut n = 0;
    let _ = rfc1738::__tmp_read(invalid);
    let t = std::time::Instant::now();
    for _ in 0..200000 {
        n += rfc1738::__tmp_read(std::hint::black_box(invalid));
    }
    let a = t.elapsed().as_secs_f64() / 200000.0;
    let t = std::time::Instant::now();
    for _ in 0..200000 {
        n += rfc1738::Url::parse(std::hint::black_box(invalid))
            .unwrap_err()
            .offset();
    }
    let b = t.elapsed().as_secs_f64() / 200000.0;
    let t = std::time::Instant::now();
    for _ in 0..200000 {
        n += rfc1738::Url::parse(std::hint::black_box(invalid))
            .unwrap_err()
            .to_string()
            .len();
    }
    let c = t.elapsed().as_secs_f64() / 200000.0;
    println!(
        "{n} read {:.0} ns, error {:.0} ns, rendered {:.0} ns",
        a * 1e9,
        b * 1e9,
        c * 1e9
    );
}
