-- Every administrative change: who, when, what, old and new value.
create table audit_log (
    id bigserial primary key,
    actor_id bigint references users (id) on delete set null,
    action text not null,
    target text not null,
    old_value jsonb,
    new_value jsonb,
    at timestamptz not null default now()
);
