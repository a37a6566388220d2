-- The game queue's cost per game must not grow with the queue or with the jobs done so far.
--
-- Giving up the jobs that used up their attempts (`queue::fail_exhausted`, before each claim)
-- looked at every unfinished job of its kind: a sequential scan of `jobs`, 16 ms per claim with
-- the 39,800 games of a 200-student round robin queued. This index finds the few with
-- `attempts >= cap` directly.
create index jobs_exhausted on jobs (kind, attempts) where finished_at is null;

-- A game's result and log are compressed with lz4 rather than pglz where the server has it (built
-- with lz4, PostgreSQL 14 or later): much cheaper to compress on the storing path, and to read.
-- `botarena bench` measures what a stored game takes (`stored_bytes_per_game`).
do $$
begin
    alter table games alter column log set compression lz4;
    alter table games alter column result set compression lz4;
    alter table practice_games alter column log set compression lz4;
    alter table practice_games alter column result set compression lz4;
exception when others then
    raise notice 'game logs keep the default compression (lz4: %)', sqlerrm;
end
$$;

-- The standings triggers' cost per decided match stays small and constant. A match's update that
-- decides nothing (a game claimed: the match becomes `running`) no longer runs the standings'
-- statements, and those statements are planned once per connection instead of at every call:
-- `standings_add` was an SQL function, whose statement PostgreSQL plans again at each call
-- (about 0.5 ms, twice per trigger), and the trigger ran it for every update of a match, three per
-- match of two games; 1.6 ms each on a contest of 200 entrants.
create or replace function standings_add(ms matches[], sign integer) returns void
language plpgsql as $$
begin
    if coalesce(cardinality(ms), 0) = 0 then
        return;
    end if;
    insert into standings as st (submission_id, points, matches_won, matches_drawn, matches_lost,
                                 games_won, games_drawn, games_lost)
    select side.me, sign * sum(side.points), sign * sum(side.mw), sign * sum(side.md), sign * sum(side.ml),
           sign * sum(side.gw), sign * sum(side.gd), sign * sum(side.gl)
    from unnest(ms) m
    join submissions sa on sa.id = m.submission_a
    join users ua on ua.id = sa.user_id
    join submissions sb on sb.id = m.submission_b
    join users ub on ub.id = sb.user_id
    cross join lateral (values
        (m.submission_a, ua.is_house or not ub.is_house, m.points_a,
         (m.points_a > m.points_b)::int, (m.points_a = m.points_b)::int, (m.points_a < m.points_b)::int,
         m.games_won_a, m.games_drawn, m.games_won_b),
        (m.submission_b, ub.is_house or not ua.is_house, m.points_b,
         (m.points_b > m.points_a)::int, (m.points_b = m.points_a)::int, (m.points_b < m.points_a)::int,
         m.games_won_b, m.games_drawn, m.games_won_a)
    ) side (me, counts, points, mw, md, ml, gw, gd, gl)
    where m.status = 'done' and side.counts
    group by side.me
    order by side.me
    on conflict (submission_id) do update set
        points = st.points + excluded.points,
        matches_won = st.matches_won + excluded.matches_won,
        matches_drawn = st.matches_drawn + excluded.matches_drawn,
        matches_lost = st.matches_lost + excluded.matches_lost,
        games_won = st.games_won + excluded.games_won,
        games_drawn = st.games_drawn + excluded.games_drawn,
        games_lost = st.games_lost + excluded.games_lost;
end
$$;

-- Matches changed: the submissions' statuses are those after the statement (it changed none).
-- Only matches that were or are `done` can change a standing.
create or replace function standings_matches_changed() returns trigger
language plpgsql as $$
begin
    -- Nested: a transition table the operation does not have cannot even be named.
    if tg_op in ('UPDATE', 'DELETE') then
        if exists (select from old_rows where status = 'done') then
            perform standings_add(array(
                select o::matches from old_rows o
                join submissions a on a.id = o.submission_a and a.status = 'ready'
                join submissions b on b.id = o.submission_b and b.status = 'ready'
                where o.status = 'done'), -1);
        end if;
    end if;
    if tg_op in ('INSERT', 'UPDATE') then
        if exists (select from new_rows where status = 'done') then
            perform standings_add(array(
                select n::matches from new_rows n
                join submissions a on a.id = n.submission_a and a.status = 'ready'
                join submissions b on b.id = n.submission_b and b.status = 'ready'
                where n.status = 'done'), 1);
        end if;
    end if;
    return null;
end
$$;
