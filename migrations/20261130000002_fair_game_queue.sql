-- The game queue is shared fairly between contests, by the slot time their games use rather than
-- by arrival (start-time fair queueing): each contest has a virtual time, the slot milliseconds its
-- games used divided by its `share`; a free slot plays a game of the contest with queued games
-- whose virtual time is lowest. A game is charged the contest's running estimate when it is
-- claimed (so concurrent slots spread out at once) and corrected by its real duration when it
-- ends. A contest whose queue was empty starts again at the lowest virtual time of those already
-- waiting, never below its own: idle time is not saved up.
alter table contests add column share real not null default 1 check (share > 0);

create table contest_slot_usage (
    contest_id bigint primary key references contests (id) on delete cascade,
    vtime double precision not null default 0,
    -- Slot milliseconds its finished games took, for the status page.
    used_ms bigint not null default 0,
    -- What one of its games takes (moving average), charged at claim.
    estimate_ms double precision not null default 1000
);

-- Within a contest: a game job's `seq` is the place of its match in the list its submission's
-- arrival scheduled (0 for the first), so every new submission's first match is played before the
-- bulk of everyone's remaining games, and the round robins of all entrants advance side by side.
alter table jobs
    add column contest_id bigint references contests (id) on delete cascade,
    add column seq integer not null default 0;

update jobs j set contest_id = m.contest_id
from games g join matches m on m.id = g.match_id
where j.kind = 'game' and j.finished_at is null and g.id = j.game_id;

create index jobs_pending_game_contests on jobs (contest_id) where kind = 'game' and finished_at is null;
create index jobs_pending_games on jobs (contest_id, priority desc, seq, arrived_at, id)
    where kind = 'game' and finished_at is null;

-- Every game job queued from now on names its contest (finished ones from before may not).
alter table jobs add constraint game_jobs_name_their_contest
    check (kind <> 'game' or finished_at is not null or contest_id is not null);
