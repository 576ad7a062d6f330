//! Go: N x N, Chinese area scoring, komi 7, positional superko; SGF.
