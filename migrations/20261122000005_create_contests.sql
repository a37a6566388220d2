-- A contest: one game with its settings (names of games::settings), limits and a deadline.
create table contests (
    id bigserial primary key,
    slug text not null unique,
    title text not null,
    game text not null,
    deadline timestamptz,
    settings jsonb not null,
    languages text[] not null,
    -- Minimum seconds between two submissions of a user.
    submit_interval_s integer not null default 60,
    -- Compute seconds a user may consume per day (compiles and games).
    daily_budget_s integer not null default 3600,
    scoreboard_refresh_s integer not null default 600,
    created_at timestamptz not null default now()
);
