-- Disabling an account now revokes its API tokens (enabling it again does not bring them back).
-- Accounts disabled before this rule had theirs refused instead: they are revoked here, so that
-- every disabled account is alike.
update api_tokens t set revoked_at = now()
from users u
where u.id = t.user_id and u.disabled_at is not null and t.revoked_at is null;
