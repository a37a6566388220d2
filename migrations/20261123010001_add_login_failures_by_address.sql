-- Failed logins per client address and username. The per-address total is the main defence
-- against guessing; per-username waits count only the failures of the asking address, so a
-- stranger failing on someone's username from elsewhere never locks its owner out. IPv6
-- addresses are kept by /64 network (one host's share). Replaces the per-username counts.
create table login_failures_by_address (
    address text not null,
    username text not null,
    failures integer not null,
    last_failure_at timestamptz not null default now(),
    primary key (address, username)
);

create index login_failures_by_address_username on login_failures_by_address (username);

drop table login_failures;
