// SPDX-License-Identifier: GPL-2.0
//
// The thesis's figure 3.8 for one run of scx-locksim: speed-up over one core (left) and the
// mean lock-wait share (right) against the number of cores.

use anyhow::{anyhow, Result};
use locksim::{speedup, Outcome};
use plotters::prelude::*;
use std::path::Path;

fn panel(
    area: &DrawingArea<SVGBackend, plotters::coord::Shift>,
    title: &str,
    ylabel: &str,
    pts: &[(f64, f64)],
    xmax: f64,
    ymax: f64,
    color: RGBColor,
) -> Result<()> {
    let mut chart = ChartBuilder::on(area)
        .caption(title, ("sans-serif", 18))
        .margin(12)
        .x_label_area_size(36)
        .y_label_area_size(56)
        .build_cartesian_2d(0.0..xmax, 0.0..ymax)
        .map_err(|e| anyhow!("{e:?}"))?;
    chart
        .configure_mesh()
        .x_desc("cores")
        .y_desc(ylabel)
        .draw()
        .map_err(|e| anyhow!("{e:?}"))?;
    chart
        .draw_series(LineSeries::new(pts.iter().copied(), color))
        .map_err(|e| anyhow!("{e:?}"))?;
    chart
        .draw_series(pts.iter().map(|&p| Circle::new(p, 3, color.filled())))
        .map_err(|e| anyhow!("{e:?}"))?;
    Ok(())
}

/// Write the two panels of `rows` (speed-ups over `base`) to `path`.
pub fn figure(path: &Path, title: &str, rows: &[Outcome], base: f64) -> Result<()> {
    let root = SVGBackend::new(path, (1000, 420)).into_drawing_area();
    root.fill(&WHITE).map_err(|e| anyhow!("{e:?}"))?;
    let root = root
        .titled(title, ("sans-serif", 20))
        .map_err(|e| anyhow!("{e:?}"))?;
    let (left, right) = root.split_horizontally(500);
    let xmax = rows.iter().map(|o| o.cores).max().unwrap_or(1) as f64 + 1.0;
    let sp: Vec<(f64, f64)> = rows
        .iter()
        .map(|o| (o.cores as f64, speedup(o, base)))
        .collect();
    let wait: Vec<(f64, f64)> = rows
        .iter()
        .map(|o| (o.cores as f64, o.lock_wait_pct))
        .collect();
    let ymax = sp.iter().map(|p| p.1).fold(1.0f64, f64::max) * 1.1;
    panel(
        &left,
        "speed-up",
        "speed-up over 1 core",
        &sp,
        xmax,
        ymax,
        BLUE,
    )?;
    panel(
        &right,
        "lock wait",
        "mean lock-wait share (%)",
        &wait,
        xmax,
        100.0,
        RED,
    )?;
    root.present().map_err(|e| anyhow!("{e:?}"))?;
    Ok(())
}
