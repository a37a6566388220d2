-- Finals: at or after its deadline, an admin may start a final round robin among the top K of a
-- contest's standings (a ladder's or a round robin's), under its own game settings (e.g. more
-- games per match); its result is the contest's final standings (`service::finals`). A contest
-- has at most one.
create table finals (
    contest_id bigint primary key references contests (id) on delete cascade,
    top_k integer not null check (top_k >= 2),
    -- The finals' game settings, as `contests.settings` holds a contest's.
    settings jsonb not null,
    started_at timestamptz not null default now(),
    started_by bigint references users (id) on delete set null
);

-- A final match is a row of `matches` like any other (its games are played, stored, shown and
-- logged the same way), marked `in_finals`: it never counts in the contest's own standings (the
-- triggers below and the scoreboard's recount leave it out), and a pair of finalists has its final
-- match beside its round-robin match.
alter table matches add column in_finals boolean not null default false;
drop index matches_pair;
create unique index matches_pair on matches (least(submission_a, submission_b), greatest(submission_a, submission_b))
    where requested_by is null and not ladder and not in_finals;
create index matches_in_finals on matches (contest_id) where in_finals;

-- `standings_add` as in 20261202000100_cheaper_game_path, counting neither final matches nor test
-- matches (that version had lost the test matches' `requested_by is null`, which
-- 20261128000001_test_matches had).
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
    where m.status = 'done' and m.requested_by is null and not m.in_finals and side.counts
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

-- The kept standings counted again from the matches, as `standings_add` now counts them.
delete from standings;
select standings_add(array(
    select m from matches m
    join submissions a on a.id = m.submission_a and a.status = 'ready'
    join submissions b on b.id = m.submission_b and b.status = 'ready'
    where m.status = 'done'), 1);
