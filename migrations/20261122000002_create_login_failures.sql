-- Failed logins per username, to slow down password guessing.
create table login_failures (
    username text primary key,
    failures integer not null default 0,
    last_failure_at timestamptz not null default now()
);
