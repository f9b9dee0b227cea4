"""Widgets display what the core computes; they do not compute statistics themselves."""
