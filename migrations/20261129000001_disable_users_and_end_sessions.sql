-- The admin's users page. An account can be disabled: its data stays (its submissions keep
-- their place in the standings), its logins, sessions and API tokens are refused. Each login is
-- noted. A session remembers the `session_generation` of its user when it was opened; raising
-- the generation (a disable, a password reset) ends every open session of that user at once.
alter table users
    add column disabled_at timestamptz,
    add column last_login_at timestamptz,
    add column session_generation integer not null default 0;

-- Who made an audited change, also by name: the entry keeps the name if the account is ever
-- deleted (its `actor_id` becomes null), so that an entry with neither is one of the command
-- line. Entries older than this migration whose account was already deleted cannot be told
-- apart from the command line's.
alter table audit_log add column actor_name text;
update audit_log a set actor_name = u.username from users u where u.id = a.actor_id;
