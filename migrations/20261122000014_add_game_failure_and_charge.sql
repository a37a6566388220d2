-- Why a game was given up (status 'failed'), for the admins' status page.
alter table games add column failure text;
-- Whether the bots' thinking time counts against their owners' daily budgets: not for the games
-- an admin's rejudge replays.
alter table games add column charge boolean not null default true;
