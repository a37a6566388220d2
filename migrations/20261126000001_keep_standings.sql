-- The standings are kept by the database, one row per submission, as matches are decided and
-- submissions come and go: a scoreboard refresh reads one row per entrant instead of aggregating
-- every match of the contest (499,500 of them with 1,000 entrants).
--
-- A row holds what the submission's decided matches against the contest's *current* (`ready`)
-- submissions count for, while the submission itself is current; a student's row does not count
-- matches against house bots (a house bot's row counts every match). Triggers keep it exact:
-- - a match inserted, updated or deleted: what its old row counted is taken away and what its new
--   row counts is added (both sides current, status `done`);
-- - a submission entering or leaving `ready` (a resubmission supersedes, an admin disqualifies,
--   a rejudge resets): its decided matches stop or start counting, for it and for its opponents;
-- - a submission or an account deleted: what its matches counted for its opponents is taken
--   away first.
-- The triggers work per statement on transition tables, so a bulk insert or a rejudge of the
-- whole contest is one aggregate, not one update per row. Every change to one row set is one
-- `insert ... on conflict` in submission order, so concurrent writers lock rows in one order.
create table standings (
    submission_id bigint primary key references submissions (id) on delete cascade,
    points bigint not null default 0,
    matches_won bigint not null default 0,
    matches_drawn bigint not null default 0,
    matches_lost bigint not null default 0,
    games_won bigint not null default 0,
    games_drawn bigint not null default 0,
    games_lost bigint not null default 0
);

-- Adds `sign` times what each match of `ms` counts for, to both of its sides. The caller passes
-- only decided matches that count (or counted, with sign -1): both sides current.
create function standings_add(ms matches[], sign integer) returns void
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
        games_lost = st.games_lost + excluded.games_lost
$$;

-- Matches changed: the submissions' statuses are those after the statement (it changed none).
create function standings_matches_changed() returns trigger
language plpgsql as $$
begin
    if tg_op in ('UPDATE', 'DELETE') then
        perform standings_add(array(
            select o::matches from old_rows o
            join submissions a on a.id = o.submission_a and a.status = 'ready'
            join submissions b on b.id = o.submission_b and b.status = 'ready'
            where o.status = 'done'), -1);
    end if;
    if tg_op in ('INSERT', 'UPDATE') then
        perform standings_add(array(
            select n::matches from new_rows n
            join submissions a on a.id = n.submission_a and a.status = 'ready'
            join submissions b on b.id = n.submission_b and b.status = 'ready'
            where n.status = 'done'), 1);
    end if;
    return null;
end
$$;

create trigger standings_on_match_insert after insert on matches
    referencing new table as new_rows for each statement execute function standings_matches_changed();
create trigger standings_on_match_update after update on matches
    referencing old table as old_rows new table as new_rows
    for each statement execute function standings_matches_changed();
create trigger standings_on_match_delete after delete on matches
    referencing old table as old_rows for each statement execute function standings_matches_changed();

-- Submissions entered or left `ready`: each decided match of theirs counted if both sides were
-- current before the statement and counts if both are after; the difference is applied.
create function standings_submissions_changed() returns trigger
language plpgsql as $$
declare
    counted matches[];
    counts matches[];
begin
    -- Most updates (a compile claimed, a lease renewed) change no one's standing.
    if not exists (select from new_rows n join old_rows o on o.id = n.id
                   where (o.status = 'ready') <> (n.status = 'ready')) then
        return null;
    end if;
    with changed as (
        select n.id, o.status = 'ready' as was, n.status = 'ready' as now
        from new_rows n join old_rows o on o.id = n.id
        where (o.status = 'ready') <> (n.status = 'ready')),
    touched as (
        select m, coalesce(ca.was, sa.status = 'ready') and coalesce(cb.was, sb.status = 'ready') as was,
               coalesce(ca.now, sa.status = 'ready') and coalesce(cb.now, sb.status = 'ready') as now
        from matches m
        join submissions sa on sa.id = m.submission_a
        join submissions sb on sb.id = m.submission_b
        left join changed ca on ca.id = m.submission_a
        left join changed cb on cb.id = m.submission_b
        where m.status = 'done'
          and m.id in (select x.id from changed c join matches x on x.submission_a = c.id
                       union all
                       select x.id from changed c join matches x on x.submission_b = c.id))
    select array(select t.m from touched t where t.was and not t.now),
           array(select t.m from touched t where t.now and not t.was)
    into counted, counts;
    perform standings_add(counted, -1);
    perform standings_add(counts, 1);
    return null;
end
$$;

create trigger standings_on_submission_update after update on submissions
    referencing old table as old_rows new table as new_rows
    for each statement execute function standings_submissions_changed();

-- A current submission deleted (with its user or its contest): what its decided matches counted
-- for its current opponents is taken away while they and its user still exist. For an account
-- deleted, that is done before the user's row goes (its submissions go after it, by cascade, and
-- then find no user: nothing is taken twice); the matches' own delete, which follows, no longer
-- finds the submission.
create function standings_leave(submission bigint) returns void
language sql as $$
    select standings_add(array(
        select m from matches m
        join submissions a on a.id = m.submission_a and a.status = 'ready'
        join submissions b on b.id = m.submission_b and b.status = 'ready'
        where m.status = 'done' and (m.submission_a = submission or m.submission_b = submission)), -1)
$$;

create function standings_submission_deleted() returns trigger
language plpgsql as $$
begin
    perform standings_leave(old.id);
    return old;
end
$$;

create trigger standings_on_submission_delete before delete on submissions
    for each row when (old.status = 'ready') execute function standings_submission_deleted();

create function standings_user_deleted() returns trigger
language plpgsql as $$
begin
    perform standings_leave(s.id) from submissions s where s.user_id = old.id and s.status = 'ready';
    return old;
end
$$;

create trigger standings_on_user_delete before delete on users
    for each row execute function standings_user_deleted();

-- The standings of every contest so far.
select standings_add(array(
    select m from matches m
    join submissions a on a.id = m.submission_a and a.status = 'ready'
    join submissions b on b.id = m.submission_b and b.status = 'ready'
    where m.status = 'done'), 1);
