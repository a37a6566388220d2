-- A newcomer's first result must not wait for all of its matches to be queued. Making a
-- submission ready queues its first matches only (`service::scheduler::FIRST_MATCHES`), in the
-- transaction that makes it ready, and records here that the rest are still to be scheduled; the
-- compile worker schedules them right after that transaction commits (a few tens of ms for a
-- thousand entrants, while the first games are already being played), and if it died in between,
-- any compile worker's next look at the queue does (`scheduler::schedule_pending`).
create table schedule_pending (
    submission_id bigint primary key references submissions (id) on delete cascade,
    since timestamptz not null default now()
);
