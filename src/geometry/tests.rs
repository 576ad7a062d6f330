use super::*;

fn round_trip(board: &Board) {
    for p in board.points() {
        assert_eq!(board.parse(board.name(p)).unwrap(), p, "{}", board.name(p));
        assert_eq!(board.parse(&board.name(p).to_lowercase()).unwrap(), p);
        assert_eq!(board.at(board.coord(p).0, board.coord(p).1), Some(p));
    }
}

fn neighbours_symmetric(board: &Board) {
    for p in board.points() {
        for &q in board.neighbours(p) {
            assert!(board.neighbours(q).contains(&p));
            let d = board.position(p).dist(board.position(q));
            assert!((d - 1.0).abs() < 1e-9, "neighbours drawn one unit apart");
        }
    }
}

fn symmetries_are_automorphisms(board: &Board, expected: usize) {
    let syms = board.symmetries();
    assert_eq!(syms.len(), expected, "{}", board.description());
    for perm in &syms {
        let mut seen = vec![false; board.len()];
        for p in board.points() {
            let q = perm[p as usize];
            assert!(!seen[q as usize]);
            seen[q as usize] = true;
            let mut a: Vec<_> = board
                .neighbours(p)
                .iter()
                .map(|&n| perm[n as usize])
                .collect();
            let mut b = board.neighbours(q).to_vec();
            a.sort_unstable();
            b.sort_unstable();
            assert_eq!(a, b);
        }
    }
    assert!(syms[0].iter().enumerate().all(|(i, &q)| i == q as usize));
}

fn letters_skip_i(n: usize) -> Board {
    Board::square(n, n, Columns::SkipI)
}

#[test]
fn square_grid_without_i_points_names_and_neighbours() {
    for n in 5..=19 {
        let b = letters_skip_i(n);
        assert_eq!(b.len(), n * n);
        round_trip(&b);
        neighbours_symmetric(&b);
        symmetries_are_automorphisms(&b, 8);
    }
    let b = letters_skip_i(9).described("9x9 test grid");
    assert_eq!(b.name(0), "A1");
    assert_eq!(b.name(80), "J9");
    assert!(b.parse("I5").is_err());
    let err = b.parse("K3").unwrap_err().to_string();
    assert!(err.contains("K3") && err.contains("9x9"), "{err}");
    let corner = b.parse("A1").unwrap();
    assert_eq!(b.neighbours(corner).len(), 2);
    assert_eq!(b.neighbours(b.parse("A5").unwrap()).len(), 3);
    assert_eq!(b.neighbours(b.parse("E5").unwrap()).len(), 4);
    assert_eq!(letters_skip_i(19).name(360), "T19");
    assert_eq!(letters_skip_i(25).name(24), "Z1");
    assert_eq!(letters_skip_i(7).description(), "7x7 square grid");
}

#[test]
fn spreadsheet_columns_names_and_border() {
    let b = Board::square(39, 32, Columns::Spreadsheet);
    assert_eq!(b.len(), 39 * 32);
    round_trip(&b);
    symmetries_are_automorphisms(&b, 4);
    symmetries_are_automorphisms(&Board::square(20, 20, Columns::Spreadsheet), 8);
    assert_eq!(b.name(26), "AA1");
    assert_eq!(b.name(38), "AM1");
    assert!(b.on_border(b.parse("A5").unwrap()));
    assert!(b.on_border(b.parse("E32").unwrap()));
    assert!(!b.on_border(b.parse("B2").unwrap()));
    assert_eq!(column_letters(51), "AZ");
    assert_eq!(column_letters(52), "BA");
    let big = Board::square(60, 60, Columns::Spreadsheet);
    assert_eq!(big.name(59), "BH1");
}

#[test]
fn hexagon_of_points_has_169_points_six_corners_and_sides() {
    let b = Board::hex_points(8);
    assert_eq!(b.len(), 169);
    round_trip(&b);
    neighbours_symmetric(&b);
    symmetries_are_automorphisms(&b, 12);
    let six = b.points().filter(|&p| b.neighbours(p).len() == 6).count();
    assert_eq!(six, 169 - 42);
    let corners = [
        ("A1", 0b100001),
        ("H1", 0b000011),
        ("O8", 0b000110),
        ("O15", 0b001100),
        ("H15", 0b011000),
        ("A8", 0b110000),
    ];
    for (name, mask) in corners {
        let p = b.parse(name).unwrap();
        assert_eq!(b.sides(p), mask, "{name}");
        assert_eq!(b.neighbours(p).len(), 3);
    }
    for side in 0..6 {
        let count = b
            .points()
            .filter(|&p| b.sides(p) & (1 << side) != 0)
            .count();
        assert_eq!(count, 8, "side S{}", side + 1);
    }
    assert!(b.parse("P1").is_err());
    assert!(b.parse("A9").is_err());
    assert!(b.parse("I5").is_ok());
    // Drawn orientation: A1 bottom, O15 top, H1 right of A8.
    let pos = |n: &str| b.position(b.parse(n).unwrap());
    assert!(pos("A1").y > pos("H1").y && pos("O15").y < pos("O8").y);
    assert!(pos("H1").x > pos("A8").x && (pos("A1").x - pos("O15").x).abs() < 1e-9);
    let k = b.parse("H8").unwrap();
    assert_eq!(b.coord(k), (7, 7));
    let small = Board::hex_points(3);
    assert_eq!(small.len(), 19);
    assert!(small.parse("C3").is_ok() && small.parse("E1").is_err());
    assert_eq!(small.sides(small.parse("C3").unwrap()), 0);
    assert_eq!(Board::square(5, 5, Columns::SkipI).sides(0), 0);
}

#[test]
fn hexagon_of_cells_sizes_names_and_distance() {
    for base in 2..=13 {
        let b = Board::hex_cells(base);
        assert_eq!(b.len(), 3 * base * (base - 1) + 1);
        round_trip(&b);
        neighbours_symmetric(&b);
        symmetries_are_automorphisms(&b, 12);
    }
    let b = Board::hex_cells(10);
    assert_eq!(b.len(), 271);
    assert!(b.parse("A10").is_ok() && b.parse("A11").is_err());
    assert!(b.parse("J1").is_ok() && b.parse("J19").is_ok());
    assert!(b.parse("S10").is_ok() && b.parse("S9").is_err());
    let i11 = b.parse("I11").unwrap();
    let mut near: Vec<_> = b
        .points()
        .filter(|&p| b.hex_distance(i11, p) <= 2)
        .map(|p| b.name(p).to_string())
        .collect();
    near.sort();
    let mut expected: Vec<String> = "G9 G10 G11 H9 H10 H11 H12 I9 I10 I11 I12 I13 J10 J11 J12 J13 \
                                     K11 K12 K13"
        .split_whitespace()
        .map(String::from)
        .collect();
    expected.sort();
    assert_eq!(near, expected);
}

#[test]
fn triangle_with_windows_has_328_playable_and_114_edge_cells() {
    let b = Board::triangle_windows(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i']);
    assert_eq!(b.len(), 442);
    round_trip(&b);
    neighbours_symmetric(&b);
    let playable = b
        .points()
        .filter(|&p| b.cell_class(p) == CellClass::Playable)
        .count();
    assert_eq!(playable, 328);
    let mut per_edge = [0; 9];
    for p in b.points() {
        if let CellClass::Edge(e) = b.cell_class(p) {
            per_edge[e as usize] += 1;
        }
    }
    assert_eq!(per_edge, [28, 28, 28, 5, 5, 5, 5, 5, 5]);
    // Names: ROW = R - 1, CELL = i.
    assert_eq!(b.name(b.at_frame(2, 1).unwrap()), "1.1");
    assert_eq!(b.name(b.at_frame(28, 27).unwrap()), "27.27");
    assert_eq!(b.cell_class(b.at_frame(8, 4).unwrap()), CellClass::Playable);
    assert_eq!(b.cell_class(b.at_frame(9, 4).unwrap()), CellClass::Edge(3));
    assert!(b.at_frame(12, 6).is_none(), "window 1 hole");
    assert!(b.at_frame(22, 11).is_none(), "window 2 hole");
    // Only the left-right mirror maps the board, windows included, onto itself.
    symmetries_are_automorphisms(&b, 2);
    let mirror = &b.symmetries()[1];
    let p = b.at_frame(5, 1).unwrap();
    assert_eq!(b.frame(mirror[p as usize]), (5, 4));
    // The first playable cell inside a corner touches both edges.
    let corner = b.at_frame(2, 1).unwrap();
    let edges: Vec<_> = b
        .neighbours(corner)
        .iter()
        .map(|&q| b.cell_class(q))
        .collect();
    assert!(edges.contains(&CellClass::Edge(0)) && edges.contains(&CellClass::Edge(1)));
    // Edge cells take the letters they are given.
    let other = Board::triangle_windows(['p', 'q', 'r', 's', 't', 'u', 'v', 'w', 'x']);
    assert_eq!(other.name(other.at_frame(9, 4).unwrap()), "s1");
    assert_eq!(b.name(b.at_frame(9, 4).unwrap()), "d1");
    assert!(other.parse("a1").is_err() && other.parse("p1").is_ok());
}
