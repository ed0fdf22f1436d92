use slink::parse::{parse_body, Scanner};
use slink::{Options, Puzzle, Solver};
fn main() {
    let path = std::env::args().nth(1).unwrap();
    let src = std::fs::read(&path).unwrap();
    let mut solver = Solver::new(Options::default());
    let mut p = Puzzle::default();
    for span in Scanner::new(&src) {
        let span = span.unwrap();
        parse_body(&src, &span, &mut p).unwrap();
        let t = std::time::Instant::now();
        let o = solver.solve(&p);
        let us = t.elapsed().as_micros();
        println!(
            "{} {}x{} {:?} passes {} nodes {} probes {} loop {} depth {} us {}",
            span.number,
            p.rows(),
            p.cols(),
            o.status(),
            o.stats.passes,
            o.stats.nodes,
            o.stats.probes,
            o.stats.loop_crosses,
            o.stats.depth,
            us
        );
    }
}
