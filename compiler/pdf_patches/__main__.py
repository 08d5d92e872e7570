"""``python -m compiler.pdf_patches``: whether this process would write PDFs with
samizdat's reportlab patches, and why not."""

from compiler.pdf_patches import status

print(status())
