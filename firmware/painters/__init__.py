"""What the screen shows: the table, War and Money, the menus, Rules, How to play, the summary."""
