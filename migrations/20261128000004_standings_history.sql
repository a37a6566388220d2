-- Every scoreboard snapshot leaves each entrant's rank and points here, so that a user's standing
-- over time can be drawn (the matches page's chart, `GET /api/contests/{slug}/scoreboard/history`).
-- One row per snapshot and entrant: written in the snapshot's own statement.
create table standings_history (
    contest_id bigint not null references contests (id) on delete cascade,
    user_id bigint not null references users (id) on delete cascade,
    computed_at timestamptz not null,
    submission_id bigint not null references submissions (id) on delete cascade,
    rank bigint not null,
    points bigint not null,
    primary key (contest_id, user_id, computed_at)
);
