-- Game workers seen, with their last heartbeat.
create table workers (
    id text primary key,
    started_at timestamptz not null default now(),
    last_seen timestamptz not null default now(),
    running integer not null default 0
);

-- The stored scoreboard snapshot of each contest.
create table scoreboards (
    contest_id bigint primary key references contests (id) on delete cascade,
    computed_at timestamptz not null,
    rows jsonb not null
);
