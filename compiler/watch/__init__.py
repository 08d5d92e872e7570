"""samizdat watch: rebuild on save, and a preview page that updates itself."""
