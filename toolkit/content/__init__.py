"""Content: positioned YAML loading, pydantic models, semantic checks, diagnostics."""
