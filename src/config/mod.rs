//! The TOML configuration: raw serde mirror, validated plan, diagnostics, embedded default.
