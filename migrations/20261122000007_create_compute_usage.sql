-- Compute time a user consumed per contest and day (UTC), against the daily budget.
create table compute_usage (
    user_id bigint not null references users (id) on delete cascade,
    contest_id bigint not null references contests (id) on delete cascade,
    day date not null,
    used_ms bigint not null default 0,
    primary key (user_id, contest_id, day)
);
