"""One hypothesis profile for every property test: 10,000 examples each, derandomized so
CI runs the same games every time. SLAPSTACK_EXAMPLES=300 makes a quick run."""
import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "slapstack",
    max_examples=int(os.environ.get("SLAPSTACK_EXAMPLES", "10000")),
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.load_profile("slapstack")
