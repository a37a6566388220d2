-- Submissions double as the compile queue: queued rows are claimed with for update skip locked.
create type submission_status as enum (
    'queued', 'compiling', 'compile_error', 'ready', 'superseded', 'disqualified'
);

create table submissions (
    id bigserial primary key,
    contest_id bigint not null references contests (id) on delete cascade,
    user_id bigint not null references users (id) on delete cascade,
    language text not null,
    source bytea not null,
    status submission_status not null default 'queued',
    compile_log text not null default '',
    -- A tar of the build directory, so a worker on any machine can run the bot.
    artifact bytea,
    attempts integer not null default 0,
    locked_by text,
    lease_until timestamptz,
    created_at timestamptz not null default now(),
    compiled_at timestamptz
);

create index submissions_by_user on submissions (contest_id, user_id, created_at desc);
create index submissions_queue on submissions (created_at) where status in ('queued', 'compiling');
