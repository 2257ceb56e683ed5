fn main() {
    let invalid = "http://www.example.com/archive/of/the/site/documents/in/a/long/path/to/the/index~1.html?q=22&r=19945";
    let mut n = 0;
    for _ in 0..200000 {
        n += rfc1738::Url::parse(std::hint::black_box(invalid))
            .unwrap_err()
            .offset();
    }
    println!("{n}");
}
