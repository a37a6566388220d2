-- The moves of a game while it is played, as its worker last wrote them (a few times a second at
-- most): `{"params": ..., "moves": [...]}`, for the game's page to show it live. Cleared when the
-- result is stored.
alter table games add column progress jsonb;
