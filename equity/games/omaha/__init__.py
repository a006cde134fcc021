"""omaha."""
