//! The time a user waits for one small diagram: `stonepress build` of a one-diagram Go
//! document (SVG) against sgf-render drawing the same SGF to SVG, both run as processes from
//! the same folder, alternating run by run so that both see the same load. Prints the median
//! and mean wall time of each, their ratios, and the machine's load average before and after.
//! Then, on Linux, the CPU time (user + system) each takes a run, from a second pass in
//! batches of 20 runs, alternating batch by batch (the kernel counts the CPU time of finished
//! children in hundredths of a second, so a run is too short to time alone): on a loaded
//! machine the wall times mostly measure waiting for a core and for the disk, the CPU time
//! the work each program does.
//!
//! Like for like: each run replaces the file the previous run of the same program wrote, the
//! way a user rebuilds a diagram after an edit. sgf-render reads `one.sgf` and writes
//! `peer.svg` (about 4 KB) in place: it truncates the old file and writes the new bytes into
//! it (no temporary file, no rename, no sync), so a kill or a full disk mid-write leaves a
//! half-written file. stonepress reads `one.toml` and `one.sgf`, replays the moves with the
//! rules enforced, lays the page out, checks that the page it replaces is its own, writes
//! `out/one/001-one-diagram.svg` (about 16 KB: an A4 page with the document's title, the board
//! and its caption) to a temporary name, renames it over the old page (the one-rename commit
//! of `src/render/atomic.rs`) and syncs the folder once; a kill leaves the old page or the new
//! one. The `--durable` row adds the data sync of the page before the rename. sgf-render
//! syncs nothing, so the `folder sync` row times that one step alone (a 16 KB page renamed
//! over another and its folder synced, in the same rotation): the part of stonepress's time
//! that buys the durability of the new name.
//!
//!     SGF_RENDER=/path/to/sgf-render cargo bench --bench one_diagram
//!     SGF_RENDER=... cargo bench --bench one_diagram -- 500      # another number of runs
//!
//! `SGF_RENDER` names the peer binary (`cargo install sgf-render --root DIR` puts it in
//! `DIR/bin`); without it the comparison is skipped with a message and only stonepress is
//! timed. `STONEPRESS_BASELINE` may name a second stonepress binary (an older build), timed in
//! the same rotation.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

const SGF: &str =
    "(;GM[1]FF[4]SZ[9]KM[7]AB[cc][dc][ec][cd][ce]AW[dd][ed][de][fd];B[ee];W[fe];B[df])\n";

const CONFIG: &str = r#"[document]
title = "One diagram"
name = "one"
formats = ["svg"]

[[diagram]]
game = "go"
title = "a fight"
position = "one.sgf"
"#;

/// One contestant: a name and the command line that makes the diagram.
struct Runner {
    name: String,
    program: PathBuf,
    args: Vec<String>,
    times: Vec<f64>,
    /// CPU seconds of the batches timed so far, and their runs.
    cpu: f64,
    cpu_runs: usize,
}

impl Runner {
    fn new(name: &str, program: PathBuf, args: &[&str]) -> Runner {
        Runner {
            name: name.to_string(),
            program,
            args: args.iter().map(|a| a.to_string()).collect(),
            times: Vec::new(),
            cpu: 0.0,
            cpu_runs: 0,
        }
    }

    /// One run, its wall time recorded.
    fn run(&mut self, dir: &Path) {
        let t = Instant::now();
        self.exec(dir);
        self.times.push(t.elapsed().as_secs_f64());
    }

    /// One run, checked to succeed.
    fn exec(&self, dir: &Path) {
        let out = Command::new(&self.program)
            .args(&self.args)
            .current_dir(dir)
            .output()
            .unwrap_or_else(|e| panic!("{}: {e}", self.program.display()));
        assert!(
            out.status.success(),
            "{}: {}",
            self.name,
            String::from_utf8_lossy(&out.stderr)
        );
    }

    fn median(&self) -> f64 {
        let mut t = self.times.clone();
        t.sort_by(f64::total_cmp);
        t[t.len() / 2]
    }

    fn mean(&self) -> f64 {
        self.times.iter().sum::<f64>() / self.times.len() as f64
    }
}

fn stonepress(name: &str, program: PathBuf, out: &str) -> Runner {
    Runner::new(name, program, &["build", "one.toml", "--out", out])
}

/// The CPU time (user + system) of this process's finished children so far, in seconds
/// (Linux: fields 16 and 17 of /proc/self/stat, in ticks of 1/100 s on every Linux ABI
/// this runs on), or None where there is no such file.
fn children_cpu() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    let fields: Vec<&str> = stat[stat.rfind(')')? + 1..].split_whitespace().collect();
    let ticks = fields.get(13)?.parse::<u64>().ok()? + fields.get(14)?.parse::<u64>().ok()?;
    Some(ticks as f64 / 100.0)
}

/// The one-minute load average (Linux), or "?".
fn load() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|t| t.split_whitespace().next().map(str::to_string))
        .unwrap_or_else(|| "?".to_string())
}

fn main() {
    let runs: usize = std::env::args()
        .skip(1)
        .find_map(|a| a.parse().ok())
        .unwrap_or(200);
    let dir = std::env::temp_dir().join(format!("stonepress-bench-one-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temporary folder");
    std::fs::write(dir.join("one.sgf"), SGF).expect("write the SGF");
    std::fs::write(dir.join("one.toml"), CONFIG).expect("write the configuration");
    let me = PathBuf::from(env!("CARGO_BIN_EXE_stonepress"));
    let mut durable = stonepress("--durable", me.clone(), "out-durable");
    durable.args.push("--durable".to_string());
    let mut runners = vec![stonepress("stonepress", me, "out"), durable];
    if let Some(base) = std::env::var_os("STONEPRESS_BASELINE") {
        runners.push(stonepress("baseline", PathBuf::from(base), "out-baseline"));
    }
    let peer = std::env::var_os("SGF_RENDER").map(PathBuf::from);
    match &peer {
        Some(p) if p.is_file() => runners.push(Runner::new(
            "sgf-render",
            p.clone(),
            &["one.sgf", "-o", "peer.svg"],
        )),
        Some(p) => println!(
            "SKIPPED: SGF_RENDER={} is not a file; timing stonepress alone",
            p.display()
        ),
        None => println!(
            "SKIPPED: set SGF_RENDER to an sgf-render binary for the comparison \
             (cargo install sgf-render --root DIR); timing stonepress alone"
        ),
    }
    let load_before = load();
    // One warm-up round, not counted.
    for r in &mut runners {
        r.run(&dir);
        r.times.clear();
    }
    // What the folder sync costs by itself here: the last two steps of a one-page rebuild
    // (rename a page of the same size over the old one, fsync its folder), done in this
    // process in the same rotation, so its time can be set against the rows above.
    let mut sync = Runner::new("folder sync", PathBuf::new(), &[]);
    let scratch = dir.join("sync");
    std::fs::create_dir_all(&scratch).expect("scratch folder");
    let page = vec![b'x'; 16_000];
    std::fs::write(scratch.join("page.svg"), &page).expect("write the page");
    for _ in 0..runs {
        for r in &mut runners {
            r.run(&dir);
        }
        let tmp = scratch.join(".page.svg.tmp");
        std::fs::write(&tmp, &page).expect("write the page");
        let t = Instant::now();
        std::fs::rename(&tmp, scratch.join("page.svg")).expect("rename the page");
        std::fs::File::open(&scratch)
            .and_then(|f| f.sync_all())
            .expect("sync the folder");
        sync.times.push(t.elapsed().as_secs_f64());
    }
    // The CPU pass: batches of BATCH runs, alternating batch by batch.
    const BATCH: usize = 20;
    for _ in 0..runs.div_ceil(BATCH) {
        for r in &mut runners {
            let Some(before) = children_cpu() else { break };
            for _ in 0..BATCH {
                r.exec(&dir);
            }
            if let Some(after) = children_cpu() {
                r.cpu += after - before;
                r.cpu_runs += BATCH;
            }
        }
    }
    let load_after = load();
    println!(
        "one-diagram build, {runs} runs each, alternating \
         (load average before {load_before}, after {load_after}):"
    );
    for r in &runners {
        println!(
            "  {:<12} median {:6.2} ms   mean {:6.2} ms",
            r.name,
            r.median() * 1000.0,
            r.mean() * 1000.0
        );
    }
    println!(
        "  {:<12} median {:6.2} ms   mean {:6.2} ms   (rename + fsync alone, in this process)",
        sync.name,
        sync.median() * 1000.0,
        sync.mean() * 1000.0
    );
    if let Some(p) = runners.iter().find(|r| r.name == "sgf-render") {
        for r in runners.iter().filter(|r| r.name != "sgf-render") {
            println!(
                "  {} / sgf-render: {:.2} (median), {:.2} (mean)",
                r.name,
                r.median() / p.median(),
                r.mean() / p.mean()
            );
        }
    }
    let cpu = |r: &Runner| r.cpu / r.cpu_runs.max(1) as f64;
    if runners.iter().all(|r| r.cpu_runs > 0) {
        println!("CPU time a run (user + system), batches of {BATCH} runs, alternating:");
        for r in &runners {
            println!(
                "  {:<12} {:6.2} ms   ({} runs)",
                r.name,
                cpu(r) * 1000.0,
                r.cpu_runs
            );
        }
        if let Some(p) = runners.iter().find(|r| r.name == "sgf-render") {
            for r in runners.iter().filter(|r| r.name != "sgf-render") {
                println!("  {} / sgf-render: {:.2} (CPU)", r.name, cpu(r) / cpu(p));
            }
        }
    } else {
        println!("CPU time: SKIPPED (no /proc/self/stat to read it from)");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
