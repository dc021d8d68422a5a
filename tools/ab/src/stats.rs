//! Statistics of repeated runs: mean, sample standard deviation, a Student-t 95% confidence
//! interval of the mean, the ratio to a baseline and Welch's two-sided t-test; and the paired
//! ratio: runs are interleaved, so the baseline and a variant of the same repetition ran next
//! to each other, and their ratio cancels drift of the machine between repetitions.

use serde::Serialize;
use statrs::distribution::{ContinuousCDF, StudentsT};

/// Summary of one variant's samples.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Summary {
    pub n: usize,
    pub mean: f64,
    /// Sample standard deviation (n − 1); 0 for one sample.
    pub sd: f64,
    /// 95% confidence interval of the mean (Student t, n − 1 degrees of freedom); the mean
    /// itself for one sample.
    pub ci95: (f64, f64),
}

pub fn mean(x: &[f64]) -> f64 {
    x.iter().sum::<f64>() / x.len() as f64
}

pub fn sd(x: &[f64]) -> f64 {
    if x.len() < 2 {
        return 0.0;
    }
    let m = mean(x);
    (x.iter().map(|v| (v - m).powi(2)).sum::<f64>() / (x.len() - 1) as f64).sqrt()
}

/// The two-sided 95% Student-t quantile for `df` degrees of freedom.
pub fn t975(df: f64) -> f64 {
    StudentsT::new(0.0, 1.0, df)
        .map(|t| t.inverse_cdf(0.975))
        .unwrap_or(f64::NAN)
}

pub fn summarize(x: &[f64]) -> Option<Summary> {
    if x.is_empty() {
        return None;
    }
    let (m, s, n) = (mean(x), sd(x), x.len());
    let half = if n > 1 {
        t975((n - 1) as f64) * s / (n as f64).sqrt()
    } else {
        0.0
    };
    Some(Summary {
        n,
        mean: m,
        sd: s,
        ci95: (m - half, m + half),
    })
}

/// Welch's t-test of `a` against `b`: (t, degrees of freedom, two-sided p-value). None when
/// either side has fewer than two samples or both have no spread.
pub fn welch(a: &[f64], b: &[f64]) -> Option<(f64, f64, f64)> {
    if a.len() < 2 || b.len() < 2 {
        return None;
    }
    let (va, vb) = (
        sd(a).powi(2) / a.len() as f64,
        sd(b).powi(2) / b.len() as f64,
    );
    if va + vb == 0.0 {
        return None;
    }
    let t = (mean(a) - mean(b)) / (va + vb).sqrt();
    let df =
        (va + vb).powi(2) / (va.powi(2) / (a.len() - 1) as f64 + vb.powi(2) / (b.len() - 1) as f64);
    let dist = StudentsT::new(0.0, 1.0, df).ok()?;
    let p = 2.0 * (1.0 - dist.cdf(t.abs()));
    Some((t, df, p))
}

/// The ratio variant / baseline over repetitions run side by side (interleaved): the geometric
/// mean of the per-repetition ratios, its Student-t 95% interval (computed on the log ratios)
/// and the two-sided one-sample t-test p-value of "the log ratio is 0".
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PairedRatio {
    pub n: usize,
    pub ratio: f64,
    pub ci95: (f64, f64),
    /// None with fewer than two pairs or when every pair has the same ratio.
    pub p: Option<f64>,
}

/// `pairs`: (variant, baseline) per repetition. Pairs with a non-positive value are skipped.
pub fn paired_ratio(pairs: &[(f64, f64)]) -> Option<PairedRatio> {
    let logs: Vec<f64> = pairs
        .iter()
        .filter(|(v, b)| *v > 0.0 && *b > 0.0)
        .map(|(v, b)| (v / b).ln())
        .collect();
    let s = summarize(&logs)?;
    let p = if s.n >= 2 && s.sd > 0.0 {
        let t = s.mean / (s.sd / (s.n as f64).sqrt());
        StudentsT::new(0.0, 1.0, (s.n - 1) as f64)
            .ok()
            .map(|d| 2.0 * (1.0 - d.cdf(t.abs())))
    } else {
        None
    };
    Some(PairedRatio {
        n: s.n,
        ratio: s.mean.exp(),
        ci95: (s.ci95.0.exp(), s.ci95.1.exp()),
        p,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tol: f64) -> bool {
        (a - b).abs() <= tol
    }

    #[test]
    fn mean_and_sd() {
        let x = [2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0];
        assert_eq!(mean(&x), 5.0);
        // Sample sd (n − 1) of this classic set: sqrt(32 / 7).
        assert!(close(sd(&x), (32.0f64 / 7.0).sqrt(), 1e-12));
        assert_eq!(sd(&[3.0]), 0.0);
    }

    #[test]
    fn t_quantiles_match_tables() {
        // Two-sided 95% critical values from standard t tables.
        for (df, t) in [
            (1.0, 12.706),
            (2.0, 4.303),
            (5.0, 2.571),
            (10.0, 2.228),
            (30.0, 2.042),
        ] {
            assert!(close(t975(df), t, 0.001), "df {df}: {}", t975(df));
        }
    }

    #[test]
    fn confidence_interval() {
        // n = 4, mean 10, sd 2: half-width = 3.182 * 2 / 2.
        let s = summarize(&[8.0, 10.0, 10.0, 12.0]).unwrap();
        assert_eq!(s.n, 4);
        assert!(close(s.mean, 10.0, 1e-12));
        assert!(close(s.sd, (8.0f64 / 3.0).sqrt(), 1e-12));
        let half = 3.182446 * s.sd / 2.0;
        assert!(close(s.ci95.0, 10.0 - half, 1e-4) && close(s.ci95.1, 10.0 + half, 1e-4));
        assert_eq!(summarize(&[5.0]).unwrap().ci95, (5.0, 5.0));
        assert!(summarize(&[]).is_none());
    }

    #[test]
    fn welch_matches_a_worked_example() {
        // Reference: scipy 1.x, scipy.stats.ttest_ind(a, b, equal_var=False) gives
        // t = -2.0740146, p = 0.0642800; the Welch-Satterthwaite df is 10.2091854.
        let a = [19.8, 20.4, 19.6, 17.8, 18.5, 18.9, 18.3, 18.9, 19.5, 22.0];
        let b = [28.2, 26.6, 20.1, 23.3, 25.2, 22.1, 17.7, 27.6, 20.6, 13.7];
        let (t, df, p) = welch(&a, &b).unwrap();
        assert!(close(t, -2.0740146, 1e-6), "t {t}");
        assert!(close(df, 10.2091854, 1e-6), "df {df}");
        assert!(close(p, 0.0642800, 1e-6), "p {p}");
        // Identical constant samples: no test.
        assert!(welch(&[1.0, 1.0], &[1.0, 1.0]).is_none());
        assert!(welch(&[1.0], &[1.0, 2.0]).is_none());
    }

    #[test]
    fn paired_ratio_matches_scipy() {
        // Reference: numpy/scipy on the log ratios (scipy.stats.ttest_1samp, t.ppf).
        let b = [100.0, 200.0, 150.0, 120.0, 180.0];
        let v = [110.0, 230.0, 150.0, 130.0, 200.0];
        let pairs: Vec<(f64, f64)> = v.iter().copied().zip(b.iter().copied()).collect();
        let r = paired_ratio(&pairs).unwrap();
        assert_eq!(r.n, 5);
        assert!(close(r.ratio, 1.0877322986264777, 1e-9));
        assert!(close(r.ci95.0, 1.0198752776235127, 1e-6));
        assert!(close(r.ci95.1, 1.160104161199214, 1e-6));
        assert!(close(r.p.unwrap(), 0.022263809949117065, 1e-6));
        // The drift that Welch sees as spread cancels: every pair is 1.1x.
        let drift = [(110.0, 100.0), (220.0, 200.0), (55.0, 50.0)];
        let r = paired_ratio(&drift).unwrap();
        assert!(close(r.ratio, 1.1, 1e-12) && r.p.is_none());
        assert!(paired_ratio(&[(0.0, 1.0)]).is_none());
    }
}
