-- Copy detection reads a source by its language's grammar only within a budget (size, tokens,
-- bracket depth, time: botarena-similarity's PARSE_MAX_*); a source over it is read by the plain
-- lexer, and at most MAX_TOKENS tokens are kept. Why, for the admin's similarity page; null when
-- the source was read as usual.
alter table similarity_index add column over_budget text;
