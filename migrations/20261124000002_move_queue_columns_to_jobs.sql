-- The compile and game queues' bookkeeping moves from their subjects to `jobs`: every game and
-- every submission that was ever queued gets its job row (oldest first, so the queue keeps its
-- order), pending while it is queued or running, so an upgraded server loses nothing; a leased
-- one keeps its lease, and is taken over once that runs out.
insert into jobs (kind, submission_id, attempts, locked_by, lease_until, created_at, finished_at)
select 'compile', id, attempts, locked_by, lease_until, created_at,
       case when status not in ('queued', 'compiling') then coalesce(compiled_at, now()) end
from submissions
where status in ('queued', 'compiling') or attempts > 0
order by created_at, id;

insert into jobs (kind, game_id, attempts, locked_by, lease_until, created_at, finished_at)
select 'game', id, attempts, locked_by, lease_until, created_at,
       case when status not in ('queued', 'running') then coalesce(finished_at, now()) end
from games
order by id;

alter table submissions drop column attempts, drop column locked_by, drop column lease_until;
alter table games drop column attempts, drop column locked_by, drop column lease_until;
