-- The rated ladder (`format=ladder`): instead of a match per pair, matches chosen one at a time by
-- the matchmaker (`service::ladder`) between the contest's current submissions, within a budget of
-- games per hour, each rated by Weng-Lin's mu and sigma.
alter table contests
    add column format text not null default 'round_robin' check (format in ('round_robin', 'ladder')),
    add column ladder_games_per_hour integer not null default 600
        check (ladder_games_per_hour between 1 and 1000000),
    add column ladder_max_repeats integer not null default 10 check (ladder_max_repeats between 1 and 1000);

-- A ladder match is a row of `matches` like any other (its games are played, stored and shown the
-- same way, and its points count in the standings' points columns), marked `ladder`; a pair may
-- meet up to `ladder_max_repeats` times, so the one-match-per-pair index leaves ladder matches out.
-- `rated_at` is set when the ladder's tick has applied the match's games to the ratings (or
-- found it cancelled).
alter table matches add column ladder boolean not null default false;
alter table matches add column rated_at timestamptz;
drop index matches_pair;
create unique index matches_pair on matches (least(submission_a, submission_b), greatest(submission_a, submission_b))
    where requested_by is null and not ladder;
create index matches_ladder_unrated on matches (contest_id) where ladder and rated_at is null;
create index matches_ladder_pairs on matches (contest_id, submission_a, submission_b) where ladder;

-- A ladder entrant's rating: one row per submission that has entered a ladder (at the prior).
create table ladder_ratings (
    submission_id bigint primary key references submissions (id) on delete cascade,
    contest_id bigint not null references contests (id) on delete cascade,
    mu double precision not null,
    sigma double precision not null,
    games integer not null default 0,
    entered_at timestamptz not null default now(),
    last_played_at timestamptz
);
create index ladder_ratings_by_contest on ladder_ratings (contest_id);

-- Its rating after each rated match, for the history chart.
create table ladder_history (
    id bigserial primary key,
    submission_id bigint not null references submissions (id) on delete cascade,
    at timestamptz not null default now(),
    mu double precision not null,
    sigma double precision not null,
    games integer not null
);
create index ladder_history_by_submission on ladder_history (submission_id, id);
