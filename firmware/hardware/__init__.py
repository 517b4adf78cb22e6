"""The board assembled from the pin map: its parts, the watchdog, sleeping."""
