//! SVG plot of an A/B run (plotters): the metric's mean and 95% confidence interval per
//! variant, against the worker count for a sweep (one line per variant), or at each variant's
//! position without one.

use std::path::Path;

use anyhow::{anyhow, Result};
use plotters::prelude::*;

/// One point: variant index, x (worker count, or 0 without a sweep), mean, CI.
pub struct Point {
    pub variant: usize,
    pub x: usize,
    pub mean: f64,
    pub lo: f64,
    pub hi: f64,
}

const COLORS: [RGBColor; 6] = [
    RGBColor(31, 119, 180),
    RGBColor(214, 39, 40),
    RGBColor(44, 160, 44),
    RGBColor(255, 127, 14),
    RGBColor(148, 103, 189),
    RGBColor(140, 86, 75),
];

/// A tick label for a metric value: 3 significant digits with a k/M/G suffix.
fn si(v: f64) -> String {
    let a = v.abs();
    let (d, suffix) = if a >= 1e9 {
        (1e9, "G")
    } else if a >= 1e6 {
        (1e6, "M")
    } else if a >= 1e3 {
        (1e3, "k")
    } else {
        (1.0, "")
    };
    let x = v / d;
    let digits = if x.abs() >= 100.0 {
        0
    } else if x.abs() >= 10.0 {
        1
    } else {
        2
    };
    format!("{x:.digits$}{suffix}")
}

/// Plot `pts`. A sweep puts the worker counts at evenly spaced positions (1, 2, 4, 8... read
/// like a log scale), one line per variant, each variant nudged sideways so that confidence
/// intervals at the same worker count do not hide each other.
pub fn plot(
    path: &Path,
    title: &str,
    metric: &str,
    variants: &[String],
    pts: &[Point],
) -> Result<()> {
    let sweep = pts.iter().any(|p| p.x > 0);
    let ymax = pts.iter().map(|p| p.hi).fold(0.0f64, f64::max).max(1e-9) * 1.1;
    let mut xs: Vec<usize> = pts.iter().map(|p| p.x).collect();
    xs.sort_unstable();
    xs.dedup();
    // Category positions: worker counts in a sweep, variants otherwise.
    let slots = if sweep { xs.len() } else { variants.len() };
    let nudge = |vi: usize| {
        if sweep && variants.len() > 1 {
            (vi as f64 - (variants.len() - 1) as f64 / 2.0) * (0.3 / variants.len() as f64)
        } else {
            0.0
        }
    };
    let root = SVGBackend::new(path, (900, 560)).into_drawing_area();
    root.fill(&WHITE).map_err(|e| anyhow!("{e:?}"))?;
    let mut chart = ChartBuilder::on(&root)
        .caption(title, ("sans-serif", 20))
        .margin(15)
        .x_label_area_size(40)
        .y_label_area_size(70)
        .build_cartesian_2d(-0.5..(slots as f64 - 0.5), 0.0..ymax)
        .map_err(|e| anyhow!("{e:?}"))?;
    let names: Vec<String> = if sweep {
        xs.iter().map(|x| x.to_string()).collect()
    } else {
        variants.to_vec()
    };
    let label = |x: &f64| {
        let i = x.round();
        if (x - i).abs() < 1e-6 && i >= 0.0 {
            names.get(i as usize).cloned().unwrap_or_default()
        } else {
            String::new()
        }
    };
    let ylabel = |y: &f64| si(*y);
    let mut mesh = chart.configure_mesh();
    mesh.y_desc(format!("{metric} (mean, 95% CI)"))
        .y_label_formatter(&ylabel)
        .x_labels(slots)
        .x_label_formatter(&label)
        .disable_x_mesh();
    if sweep {
        mesh.x_desc("workers");
    }
    mesh.draw().map_err(|e| anyhow!("{e:?}"))?;
    for (vi, name) in variants.iter().enumerate() {
        let color = COLORS[vi % COLORS.len()];
        let mut mine: Vec<&Point> = pts.iter().filter(|p| p.variant == vi).collect();
        mine.sort_by_key(|p| p.x);
        let xof = |p: &Point| {
            if sweep {
                xs.binary_search(&p.x).unwrap_or(0) as f64 + nudge(vi)
            } else {
                vi as f64
            }
        };
        if sweep {
            chart
                .draw_series(LineSeries::new(
                    mine.iter().map(|p| (xof(p), p.mean)),
                    color,
                ))
                .map_err(|e| anyhow!("{e:?}"))?
                .label(name.clone())
                .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], color));
        }
        chart
            .draw_series(
                mine.iter()
                    .map(|p| Circle::new((xof(p), p.mean), 4, color.filled())),
            )
            .map_err(|e| anyhow!("{e:?}"))?;
        chart
            .draw_series(mine.iter().map(|p| {
                PathElement::new(vec![(xof(p), p.lo), (xof(p), p.hi)], color.stroke_width(2))
            }))
            .map_err(|e| anyhow!("{e:?}"))?;
    }
    if sweep {
        chart
            .configure_series_labels()
            .background_style(WHITE.mix(0.8))
            .border_style(BLACK)
            .draw()
            .map_err(|e| anyhow!("{e:?}"))?;
    }
    root.present().map_err(|e| anyhow!("{e:?}"))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tick_labels() {
        assert_eq!(si(0.0), "0.00");
        assert_eq!(si(950.0), "950");
        assert_eq!(si(14_226_783.0), "14.2M");
        assert_eq!(si(1_500.0), "1.50k");
        assert_eq!(si(2.5e9), "2.50G");
    }

    #[test]
    fn writes_an_svg() {
        let dir = std::env::temp_dir().join(format!("scx-ab-plot-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let names = vec!["eevdf".to_string(), "lockaware".to_string()];
        let pts = vec![
            Point {
                variant: 0,
                x: 2,
                mean: 10.0,
                lo: 9.0,
                hi: 11.0,
            },
            Point {
                variant: 0,
                x: 4,
                mean: 12.0,
                lo: 11.0,
                hi: 13.0,
            },
            Point {
                variant: 1,
                x: 2,
                mean: 11.0,
                lo: 10.5,
                hi: 11.5,
            },
            Point {
                variant: 1,
                x: 4,
                mean: 15.0,
                lo: 14.0,
                hi: 16.0,
            },
        ];
        let p = dir.join("sweep.svg");
        plot(&p, "t", "ops_per_s", &names, &pts).unwrap();
        let svg = std::fs::read_to_string(&p).unwrap();
        assert!(svg.starts_with("<svg") && svg.contains("lockaware") && svg.contains("workers"));
        let p = dir.join("bars.svg");
        let flat: Vec<Point> = pts
            .into_iter()
            .filter(|p| p.x == 2)
            .map(|p| Point { x: 0, ..p })
            .collect();
        plot(&p, "t", "ops_per_s", &names, &flat).unwrap();
        assert!(std::fs::read_to_string(&p).unwrap().contains("eevdf"));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
