-- Quotas on stored work (issue 29): each start of a practice game is counted here for an hour, so
-- that a person starts at most `--practice-games-per-hour` games an hour, whichever server process
-- plays them (`db::practice::count_start`). Counts older than an hour are deleted as they go by
-- (at the next start of the same person, and by the server's hourly pruning).
create table practice_starts (
    id bigserial primary key,
    user_id bigint not null references users (id) on delete cascade,
    started_at timestamptz not null default now()
);

create index practice_starts_by_user on practice_starts (user_id, started_at);

-- Stored practice games are deleted `--practice-keep-days` after they ended: by age.
create index practice_games_by_end on practice_games (finished_at);
