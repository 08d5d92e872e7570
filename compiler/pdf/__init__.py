"""Drawing: card sides, sheets and imposition, print-ready files, PNGs, mats and tiles, the
rules reference and aids, icons and simulation reports.
"""
