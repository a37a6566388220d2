-- House bots as contest opponents: the levels a contest enables, and the system accounts that
-- play them (one per level, shared by every contest; they cannot log in).
alter table contests add column house_bots text[] not null default '{}';
alter table users add column is_house boolean not null default false;
