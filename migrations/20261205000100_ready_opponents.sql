-- The opponents a submission of user `$2` gets in contest `$1`: the latest ready submission of
-- every other user, except that house bots play students only. One definition for the
-- scheduler's count of a submission's opponents and for the statement that creates its matches
-- against them (`db::games::create_matches`, which makes a newcomer's first matches in one
-- statement). Stable and plain SQL, so the planner inlines it into the statements that use it.
create function ready_opponents(contest bigint, player bigint) returns table (id bigint, user_id bigint)
language sql stable as $$
    select distinct on (s.user_id) s.id, s.user_id
    from submissions s join users u on u.id = s.user_id
    where s.contest_id = $1 and s.user_id <> $2 and s.status = 'ready'
      and not (u.is_house and (select h.is_house from users h where h.id = $2))
    order by s.user_id, s.id desc
$$;
