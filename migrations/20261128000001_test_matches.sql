-- Test matches: one full match a student asks for, of their current submission against an
-- opponent they pick (a house level, one of their own submissions, or another student's current
-- one, as the contest's `practice_opponents` allows). A test match is a row of `matches` like any
-- other, so its games are played, stored, replayed and logged the same way, but it is marked with
-- the user who asked for it, and then:
-- - it never counts in the standings (`standings_add` leaves it out; so do the scoreboard's
--   recount, the rejudge and the matches pages, in the queries);
-- - a pair of submissions may have any number of them beside its round-robin match;
-- - its games' jobs are queued at a higher priority (the queue's own lane), so it starts as soon
--   as a game slot is free even while a round robin is queued;
-- - its games' thinking time is charged to the user who asked, both bots' (see `jobs::games`).
alter table matches add column requested_by bigint references users (id) on delete cascade;

drop index matches_pair;
create unique index matches_pair on matches (least(submission_a, submission_b), greatest(submission_a, submission_b))
    where requested_by is null;
create index matches_test_by_user on matches (requested_by, id desc) where requested_by is not null;

create or replace function standings_add(ms matches[], sign integer) returns void
language sql as $$
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
    where m.status = 'done' and m.requested_by is null and side.counts
    group by side.me
    order by side.me
    on conflict (submission_id) do update set
        points = st.points + excluded.points,
        matches_won = st.matches_won + excluded.matches_won,
        matches_drawn = st.matches_drawn + excluded.matches_drawn,
        matches_lost = st.matches_lost + excluded.matches_lost,
        games_won = st.games_won + excluded.games_won,
        games_drawn = st.games_drawn + excluded.games_drawn,
        games_lost = st.games_lost + excluded.games_lost
$$;
