"""Reading and writing what lives on disk: board files, saves, recent boards, crash logs."""
