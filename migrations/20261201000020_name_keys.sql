-- Names cannot impersonate (issue 29): usernames and nicknames alike are unique by their look-alike
-- keys (`db::users::name_keys`: UTS #39 confusable skeletons of the case-folded NFKC form), which
-- replace the nickname fold (it turned capital I into l before lower-casing, so `ALICE` passed
-- beside `alice`). One table for both kinds of name: a person is shown by their nickname or, without
-- one, their username, so a nickname must not look like another account's username either. A key
-- belongs to one account (its primary key); one account's username and nickname may share keys
-- (`alice` and `Alice`).
--
-- The keys are computed by the server (the same code that checks new names), which gives them to
-- the accounts that have none after migrating (`db::users::fill_name_keys`). Where existing names
-- already look alike, the migration does not fail and nobody is renamed: the first account (admins
-- first, then the oldest) holds the key, the other keeps its name without it and is reported, and
-- every new name is refused if it shares a key with either. A unique index over all rows (rather
-- than a partial one) suffices, since a key is stored once, for its first holder.
drop index users_nickname_fold_key;
alter table users drop column nickname_fold;

create table name_keys (
    key text primary key,
    user_id bigint not null references users (id) on delete cascade
);

create index name_keys_by_user on name_keys (user_id);

-- Admins are shown as `staff: <username>` wherever names are shown (a new admin gets this nickname
-- at creation); `staff` names are reserved for them.
update users u set nickname = 'staff: ' || u.username
where u.role = 'admin' and u.nickname is null
  and not exists (select 1 from users o where o.nickname = 'staff: ' || u.username);
