//! Command-line value parsers that name the value, the allowed range and the unit.
//!
//! clap prefixes the message with the flag (`invalid value '0' for '--slice-us <US>'`), so a
//! rejected flag always tells the user the flag, the value and the allowed range. Parsing
//! happens before anything is loaded into the kernel.

use std::fmt::Display;

/// Parse `s` as an integer in `min..=max`. `unit` is shown in the error message.
pub fn int_in_range<T>(s: &str, min: T, max: T, unit: &str) -> Result<T, String>
where
    T: Into<i128> + TryFrom<i128> + Display + Copy,
{
    let range = format!("an integer from {min} to {max} ({unit})");
    let v: i128 = s
        .trim()
        .parse()
        .map_err(|_| format!("'{s}' is not an integer; expected {range}"))?;
    if v < min.into() || v > max.into() {
        return Err(format!("{v} is out of range; expected {range}"));
    }
    T::try_from(v).map_err(|_| format!("{v} is out of range; expected {range}"))
}

/// Parse `s` as a finite decimal number in `min..=max` (for example an interval in seconds).
pub fn float_in_range(s: &str, min: f64, max: f64, unit: &str) -> Result<f64, String> {
    let range = format!("a number from {min} to {max} ({unit})");
    let v: f64 = s
        .trim()
        .parse()
        .map_err(|_| format!("'{s}' is not a number; expected {range}"))?;
    if !v.is_finite() || v < min || v > max {
        return Err(format!("{s} is out of range; expected {range}"));
    }
    Ok(v)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn int_accepts_bounds_and_rejects_outside() {
        assert_eq!(int_in_range::<u64>("100", 100, 200, "us"), Ok(100));
        assert_eq!(int_in_range::<u64>("200", 100, 200, "us"), Ok(200));
        let e = int_in_range::<u64>("99", 100, 200, "us").unwrap_err();
        assert!(
            e.contains("99") && e.contains("100 to 200") && e.contains("us"),
            "{e}"
        );
        let e = int_in_range::<u64>("-5", 100, 200, "us").unwrap_err();
        assert!(e.contains("-5 is out of range"), "{e}");
        assert!(int_in_range::<u64>("abc", 1, 2, "us").is_err());
        assert!(int_in_range::<u64>("", 1, 2, "us").is_err());
    }

    #[test]
    fn float_rejects_nan_inf_and_out_of_range() {
        assert_eq!(float_in_range("1.5", 0.1, 10.0, "s"), Ok(1.5));
        assert!(float_in_range("0", 0.1, 10.0, "s").is_err());
        assert!(float_in_range("NaN", 0.1, 10.0, "s").is_err());
        assert!(float_in_range("inf", 0.1, 10.0, "s").is_err());
        assert!(float_in_range("-1", 0.1, 10.0, "s").is_err());
    }
}
