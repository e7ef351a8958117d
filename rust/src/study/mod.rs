//! The study engine: exact walks and seeded Monte Carlo (issue 20 part 2).

#[cfg(feature = "python")]
pub fn register(_m: &pyo3::Bound<'_, pyo3::types::PyModule>) -> pyo3::PyResult<()> {
    Ok(())
}
