//! CPU lists in the kernel's notation (`0-3,8,10-11`), as in `/sys/devices/system/cpu/online`
//! and `taskset -c`.

use anyhow::{bail, Context, Result};

/// Parse a CPU list such as `0-3,8`. Returns the CPUs sorted, without duplicates.
pub fn parse(s: &str) -> Result<Vec<usize>> {
    let mut cpus = Vec::new();
    let s = s.trim();
    if s.is_empty() {
        bail!("empty CPU list");
    }
    for part in s.split(',') {
        let part = part.trim();
        let (lo, hi) = match part.split_once('-') {
            Some((a, b)) => (a.trim(), b.trim()),
            None => (part, part),
        };
        let lo: usize = lo
            .parse()
            .with_context(|| format!("'{part}' is not a CPU number or range"))?;
        let hi: usize = hi
            .parse()
            .with_context(|| format!("'{part}' is not a CPU number or range"))?;
        if lo > hi {
            bail!("'{part}': range start is above its end");
        }
        cpus.extend(lo..=hi);
    }
    cpus.sort_unstable();
    cpus.dedup();
    Ok(cpus)
}

/// Format CPUs in the compact kernel notation; the input need not be sorted.
pub fn format(cpus: &[usize]) -> String {
    let mut v = cpus.to_vec();
    v.sort_unstable();
    v.dedup();
    let mut out = Vec::new();
    let mut i = 0;
    while i < v.len() {
        let start = v[i];
        while i + 1 < v.len() && v[i + 1] == v[i] + 1 {
            i += 1;
        }
        if v[i] == start {
            out.push(start.to_string());
        } else {
            out.push(format!("{start}-{}", v[i]));
        }
        i += 1;
    }
    out.join(",")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_ranges_and_singles() {
        assert_eq!(parse("0-3,8").unwrap(), vec![0, 1, 2, 3, 8]);
        assert_eq!(parse(" 5 , 1-2,2 ").unwrap(), vec![1, 2, 5]);
        assert_eq!(parse("7").unwrap(), vec![7]);
    }

    #[test]
    fn parse_rejects_garbage() {
        assert!(parse("").is_err());
        assert!(parse("3-1").is_err());
        assert!(parse("a").is_err());
        assert!(parse("1-").is_err());
        assert!(parse("-1").is_err());
    }

    #[test]
    fn format_round_trips() {
        assert_eq!(format(&[8, 0, 1, 2, 3]), "0-3,8");
        assert_eq!(format(&[]), "");
        assert_eq!(format(&[1, 3, 5]), "1,3,5");
        let s = "0-2,4,6-9";
        assert_eq!(format(&parse(s).unwrap()), s);
    }
}
