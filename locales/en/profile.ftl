profile-preferences = Language and time zone
profile-language = Language
profile-language-auto = As my browser asks
profile-time-zone = Time zone
profile-time-zone-hint = An IANA name such as Asia/Shanghai; empty shows each contest's own.
profile-save-preferences = Save
profile-preferences-saved = Language and time zone saved.
profile-time-zone-unknown = “{ $zone }” is not a time zone name; pick one from the list, such as Europe/Helsinki.
profile-language-unknown = This language is not offered; choose English, 简体中文, Română, Български or Suomi.
profile-token-never-used = never

profile-title = Profile
profile-heading = Profile of { $username }
profile-nickname = Nickname
profile-nickname-shown = Shown on the scoreboard
profile-nickname-change = Change nickname
profile-nickname-changed = Nickname changed.
profile-password = Password
profile-password-current = Current password
profile-password-new = New password
profile-revoke-tokens = also revoke my API tokens
profile-password-hint = Your other sessions (other browsers, other devices) are logged out.
profile-password-change = Change password
profile-password-current-missing = Enter your current password.
profile-password-current-wrong = Your current password is not right.
profile-password-changed = Password changed. Your other sessions are logged out.
profile-password-changed-tokens = Password changed. Your other sessions are logged out and { $count ->
    [one] your { $count } API token
   *[other] your { $count } API tokens
} revoked.
profile-tokens = API tokens
profile-tokens-hint = For scripts: send <code>Authorization: Bearer &lt;token&gt;</code> to the <code>/api</code> endpoints.
profile-token-new = Your new token (copy it now, it is not shown again):
profile-tokens-none = You have no tokens.
profile-token-name = Name
profile-token-created = Created
profile-token-last-used = Last used
profile-token-revoke = Revoke
profile-token-placeholder = e.g. my laptop
profile-token-create = Create token
profile-token-revoked = Token revoked.
