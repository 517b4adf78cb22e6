"""Panel chips and their bus: the MIPI-DCS panels, the SPI clock, DMA."""
