"""The Textual app: the shell, its tabs, shared widgets and themes."""
