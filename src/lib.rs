//! fscal library API.
