"""Front end: finding content, reading YAML with positions, schemas, counts, layouts, rules
data, art and lint settings, loaded once.
"""
