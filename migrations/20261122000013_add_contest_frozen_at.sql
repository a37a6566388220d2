-- When the contest's scoreboard snapshot became final; the refresher leaves frozen contests alone.
alter table contests add column frozen_at timestamptz;
