-- Nicknames are unique by their confusable-folded form (the Unicode TR39 skeleton, lower-cased),
-- so `alice` and `аlice` (Cyrillic a) cannot both exist. The fold is computed by the server
-- (`db::users::nickname_fold`), which fills it for existing nicknames after migrating; where two
-- existing nicknames fold alike, the older account keeps the fold and the other is left without
-- one (and reported), rather than renamed behind its owner's back.
alter table users add column nickname_fold text;

create unique index users_nickname_fold_key on users (nickname_fold);
