-- The queue serves work in the order it was asked for: `arrived_at` is when the submission a job
-- is for arrived (a game: the later submission of its match, whose arrival scheduled it; a
-- rejudge's game: when the admin asked), so a submission that arrived first is compiled and
-- played first even when it became ready later (a slow compile, a validity run, a retried job).
-- Jobs still pending get it from their submissions; finished ones keep the migration's time.
alter table jobs add column arrived_at timestamptz not null default now();

update jobs j set arrived_at = s.created_at
from submissions s
where j.finished_at is null and j.kind <> 'game' and s.id = j.submission_id;

update jobs j set arrived_at = greatest(sa.created_at, sb.created_at)
from games g
join matches m on m.id = g.match_id
join submissions sa on sa.id = m.submission_a
join submissions sb on sb.id = m.submission_b
where j.finished_at is null and j.kind = 'game' and g.id = j.game_id;

drop index jobs_pending;
create index jobs_pending on jobs (kind, priority desc, arrived_at, id) where finished_at is null;

-- `games::cancel_stale` finds the unfinished matches of the contest's submissions that are no
-- longer current by index, instead of checking every match of the contest.
create index submissions_not_ready on submissions (contest_id) where status <> 'ready';
create index matches_unfinished_a on matches (submission_a) where status in ('queued', 'running', 'failed');
create index matches_unfinished_b on matches (submission_b) where status in ('queued', 'running', 'failed');
