"""Puts the programs (variants/jax) and the reference (tests/) on the path."""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [HERE, os.path.dirname(HERE)]
