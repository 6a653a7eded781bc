"""Playing engines: bots, self-play matches and replays, conformance case runner."""
