//! Tests of the figure model and its drawing.

use super::*;
use crate::geometry::{Board, Columns, Point, Size};
use crate::render::{Item, Page, Paint};

/// A look for tests, written here: figure/ holds no game's look.
static LOOK: Look = Look {
    spacing: (10.0, 10.0),
    stone: 0.45,
    ground: Some(Ground {
        paint: Paint::Rgb(200, 180, 120),
        pad: 0.5,
    }),
    body: Body::Lines {
        grid: Ink {
            paint: Paint::BLACK,
            width: 0.3,
        },
        border: Ink {
            paint: Paint::BLACK,
            width: 0.6,
        },
        dot: Some(Dot {
            per_unit: 0.05,
            min: 0.25,
            paint: Paint::BLACK,
        }),
        stars: None,
    },
    corners: None,
    labels: Labels {
        margin: 0.7,
        gap: 0.8,
        window_gap: 0.8,
        opposite: false,
        on_windows: true,
        edge_names: false,
    },
};

/// The same, drawn as cells.
static CELLS: Look = Look {
    body: Body::Cells {
        edge_cells: Tint {
            print: Paint::Grey(185),
            colour: Paint::Rgb(120, 190, 110),
        },
    },
    ..LOOK
};

fn go9() -> Board {
    Board::square(9, 9, Columns::SkipI)
}

fn classes(page: &Page, class: &str) -> usize {
    page.items
        .iter()
        .filter(|i| matches!(i, Item::Shape(s) if s.class == Some(class)))
        .count()
}

fn texts(page: &Page) -> Vec<String> {
    page.items
        .iter()
        .filter_map(|i| match i {
            Item::Text(t) => Some(t.text.clone()),
            _ => None,
        })
        .collect()
}

#[test]
fn a_figure_draws_its_stones_numbers_marks_and_caption_inside_its_box() {
    let b = go9();
    let mut fig = Figure::new(b.clone(), &LOOK);
    fig.stone(b.parse("C3").unwrap(), Colour::Black);
    fig.stone(b.parse("D3").unwrap(), Colour::White);
    fig.play(b.parse("D4").unwrap(), Colour::Black);
    fig.mark(b.parse("E5").unwrap(), MarkKind::Label("a".into()));
    fig.mark(b.parse("C3").unwrap(), MarkKind::Triangle);
    fig.caption = "Black 1 ataris the white stone.".into();
    let mut page = Page::new(Size::new(210.0, 297.0));
    let origin = Point::new(20.0, 30.0);
    let size = Size::new(80.0, 120.0);
    let used = draw_figure(&mut page, &fig, origin, size);
    assert!(used > 60.0 && used <= size.h, "height used {used}");
    assert_eq!(classes(&page, "stone"), 3);
    assert_eq!(classes(&page, "mark"), 1);
    let t = texts(&page);
    assert!(t.contains(&"1".to_string()) && t.contains(&"a".to_string()));
    assert!(t.contains(&"Black 1 ataris the white stone.".to_string()));
    // Everything lies in the box.
    for item in &page.items {
        let p = match item {
            Item::Text(t) => t.pos,
            Item::Shape(s) => match &s.geometry {
                crate::render::Geometry::Circle(c, _) => *c,
                crate::render::Geometry::Line(a, _) => *a,
                crate::render::Geometry::Polygon(v) | crate::render::Geometry::Polyline(v) => v[0],
            },
        };
        assert!(
            p.x >= origin.x - 1e-6 && p.x <= origin.x + size.w + 1e-6,
            "{p:?}"
        );
        assert!(
            p.y >= origin.y - 1e-6 && p.y <= origin.y + used + 1e-6,
            "{p:?}"
        );
    }
    assert!((figure_height(&fig, size) - used).abs() < 1e-9);
}

#[test]
fn a_move_on_an_occupied_point_is_noted_not_drawn() {
    let b = go9();
    let mut fig = Figure::new(b.clone(), &LOOK);
    fig.stone(b.parse("E5").unwrap(), Colour::White);
    assert_eq!(fig.play(b.parse("C3").unwrap(), Colour::Black), 1);
    assert_eq!(fig.play(b.parse("D3").unwrap(), Colour::White), 2);
    assert_eq!(fig.play(b.parse("C3").unwrap(), Colour::Black), 3);
    assert_eq!(fig.play(b.parse("E5").unwrap(), Colour::White), 4);
    assert_eq!(fig.numbered.len(), 2);
    assert_eq!(fig.notes, vec!["3 at 1".to_string(), "4 at E5".to_string()]);
    assert_eq!(fig.full_caption(), "3 at 1, 4 at E5.");
}

#[test]
fn a_window_shows_only_its_points_with_coordinates_along_its_sides() {
    let b = go9();
    let mut fig = Figure::new(b.clone(), &LOOK);
    let corner = [b.parse("A1").unwrap(), b.parse("E4").unwrap()];
    fig.window = Some(Window::around(&b, &corner, 0.0));
    fig.stone(b.parse("B2").unwrap(), Colour::Black);
    fig.stone(b.parse("H8").unwrap(), Colour::White);
    let mut page = Page::new(Size::new(210.0, 297.0));
    draw_figure(
        &mut page,
        &fig,
        Point::new(10.0, 10.0),
        Size::new(100.0, 100.0),
    );
    assert_eq!(classes(&page, "point"), 20);
    assert_eq!(classes(&page, "stone"), 1);
    let t = texts(&page);
    for l in ["A", "B", "C", "D", "E", "1", "4"] {
        assert!(t.contains(&l.to_string()), "{l} in {t:?}");
    }
    assert!(!t.contains(&"F".to_string()) && !t.contains(&"5".to_string()));
}

#[test]
fn cells_outline_follows_the_boundary_of_the_union() {
    let b = Board::hex_cells(4);
    let mut fig = Figure::new(b.clone(), &CELLS);
    let three = b.parse_list("A1 A2 A3").unwrap();
    fig.regions.push(Region {
        outline: Outline::Cells(three),
        tone: Tone::Accent,
        fill: true,
        line: Line::Heavy,
    });
    let mut page = Page::new(Size::new(210.0, 297.0));
    draw_figure(
        &mut page,
        &fig,
        Point::new(10.0, 10.0),
        Size::new(100.0, 100.0),
    );
    // Three hexagons in a row: 18 edges, 4 shared (2 per shared side, counted from both).
    assert_eq!(classes(&page, "region"), 14);
    assert_eq!(classes(&page, "region-fill"), 3);
}

#[test]
fn marks_on_black_stones_are_white() {
    let b = go9();
    let mut fig = Figure::new(b.clone(), &LOOK);
    let p = b.parse("C3").unwrap();
    fig.stone(p, Colour::Black);
    fig.mark(p, MarkKind::Label("A".into()));
    let mut page = Page::new(Size::new(210.0, 297.0));
    draw_figure(
        &mut page,
        &fig,
        Point::new(0.0, 0.0),
        Size::new(100.0, 100.0),
    );
    // The mark is drawn last, after the coordinate "A".
    let ink = page.items.iter().rev().find_map(|i| match i {
        Item::Text(t) if t.text == "A" => Some(t.paint),
        _ => None,
    });
    assert_eq!(ink, Some(crate::render::Paint::WHITE));
}

/// The sizes of the texts drawn on a page that contain `word`.
fn sizes_of(page: &Page, word: &str) -> Vec<f64> {
    page.items
        .iter()
        .filter_map(|i| match i {
            Item::Text(t) if t.text.contains(word) => Some(t.size),
            _ => None,
        })
        .collect()
}

#[test]
fn captions_wrap_then_shrink_and_only_then_run_over() {
    let b = go9();
    let size = Size::new(40.0, 50.0);
    let draw = |caption: &str| {
        let mut fig = Figure::new(b.clone(), &LOOK);
        fig.stone(b.parse("C3").unwrap(), Colour::Black);
        fig.caption = caption.into();
        let mut page = Page::new(Size::new(210.0, 297.0));
        let used = draw_figure(&mut page, &fig, Point::new(10.0, 10.0), size);
        (page, used, fit_caption(&fig, size))
    };
    // A short caption wraps at the caption size.
    let (page, used, fit) = draw("Black lives with two eyes in the corner.");
    assert!(fit.lines.len() > 1 && fit.overflow == 0.0);
    assert!(sizes_of(&page, "Black").iter().all(|&s| s == CAPTION_SIZE));
    assert!(used <= size.h);
    // One that would take more than its share of the box at that size is shrunk to fit.
    let long = "Black plays the vital point and White cannot make a second eye. ".repeat(4);
    let (page, used, fit) = draw(&long);
    let at_full = crate::render::frame::wrap_words(&long, size.w, CAPTION_SIZE, false).len();
    assert!(
        at_full as f64 * CAPTION_SIZE * 1.25 > size.h * 0.7,
        "{at_full} lines"
    );
    assert!(fit.size < CAPTION_SIZE && fit.size >= crate::render::frame::LEAST_SIZE);
    assert_eq!(fit.overflow, 0.0);
    let drawn = sizes_of(&page, "Black");
    assert!(!drawn.is_empty() && drawn.iter().all(|&s| s == fit.size));
    assert!(used <= size.h + 1e-9, "used {used}");
    // A word wider than the box is shrunk to the box's width.
    let (_, _, fit) = draw("Counterattacking-without-giving-up");
    assert!(fit.size < CAPTION_SIZE && fit.overflow == 0.0, "{fit:?}");
    // Past the least size the caption runs over and says by how much.
    let (_, _, fit) = draw(&long.repeat(6));
    assert_eq!(fit.size, crate::render::frame::LEAST_SIZE);
    assert!(fit.overflow > 0.0);
}

#[test]
fn pieces_are_stroked_only_along_their_outer_edges_and_edge_marks_are_drawn() {
    let b = Board::square(6, 6, Columns::Spreadsheet);
    let p = |n: &str| b.parse(n).unwrap();
    let mut fig = Figure::new(b.clone(), &LOOK);
    // Two triangles sharing the edge C3-C4: a diamond of four outer edges.
    fig.regions.push(Region {
        outline: Outline::Pieces(vec![
            vec![p("C3"), p("C4"), p("B3")],
            vec![p("C3"), p("D3"), p("C4")],
        ]),
        tone: Tone::Black,
        fill: true,
        line: Line::Solid,
    });
    fig.edges.push(EdgeMark {
        from: p("A1"),
        to: p("B1"),
        tone: Tone::White,
        line: Line::Heavy,
    });
    let mut page = Page::new(Size::new(100.0, 100.0));
    draw_figure(
        &mut page,
        &fig,
        Point::new(0.0, 0.0),
        Size::new(100.0, 100.0),
    );
    assert_eq!(classes(&page, "region"), 4);
    assert_eq!(classes(&page, "region-fill"), 2);
    assert_eq!(classes(&page, "edge-mark"), 1);
}

/// The horizontal extents of the edge bands drawn on a page, left to right.
fn band_spans(page: &Page) -> Vec<(f64, f64)> {
    let mut spans: Vec<(f64, f64)> = page
        .items
        .iter()
        .filter_map(|i| match i {
            Item::Shape(s) if s.class == Some("edge-mark") => match &s.geometry {
                crate::render::Geometry::Polygon(v) => Some(
                    v.iter()
                        .fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), p| {
                            (a.min(p.x), b.max(p.x))
                        }),
                ),
                _ => None,
            },
            _ => None,
        })
        .collect();
    spans.sort_by(|a, b| a.0.total_cmp(&b.0));
    spans
}

#[test]
fn edge_bands_run_the_whole_side_and_groups_on_one_side_share_it() {
    let b = Board::square(6, 6, Columns::Spreadsheet);
    let p = |n: &str| b.parse(n).unwrap();
    let draw = |marks: &[(&str, &str, Tone)]| {
        let mut fig = Figure::new(b.clone(), &LOOK);
        // Stones on the side's end points show where the side starts and ends on the page.
        fig.stone(p("A1"), Colour::Black);
        fig.stone(p("F1"), Colour::Black);
        for &(from, to, tone) in marks {
            fig.edges.push(EdgeMark {
                from: p(from),
                to: p(to),
                tone,
                line: Line::Heavy,
            });
        }
        let mut page = Page::new(Size::new(100.0, 100.0));
        draw_figure(
            &mut page,
            &fig,
            Point::new(0.0, 0.0),
            Size::new(100.0, 100.0),
        );
        let xs: Vec<f64> = page
            .items
            .iter()
            .filter_map(|i| match i {
                Item::Shape(s) if s.class == Some("stone") => match &s.geometry {
                    crate::render::Geometry::Circle(c, _) => Some(c.x),
                    _ => None,
                },
                _ => None,
            })
            .collect();
        let (a1, f1) = (xs[0].min(xs[1]), xs[0].max(xs[1]));
        (band_spans(&page), a1, f1)
    };
    // One mark beside C1 bands the whole of side 1, from A1 to F1.
    let (spans, a1, f1) = draw(&[("C1", "D1", Tone::Black)]);
    assert_eq!(spans.len(), 1);
    assert!((spans[0].0 - a1).abs() < 1e-6 && (spans[0].1 - f1).abs() < 1e-6);
    // Two groups on the side: the bands meet half-way between their stretches.
    let (spans, a1, f1) = draw(&[("B1", "A1", Tone::Black), ("E1", "F1", Tone::White)]);
    assert_eq!(spans.len(), 2);
    let unit = (f1 - a1) / 5.0;
    assert!((spans[0].0 - a1).abs() < 1e-6 && (spans[1].1 - f1).abs() < 1e-6);
    // B1's stretch ends at B1, E1's starts at E1: they meet at C1-D1's middle.
    let meet = a1 + 2.5 * unit;
    assert!((spans[0].1 - meet).abs() < 1e-6 && (spans[1].0 - meet).abs() < 1e-6);
}

#[test]
fn replay_numbers_stones_notes_passes_and_stops_at_the_first_refused_move() {
    let b = go9();
    let mut fig = Figure::of_position(b.clone(), &LOOK, |p| {
        (b.name(p) == "E5").then_some(Colour::White)
    });
    assert_eq!(fig.stones.len(), 1);
    let moves: Vec<String> = ["C3", "pass", "declare", "E5", "C3"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let mut numbers = Vec::new();
    let mut black = true;
    let r = fig.replay(&moves, |mv, n| {
        numbers.push(n);
        let who = if black { Colour::Black } else { Colour::White };
        black = !black;
        Ok(match mv {
            "pass" => Played::Pass(who),
            "declare" => Played::Unnumbered,
            _ => Played::Stone(b.parse(mv).map_err(|e| e.to_string())?, who),
        })
    });
    assert_eq!(r, Ok(()));
    // The declaration takes no number; the pass does.
    assert_eq!(numbers, [1, 2, 3, 3, 4]);
    assert_eq!(fig.numbered.len(), 1);
    assert_eq!(fig.notes, ["2 White passes", "3 at E5", "4 at 1"]);
    let bad: Vec<String> = vec!["D4".into(), "Z99".into(), "D5".into()];
    let mut played = 0;
    let err = fig
        .replay(&bad, |mv, _| {
            played += 1;
            Ok(Played::Stone(
                b.parse(mv).map_err(|e| e.to_string())?,
                Colour::Black,
            ))
        })
        .unwrap_err();
    assert_eq!((err.number, err.mv.as_str()), (2, "Z99"));
    assert!(err.reason.contains("Z99"), "{}", err.reason);
    assert_eq!(played, 2, "nothing is played after a refused move");
}

/// Star points for the tests: the centre of the grid.
fn centre_star(board: &Board) -> Vec<crate::geometry::PointId> {
    let (w, h) = board.grid_size();
    board.at(w as i32 / 2, h as i32 / 2).into_iter().collect()
}

/// A corner symbol for the tests: a circle, filled when dark.
fn ring(page: &mut Page, c: Point, unit: f64, dark: bool) {
    page.shape(
        crate::render::Geometry::Circle(c, unit * 0.3),
        dark.then_some(Paint::BLACK),
        None,
        Some("corner"),
    );
}

static DRESSED: Look = Look {
    body: Body::Lines {
        grid: Ink {
            paint: Paint::Grey(120),
            width: 0.2,
        },
        border: Ink {
            paint: Paint::BLACK,
            width: 0.5,
        },
        dot: Some(Dot {
            per_unit: 0.05,
            min: 0.25,
            paint: Paint::BLACK,
        }),
        stars: Some(Stars {
            points: centre_star,
            dot: Dot {
                per_unit: 0.1,
                min: 0.5,
                paint: Paint::BLACK,
            },
        }),
    },
    corners: Some(Corners {
        points: &[("A1", true), ("E5", false)],
        draw: ring,
    }),
    labels: Labels {
        opposite: true,
        on_windows: false,
        ..LOOK.labels
    },
    ..LOOK
};

fn draw_whole(fig: &Figure) -> Page {
    let mut page = Page::new(Size::new(210.0, 297.0));
    draw_figure(
        &mut page,
        fig,
        Point::new(10.0, 10.0),
        Size::new(150.0, 150.0),
    );
    page
}

#[test]
fn the_look_decides_ground_stars_corner_symbols_and_labels() {
    let b = Board::square(5, 5, Columns::SkipI);
    let mut plain = Figure::new(b.clone(), &LOOK);
    let page = draw_whole(&plain);
    assert_eq!(classes(&page, "point"), 25);
    assert_eq!(classes(&page, "star") + classes(&page, "corner"), 0);
    // Columns below and rows to the left only.
    assert_eq!(texts(&page).len(), 10);
    let ground = |page: &Page| {
        page.items
            .iter()
            .any(|i| matches!(i, Item::Shape(s) if s.fill == Some(Paint::Rgb(200, 180, 120))))
    };
    assert!(!ground(&page), "no ground in print inks");
    plain.colour = true;
    assert!(ground(&draw_whole(&plain)), "the ground in colour inks");

    let mut dressed = Figure::new(b.clone(), &DRESSED);
    let page = draw_whole(&dressed);
    assert_eq!(classes(&page, "star"), 1);
    assert_eq!(classes(&page, "corner"), 2);
    // All four sides are labelled.
    assert_eq!(texts(&page).len(), 20);
    // A window of a look without window labels prints none, and shows one corner.
    dressed.window = Some(Window::around(&b, &b.parse_list("A1 B2").unwrap(), 0.0));
    let page = draw_whole(&dressed);
    assert!(texts(&page).is_empty(), "{:?}", texts(&page));
    assert_eq!(classes(&page, "corner"), 1);
    assert_eq!(classes(&page, "point"), 4);
}

#[test]
fn hexagon_boards_label_each_line_once_and_draw_their_cells() {
    // Points: ranks and files.
    let points = Board::hex_points(3);
    let page = draw_whole(&Figure::new(points.clone(), &LOOK));
    let mut t = texts(&page);
    t.sort();
    assert_eq!(t, ["1", "2", "3", "4", "5", "A", "B", "C", "D", "E"]);
    assert_eq!(classes(&page, "point"), 19);
    // Cells: rows and diagonals, no dots.
    let cells = Board::hex_cells(3);
    let page = draw_whole(&Figure::new(cells, &CELLS));
    assert_eq!(texts(&page).len(), 10);
    assert_eq!(classes(&page, "cell"), 19);
    assert_eq!(classes(&page, "point"), 0);
}

#[test]
fn a_board_sheet_and_an_empty_figure_draw_the_same_board() {
    let b = Board::square(7, 7, Columns::SkipI);
    let fig = Figure::new(b.clone(), &DRESSED);
    let style = BoardStyle {
        coordinates: true,
        colour: false,
    };
    let area = (Point::new(0.0, 0.0), Size::new(100.0, 100.0));
    let (at, scale) = place_board(&b, &DRESSED, area, &style);
    assert!(scale <= 1.0);
    let mut page = Page::new(Size::new(100.0, 100.0));
    draw_placed(&mut page, &fig, &at);
    assert_eq!(classes(&page, "point"), 49);
    assert_eq!(classes(&page, "star"), 1);
    assert_eq!(texts(&page).len(), 28);
}
