-- The one-two-three validity tests' report of a submission (`judge::validity::Report`), when run.
alter table submissions add column validity jsonb;
