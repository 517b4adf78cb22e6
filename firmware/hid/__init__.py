"""What people touch, see and hear beside the screen: slap buttons, console keys, seat LEDs, the piezo."""
