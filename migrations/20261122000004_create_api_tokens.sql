-- API bearer tokens; only a SHA-256 of the token is stored.
create table api_tokens (
    id bigserial primary key,
    user_id bigint not null references users (id) on delete cascade,
    name text not null default '',
    token_hash text not null unique,
    created_at timestamptz not null default now(),
    last_used_at timestamptz,
    revoked_at timestamptz
);

create index api_tokens_user on api_tokens (user_id);
