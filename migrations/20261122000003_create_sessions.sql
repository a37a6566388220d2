-- The table tower-sessions-sqlx-store's PostgresStore uses (its default schema and table names).
create schema if not exists tower_sessions;

create table if not exists tower_sessions.session (
    id text primary key not null,
    data bytea not null,
    expiry_date timestamptz not null
);
