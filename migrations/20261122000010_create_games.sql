-- The games of a match, claimed by workers with for update skip locked under a lease.
create table games (
    id bigserial primary key,
    match_id bigint not null references matches (id) on delete cascade,
    index integer not null,
    -- The `GamePlan`: seats, board, seed.
    plan jsonb not null,
    -- The contest's settings (game parameters and limits) when the game was scheduled.
    settings jsonb not null,
    status game_status not null default 'queued',
    attempts integer not null default 0,
    locked_by text,
    lease_until timestamptz,
    -- The `GameResult` of `shared/spec/play-cli.md`.
    result jsonb,
    -- The serialized `GameLog` (so each viewer gets only what they may see).
    log text,
    think_ms_a bigint,
    think_ms_b bigint,
    created_at timestamptz not null default now(),
    started_at timestamptz,
    finished_at timestamptz,
    unique (match_id, index)
);

create index games_queue on games (id) where status in ('queued', 'running');
