"""Modal dialogs: each returns its answer with dismiss(), and Esc leaves things as they were."""
