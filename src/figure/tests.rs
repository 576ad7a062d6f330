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
    edge_cells: Tint {
        print: Paint::Grey(185),
        colour: Paint::Rgb(120, 190, 110),
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
    let mut fig = Figure::new(b.clone(), &LOOK);
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

#[test]
fn captions_wrap_to_the_box() {
    let lines = wrap(
        "one two three four five six seven eight nine ten",
        20.0,
        3.2,
    );
    assert!(lines.len() > 2);
    for l in &lines {
        assert!(crate::render::frame::text_width(l, 3.2, false) <= 20.0 || !l.contains(' '));
    }
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
