"""Rulebooks: the document model, sentences, examples, provenance and Markdown/HTML output; `gouji show`."""
