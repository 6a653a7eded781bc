"""The two realisations of a checked model: the code generator (Jinja2 template) and the reference interpreter."""
