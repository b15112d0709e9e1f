-- Trigram matching for typo-tolerant and prefix search (catalog search).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
