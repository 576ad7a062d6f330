//! Kropki (Dots): the pool model of declared regions, recursive capture.
