-- Each reader's language and time zone (web::i18n): a user's own choice on their profile, a
-- contest's defaults for readers who chose nothing. NULL: no choice (the next default holds).
-- Languages are BCP 47 tags of the catalogs; time zones are IANA names, checked by the server
-- (the database has no list of them that matches the server's).
alter table users
    add column locale text check (locale in ('en', 'zh-CN', 'ro', 'bg', 'fi')),
    add column time_zone text check (length(time_zone) between 1 and 64);
alter table contests
    add column locale text check (locale in ('en', 'zh-CN', 'ro', 'bg', 'fi')),
    add column time_zone text check (length(time_zone) between 1 and 64);
