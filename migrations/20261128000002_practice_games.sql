-- Practice games (a person against a bot, `service::practice`) are played in the server's memory;
-- once over, each is stored here, so that its player can replay it and read its log later, like any
-- game. They belong to no match: they never reach the standings.
create table practice_games (
    id uuid primary key,
    user_id bigint not null references users (id) on delete cascade,
    contest_id bigint not null references contests (id) on delete cascade,
    -- `house:level1`, or the bot's nickname and submission (`ada (#12)`).
    opponent text not null,
    -- The person's seat: `first` or `second`.
    seat text not null,
    -- The contest's settings when it was played, and the result's `params`: what a replay needs.
    settings jsonb not null,
    params jsonb not null,
    -- The `GameResult` (the person is bot `a`); null when the game could not be played.
    result jsonb,
    -- The transcript the person may read (the bot's own output only when the bot is theirs or
    -- the house's).
    log text not null,
    started_at timestamptz not null,
    finished_at timestamptz not null default now()
);

create index practice_games_by_user on practice_games (user_id, contest_id, finished_at desc);
