-- Who a contest's students may play practice games against in the browser: a comma-separated
-- list of `house` (the house bots), `own` (their own current submission) and `all` (any
-- student's current submission); empty for nobody.
alter table contests add column practice_opponents text not null default 'house,own';
