-- One queue for every kind of background job: compiles, validity runs and games. A row holds
-- only the queue's bookkeeping (attempts, who holds the lease and until when); the subject's own
-- status (`submissions.status`, `games.status`) stays what users see and is updated in the same
-- transaction. Workers claim rows with for update skip locked. A row stays after it leaves the
-- queue (`finished_at`), keeping how many attempts the job took.
create type job_kind as enum ('compile', 'validity', 'game');

create table jobs (
    id bigserial primary key,
    kind job_kind not null,
    -- The subject: a submission (compile, validity) or a game; deleted with it.
    submission_id bigint references submissions (id) on delete cascade,
    game_id bigint references games (id) on delete cascade,
    subject_id bigint generated always as (coalesce(submission_id, game_id)) stored,
    -- Higher first; within a priority, oldest first.
    priority integer not null default 0,
    attempts integer not null default 0,
    locked_by text,
    lease_until timestamptz,
    created_at timestamptz not null default now(),
    -- Set when the job leaves the queue: done, given up or cancelled.
    finished_at timestamptz,
    check ((kind = 'game') = (game_id is not null) and (kind = 'game') = (submission_id is null))
);

create unique index jobs_by_subject on jobs (kind, subject_id);
create index jobs_pending on jobs (kind, priority desc, id) where finished_at is null;
