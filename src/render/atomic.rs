//! Writing outputs so that nothing half-written, mixed or foreign is left behind.
//!
//! A single file ([`write`]) goes to a temporary name beside it and is renamed over the target.
//! A build's output set (`NAME.pdf`, the SVG folder `NAME/`, the manifest `NAME.json`) is an
//! [`OutputSet`]: every file is written into a hidden staging folder `.stonepress-NAME.PID.tmp`
//! beside the outputs (same file system, so moving is a rename); at the end the folder is renamed
//! to `.stonepress-NAME.commit` (the point of no return), its journal `ORDER` says which names
//! to move into place and which stale ones to remove, and the moves follow: the SVG folder as a
//! whole (so no stale page of a longer, earlier build survives), then the PDF, then the manifest
//! last. A run killed before the commit leaves the old set untouched; one killed during the
//! moves leaves the commit folder, and the next run in that output folder finishes the moves
//! before anything else (until then, a manifest's PDF hash tells the mix apart). Staging
//! folders and temporary files of runs that are no longer alive are removed by the next run.
//!
//! One name, one rename: a build that changes a single name (the set is `NAME.pdf` alone, or
//! the SVG folder alone whose one page is written again under the name it has, and nothing is
//! to be removed) needs neither staging folder nor journal. Its file is staged beside the
//! outputs as `.FILE.PID.tmp` and one rename puts it in place; that rename is the commit, as
//! atomic as the whole-set one. It exists because making and removing the staging and commit
//! folders cost more than the rest of a one-diagram build: each folder is a disk block
//! allocated and freed, and where freed blocks are trimmed as they are freed (ext4 mounted
//! with `discard` and without a journal) each `rmdir` waits for the device. When a second file
//! or a new page name turns up, the staged file joins the staging folder and the whole-set
//! commit follows.
//!
//! Durability: a build syncs once, not once per file. Staged files are written without a
//! sync, the renames follow, and one `fsync` of the output folder after the last rename makes
//! the new names durable (after a one-rename commit, of the folder that got the new name). A
//! killed or failed run leaves the old set or the new one as above
//! (the page cache is shared by every process, so nothing is half-written to a reader). A
//! power loss is another matter: on file systems with delayed allocation (ext4, XFS, btrfs) a
//! rename can reach the disk before the data it publishes, so a file that did not exist before
//! may come back empty (ext4 flushes a file renamed over an existing one first, its
//! `auto_da_alloc`, but not the pages inside the renamed SVG folder). [`OutputSet::durable`]
//! (`build --durable`) closes that gap with one data pass before the renames: `fdatasync` on
//! every staged file, issued together from a few threads so a journalling file system commits
//! them at once; a power loss then leaves the old file or the new one, never an empty one. It
//! is not the default because it waits for the data to reach the disk: on an idle disk a
//! one-diagram build takes about 1.05 times as long with it, on a busy one up to twice as long
//! (`cargo bench --bench one_diagram`), and the
//! outputs are made again byte for byte by running the build again. Single files ([`write`])
//! are synced before their rename as before.
//!
//! Ownership: stonepress replaces only files it recognises as its own by their first kilobyte:
//! a PDF whose Producer is stonepress, an SVG page starting with the stonepress comment, a
//! manifest whose `generator` is stonepress, and an SVG folder holding nothing else. Anything
//! else in the way is replaced only with `--force`. Special files (`/dev/null`, a pipe) are
//! written in place, never renamed over.
//!
//! Test hook: with `STONEPRESS_TEST_ABORT_AFTER=N` in the environment, the process aborts right
//! after its N-th step (a file finished or a rename done), as a kill at that point would; the
//! kill test uses it. Without the variable a step costs one atomic increment.

use std::fs::{self, File};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, OnceLock};

/// The comment that starts every SVG page stonepress writes.
pub const SVG_MARK: &str = "<!-- made by stonepress -->\n";

const JOURNAL: &str = "ORDER";

/// Counts a finished step for the kill test hook (see the module documentation).
pub fn step() {
    static LIMIT: OnceLock<Option<usize>> = OnceLock::new();
    static DONE: AtomicUsize = AtomicUsize::new(0);
    let limit = LIMIT.get_or_init(|| {
        std::env::var("STONEPRESS_TEST_ABORT_AFTER")
            .ok()
            .and_then(|v| v.parse().ok())
    });
    if let Some(n) = *limit
        && DONE.fetch_add(1, Ordering::SeqCst) + 1 >= n
    {
        std::process::abort();
    }
}

/// An I/O error with the path it concerns in its message.
fn at(path: &Path, e: io::Error) -> io::Error {
    io::Error::new(e.kind(), format!("{}: {e}", path.display()))
}

/// Why an output cannot be written.
#[derive(Debug)]
pub enum OutputError {
    /// Something is in the way that stonepress did not write (bad input: exit 2).
    Refused(String),
    /// The file system failed (exit 1); the message names the path.
    Io(io::Error),
}

impl From<io::Error> for OutputError {
    fn from(e: io::Error) -> Self {
        OutputError::Io(e)
    }
}

impl std::fmt::Display for OutputError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            OutputError::Refused(m) => f.write_str(m),
            OutputError::Io(e) => write!(f, "cannot write {e}"),
        }
    }
}

fn refused(path: &Path, what: &str) -> OutputError {
    OutputError::Refused(format!(
        "{} {what}; not replacing it\nhint: pass --force to replace it, or choose another --out",
        path.display()
    ))
}

/// The first kilobyte of a file.
fn head(path: &Path) -> io::Result<Vec<u8>> {
    let mut buf = Vec::with_capacity(1024);
    File::open(path)?.take(1024).read_to_end(&mut buf)?;
    Ok(buf)
}

/// True when a regular file's first kilobyte shows that stonepress wrote it.
pub fn file_is_ours(path: &Path) -> bool {
    let Ok(h) = head(path) else { return false };
    super::pdf::is_ours(&h) || h.starts_with(SVG_MARK.as_bytes()) || {
        let text = String::from_utf8_lossy(&h);
        text.trim_start().starts_with('{') && text.contains("\"generator\": \"stonepress")
    }
}

/// What an SVG folder holds, from one pass over it.
struct Survey {
    /// Only SVG pages of ours and leftovers of our killed runs.
    ours: bool,
    /// The names of the pages (complete only when `ours`).
    pages: Vec<String>,
    /// Whether temporary files of runs lie in it.
    leftovers: bool,
}

/// Looks at what a folder holds (see [`Survey`]); stops at the first thing that is not ours.
fn survey(dir: &Path) -> io::Result<Survey> {
    let mut s = Survey {
        ours: true,
        pages: Vec::new(),
        leftovers: false,
    };
    for e in fs::read_dir(dir)? {
        let e = e?;
        let name = e.file_name().to_string_lossy().into_owned();
        let ty = e.file_type()?;
        if ty.is_file() && name.ends_with(".svg") && file_is_ours(&e.path()) {
            s.pages.push(name);
        } else if ty.is_file() && temp_pid(&name).is_some() {
            s.leftovers = true;
        } else {
            s.ours = false;
            break;
        }
    }
    Ok(s)
}

/// True when a folder holds only SVG pages of ours and leftovers of our killed runs.
fn folder_is_ours(dir: &Path) -> io::Result<bool> {
    survey(dir).map(|s| s.ours)
}

/// Checks that `path` may be replaced by a file: absent, special (written in place), ours, or
/// `force`.
pub fn may_replace_file(path: &Path, force: bool) -> Result<(), OutputError> {
    let Ok(meta) = fs::symlink_metadata(path) else {
        return Ok(());
    };
    if meta.is_dir() {
        return Err(OutputError::Refused(format!(
            "{} is a folder; not replacing it with a file",
            path.display()
        )));
    }
    if force || !meta.is_file() || file_is_ours(path) {
        return Ok(());
    }
    Err(refused(path, "exists and was not written by stonepress"))
}

/// True for an existing path that is neither a regular file, a folder nor a link: a device or
/// a pipe, which is written in place.
fn is_special(path: &Path) -> bool {
    fs::metadata(path).is_ok_and(|m| !m.is_file() && !m.is_dir())
}

/// The process id in a temporary name of ours: `.NAME.PID.tmp` (single files, also of older
/// versions) or `.stonepress-NAME.PID.tmp` (staging folders).
fn temp_pid(name: &str) -> Option<u32> {
    let inner = name.strip_prefix('.')?.strip_suffix(".tmp")?;
    let (_, pid) = inner.rsplit_once('.')?;
    if pid.is_empty() || !pid.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    pid.parse().ok()
}

/// Whether a process is still running (Linux: its /proc entry; elsewhere only ourselves).
fn alive(pid: u32) -> bool {
    if pid == std::process::id() {
        return false;
    }
    let proc = Path::new("/proc");
    proc.join("self").exists() && proc.join(pid.to_string()).exists()
}

/// Removes temporary files and staging folders of dead runs directly inside `dir`, and finishes
/// the moves of any commit a killed run left there.
pub fn clean(dir: &Path) -> io::Result<()> {
    let Ok(entries) = fs::read_dir(dir) else {
        return Ok(());
    };
    let mut commits = Vec::new();
    for e in entries {
        let e = e?;
        let name = e.file_name().to_string_lossy().into_owned();
        let p = e.path();
        if name.starts_with(".stonepress-") && name.ends_with(".commit") {
            commits.push(p);
        } else if let Some(pid) = temp_pid(&name)
            && !alive(pid)
        {
            if e.file_type()?.is_dir() {
                fs::remove_dir_all(&p).map_err(|e| at(&p, e))?;
            } else {
                fs::remove_file(&p).map_err(|e| at(&p, e))?;
            }
        }
    }
    commits.sort();
    for c in commits {
        finish_commit(&c, dir)?;
    }
    Ok(())
}

/// Writes `bytes` to `path` atomically: first to a temporary file beside it, then renamed over
/// it. A device or pipe is written in place instead. Leftovers of killed runs beside it go.
pub fn write(path: &Path, bytes: &[u8]) -> io::Result<()> {
    if is_special(path) {
        let mut f = fs::OpenOptions::new()
            .write(true)
            .open(path)
            .map_err(|e| at(path, e))?;
        f.write_all(bytes).map_err(|e| at(path, e))?;
        return f.flush().map_err(|e| at(path, e));
    }
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty());
    if let Some(dir) = dir {
        fs::create_dir_all(dir).map_err(|e| at(dir, e))?;
    }
    let stem = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    // Leftovers of this very file from killed runs.
    if let Ok(entries) = fs::read_dir(dir.unwrap_or(Path::new("."))) {
        for e in entries.flatten() {
            let name = e.file_name().to_string_lossy().into_owned();
            if name.starts_with(&format!(".{stem}.")) && temp_pid(&name).is_some_and(|p| !alive(p))
            {
                let _ = fs::remove_file(e.path());
            }
        }
    }
    let tmp = path.with_file_name(format!(".{stem}.{}.tmp", std::process::id()));
    let result = (|| {
        let mut f = File::create(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
        step();
        fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    result.map_err(|e| at(path, e))
}

/// Makes a folder's entries (names created, renamed or removed in it) durable: one `fsync` of
/// the folder. Where a folder cannot be opened for that (not Unix), nothing is done.
pub fn sync_dir(dir: &Path) -> io::Result<()> {
    if cfg!(unix) {
        let d = if dir.as_os_str().is_empty() {
            Path::new(".")
        } else {
            dir
        };
        File::open(d)
            .and_then(|f| f.sync_all())
            .map_err(|e| at(d, e))?;
    }
    Ok(())
}

/// One entry of a set: a file or the SVG folder, by its name in the output folder.
#[derive(Clone, Debug)]
pub struct Entry {
    /// The name in the output folder, e.g. `book.pdf` or `book`.
    pub name: String,
    /// True for a folder.
    pub folder: bool,
}

/// An output set being written into its staging folder; see the module documentation.
pub struct OutputSet {
    out: PathBuf,
    stage: PathBuf,
    puts: Vec<Entry>,
    drops: Vec<String>,
    /// What has been staged so far.
    state: Mutex<Staged>,
    /// Whether the commit syncs the staged files' data first.
    durable: bool,
    committed: bool,
    /// True when `begin` made the output folder: removed again (if empty) when the set is
    /// dropped without a commit, so a failed build leaves nothing behind.
    created_out: bool,
}

/// What a set has staged so far.
struct Staged {
    /// The staged files completed so far (relative to the output folder).
    finished: Vec<PathBuf>,
    /// Whether the staging folder exists.
    folder: bool,
    /// The one-rename commit, while it is still possible.
    single: Option<Single>,
}

/// A build that changes one name only: the set is one file (`NAME.pdf` alone), or the SVG folder
/// alone whose one page is written again under the same name, and nothing is to be removed.
/// Its file is staged beside the outputs as `.NAME.PID.tmp` (no staging folder, no journal)
/// and one rename puts it in place, which is as atomic as the whole-set commit.
struct Single {
    /// For the SVG folder: the name of the one page it holds now.
    old_page: Option<String>,
    /// The staged file: its path relative to the output folder, and where it is staged.
    staged: Option<(PathBuf, PathBuf)>,
}

impl OutputSet {
    /// Prepares to write the entries `puts` of set `name` into the folder `out`: finishes or
    /// removes what killed runs left there, checks that every entry may be replaced (see the
    /// module documentation) and prepares the staging. `others` are the names the set may
    /// hold but does not write this time; ours among them are removed at the commit.
    pub fn begin(
        out: &Path,
        name: &str,
        puts: &[Entry],
        others: &[Entry],
        force: bool,
    ) -> Result<OutputSet, OutputError> {
        if let Ok(m) = fs::metadata(out)
            && !m.is_dir()
        {
            return Err(OutputError::Refused(format!(
                "{} is not a folder\nhint: --out names the folder the files go into",
                out.display()
            )));
        }
        // Check before creating anything, so a refusal writes nothing. An existing SVG folder
        // is looked at once: whether all of it is ours, its pages, its leftovers.
        let mut surveys = Vec::new();
        for e in puts {
            let p = out.join(&e.name);
            let Ok(meta) = fs::symlink_metadata(&p) else {
                continue;
            };
            if e.folder && meta.is_dir() {
                let s = survey(&p);
                if !force {
                    let ours = s.as_ref().map_err(|err| at(&p, clone_error(err)))?.ours;
                    if !ours {
                        return Err(refused(
                            &p,
                            "holds files that stonepress did not write (the SVG folder is \
                             replaced as a whole)",
                        ));
                    }
                }
                surveys.push((e.name.clone(), s.ok()));
                continue;
            }
            if force {
                continue;
            }
            if e.folder {
                return Err(refused(
                    &p,
                    "is in the way of the SVG folder and was not written by stonepress",
                ));
            } else if meta.is_dir() {
                return Err(refused(&p, "is a folder where a file goes"));
            } else if !file_is_ours(&p) {
                return Err(refused(&p, "exists and was not written by stonepress"));
            }
        }
        let created_out = !out.exists();
        fs::create_dir_all(out).map_err(|e| at(out, e))?;
        clean(out)?;
        for (name, s) in &surveys {
            // Only a folder with leftovers (or one not all ours, replaced with --force) needs
            // a second look.
            if !s.as_ref().is_some_and(|s| s.ours && !s.leftovers) {
                clean(&out.join(name))?;
            }
        }
        let drops: Vec<String> = others
            .iter()
            .filter(|e| {
                let p = out.join(&e.name);
                if e.folder {
                    p.is_dir() && folder_is_ours(&p).unwrap_or(false)
                } else {
                    p.is_file() && file_is_ours(&p)
                }
            })
            .map(|e| e.name.clone())
            .collect();
        let stage = out.join(format!(".stonepress-{name}.{}.tmp", std::process::id()));
        let single = match (puts, drops.is_empty()) {
            ([e], true) if !e.folder => {
                let in_the_way = fs::symlink_metadata(out.join(&e.name)).is_ok_and(|m| m.is_dir());
                (!in_the_way).then_some(None)
            }
            ([_], true) => match surveys.first() {
                Some((_, Some(s))) if s.ours && s.pages.len() == 1 => {
                    Some(s.pages.first().cloned())
                }
                _ => None,
            },
            _ => None,
        }
        .map(|old_page| Single {
            old_page,
            staged: None,
        });
        let set = OutputSet {
            out: out.to_path_buf(),
            stage,
            puts: puts.to_vec(),
            drops,
            state: Mutex::new(Staged {
                finished: Vec::new(),
                folder: false,
                single,
            }),
            durable: false,
            committed: false,
            created_out,
        };
        if set.lock().single.is_none() {
            set.make_stage().map_err(OutputError::Io)?;
        }
        Ok(set)
    }

    /// With `on`, the commit makes the data of every staged file durable before the renames
    /// (see the module documentation), so that even a power loss leaves no empty file.
    pub fn durable(mut self, on: bool) -> OutputSet {
        self.durable = on;
        self
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Staged> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Creates the staging folder (and the SVG folder inside it), removing one of the same
    /// name first.
    fn make_stage(&self) -> io::Result<()> {
        let stage = &self.stage;
        if stage.exists() {
            fs::remove_dir_all(stage).map_err(|e| at(stage, e))?;
        }
        fs::create_dir(stage).map_err(|e| at(stage, e))?;
        for e in self.puts.iter().filter(|e| e.folder) {
            let p = stage.join(&e.name);
            fs::create_dir(&p).map_err(|e| at(&p, e))?;
        }
        self.lock().folder = true;
        Ok(())
    }

    /// Gives up the one-rename commit: makes the staging folder and moves the file staged
    /// beside the outputs into it.
    fn to_folder(&self) -> io::Result<()> {
        let (made, single) = {
            let mut st = self.lock();
            (st.folder, st.single.take())
        };
        if !made {
            self.make_stage()?;
        }
        if let Some(Single {
            staged: Some((rel, tmp)),
            ..
        }) = single
        {
            fs::rename(&tmp, self.stage.join(&rel)).map_err(|e| at(&self.out.join(&rel), e))?;
        }
        Ok(())
    }

    /// Where an entry's file is staged (`rel` relative to the output folder), and where it
    /// will end up.
    pub fn staged(&self, rel: &Path) -> (PathBuf, PathBuf) {
        let beside = match &self.lock().single {
            Some(Single {
                staged: Some((r, tmp)),
                ..
            }) if r == rel => Some(tmp.clone()),
            _ => None,
        };
        (
            beside.unwrap_or_else(|| self.stage.join(rel)),
            self.out.join(rel),
        )
    }

    /// Whether `rel` is a file of the set's one entry: the entry itself, or a page in its
    /// SVG folder.
    fn of_the_entry(&self, rel: &Path) -> bool {
        self.puts.first().is_some_and(|e| {
            if e.folder {
                rel.parent() == Some(Path::new(&e.name))
            } else {
                rel == Path::new(&e.name)
            }
        })
    }

    /// Creates a staged file for writing; call [`OutputSet::done`] once it is complete.
    pub fn create(&self, rel: &Path) -> io::Result<File> {
        let beside = {
            let mut st = self.lock();
            match st.single.as_mut() {
                Some(s) if s.staged.is_none() && self.of_the_entry(rel) => {
                    let flat = rel.to_string_lossy().replace(['/', '\\'], "-");
                    let tmp = self.out.join(format!(".{flat}.{}.tmp", std::process::id()));
                    s.staged = Some((rel.to_path_buf(), tmp.clone()));
                    Some(tmp)
                }
                _ => None,
            }
        };
        let p = match beside {
            Some(tmp) => tmp,
            None => {
                self.to_folder()?;
                self.stage.join(rel)
            }
        };
        File::create(&p).map_err(|e| at(&self.out.join(rel), e))
    }

    /// Marks a staged file as complete (with [`OutputSet::durable`], its data is synced at the
    /// commit together with every other file of the set).
    pub fn done(&self, rel: &Path, f: File) -> io::Result<()> {
        drop(f);
        self.lock().finished.push(rel.to_path_buf());
        step();
        Ok(())
    }

    /// Writes a whole staged file.
    pub fn write(&self, rel: &Path, bytes: &[u8]) -> io::Result<()> {
        let mut f = self.create(rel)?;
        f.write_all(bytes).map_err(|e| at(&self.out.join(rel), e))?;
        self.done(rel, f)
    }

    /// The one-rename commit (see [`Single`]), when the set still allows it: its one file
    /// complete and, in the SVG folder, under the name of the page it replaces. Returns false
    /// when the set needs the whole-set commit.
    fn commit_single(&mut self) -> io::Result<bool> {
        let st = self.state.get_mut().unwrap_or_else(|e| e.into_inner());
        let Some(Single {
            old_page,
            staged: Some((rel, tmp)),
        }) = &st.single
        else {
            return Ok(false);
        };
        let same_page = old_page
            .as_deref()
            .is_none_or(|old| rel.file_name() == Some(std::ffi::OsStr::new(old)));
        if st.finished.len() != 1 || !same_page {
            return Ok(false);
        }
        let dst = self.out.join(rel);
        if self.durable {
            File::open(tmp)
                .and_then(|f| f.sync_data())
                .map_err(|e| at(&dst, e))?;
        }
        fs::rename(tmp, &dst).map_err(|e| at(&dst, e))?;
        self.committed = true;
        step();
        // The one sync: the folder that holds the new name.
        sync_dir(dst.parent().unwrap_or(&self.out))?;
        Ok(true)
    }

    /// Moves the staged set into place: one rename when the set changes one name only
    /// ([`Single`]), else the journal, the rename to the commit folder, then the moves it lists.
    pub fn commit(mut self) -> io::Result<()> {
        if self.commit_single()? {
            return Ok(());
        }
        self.to_folder()?;
        let mut order = String::new();
        // The SVG folder first, the manifest last: it is what `verify` reads.
        let mut puts = self.puts.clone();
        puts.sort_by_key(|e| (!e.folder, e.name.ends_with(".json")));
        for e in &puts {
            order.push_str(&format!("put {}\n", e.name));
        }
        for d in &self.drops {
            order.push_str(&format!("drop {d}\n"));
        }
        self.write(Path::new(JOURNAL), order.as_bytes())?;
        if self.durable {
            // The data pass: every staged file reaches the disk before any name changes.
            let finished = std::mem::take(&mut self.lock().finished);
            sync_data_all(&self.stage, &self.out, &finished)?;
        }
        let name = self
            .stage
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let set = name
            .strip_suffix(".tmp")
            .and_then(|s| s.rsplit_once('.'))
            .map_or(name.as_str(), |(s, _)| s)
            .to_string();
        let commit = self.out.join(format!("{set}.commit"));
        if commit.exists() {
            finish_commit(&commit, &self.out)?;
        }
        fs::rename(&self.stage, &commit).map_err(|e| at(&commit, e))?;
        self.committed = true;
        step();
        finish_commit(&commit, &self.out)?;
        // The one folder sync: the renames above (and the removal of the commit folder) are
        // durable once it returns.
        sync_dir(&self.out)
    }
}

/// A copy of an I/O error (its kind and message), to report it where the original is kept.
fn clone_error(e: &io::Error) -> io::Error {
    io::Error::new(e.kind(), e.to_string())
}

impl Drop for OutputSet {
    fn drop(&mut self) {
        if !self.committed {
            let st = self.state.get_mut().unwrap_or_else(|e| e.into_inner());
            if let Some(Single {
                staged: Some((_, tmp)),
                ..
            }) = &st.single
            {
                let _ = fs::remove_file(tmp);
            }
            if st.folder {
                let _ = fs::remove_dir_all(&self.stage);
            }
            if self.created_out {
                let _ = fs::remove_dir(&self.out);
            }
        }
    }
}

/// How many `fdatasync` calls the data pass keeps in flight at once.
const SYNC_LANES: usize = 8;

/// Makes the data of the staged files `rels` (relative to `stage`) durable: `fdatasync` on
/// each, issued from up to [`SYNC_LANES`] threads at once, so that a journalling file system
/// writes them all out and commits them together instead of one journal commit per file.
fn sync_data_all(stage: &Path, out: &Path, rels: &[PathBuf]) -> io::Result<()> {
    let sync = |rel: &PathBuf| -> io::Result<()> {
        File::open(stage.join(rel))
            .and_then(|f| f.sync_data())
            .map_err(|e| at(&out.join(rel), e))
    };
    if rels.len() <= 1 {
        return rels.iter().try_for_each(sync);
    }
    let lanes = SYNC_LANES.min(rels.len());
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..lanes)
            .map(|lane| {
                scope.spawn(move || rels.iter().skip(lane).step_by(lanes).try_for_each(sync))
            })
            .collect();
        handles.into_iter().try_for_each(|h| {
            h.join()
                .unwrap_or_else(|_| Err(io::Error::other("a sync thread panicked")))
        })
    })
}

/// Carries out (or finishes) the moves a commit folder's journal lists, then removes the
/// folder with the old entries moved into it. Every step may be repeated safely.
fn finish_commit(commit: &Path, out: &Path) -> io::Result<()> {
    let journal = commit.join(JOURNAL);
    let order = match fs::read_to_string(&journal) {
        Ok(t) => t,
        Err(_) => return fs::remove_dir_all(commit).map_err(|e| at(commit, e)),
    };
    for line in order.lines() {
        let Some((op, name)) = line.split_once(' ') else {
            continue;
        };
        if name.contains('/') || name.starts_with('.') || name == JOURNAL {
            continue;
        }
        let dst = out.join(name);
        let old = commit.join(format!(".old.{name}"));
        let put_aside = |dst: &Path| -> io::Result<()> {
            if fs::symlink_metadata(&old).is_ok() {
                remove_any(&old)?;
            }
            fs::rename(dst, &old).map_err(|e| at(dst, e))
        };
        match op {
            "put" => {
                let src = commit.join(name);
                let Ok(meta) = fs::symlink_metadata(&src) else {
                    continue;
                };
                if let Ok(d) = fs::symlink_metadata(&dst)
                    && (d.is_dir() || meta.is_dir())
                {
                    put_aside(&dst)?;
                }
                fs::rename(&src, &dst).map_err(|e| at(&dst, e))?;
                step();
            }
            "drop" if fs::symlink_metadata(&dst).is_ok() => {
                put_aside(&dst)?;
                step();
            }
            _ => {}
        }
    }
    fs::remove_dir_all(commit).map_err(|e| at(commit, e))
}

fn remove_any(p: &Path) -> io::Result<()> {
    if fs::symlink_metadata(p)?.is_dir() {
        fs::remove_dir_all(p)
    } else {
        fs::remove_file(p)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn temporary_names_give_their_process() {
        assert_eq!(temp_pid(".book.pdf.1234.tmp"), Some(1234));
        assert_eq!(temp_pid(".stonepress-book.77.tmp"), Some(77));
        assert_eq!(temp_pid("book.pdf.1234.tmp"), None);
        assert_eq!(temp_pid(".notes.tmp"), None);
        assert_eq!(temp_pid(".a.12x.tmp"), None);
    }
}
