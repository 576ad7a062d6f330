//! Sharded builds: `build --shard I/N` on 1, 2 and 4 shards, merged, gives the very files a
//! plain `build` writes (PDF, SVG pages, manifest), and `merge` refuses parts that are not the
//! N shards of one configuration (a shard missing, two alike, another configuration, another
//! split) with exit status 2 and nothing written, and names a shard that stopped short.

mod common;

use std::path::Path;

use common::{files_under as files, stonepress, temp_dir};

/// A few fast puzzles (Anchor) and a small Go set: enough for a shard's quota to fall below
/// a set's count at four shards.
const BOOK: &str = r#"[document]
title = "Sharded"
name = "sharded"
formats = ["pdf", "svg"]

[[puzzles]]
game = "anchor"
count = 7
title = "Anchor"

[[puzzles]]
game = "go"
count = 2
size = 7
title = "Go"
"#;

/// One small set, for the refusals.
const TINY: &str = r#"[document]
title = "Tiny"
name = "tiny"
formats = ["svg"]

[[puzzles]]
game = "anchor"
count = 2
"#;

fn ok(dir: &Path, args: &[&str]) -> String {
    let o = stonepress(dir, args);
    assert!(
        o.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// Builds every shard of an `n`-way split into `OUT-N/` and returns the parts' paths.
fn shards(dir: &Path, config: &str, name: &str, n: usize, out: &str) -> Vec<String> {
    let out = format!("{out}-{n}");
    (0..n)
        .map(|i| {
            let shard = format!("{i}/{n}");
            let said = ok(
                dir,
                &[
                    "build", config, "--shard", &shard, "--out", &out, "--jobs", "2",
                ],
            );
            assert!(said.contains(&format!("shard {shard}")), "{said}");
            format!("{out}/{name}.shard-{i}-of-{n}.json")
        })
        .collect()
}

fn merge(dir: &Path, parts: &[String], out: &str) -> std::process::Output {
    let mut args = vec!["merge"];
    args.extend(parts.iter().map(String::as_str));
    args.extend(["--out", out]);
    stonepress(dir, &args)
}

#[test]
fn one_two_and_four_shards_merge_into_the_plain_book() {
    let dir = temp_dir("shards-same");
    std::fs::write(dir.join("book.toml"), BOOK).unwrap();
    ok(
        &dir,
        &["build", "book.toml", "--out", "plain", "--jobs", "2"],
    );
    let plain = files(&dir.join("plain"));
    let names: Vec<&str> = plain.iter().map(|f| f.0.as_str()).collect();
    assert!(
        names.contains(&"sharded.pdf") && names.contains(&"sharded.json"),
        "{names:?}"
    );
    assert!(names.iter().any(|n| n.ends_with(".svg")), "{names:?}");
    for n in [1, 2, 4] {
        let parts = shards(&dir, "book.toml", "sharded", n, "parts");
        // A part is a manifest of finds, no pages.
        let listed = files(&dir.join(format!("parts-{n}")));
        assert_eq!(listed.len(), n, "{:?}", listed.iter().map(|f| &f.0));
        // The parts in any order.
        let mut given = parts.clone();
        given.reverse();
        let out = format!("merged-{n}");
        let o = merge(&dir, &given, &out);
        assert!(
            o.status.success(),
            "merge of {n}: {}",
            String::from_utf8_lossy(&o.stderr)
        );
        let merged = files(&dir.join(&out));
        assert_eq!(
            merged.iter().map(|f| &f.0).collect::<Vec<_>>(),
            plain.iter().map(|f| &f.0).collect::<Vec<_>>(),
            "{n} shards"
        );
        for (a, b) in plain.iter().zip(&merged) {
            assert!(
                a.1 == b.1,
                "{n} shards: {} differs from the plain build",
                a.0
            );
        }
    }
    // At four shards each looks for fewer Anchor puzzles than the set keeps (its share and a
    // margin), so the merged book really combines the shards' finds.
    let part: serde_json::Value = serde_json::from_slice(
        &std::fs::read(dir.join("parts-4/sharded.shard-0-of-4.json")).unwrap(),
    )
    .unwrap();
    let found = part["sets"][0]["found"].as_array().unwrap().len();
    assert!(found < 7, "shard 0/4 found {found} Anchor puzzles");
    let o = stonepress(&dir, &["verify", "merged-4/sharded.json"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
}

/// Runs a merge that must be refused as bad input: exit 2, the message holds `says`, and the
/// output folder is not made.
fn refused(dir: &Path, parts: &[&str], extra: &[&str], says: &str) {
    let out = "refused";
    let mut args = vec!["merge"];
    args.extend(parts);
    args.extend(["--out", out]);
    args.extend(extra);
    let o = stonepress(dir, &args);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{parts:?}: {err}");
    assert!(err.contains(says), "{parts:?}: wanted '{says}' in: {err}");
    assert!(
        !dir.join(out).exists(),
        "{parts:?}: a refused merge wrote {out}/"
    );
}

#[test]
fn merge_refuses_parts_that_are_not_every_shard_of_one_configuration() {
    let dir = temp_dir("shards-refused");
    std::fs::write(dir.join("tiny.toml"), TINY).unwrap();
    let two = shards(&dir, "tiny.toml", "tiny", 2, "parts");
    let three = shards(&dir, "tiny.toml", "tiny", 3, "parts");
    let (p0, p1) = (two[0].as_str(), two[1].as_str());
    // The two parts make the book.
    let o = merge(&dir, &two, "good");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    // A shard missing.
    refused(&dir, &[p0], &[], "missing shard 1/2");
    // The same shard twice (a copy under another name).
    std::fs::copy(dir.join(p0), dir.join("copy.json")).unwrap();
    refused(
        &dir,
        &[p0, "copy.json", p1],
        &[],
        "overlap: both are shard 0/2",
    );
    // Parts of two different splits.
    refused(&dir, &[p0, &three[1], &three[2]], &[], "split 3 ways");
    // The configuration changed since the shards ran.
    let changed = TINY.replace("count = 2", "count = 3");
    std::fs::write(dir.join("other.toml"), &changed).unwrap();
    refused(
        &dir,
        &[p0, p1],
        &["--config", "other.toml"],
        "not the configuration the shards were built from",
    );
    // A part of another configuration.
    let other = shards(&dir, "other.toml", "tiny", 2, "other");
    refused(
        &dir,
        &[p0, &other[1]],
        &[],
        "made from another configuration",
    );
    // Not a part at all: its file, line and column.
    std::fs::write(dir.join("junk.json"), "{\n  \"shard\": 3\n}\n").unwrap();
    refused(&dir, &["junk.json", p1], &[], "junk.json:2:");
    // A bad --shard.
    for bad in ["2/2", "1", "a/b", "0/0"] {
        let o = stonepress(&dir, &["build", "tiny.toml", "--shard", bad, "--out", "x"]);
        assert_eq!(o.status.code(), Some(2), "--shard {bad}");
        assert!(String::from_utf8_lossy(&o.stderr).contains("--shard"));
        assert!(!dir.join("x").exists());
    }
    // A shard that stopped before a candidate the set keeps is named, with the way out.
    let mut part: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.join(p1)).unwrap()).unwrap();
    // Shard 1 tried none of its candidates: the set's second puzzle is candidate 1 or later.
    part["sets"][0]["found"] = serde_json::json!([]);
    part["sets"][0]["covered"] = serde_json::json!(1);
    std::fs::write(dir.join("short.json"), serde_json::to_vec(&part).unwrap()).unwrap();
    let o = merge(&dir, &[p0.to_string(), "short.json".to_string()], "short");
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(
        err.contains("shard 1/2 stopped at candidate") && err.contains("--shard-margin"),
        "{err}"
    );
    assert!(!dir.join("short").exists());
}
