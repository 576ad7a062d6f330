//! Peak memory of a long build: a 1000-page Kropki 60 x 60 pad (the largest board on the most
//! pages one `[[board]]` table allows), PDF only, built by the release binary and measured by
//! `/usr/bin/time` (maximum resident set size). Pages are made and written one at a time, so
//! the figure stays near that of a one-page build; the bar is 100 MB.
//!
//!     cargo bench --bench memory            # 1000 pages
//!     cargo bench --bench memory -- 200     # another page count

use std::process::Command;
use std::time::Instant;

fn main() {
    let pages: usize = std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .unwrap_or(1000);
    let dir = std::env::temp_dir().join(format!("stonepress-bench-memory-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temporary folder");
    let config = dir.join("pad.toml");
    std::fs::write(
        &config,
        format!(
            "[document]\ntitle = \"Kropki 60 x 60\"\nname = \"pad\"\nformats = [\"pdf\"]\n\
             [[board]]\ngame = \"kropki\"\nwidth = 60\nheight = 60\npages = {pages}\n"
        ),
    )
    .expect("write the configuration");
    let t = Instant::now();
    let out = Command::new("/usr/bin/time")
        .args(["-f", "%M"])
        .arg(env!("CARGO_BIN_EXE_stonepress"))
        .arg("build")
        .arg(&config)
        .arg("--out")
        .arg(dir.join("out"))
        .output()
        .expect("/usr/bin/time runs (install the 'time' package)");
    let secs = t.elapsed().as_secs_f64();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "build failed: {stderr}");
    let kb: u64 = stderr
        .lines()
        .last()
        .and_then(|l| l.trim().parse().ok())
        .expect("a peak memory figure from /usr/bin/time");
    let bytes = std::fs::metadata(dir.join("out/pad.pdf")).map_or(0, |m| m.len());
    println!(
        "memory: {pages}-page Kropki 60 x 60 PDF: peak RSS {:.1} MB (bar 100 MB), {secs:.1} s, \
         {:.1} MB PDF",
        kb as f64 / 1024.0,
        bytes as f64 / 1e6
    );
    let _ = std::fs::remove_dir_all(&dir);
    assert!(kb < 100 * 1024, "peak memory {kb} kB is over 100 MB");
}
