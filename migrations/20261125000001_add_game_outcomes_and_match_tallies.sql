-- The scoreboard never reads a game's result object (moves included): each game's outcome is a
-- column, computed by the database from the stored result (`docs/result-json.md`) whenever one is
-- written, for the rows already there too; and a decided match carries its game tallies next to
-- its points, so the standings are one aggregate over `matches`.
alter table games
    add column winner text generated always as (result ->> 'winner') stored,
    add column end_reason text generated always as (result ->> 'reason') stored,
    add column forfeit_kind text generated always as (result -> 'forfeit' ->> 'kind') stored;

alter table matches
    add column games_won_a integer,
    add column games_won_b integer,
    add column games_drawn integer;

-- The matches decided before: counted from their games, as the scoreboard used to (a game with
-- no winner is a draw).
update matches m set games_won_a = coalesce(t.won_a, 0), games_won_b = coalesce(t.won_b, 0),
                     games_drawn = coalesce(t.drawn, 0)
from matches x
left join (select g.match_id,
                  count(*) filter (where g.winner = 'a') as won_a,
                  count(*) filter (where g.winner = 'b') as won_b,
                  count(*) filter (where g.winner is null) as drawn
           from games g where g.status = 'done' group by g.match_id) t on t.match_id = x.id
where m.id = x.id and m.status = 'done';

-- A decided match always has its points and tallies: a writer that forgot them fails loudly
-- instead of leaving the standings short.
alter table matches add constraint matches_done_scored check (
    status <> 'done'
    or (points_a is not null and points_b is not null
        and games_won_a is not null and games_won_b is not null and games_drawn is not null));
