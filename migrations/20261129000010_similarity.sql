-- Copy detection (botarena-similarity): every submission's tokens and winnowed fingerprints, the
-- contest's base code, and the pairs of submissions of different users that share fingerprints.

-- A submission as the similarity index holds it: its normalized token hashes (u32, little-endian:
-- the side-by-side view and the longest shared run are computed from them without reparsing) and
-- its distinct fingerprints, base code excluded.
create table similarity_index (
    submission_id bigint primary key references submissions (id) on delete cascade,
    contest_id bigint not null references contests (id) on delete cascade,
    tokens bytea not null,
    fingerprints integer not null,
    indexed_at timestamptz not null default now()
);

-- Which submissions hold a fingerprint: a new submission finds every other one sharing its
-- fingerprints with one index scan, without reading them.
create table similarity_postings (
    contest_id bigint not null references contests (id) on delete cascade,
    hash bigint not null,
    submission_id bigint not null references submissions (id) on delete cascade,
    primary key (contest_id, hash, submission_id)
);
create index similarity_postings_by_submission on similarity_postings (submission_id);

-- Files an admin adds as base code (the contest's starters always are).
create table similarity_base_files (
    id bigserial primary key,
    contest_id bigint not null references contests (id) on delete cascade,
    name text not null,
    language text not null,
    source text not null,
    added_at timestamptz not null default now()
);

-- Every k-gram hash of the contest's base code: never counted as shared.
create table similarity_base (
    contest_id bigint not null references contests (id) on delete cascade,
    hash bigint not null,
    primary key (contest_id, hash)
);

-- Pairs of submissions of different users (a < b) at or above the stored floor of similarity.
create table similarity_pairs (
    contest_id bigint not null references contests (id) on delete cascade,
    submission_a bigint not null references submissions (id) on delete cascade,
    submission_b bigint not null references submissions (id) on delete cascade,
    shared integer not null,
    similarity real not null,
    longest_run integer not null,
    primary key (submission_a, submission_b),
    check (submission_a < submission_b)
);
create index similarity_pairs_by_contest on similarity_pairs (contest_id, similarity desc);
create index similarity_pairs_by_b on similarity_pairs (submission_b);
