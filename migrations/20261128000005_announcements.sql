-- Announcements of a contest: Markdown written by an admin, shown on the contest page newest
-- first; `announcement_reads` remembers when each user last saw a contest's announcements, for
-- the unread marker.
create table announcements (
    id bigserial primary key,
    contest_id bigint not null references contests (id) on delete cascade,
    author_id bigint references users (id) on delete set null,
    body text not null,
    created_at timestamptz not null default now()
);

create index announcements_by_contest on announcements (contest_id, created_at desc);

create table announcement_reads (
    user_id bigint not null references users (id) on delete cascade,
    contest_id bigint not null references contests (id) on delete cascade,
    read_at timestamptz not null,
    primary key (user_id, contest_id)
);
