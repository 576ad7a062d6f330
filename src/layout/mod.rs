//! Pages: paper sizes, margins, n-up grids, tables.
