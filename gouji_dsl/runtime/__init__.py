"""What generated engine modules import (standard library only): card notation and the game flow."""
