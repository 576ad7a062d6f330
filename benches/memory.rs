//! Peak memory of long builds, each made by the release binary and measured by `/usr/bin/time`
//! (maximum resident set size); the bar is 100 MB.
//!
//! - A 1000-page Kropki 60 x 60 pad (the largest board on the most pages one `[[board]]` table
//!   allows), PDF only. Pages are made and written one at a time, so the figure stays near that
//!   of a one-page build.
//! - `go`: a 1000-puzzle Go life-and-death book (two `[[puzzles]]` tables of 500, the most one
//!   table allows, each with its own seed), PDF only, generated on the machine's cores. It
//!   also prints the CPU time per kept puzzle.
//!
//! ```text
//! cargo bench --bench memory            # the 1000-page pad
//! cargo bench --bench memory -- 200     # another page count
//! cargo bench --bench memory -- go      # the 1000-puzzle Go book
//! cargo bench --bench memory -- go 100  # another puzzle count
//! ```

use std::path::Path;
use std::process::Command;
use std::time::Instant;

/// Builds `config` into `out` under `/usr/bin/time`: (peak RSS in kB, user CPU seconds, wall
/// seconds).
fn measured_build(config: &Path, out: &Path) -> (u64, f64, f64) {
    let t = Instant::now();
    let run = Command::new("/usr/bin/time")
        .args(["-f", "%M %U"])
        .arg(env!("CARGO_BIN_EXE_stonepress"))
        .arg("build")
        .arg(config)
        .arg("--out")
        .arg(out)
        .output()
        .expect("/usr/bin/time runs (install the 'time' package)");
    let secs = t.elapsed().as_secs_f64();
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(run.status.success(), "build failed: {stderr}");
    let last = stderr.lines().last().unwrap_or_default();
    let mut figures = last.split_whitespace();
    let kb: u64 = figures
        .next()
        .and_then(|s| s.parse().ok())
        .expect("a peak memory figure from /usr/bin/time");
    let cpu: f64 = figures.next().and_then(|s| s.parse().ok()).unwrap_or(0.0);
    (kb, cpu, secs)
}

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    let go = args.iter().any(|a| a == "go");
    let number: Option<usize> = args.iter().find_map(|a| a.parse().ok());
    let dir = std::env::temp_dir().join(format!("stonepress-bench-memory-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temporary folder");
    let config = dir.join("book.toml");
    let text = if go {
        let puzzles = number.unwrap_or(1000).max(1);
        let mut text = String::from(
            "[document]\ntitle = \"9x9 Go: a thousand problems\"\nname = \"book\"\n\
             formats = [\"pdf\"]\nseed = 2026\n",
        );
        let mut left = puzzles;
        let mut table = 0;
        while left > 0 {
            let count = left.min(500);
            table += 1;
            text.push_str(&format!(
                "\n[[puzzles]]\ngame = \"go\"\ncount = {count}\nseed = {table}\nper_page = 6\n\
                 title = \"Problems, part {table}\"\n"
            ));
            left -= count;
        }
        text
    } else {
        let pages = number.unwrap_or(1000);
        format!(
            "[document]\ntitle = \"Kropki 60 x 60\"\nname = \"book\"\nformats = [\"pdf\"]\n\
             [[board]]\ngame = \"kropki\"\nwidth = 60\nheight = 60\npages = {pages}\n"
        )
    };
    std::fs::write(&config, text).expect("write the configuration");
    let (kb, cpu, secs) = measured_build(&config, &dir.join("out"));
    let bytes = std::fs::metadata(dir.join("out/book.pdf")).map_or(0, |m| m.len());
    let mb = kb as f64 / 1024.0;
    if go {
        let puzzles = number.unwrap_or(1000).max(1);
        println!(
            "memory: {puzzles}-puzzle Go book: peak RSS {mb:.1} MB (bar 100 MB), {secs:.1} s, \
             {cpu:.1} s CPU ({:.3} s per kept puzzle), {:.1} MB PDF",
            cpu / puzzles as f64,
            bytes as f64 / 1e6
        );
    } else {
        let pages = number.unwrap_or(1000);
        println!(
            "memory: {pages}-page Kropki 60 x 60 PDF: peak RSS {mb:.1} MB (bar 100 MB), \
             {secs:.1} s, {:.1} MB PDF",
            bytes as f64 / 1e6
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(kb < 100 * 1024, "peak memory {kb} kB is over 100 MB");
}
