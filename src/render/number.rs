//! One number formatter for every back end, so output is byte-identical everywhere.
//!
//! A number is rounded to thousandths and written with at most three decimals and no trailing
//! zeros. [`push`] appends it to a buffer without allocating: the rounded value is taken as a
//! whole number of thousandths and its digits are written directly. That is the same text as
//! `format!("{:.3}")` of the rounded value, trimmed, whenever the rounded value is within a
//! millionth of a thousandth of its decimal (below 10^9 in magnitude, far beyond any page);
//! larger and non-finite values take that formatting path itself.

/// Magnitude, in thousandths, up to which [`push`] writes the digits itself. Below it the
/// nearest double to `n / 1000` is within 10^-7 of it, so formatting that double to three
/// decimals gives back exactly the digits of `n`.
const DIRECT: f64 = 1e12;

/// Formats a coordinate with at most three decimals and no trailing zeros ("12.5", "3", "-0.125").
pub fn fmt(v: f64) -> String {
    let mut s = String::with_capacity(12);
    push(&mut s, v);
    s
}

/// Appends `v` as [`fmt`] writes it.
pub fn push(out: &mut String, v: f64) {
    let milli = (v * 1000.0).round();
    if !milli.is_finite() || milli.abs() >= DIRECT {
        out.push_str(&by_formatting(v));
        return;
    }
    let n = milli as i64;
    if n < 0 {
        out.push('-');
    }
    let n = n.unsigned_abs();
    let mut digits = [0u8; 20];
    let mut at = digits.len();
    let mut whole = n / 1000;
    loop {
        at -= 1;
        digits[at] = b'0' + (whole % 10) as u8;
        whole /= 10;
        if whole == 0 {
            break;
        }
    }
    // Only ASCII digits were written.
    out.push_str(std::str::from_utf8(&digits[at..]).unwrap_or_default());
    let frac = n % 1000;
    if frac != 0 {
        out.push('.');
        out.push((b'0' + (frac / 100) as u8) as char);
        if !frac.is_multiple_of(100) {
            out.push((b'0' + (frac / 10 % 10) as u8) as char);
            if !frac.is_multiple_of(10) {
                out.push((b'0' + (frac % 10) as u8) as char);
            }
        }
    }
}

/// The defining formula: round to thousandths, format with three decimals, trim the zeros.
fn by_formatting(v: f64) -> String {
    let r = (v * 1000.0).round() / 1000.0;
    let r = if r == 0.0 { 0.0 } else { r };
    let s = format!("{r:.3}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    s.to_string()
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    #[test]
    fn formats_without_noise() {
        assert_eq!(super::fmt(12.5), "12.5");
        assert_eq!(super::fmt(3.0), "3");
        assert_eq!(super::fmt(-0.0001), "0");
        assert_eq!(super::fmt(-0.0005), "-0.001");
        assert_eq!(super::fmt(1.23456), "1.235");
        assert_eq!(super::fmt(-7.05), "-7.05");
        assert_eq!(super::fmt(100.0), "100");
        assert_eq!(super::fmt(0.007), "0.007");
        assert_eq!(super::fmt(f64::NAN), "NaN");
        assert_eq!(super::fmt(2e15), "2000000000000000");
    }

    #[test]
    fn edges_of_the_direct_range_match_the_formula() {
        for v in [
            999_999_999.999_4,
            -999_999_999.999_6,
            1e9,
            -1e9,
            0.000_5,
            0.000_499_999,
            f64::INFINITY,
            f64::NEG_INFINITY,
            f64::MIN_POSITIVE,
        ] {
            assert_eq!(super::fmt(v), super::by_formatting(v), "{v}");
        }
    }

    proptest! {
        #[test]
        fn digits_match_the_formula(v in -1e10f64..1e10) {
            prop_assert_eq!(super::fmt(v), super::by_formatting(v));
        }

        #[test]
        fn page_sized_numbers_match_the_formula(m in -2_000_000i64..2_000_000, nudge in -0.6f64..0.6) {
            // Thousandths and the halfway points between them, where rounding decides.
            let v = (m as f64 + nudge) / 1000.0;
            prop_assert_eq!(super::fmt(v), super::by_formatting(v));
        }
    }
}
