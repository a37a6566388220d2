-- `ready_opponents` (20261205000100_ready_opponents) read every ready submission of the contest,
-- sorted them by user and kept each user's latest, before a newcomer's first matches took the
-- lowest few: about 0.8 ms of a contest of 1,000 entrants on the path to a newcomer's first
-- result. The same opponents (each other user's latest ready submission; house bots play
-- students only), now as the ready submissions that no newer ready one of their user follows,
-- walked in order of id on an index of the contest's ready submissions: the first few are found
-- without reading the rest.
create index submissions_ready on submissions (contest_id, id) where status = 'ready';

create or replace function ready_opponents(contest bigint, player bigint) returns table (id bigint, user_id bigint)
language sql stable as $$
    select s.id, s.user_id
    from submissions s join users u on u.id = s.user_id
    where s.contest_id = $1 and s.user_id <> $2 and s.status = 'ready'
      and not (u.is_house and (select h.is_house from users h where h.id = $2))
      and not exists (
          select from submissions n
          where n.contest_id = s.contest_id and n.user_id = s.user_id and n.status = 'ready' and n.id > s.id)
$$;
