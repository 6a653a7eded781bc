"""Messages of rules: key -> (English, Chinese). See catalogue/__init__.py."""

MESSAGES: dict[str, tuple[str, str]] = {
}
