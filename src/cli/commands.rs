//! One function per subcommand.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

use super::build::{NAME_MAX, build_pages, entries, write_outputs};
use super::shard;
use super::{Command, Failure, Trees};
use crate::config::{self, Format, Plan};
use crate::figure::BoardStyle;
use crate::games::{self, BoardParams, GameError, GameId, ScoreOptions, SolveOptions, Source};
use crate::layout::diagrams::Block;
use crate::layout::{Orientation, Paper, SheetSpec};
use crate::puzzle::{Record, SelectError, Shard};
use crate::render::atomic::{self, OutputError, OutputSet};
use crate::render::{pdf, svg};

/// Runs one subcommand.
pub fn run(command: Command) -> Result<(), Failure> {
    match command {
        Command::Build {
            config,
            out,
            seed,
            jobs,
            format,
            bench,
            force,
            durable,
            shard,
            shard_margin,
        } => match shard {
            Some(s) => {
                let shard = Shard::parse(&s).ok_or_else(|| {
                    Failure::Input(format!(
                        "--shard '{s}': use I/N with 0 <= I < N, for example 0/4"
                    ))
                })?;
                let margin = shard_margin.unwrap_or(shard::DEFAULT_MARGIN);
                build_shard(config.as_deref(), &out, seed, jobs, format, (shard, margin))
            }
            None => build(
                config.as_deref(),
                &out,
                (seed, jobs, format),
                bench,
                (force, durable),
            ),
        },
        Command::Merge {
            parts,
            out,
            config,
            force,
            durable,
        } => merge(&parts, &out, config.as_deref(), (force, durable)),
        Command::Board {
            game,
            paper,
            landscape,
            portrait,
            scale,
            size,
            width,
            height,
            base,
            no_coordinates,
            record_table,
            score_table,
            per_page,
            style,
            margins_mm,
            out,
            force,
        } => {
            let game = parse_game(&game)?;
            let mut params = BoardParams::new();
            for (key, v) in [
                ("size", size),
                ("width", width),
                ("height", height),
                ("base", base),
            ] {
                if let Some(v) = v {
                    params.set(key, v);
                }
            }
            let sheet = BoardRequest {
                game,
                paper,
                landscape,
                portrait,
                scale,
                params,
                coordinates: !no_coordinates,
                record_table,
                score_table,
                per_page,
                style,
                margins_mm,
            };
            board(sheet, out, force)
        }
        Command::Score {
            game,
            position,
            tree,
            dead,
            json,
        } => {
            let game = parse_game(&game)?;
            let (name, text) = read_position(&position, tree)?;
            let source = Source::file(&name, &text);
            let report = games::score(game, &source, &ScoreOptions { dead }).map_err(input)?;
            print_report(&report, json)
        }
        Command::Solve {
            game,
            position,
            tree,
            jobs,
            goal,
            to_play,
            target,
            region,
            budget_ms,
            nodes,
            frame,
            eye_knowledge,
            read_enclosed,
            rules_only,
            in_n,
            json,
        } => {
            let game = parse_game(&game)?;
            let opts = SolveOptions {
                goal,
                to_play,
                target,
                region,
                budget_ms,
                nodes,
                in_n,
                frame,
                eye_knowledge,
                read_enclosed,
                rules_only,
            };
            games::needs_solver(game).map_err(input)?;
            let tree = match tree {
                Some(Trees::All) => {
                    let jobs = jobs.map_or(Ok(1), |j| worker_count(Some(j)))?;
                    return solve_all(game, &position, &opts, json, jobs);
                }
                _ if jobs.is_some() => {
                    return Err(Failure::Input(
                        "--jobs reads several problems at once, with --tree all".into(),
                    ));
                }
                Some(Trees::One(n)) => Some(n),
                None => None,
            };
            let (name, text) = read_position(&position, tree)?;
            let source = Source::file(&name, &text);
            let report = games::solve(game, &source, &opts).map_err(input)?;
            print_report(&report, json)
        }
        Command::Verify { manifest } => {
            check_manifest_file(&manifest)?;
            let report = crate::puzzle::verify_manifest(&manifest).map_err(input)?;
            let failed = report.json["failures"].as_array().map_or(0, |f| f.len());
            if failed > 0 {
                return Err(Failure::Runtime(report.text.trim_end().to_string()));
            }
            print_report(&report, false)
        }
        Command::Check { config } => {
            let plan = config::load(&config).map_err(|e| Failure::Input(e.to_string()))?;
            for warning in overflows(&plan, &config.display().to_string()) {
                eprintln!("warning: {warning}");
            }
            // The puzzles are proven by `build` only, and the count below stays that of the
            // sheets and books as configured.
            let pages = plan.sheets.iter().map(|s| s.page_count()).sum::<usize>()
                + plan.books.iter().map(|b| b.pages()).sum::<usize>();
            let puzzles: usize = plan.books.iter().map(|b| b.set.count).sum();
            println!(
                "{}: ok ({} page{} of sheets and books, {} board sheet{}, {} diagram block{}, \
                 {} puzzle{} to generate)",
                config.display(),
                pages,
                plural(pages),
                plan.sheets.len(),
                plural(plan.sheets.len()),
                plan.blocks.len(),
                plural(plan.blocks.len()),
                puzzles,
                plural(puzzles)
            );
            Ok(())
        }
        Command::Games => {
            print!("{}", games_text());
            Ok(())
        }
        Command::Init { file, force } => init(&file, force),
    }
}

/// Lays the plan out as `build` would, without writing anything, and returns a warning for
/// each text that overflows its box even wrapped and shrunk. The diagrams are made by their
/// engines; the puzzle books are laid out without their puzzles (which only `build` generates
/// and proves), so their headings, footers and chapter pages are checked but not their cells.
fn overflows(plan: &Plan, file: &str) -> Vec<String> {
    let (blocks, _) = config::diagram::make_blocks(&plan.blocks);
    let mut laid = plan.clone();
    // Imposition only places finished pages on sheets: the texts are those of the pages.
    laid.imposition = None;
    let sets = vec![Vec::new(); laid.books.len()];
    let mut out = Vec::new();
    super::build::for_each_page(&laid, &blocks, &sets, &mut |_, page, _| {
        out.extend(page.overflows.iter().map(|o| o.message(file)));
        Ok::<(), ()>(())
    })
    .expect("collecting warnings does not fail");
    out
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

fn input(e: GameError) -> Failure {
    match e {
        GameError::Unsupported(m) => Failure::Runtime(m),
        other => Failure::Input(other.to_string()),
    }
}

/// Refuses, with a message that says what the file is, a file that cannot be a manifest: a
/// PDF or other binary file, text that is not JSON (with its line and column).
fn check_manifest_file(manifest: &Path) -> Result<(), Failure> {
    use crate::util::text::{TextError, read_text};
    let name = manifest.display();
    let text = match read_text(manifest) {
        Ok(t) => t,
        Err(TextError::Io(e)) => return Err(Failure::Input(format!("{name}: cannot read: {e}"))),
        Err(e @ TextError::Utf8 { line, column, .. }) => {
            let (what, line, column) = match std::fs::read(manifest) {
                Ok(b) if b.starts_with(b"%PDF") => ("a PDF".to_string(), 1, 1),
                _ => (format!("binary ({e})"), line, column),
            };
            return Err(Failure::Input(format!(
                "{name}:{line}:{column}: this file is {what}, not a manifest\nhint: give the \
                 manifest NAME.json that `build` writes beside NAME.pdf"
            )));
        }
    };
    if text.starts_with("%PDF") {
        return Err(Failure::Input(format!(
            "{name}:1:1: this file is a PDF, not a manifest\nhint: give the manifest NAME.json \
             that `build` writes beside NAME.pdf"
        )));
    }
    if let Err(e) = serde_json::from_str::<crate::puzzle::Manifest>(&text) {
        let what = if e.is_data() {
            "JSON, but not a manifest's"
        } else if text.trim_start().starts_with(['[', '{']) {
            "broken JSON"
        } else {
            "not JSON"
        };
        return Err(Failure::Input(format!(
            "{name}:{}:{}: not a manifest ({what}: {})",
            e.line(),
            e.column(),
            crate::games::position::shorten_quotes(
                e.to_string()
                    .rsplit_once(" at line ")
                    .map_or(e.to_string().as_str(), |(m, _)| m)
            )
        )));
    }
    Ok(())
}

fn parse_game(name: &str) -> Result<GameId, Failure> {
    GameId::parse(name).ok_or_else(|| {
        Failure::Input(format!(
            "unknown game '{name}'\nhint: games are {}",
            GameId::keys()
        ))
    })
}

/// Reads a position file for `score` and `solve`: its name as the user gave it and its text.
/// With `tree` (1-based), the file must be an SGF collection holding that many problems, game
/// trees or the variations of one empty root (`sgf_problems`): the text read is the file's
/// with every other problem blanked out, so that messages keep the file's lines and columns.
fn read_position(path: &Path, tree: Option<u32>) -> Result<(String, String), Failure> {
    let (name, text) = read_named(path)?;
    let Some(n) = tree else {
        return Ok((name, text));
    };
    let problems = book_problems(&name, &text, &format!("--tree {n} reads one"))?;
    let Some(problem) = (n as usize).checked_sub(1).and_then(|i| problems.get(i)) else {
        let count = problems.len();
        let held = if problems[0].variation {
            format!("problem {n}, and the file holds {count} as variations of its root")
        } else {
            format!("game tree {n}, and the file holds {count}")
        };
        return Err(Failure::Input(format!(
            "{name}: --tree {n} asks for {held} (1 to {count})"
        )));
    };
    Ok((name, crate::util::text::blank_outside(&text, &problem.keep)))
}

/// A position file's name as the user gave it, and its text (`read_position_text`).
fn read_named(path: &Path) -> Result<(String, String), Failure> {
    if path.is_dir() {
        return Err(Failure::Input(format!(
            "{}: a directory, not a position file\nhint: `solve GAME --position DIR --tree all` \
             reads every SGF file in a directory as one problem book",
            path.display()
        )));
    }
    let text = crate::util::text::read_position_text(path)
        .map_err(|e| input(GameError::from(e.into_position_error(path))))?;
    Ok((path.display().to_string(), text))
}

/// The problems of the position file `name` (`util::text::sgf_problems`), for `--tree`; a
/// file that is no SGF collection is refused, `reads` saying what the flag reads ("--tree all
/// reads every").
fn book_problems(
    name: &str,
    text: &str,
    reads: &str,
) -> Result<Vec<crate::util::text::SgfProblem>, Failure> {
    let problems = if text.trim_start().starts_with('(') {
        crate::util::text::sgf_problems(text)
    } else {
        Vec::new()
    };
    if problems.is_empty() {
        return Err(Failure::Input(format!(
            "{name}: {reads} problem of an SGF collection, and this file is not one"
        )));
    }
    Ok(problems)
}

/// `solve --tree all`: every problem of a collection read in turn, a problem book checked in
/// one run. The book is one SGF file, or a directory whose SGF files (and its subdirectories')
/// are read in the order of their names (`book_files`). Each problem is reported as `solve`
/// reports one, under its number and the place where it begins, and the report ends with how
/// many came out each way and, of the problems whose file marks answers (`file_answers`), on
/// how many the key is one. A problem that cannot be read (in a directory, a file that cannot)
/// is reported with its error and the others are still read; the exit status then says that
/// the input had an error. `jobs` problems are read at once, reported in the book's order all
/// the same. A progress bar shows on a terminal, with the count so far.
fn solve_all(
    game: GameId,
    path: &Path,
    opts: &SolveOptions,
    json: bool,
    jobs: usize,
) -> Result<(), Failure> {
    use std::sync::atomic::{AtomicUsize, Ordering};
    let files = book_files(path)?;
    // Every problem of the book as its file and its place among that file's problems; a file
    // that could not be read counts as one problem, its error.
    let work: Vec<(usize, Option<usize>)> = files
        .iter()
        .enumerate()
        .flat_map(|(f, file)| match &file.problems {
            Ok(problems) => (0..problems.len()).map(|i| (f, Some(i))).collect(),
            Err(_) => vec![(f, None)],
        })
        .collect();
    let bar = indicatif::ProgressBar::new(work.len() as u64);
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "[{bar:30}] {pos}/{len} problems read ({elapsed}, about {eta} left): {msg}",
        )
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar())
        .progress_chars("=> "),
    );
    bar.set_message("none yet");
    let mut book = BookReport::default();
    let mut out = std::io::stdout().lock();
    // Readers take the problems in order; the reports are written in order as they come.
    let next = AtomicUsize::new(0);
    let mut stopped = None;
    std::thread::scope(|scope| {
        let (send, reports) = std::sync::mpsc::channel();
        for _ in 0..jobs.max(1) {
            let send = send.clone();
            let (next, work, files) = (&next, &work, &files);
            scope.spawn(move || {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(&(f, problem)) = work.get(i) else {
                        break;
                    };
                    let read = read_book_problem(game, &files[f], problem, opts);
                    if send.send((i, read)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(send);
        // Reports that came before their turn, by their problem's index.
        let mut waiting = std::collections::BTreeMap::new();
        for (i, read) in reports {
            waiting.insert(i, read);
            while let Some(problem) = waiting.remove(&book.entries.len()) {
                if let Ok(report) = &problem.read {
                    bar.suspend(|| {
                        report
                            .warnings
                            .iter()
                            .for_each(|w| eprintln!("warning: {w}"))
                    });
                }
                let shown = book.add(problem, json);
                bar.set_message(book.tally());
                bar.inc(1);
                // A reader that went away (`| head`) ends the run: nobody reads the rest.
                if let Some(Err(e)) = shown.map(|t| bar.suspend(|| writeln!(out, "{t}"))) {
                    next.store(work.len(), Ordering::Relaxed);
                    stopped = Some(ignore_broken_pipe(&e));
                    return;
                }
            }
        }
    });
    bar.finish_and_clear();
    if let Some(result) = stopped {
        return result;
    }
    let in_files = path.is_dir().then_some(files.len());
    writeln!(out, "{}", book.last(json, in_files)?).or_else(|e| ignore_broken_pipe(&e))?;
    match book.counts.get("error") {
        Some(n) => Err(Failure::Input(format!(
            "{}: {n} of {} problems could not be read (their errors are above)",
            path.display(),
            work.len()
        ))),
        None => Ok(()),
    }
}

/// One file of a book for `solve --tree all`: its name as the user would give it, its text,
/// and its problems, or why they could not be read.
struct BookFile {
    name: String,
    text: String,
    problems: Result<Vec<crate::util::text::SgfProblem>, String>,
}

/// The files of the book at `path` for `solve --tree all`: the file itself, which must be an
/// SGF collection; or, for a directory, every file named `*.sgf` in it and its
/// subdirectories, each directory's entries in the order of their names with numbers read by
/// their value (`problem2.sgf` before `problem10.sgf`), names beginning with a dot left out.
/// A file of a directory that cannot be read, or holds no problem, is kept with its error.
fn book_files(path: &Path) -> Result<Vec<BookFile>, Failure> {
    const READS: &str = "--tree all reads every";
    if !path.is_dir() {
        let (name, text) = read_named(path)?;
        let problems = Ok(book_problems(&name, &text, READS)?);
        return Ok(vec![BookFile {
            name,
            text,
            problems,
        }]);
    }
    let mut paths = Vec::new();
    sgf_files(path, &mut paths)?;
    if paths.is_empty() {
        return Err(Failure::Input(format!(
            "{}: no SGF file (*.sgf) in this directory or below it",
            path.display()
        )));
    }
    Ok(paths
        .iter()
        .map(|p| match read_named(p) {
            Ok((name, text)) => BookFile {
                problems: book_problems(&name, &text, READS).map_err(|e| e.message().to_string()),
                name,
                text,
            },
            Err(e) => BookFile {
                name: p.display().to_string(),
                text: String::new(),
                problems: Err(e.message().to_string()),
            },
        })
        .collect())
}

/// Adds the SGF files in `dir` and below it to `found`, in `book_files`' order.
fn sgf_files(dir: &Path, found: &mut Vec<std::path::PathBuf>) -> Result<(), Failure> {
    let unreadable = |e: std::io::Error| {
        Failure::Input(format!("{}: cannot read the directory: {e}", dir.display()))
    };
    let mut entries = std::fs::read_dir(dir)
        .map_err(unreadable)?
        .collect::<Result<Vec<_>, _>>()
        .map_err(unreadable)?;
    entries.retain(|e| !e.file_name().to_string_lossy().starts_with('.'));
    entries.sort_by(|a, b| {
        crate::util::text::natural_cmp(
            &a.file_name().to_string_lossy(),
            &b.file_name().to_string_lossy(),
        )
    });
    for e in entries {
        let p = e.path();
        // A link to a directory is not followed: it could lead back up the tree.
        let linked = e.file_type().is_ok_and(|t| t.is_symlink());
        if p.is_dir() {
            if !linked {
                sgf_files(&p, found)?;
            }
        } else if p.extension().is_some_and(|x| x.eq_ignore_ascii_case("sgf")) {
            found.push(p);
        }
    }
    Ok(())
}

/// One problem of `solve --tree all`, read: its file's name, where it begins, and its report
/// or its error.
struct BookProblem {
    file: String,
    line: usize,
    column: usize,
    read: Result<games::ScoreReport, String>,
}

/// Reads the `problem`-th problem of a book's `file` for `solve --tree all`, the rest of the
/// file blanked out; with none, the file's error.
fn read_book_problem(
    game: GameId,
    file: &BookFile,
    problem: Option<usize>,
    opts: &SolveOptions,
) -> BookProblem {
    use crate::util::text::{blank_outside, line_col};
    let name = file.name.clone();
    let problem = match (&file.problems, problem) {
        (Ok(problems), Some(i)) => &problems[i],
        (problems, _) => {
            return BookProblem {
                file: name,
                line: 1,
                column: 1,
                read: Err(problems.as_ref().err().cloned().unwrap_or_default()),
            };
        }
    };
    let (line, column) = line_col(&file.text, problem.begins);
    let alone = blank_outside(&file.text, &problem.keep);
    let read = games::solve(game, &Source::file(&name, &alone), opts).map_err(|e| e.to_string());
    BookProblem {
        file: name,
        line,
        column,
        read,
    }
}

/// What `solve --tree all` has read so far: the entries in the book's order, the count of
/// each outcome, and of the problems whose file marks answers, how many and how many agree.
#[derive(Default)]
struct BookReport {
    entries: Vec<serde_json::Value>,
    counts: std::collections::BTreeMap<String, usize>,
    marked: usize,
    agreed: usize,
    /// The numbers of the problems to look at again, under each of `LOOK_AT`'s headings.
    look_at: [Vec<usize>; 4],
}

/// What makes a problem of a book worth a second look, as the end of `solve --tree all`'s
/// report lists them: a key move that is not the file's marked answer, a reading left open or
/// failed (the book says the side to play succeeds), a problem that could not be read.
const LOOK_AT: [&str; 4] = [
    "whose key move is not the file's answer",
    "left unknown",
    "disproven",
    "that could not be read",
];

impl BookReport {
    /// Takes the next problem in order: counts how it came out (its status, or "error") and
    /// whether the key is the file's marked answer; returns its text report, numbered, unless
    /// `json`.
    fn add(&mut self, problem: BookProblem, json: bool) -> Option<String> {
        let number = self.entries.len() + 1;
        let (name, line, column) = (problem.file, problem.line, problem.column);
        let mut entry = serde_json::json!({
            "problem": number, "file": name, "line": line, "column": column
        });
        let (outcome, shown, (key, value)) = match problem.read {
            Ok(report) => {
                let status = report.json["status"]
                    .as_str()
                    .unwrap_or("unknown")
                    .to_string();
                let answers = report.json["file_answers"]
                    .as_array()
                    .map_or(&[][..], |a| a);
                let answered = matches!(status.as_str(), "proven" | "ko");
                if !answers.is_empty() {
                    self.marked += 1;
                    if answered && answers.contains(&report.json["key_move"]) {
                        self.agreed += 1;
                    } else if answered {
                        self.look_at[0].push(number);
                    }
                }
                match status.as_str() {
                    "unknown" => self.look_at[1].push(number),
                    "disproven" => self.look_at[2].push(number),
                    _ => {}
                }
                let shown = report.text.trim_end().to_string();
                (status, shown, ("report", report.json))
            }
            Err(e) => {
                self.look_at[3].push(number);
                ("error".into(), format!("error: {e}"), ("error", e.into()))
            }
        };
        *self.counts.entry(outcome).or_default() += 1;
        entry[key] = value;
        self.entries.push(entry);
        (!json).then(|| format!("Problem {number} ({name}:{line}:{column}):\n{shown}\n"))
    }

    /// How many problems came out each way so far, in words: "3 ko, 12 proven, 1 unknown".
    fn tally(&self) -> String {
        let counts: Vec<String> = self
            .counts
            .iter()
            .map(|(k, n)| format!("{n} {k}"))
            .collect();
        counts.join(", ")
    }

    /// The end of the report: the JSON of every entry with the counts, or in words the
    /// problems to look at again (`LOOK_AT`) and the counts (`in_files`: how many files a
    /// directory's book had).
    fn last(&mut self, json: bool, in_files: Option<usize>) -> Result<String, Failure> {
        if json {
            let all = serde_json::json!({
                "problems": std::mem::take(&mut self.entries),
                "counts": self.counts,
                "file_answers": {
                    "marked": self.marked,
                    "agreed": self.agreed,
                    "disagreed": self.look_at[0],
                },
            });
            return serde_json::to_string_pretty(&all).map_err(|e| Failure::Runtime(e.to_string()));
        }
        let read = match in_files {
            Some(files) => format!("{} problems in {files} files", self.entries.len()),
            None => format!("{} problems", self.entries.len()),
        };
        let summary = self.tally();
        let mut last = String::new();
        for (heading, numbers) in LOOK_AT.iter().zip(&self.look_at) {
            if !numbers.is_empty() {
                let numbers: Vec<String> = numbers.iter().map(usize::to_string).collect();
                last += &format!("Problems {heading}: {}\n", numbers.join(", "));
            }
        }
        last += &format!("{read} read: {summary}");
        if self.marked > 0 {
            last += &format!(
                "; the key move is the file's answer on {} of the {} that mark one",
                self.agreed, self.marked
            );
        }
        Ok(last)
    }
}

/// A write to standard output that failed because the reader went away (`| head`) is no
/// failure; any other is.
fn ignore_broken_pipe(e: &std::io::Error) -> Result<(), Failure> {
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        Ok(())
    } else {
        Err(Failure::Runtime(e.to_string()))
    }
}

fn print_report(report: &games::ScoreReport, json: bool) -> Result<(), Failure> {
    for w in &report.warnings {
        eprintln!("warning: {w}");
    }
    let text = if json {
        serde_json::to_string_pretty(&report.json).map_err(|e| Failure::Runtime(e.to_string()))?
    } else {
        report.text.trim_end().to_string()
    };
    let mut out = std::io::stdout().lock();
    match writeln!(out, "{text}") {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
            Err(Failure::Runtime(e.to_string()))
        }
        _ => Ok(()),
    }
}

fn output_failure(e: OutputError) -> Failure {
    match e {
        OutputError::Refused(m) => Failure::Input(m),
        e @ OutputError::Io(_) => Failure::Runtime(e.to_string()),
    }
}

/// The number of worker threads: `--jobs` (at least 1), at most the number of cores, which is
/// also the default. A larger value is clamped with a note: more threads than cores only cost
/// memory (each proves its own puzzle) and time.
fn worker_count(jobs: Option<usize>) -> Result<usize, Failure> {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    match jobs {
        Some(0) => Err(Failure::Input("--jobs must be at least 1".into())),
        Some(j) if j > cores => {
            eprintln!(
                "note: --jobs {j} is more than the {cores} core{} here; using {cores}",
                plural(cores)
            );
            Ok(cores)
        }
        Some(j) => Ok(j),
        None => Ok(cores),
    }
}

/// Reads the configuration (or the embedded sampler) into a plan with `--seed` and
/// `--format` applied.
fn load_plan(
    config: Option<&Path>,
    seed: Option<u64>,
    format: Option<Vec<String>>,
) -> Result<Plan, Failure> {
    let mut plan = match config {
        Some(path) => config::load(path),
        None => config::load_str(config::DEFAULT_TOML, "<embedded default.toml>"),
    }
    .map_err(|e| Failure::Input(e.to_string()))?;
    if let Some(s) = seed {
        plan.seed = s;
    }
    if let Some(fs) = format {
        let mut formats = Vec::new();
        for f in fs {
            let parsed = Format::parse(&f)
                .ok_or_else(|| Failure::Input(format!("unknown format '{f}': use pdf, svg")))?;
            if !formats.contains(&parsed) {
                formats.push(parsed);
            }
        }
        plan.formats = formats;
    }
    if plan.name.len() > NAME_MAX {
        let file = config.map_or("<embedded default.toml>".into(), |p| {
            p.display().to_string()
        });
        return Err(Failure::Input(format!(
            "{file}: [document] name is {} characters long; at most {NAME_MAX}",
            plan.name.len()
        )));
    }
    Ok(plan)
}

fn build(
    config: Option<&Path>,
    out: &Path,
    (seed, jobs, format): (Option<u64>, Option<usize>, Option<Vec<String>>),
    bench: bool,
    (force, durable): (bool, bool),
) -> Result<(), Failure> {
    let mut plan = load_plan(config, seed, format)?;
    // The core count (a few file reads) is looked up only when there are puzzles to make.
    let jobs = if jobs.is_none() && plan.books.is_empty() {
        1
    } else {
        worker_count(jobs)?
    };
    if bench {
        return run_bench(&plan);
    }
    // Check and prepare the output before the (possibly long) puzzle generation, so a refusal
    // comes at once and writes nothing.
    let puzzles: usize = plan.books.iter().map(|b| b.set.count).sum();
    let (puts, others) = entries(&plan, puzzles > 0);
    let set = OutputSet::begin(out, &plan.name, &puts, &others, force)
        .map_err(output_failure)?
        .durable(durable);
    let (blocks, mut failed) = config::diagram::make_blocks(&plan.blocks);
    let (sets, failed_sets) = generate_sets(&mut plan, jobs);
    failed.extend(failed_sets);
    write_document(&plan, out, &blocks, &sets, puzzles > 0, set, failed)
}

/// Writes a built document (its diagrams `blocks` and puzzle `sets` made, the parts that
/// failed named in `failed`) into the begun output set, and reports what was written.
fn write_document(
    plan: &Plan,
    out: &Path,
    blocks: &[Block],
    sets: &[Vec<Record>],
    manifest: bool,
    set: OutputSet,
    failed: Vec<String>,
) -> Result<(), Failure> {
    if plan.sheets.is_empty() && blocks.is_empty() && plan.books.is_empty() {
        // Nothing is left to print: the output set is dropped unwritten.
        return Err(Failure::Runtime(failed.join("\n")));
    }
    let written = write_outputs(plan, blocks, sets, manifest, set).map_err(output_failure)?;
    let files = &written.files;
    let pdfs = files
        .iter()
        .filter(|f| f.extension().is_some_and(|e| e == "pdf"))
        .count();
    let svgs = files
        .iter()
        .filter(|f| f.extension().is_some_and(|e| e == "svg"))
        .count();
    println!(
        "built {} page{} into {}: {pdfs} PDF, {svgs} SVG",
        written.pages,
        plural(written.pages),
        out.display()
    );
    for f in files
        .iter()
        .filter(|f| f.extension().is_some_and(|e| e == "pdf"))
    {
        println!("  {}", f.display());
    }
    if failed.is_empty() {
        Ok(())
    } else {
        Err(Failure::Runtime(format!(
            "{} part{} (puzzle set or diagram) could not be made and {} left out of the \
             document:\n{}",
            failed.len(),
            plural(failed.len()),
            if failed.len() == 1 { "is" } else { "are" },
            failed.join("\n")
        )))
    }
}

/// Gives each book without its own seed the document's seed plus its index.
fn assign_seeds(plan: &mut Plan) {
    let seed = plan.seed;
    for (i, book) in plan.books.iter_mut().enumerate() {
        if !book.seed_given {
            book.set.seed = seed.wrapping_add(i as u64);
        }
    }
}

/// `build CONFIG --shard I/N`: searches shard I of every puzzle set and writes the partial
/// manifest; no diagrams, no pages.
fn build_shard(
    config: Option<&Path>,
    out: &Path,
    seed: Option<u64>,
    jobs: Option<usize>,
    format: Option<Vec<String>>,
    (shard, margin): (Shard, u64),
) -> Result<(), Failure> {
    let (text, _) = shard::config_text(config).map_err(Failure::Input)?;
    let mut plan = load_plan(config, seed, format.clone())?;
    let jobs = worker_count(jobs)?;
    if plan.books.is_empty() {
        return Err(Failure::Input(format!(
            "{}: no [[puzzles]] to share out; build it without --shard",
            config.map_or("<embedded default.toml>".into(), |p| p
                .display()
                .to_string())
        )));
    }
    let path = match config {
        Some(p) => Some(
            std::fs::canonicalize(p)
                .map_err(|e| Failure::Input(format!("{}: {e}", p.display())))?
                .display()
                .to_string(),
        ),
        None => None,
    };
    let target = out.join(shard::part_name(&plan.name, shard));
    atomic::may_replace_file(&target, false).map_err(output_failure)?;
    assign_seeds(&mut plan);
    let part = shard::run_shard(
        &plan,
        shard,
        margin,
        jobs,
        (path, shard::config_hash(&text)),
        format,
    )
    .map_err(Failure::Runtime)?;
    let json = serde_json::to_string_pretty(&part).map_err(|e| Failure::Runtime(e.to_string()))?;
    atomic::write(&target, (json + "\n").as_bytes())
        .map_err(|e| Failure::Runtime(format!("cannot write {e}")))?;
    atomic::sync_dir(out).map_err(|e| Failure::Runtime(format!("cannot write {e}")))?;
    let found: usize = part.sets.iter().map(|s| s.finds.found.len()).sum();
    println!(
        "shard {}/{}: {found} puzzle{} found in {} set{}; wrote {}",
        shard.index,
        shard.of,
        plural(found),
        part.sets.len(),
        plural(part.sets.len()),
        target.display()
    );
    Ok(())
}

/// `merge PARTS... --out DIR`: checks that the parts are every shard of one configuration,
/// selects each puzzle set from them and writes the document a plain build writes.
fn merge(
    parts: &[PathBuf],
    out: &Path,
    config: Option<&Path>,
    (force, durable): (bool, bool),
) -> Result<(), Failure> {
    let mut read = Vec::new();
    for p in parts {
        read.push((p.clone(), shard::read_part(p).map_err(Failure::Input)?));
    }
    let parts = shard::check_parts(read).map_err(Failure::Input)?;
    let first = &parts[0].1;
    let recorded = first.config.as_ref().map(PathBuf::from);
    let config = config.map(Path::to_path_buf).or(recorded);
    let (text, name) = shard::config_text(config.as_deref()).map_err(|e| {
        Failure::Input(format!(
            "{e}\nhint: give the configuration the shards were built from with --config"
        ))
    })?;
    let hash = shard::config_hash(&text);
    if hash != first.config_sha256 {
        return Err(Failure::Input(format!(
            "{name}: not the configuration the shards were built from (its SHA-256 is {hash}, \
             theirs {})\nhint: give the right one with --config",
            first.config_sha256
        )));
    }
    let mut plan = load_plan(config.as_deref(), Some(first.seed), first.formats.clone())?;
    assign_seeds(&mut plan);
    let same = plan.books.len() == first.sets.len()
        && plan
            .books
            .iter()
            .zip(&first.sets)
            .all(|(b, s)| (&b.title, b.set.seed, b.set.count) == (&s.title, s.seed, s.count));
    if !same {
        return Err(Failure::Input(format!(
            "{}: its puzzle sets are not those of {name}",
            parts[0].0.display()
        )));
    }
    let mut sets = Vec::new();
    let mut failed_sets = Vec::new();
    let mut kept = Vec::new();
    for (i, book) in std::mem::take(&mut plan.books).into_iter().enumerate() {
        match shard::select_set(&book.set, i, &parts) {
            Ok(set) => {
                sets.push(set);
                kept.push(book);
            }
            Err(SelectError::Short(e)) => failed_sets.push(format!(
                "{}: [[puzzles]] '{}': {e}",
                book.origin, book.title
            )),
            Err(SelectError::Uncovered(e)) => {
                return Err(Failure::Runtime(format!(
                    "[[puzzles]] '{}': {e}",
                    book.title
                )));
            }
        }
    }
    plan.books = kept;
    let puzzles = !first.sets.is_empty();
    let (puts, others) = entries(&plan, puzzles);
    let set = OutputSet::begin(out, &plan.name, &puts, &others, force)
        .map_err(output_failure)?
        .durable(durable);
    let (blocks, mut failed) = config::diagram::make_blocks(&plan.blocks);
    failed.extend(failed_sets);
    write_document(&plan, out, &blocks, &sets, puzzles, set, failed)
}

/// Generates and proves the puzzles of every book, on `jobs` threads, with a progress bar on
/// a terminal. A book without its own seed takes the document's seed plus its index. A book
/// whose set cannot be made is taken out of the plan (the rest of the document is still
/// built) and its error, naming the `[[puzzles]]` table, is returned beside the sets.
fn generate_sets(plan: &mut Plan, jobs: usize) -> (Vec<Vec<Record>>, Vec<String>) {
    let total: u64 = plan.books.iter().map(|b| b.set.count as u64).sum();
    if total == 0 {
        return (Vec::new(), Vec::new());
    }
    let bar = indicatif::ProgressBar::new(total);
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "{msg} [{bar:30}] {pos}/{len} puzzles proven ({elapsed}, about {eta} left)",
        )
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar())
        .progress_chars("=> "),
    );
    assign_seeds(plan);
    let mut sets = Vec::new();
    let mut failed = Vec::new();
    let mut kept = Vec::new();
    for book in std::mem::take(&mut plan.books) {
        bar.set_message(book.title.clone());
        match crate::puzzle::generate(&book.set, jobs, &|| bar.inc(1)) {
            Ok(set) => {
                sets.push(set);
                kept.push(book);
            }
            Err(e) => failed.push(format!(
                "{}: [[puzzles]] '{}': {e}",
                book.origin, book.title
            )),
        }
    }
    plan.books = kept;
    bar.finish_and_clear();
    (sets, failed)
}

/// Times layout plus rendering of a 100-page document made by repeating the plan's sheets.
fn run_bench(plan: &Plan) -> Result<(), Failure> {
    let mut pages = Vec::new();
    while pages.len() < 100 {
        pages.extend(build_pages(plan, &[]));
    }
    pages.truncate(100);
    let n = pages.len() as f64;
    let t = Instant::now();
    let bytes = pdf::pages_to_pdf(&pages, &plan.info());
    let pdf_s = t.elapsed().as_secs_f64();
    let t = Instant::now();
    let mut svg_bytes = 0;
    for p in &pages {
        svg_bytes += svg::page_to_svg(p, &plan.title).len();
    }
    let svg_s = t.elapsed().as_secs_f64();
    let t = Instant::now();
    let mut laid = 0;
    while laid < 100 {
        laid += build_pages(plan, &[]).len();
    }
    let layout_s = t.elapsed().as_secs_f64();
    println!(
        "bench: {} pages ({} sheets repeated)",
        pages.len(),
        plan.sheets.len()
    );
    println!("  layout: {:.0} pages/s", laid as f64 / layout_s);
    println!("  PDF:    {:.0} pages/s ({} bytes)", n / pdf_s, bytes.len());
    println!("  SVG:    {:.0} pages/s ({} bytes)", n / svg_s, svg_bytes);
    Ok(())
}

struct BoardRequest {
    game: GameId,
    paper: String,
    landscape: bool,
    portrait: bool,
    scale: Option<u32>,
    params: BoardParams,
    coordinates: bool,
    record_table: bool,
    score_table: bool,
    per_page: usize,
    style: String,
    margins_mm: f64,
}

fn parse_paper(s: &str) -> Result<Paper, Failure> {
    if let Some(p) = Paper::named(s) {
        return Ok(p);
    }
    let dims: Vec<_> = s
        .split(['x', 'X'])
        .map(|v| v.trim().parse::<f64>())
        .collect();
    match dims.as_slice() {
        [Ok(w), Ok(h)] if (50.0..=2000.0).contains(w) && (50.0..=2000.0).contains(h) => {
            Ok(Paper::custom(*w, *h))
        }
        _ => Err(Failure::Input(format!(
            "unknown paper '{s}'\nhint: use {} or WIDTHxHEIGHT in mm",
            Paper::names()
        ))),
    }
}

fn board(req: BoardRequest, out: Option<PathBuf>, force: bool) -> Result<(), Failure> {
    let paper = parse_paper(&req.paper)?;
    let colour = match req.style.as_str() {
        "print" => false,
        "colour" | "color" => true,
        other => {
            return Err(Failure::Input(format!(
                "unknown style '{other}': use print or colour"
            )));
        }
    };
    if !(1..=16).contains(&req.per_page) {
        return Err(Failure::Input("--per-page must be 1..16".into()));
    }
    if let Some(s) = req.scale
        && !(10..=400).contains(&s)
    {
        return Err(Failure::Input(format!(
            "--scale {s}: use 10..400 (percent)"
        )));
    }
    let board = req.game.board(&req.params).map_err(Failure::Input)?;
    let score_columns = if req.score_table {
        Some(
            req.game
                .score_columns()
                .ok_or_else(|| Failure::Input(format!("{} has no score table", req.game.title())))?
                .to_vec(),
        )
    } else {
        None
    };
    let short = paper.width.min(paper.height);
    if !(0.0..=short / 4.0).contains(&req.margins_mm) {
        return Err(Failure::Input("--margins-mm does not fit the paper".into()));
    }
    let sheet_on = |orientation: Orientation| SheetSpec {
        board: board.clone(),
        look: req.game.look(),
        title: req.game.title().to_string(),
        subtitle: format!("{}: {}", req.game.credit(), req.game.summary()),
        paper: paper.size(orientation),
        margin: req.margins_mm,
        style: BoardStyle {
            coordinates: req.coordinates,
            colour,
        },
        per_page: req.per_page,
        pages: 1,
        record_table: req.record_table,
        score_columns: score_columns.clone(),
        true_size: req.game.true_size(),
        scale: req.scale.map(|s| s as f64 / 100.0),
    };
    let sheet = if req.landscape {
        sheet_on(Orientation::Landscape)
    } else if req.portrait {
        sheet_on(Orientation::Portrait)
    } else {
        sheet_on(Orientation::Portrait).better_oriented()
    };
    if let Some(s) = req.scale {
        let largest = sheet.largest_scale();
        if s as f64 > largest * 100.0 + 1e-6 {
            return Err(Failure::Input(format!(
                "--scale {s}: the board does not fit the page; the largest scale that fits is {:.0}%",
                (largest * 100.0).floor()
            )));
        }
    }
    let out = out.unwrap_or_else(|| PathBuf::from(format!("output/{}.pdf", req.game.key())));
    let mut ext = out.extension().and_then(|e| e.to_str());
    // A device or pipe (/dev/stdout) has no extension to go by: it gets the PDF.
    let special = std::fs::metadata(&out).is_ok_and(|m| !m.is_file() && !m.is_dir());
    if special && !matches!(ext, Some("pdf" | "svg")) {
        ext = Some("pdf");
    }
    if !matches!(ext, Some("pdf" | "svg")) {
        return Err(Failure::Input(format!(
            "{}: --out must end in .pdf or .svg",
            out.display()
        )));
    }
    let pages = crate::layout::board_sheet_pages(&sheet, 1, sheet.page_count());
    let title = format!("{} board", req.game.title());
    // One file per page for SVG: the first at --out, the others numbered after it.
    let mut files: Vec<(PathBuf, Vec<u8>)> = Vec::new();
    if ext == Some("pdf") {
        files.push((
            out.clone(),
            pdf::pages_to_pdf(&pages, &pdf::Info::titled(&title)),
        ));
    } else {
        for (i, page) in pages.iter().enumerate() {
            let path = if i == 0 || special {
                out.clone()
            } else {
                let stem = out.file_stem().and_then(|s| s.to_str()).unwrap_or("board");
                out.with_file_name(format!("{stem}-{}.svg", i + 1))
            };
            let mut b = atomic::SVG_MARK.as_bytes().to_vec();
            b.extend_from_slice(svg::page_to_svg(page, &title).as_bytes());
            if i > 0 && special {
                continue;
            }
            files.push((path, b));
        }
    }
    for (path, _) in &files {
        atomic::may_replace_file(path, force).map_err(output_failure)?;
    }
    for (path, bytes) in &files {
        atomic::write(path, bytes).map_err(|e| Failure::Runtime(format!("cannot write {e}")))?;
        println!("wrote {}", path.display());
    }
    Ok(())
}

fn init(file: &Path, force: bool) -> Result<(), Failure> {
    if file.exists() && !force {
        return Err(Failure::Input(format!(
            "{} already exists; not overwriting it\nhint: pass --force to replace it",
            file.display()
        )));
    }
    atomic::write(file, config::STARTER_TOML.as_bytes())
        .map_err(|e| Failure::Runtime(format!("cannot write {e}")))?;
    println!(
        "wrote {}; build it with: stonepress build {}",
        file.display(),
        file.display()
    );
    Ok(())
}

/// The text of `stonepress games`.
pub fn games_text() -> String {
    let mut s = String::new();
    for g in GameId::all() {
        let board = g
            .board(&BoardParams::new())
            .expect("default board is valid");
        s.push_str(&format!("{:<9} {} ({})\n", g.key(), g.title(), g.credit()));
        s.push_str(&format!("          {}\n", g.summary()));
        s.push_str(&format!(
            "          board: {}, {} points\n",
            board.description(),
            board.len()
        ));
        s.push_str(&format!("          coordinates: {}\n", board.scheme()));
        let mut opts = g.params_text();
        if g.score_columns().is_some() {
            opts = if g.params().is_empty() {
                "score_table".to_string()
            } else {
                format!("{opts}; score_table")
            };
        }
        s.push_str(&format!(
            "          options: {opts}; coordinates, record_table, per_page\n"
        ));
        let keys = g.position_keys();
        if !keys.is_empty() {
            s.push_str(&format!("          position keys: {}\n", keys.join(", ")));
        }
        let show = g.show_options();
        if !show.is_empty() {
            let keys: Vec<&str> = show.iter().map(|o| o.key).collect();
            s.push_str(&format!("          diagram show: {}\n", keys.join(", ")));
            for o in show {
                s.push_str(&format!("            {:<12} {}\n", o.key, o.doc));
            }
        }
        let kinds = crate::puzzle::kinds(g);
        if !kinds.is_empty() {
            s.push_str(&format!("          puzzle kinds: {}\n", kinds.join(", ")));
        }
    }
    s
}
