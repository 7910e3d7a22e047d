"""The helpers of the rule references, notebooks/*_tutorial.ipynb (issue 40): one module
per game, imported by the notebook's setup cell, so that the reader meets boards and
rules rather than setup code."""
