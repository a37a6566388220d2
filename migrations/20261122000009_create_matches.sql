-- One match per pair of submissions of a contest; its games are the game queue.
create type game_status as enum ('queued', 'running', 'done', 'cancelled');

create table matches (
    id bigserial primary key,
    contest_id bigint not null references contests (id) on delete cascade,
    submission_a bigint not null references submissions (id) on delete cascade,
    submission_b bigint not null references submissions (id) on delete cascade,
    -- Seeds every game of the match (boards are the same for both sides).
    seed bigint not null,
    status game_status not null default 'queued',
    -- Filled when the last game is done: 3 / 1 / 0.
    points_a integer,
    points_b integer,
    created_at timestamptz not null default now(),
    finished_at timestamptz
);

create unique index matches_pair on matches (least(submission_a, submission_b), greatest(submission_a, submission_b));
create index matches_by_a on matches (submission_a);
create index matches_by_b on matches (submission_b);
create index matches_by_contest on matches (contest_id);
