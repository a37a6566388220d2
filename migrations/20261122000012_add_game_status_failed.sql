-- A game whose attempts reached the cap (it kept crashing or losing its workers): given up until a
-- rejudge. Alone in its migration: a new enum value cannot be used in the transaction that adds it.
alter type game_status add value 'failed';
