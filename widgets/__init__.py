"""The boards: one anywidget per game over a small shared base (no rules code here)."""
