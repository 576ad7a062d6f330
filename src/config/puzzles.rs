//! Validation of `[[puzzles]]` tables into puzzle book specifications.

use super::diag::ConfigError;
use super::raw::RawPuzzles;
use crate::games::puzzle::{games_with_kinds, kinds_of};
use crate::geometry::Size;
use crate::layout::{Answers, BookSpec};
use crate::puzzle::{Difficulty, SetSpec, kinds};

/// Checks one `[[puzzles]]` table; `seed` is the document's, used when the table has none.
pub fn book(
    p: &RawPuzzles,
    text: &str,
    file: &str,
    paper: Size,
    margin: f64,
    seed: u64,
) -> Result<BookSpec, ConfigError> {
    let at = |offset: usize, msg: String| ConfigError::at(file, text, offset, msg);
    let game = super::diag::game_at(&p.game, file, text)?;
    let known = kinds_of(game);
    let Some(&first) = known.first() else {
        let makers: Vec<String> = games_with_kinds()
            .into_iter()
            .map(|(g, _)| format!("{} (kinds: {})", g.key(), kinds(g).join(", ")))
            .collect();
        return Err(at(
            p.game.span().start,
            format!("{} has no puzzle generator yet", game.title()),
        )
        .hint(format!("puzzles are made for {}", makers.join(", "))));
    };
    let default = known.iter().find(|k| k.is_default()).unwrap_or(&first);
    let kind = p
        .kind
        .as_ref()
        .map_or(default.name().to_string(), |k| k.get_ref().clone());
    let Some(&found) = known.iter().find(|k| k.name() == kind) else {
        let span = p.kind.as_ref().map_or(0, |k| k.span().start);
        return Err(
            at(span, format!("unknown puzzle kind '{kind}'")).hint(format!(
                "kinds for {}: {}",
                game.title(),
                kinds(game).join(", ")
            )),
        );
    };
    let ranged = |s: &Option<toml::Spanned<usize>>,
                  what: &str,
                  lo: usize,
                  hi: usize,
                  default: usize|
     -> Result<usize, ConfigError> {
        match s {
            None => Ok(default),
            Some(v) if (lo..=hi).contains(v.get_ref()) => Ok(*v.get_ref()),
            Some(v) => Err(at(v.span().start, format!("{what} must be {lo}..{hi}"))),
        }
    };
    let count = ranged(&p.count, "count", 1, 500, 12)?;
    let per_page = ranged(&p.per_page, "per_page", 1, 12, 6)?;
    let (least, most, usual) = found.sizes();
    let size = ranged(&p.size, "size", least, most, usual)?;
    let difficulty_text = p
        .difficulty
        .as_ref()
        .map_or("any".to_string(), |d| d.get_ref().clone());
    let difficulty = Difficulty::parse(&difficulty_text, found.bands()).ok_or_else(|| {
        let span = p.difficulty.as_ref().map_or(0, |d| d.span().start);
        at(span, format!("unknown difficulty '{difficulty_text}'"))
            .hint("use easy, medium, hard, any, or a range of proof sizes like \"40..300\"")
    })?;
    let answers = match p.answers.as_ref().map(|a| (a.get_ref().as_str(), a.span())) {
        None | Some(("end", _)) => Answers::End,
        Some(("facing", _)) => Answers::Facing,
        Some(("none", _)) => Answers::None,
        Some(("back", _)) => Answers::Back,
        Some((other, span)) => {
            return Err(at(span.start, format!("unknown answers '{other}'"))
                .hint("use \"end\", \"facing\", \"back\" or \"none\""));
        }
    };
    if let (Some(intro), None) = (&p.introduction, &p.chapter) {
        return Err(at(
            intro.span().start,
            "an introduction belongs to a chapter".to_string(),
        )
        .hint("add chapter = \"...\" to this [[puzzles]] table, or remove the introduction"));
    }
    Ok(BookSpec {
        title: p
            .title
            .clone()
            .unwrap_or_else(|| format!("{} problems", game.title())),
        set: SetSpec {
            game,
            kind: found,
            size,
            count,
            difficulty,
            seed: p.seed.unwrap_or(seed),
        },
        seed_given: p.seed.is_some(),
        kind,
        difficulty: difficulty_text,
        per_page,
        answers,
        coordinates: p.coordinates.unwrap_or(true),
        paper,
        margin,
        colour: false,
        origin: format!(
            "{file}:{}",
            crate::util::text::line_col(text, p.game.span().start).0
        ),
        chapter: p.chapter.clone(),
        introduction: p.introduction.as_ref().map(|i| i.get_ref().clone()),
    })
}
