-- Accounts: students imported from a roster, admins created from the command line.
create type user_role as enum ('student', 'admin');

create table users (
    id bigserial primary key,
    username text not null unique,
    display_name text,
    -- What the scoreboard shows; chosen at first login.
    nickname text unique,
    password_hash text not null,
    role user_role not null default 'student',
    -- Set for imported accounts (initial password = username) and after a password reset.
    must_change_password boolean not null default true,
    created_at timestamptz not null default now()
);
