-- The standings' trigger on submissions (20261206000100_standings_trigger_planned_once) asked
-- whether any changed submission has a decided match with one `exists` over
-- `submission_a = any(ids) or submission_b = any(ids)`. In a contest that has played its round
-- robin, the planner expects a submission to have hundreds of decided matches and reads the table
-- from the start until it meets one: for a newcomer, which has none, that is every match of the
-- database (about 50 ms for a contest of 1,000 entrants), on the path to its first result. Now one
-- `exists` per side, each on its side's index. What is counted is unchanged.
create or replace function standings_submissions_changed() returns trigger
language plpgsql as $$
declare
    ids bigint[];
    was_ready boolean[];
    now_ready boolean[];
    counted matches[];
    counts matches[];
begin
    select array_agg(n.id), array_agg(o.status = 'ready'), array_agg(n.status = 'ready')
    into ids, was_ready, now_ready
    from new_rows n join old_rows o on o.id = n.id
    where (o.status = 'ready') <> (n.status = 'ready');
    -- Most updates (a compile claimed, a lease renewed) change no one's standing, nor does a
    -- newcomer made ready before its first match is decided.
    if ids is null or not (
        exists (select from matches m where m.submission_a = any(ids) and m.status = 'done')
        or exists (select from matches m where m.submission_b = any(ids) and m.status = 'done')) then
        return null;
    end if;
    with changed as (
        select c.id, c.was, c.now from unnest(ids, was_ready, now_ready) as c(id, was, now)),
    touched as (
        select m, coalesce(ca.was, sa.status = 'ready') and coalesce(cb.was, sb.status = 'ready') as was,
               coalesce(ca.now, sa.status = 'ready') and coalesce(cb.now, sb.status = 'ready') as now
        from matches m
        join submissions sa on sa.id = m.submission_a
        join submissions sb on sb.id = m.submission_b
        left join changed ca on ca.id = m.submission_a
        left join changed cb on cb.id = m.submission_b
        where m.status = 'done'
          and m.id in (select x.id from matches x where x.submission_a = any(ids)
                       union all
                       select x.id from matches x where x.submission_b = any(ids)))
    select array(select t.m from touched t where t.was and not t.now),
           array(select t.m from touched t where t.now and not t.was)
    into counted, counts;
    perform standings_add(counted, -1);
    perform standings_add(counts, 1);
    return null;
end
$$;
