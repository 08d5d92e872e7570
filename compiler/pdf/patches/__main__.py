"""``python -m compiler.pdf.patches``: whether this process would write PDFs with
samizdat's reportlab patches, and why not."""

from compiler.pdf.patches import status

print(status())
