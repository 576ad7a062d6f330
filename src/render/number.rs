//! One number formatter for every back end, so output is byte-identical everywhere.

/// Formats a coordinate with at most three decimals and no trailing zeros ("12.5", "3", "-0.125").
pub fn fmt(v: f64) -> String {
    let r = (v * 1000.0).round() / 1000.0;
    let r = if r == 0.0 { 0.0 } else { r };
    let s = format!("{r:.3}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    s.to_string()
}

#[cfg(test)]
mod tests {
    #[test]
    fn formats_without_noise() {
        assert_eq!(super::fmt(12.5), "12.5");
        assert_eq!(super::fmt(3.0), "3");
        assert_eq!(super::fmt(-0.0001), "0");
        assert_eq!(super::fmt(1.23456), "1.235");
    }
}
