"""Files on the flash: atomic writes, settings, statistics, the files' names."""
