-- Reasons that pages show in the reader's language are stored as a stable code with its
-- arguments and worded when shown; the English text is still written beside them (for psql and
-- older binaries), and the rows of before, which have only the text, show it as it is.
--
-- A failed game: `given_up` with `{"attempts": n}` (`db::games::play::fail_exhausted`).
alter table games add column failure_code text, add column failure_args jsonb;
-- A source over the similarity parser's budget: its cause and numbers, e.g.
-- `{"cause": "size", "kib": 300, "max_kib": 256, "truncated": false}` (`db::similarity::reason_code`).
alter table similarity_index add column over_budget_code jsonb;
