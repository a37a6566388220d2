-- The refresher computes a contest's snapshot at once, without waiting for its interval, when the
-- contest's first round-robin match is decided and whenever its queue of games empties (a round
-- robin, or a rejudge, has caught up): it asks for the decided matches of a contest before and
-- after the stored snapshot, by this index, instead of reading every match.
create index matches_done_by_contest on matches (contest_id, finished_at)
    where status = 'done' and requested_by is null;
