//! Hexade (Christian Freeling): pair captures and the three six shapes.
