//! `splitpot._core`: the Python face of the core.

use pyo3::prelude::*;

#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("NO_HAND", crate::kinds::NO_HAND)?;
    crate::study::register(m)?;
    Ok(())
}
