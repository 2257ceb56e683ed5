fn main() {
    let invalid = "http://www.example.com/archive/of/the/site/documents/in/a/long/path/to/the/index~1.html?q=22&r=19945";
    let mut n = 0;
    for _ in 0..1000000 {
        n += rfc1738::__tmp_read(std::hint::black_box(invalid));
    }
    println!("{n}");
}
