//! Format engine (placeholder, being written).
