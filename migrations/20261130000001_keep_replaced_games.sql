-- A rejudge keeps the games it replays: each old game stays, with its result, replay and log, marked
-- as replaced (when, by which new game, in which audited action), and a fresh game takes its place
-- in the match. Only the current game of each (match, index) counts; replaced ones are read only by
-- the pages that show history. Deleting them is `botarena prune`'s explicit, audited job.
alter table games
    add column replaced_at timestamptz,
    add column replaced_by bigint references games (id) on delete set null,
    add column replaced_in bigint references audit_log (id) on delete set null;

alter table games drop constraint games_match_id_index_key;
create unique index games_current on games (match_id, index) where replaced_at is null;
create index games_replaced on games (match_id, replaced_at) where replaced_at is not null;
